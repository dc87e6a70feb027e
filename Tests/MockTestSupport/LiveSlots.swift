import Foundation
import Synchronization

/// How many tests may run a server or a `beagle-mock` process at the same time.
///
/// Swift Testing starts every test at once. On a machine with two cores, a few dozen servers and
/// child processes starting together starve each other for tens of seconds, and a test whose
/// subject is a time bound (a hang that ends, a stop within its grace) then fails for its
/// machine's reasons, not the server's. A test holds one slot while its server or process runs
/// (`withMockServer`, `CommandRunner`, or `withSlot` around a server it starts itself); the others
/// wait their turn, in the order they asked.
public enum LiveSlots {
    /// Four per core, and never fewer than four.
    public static let count = max(4, 4 * ProcessInfo.processInfo.activeProcessorCount)

    @TaskLocal private static var isHeld = false
    private static let gate = SlotGate(count: count)

    /// Runs `body` holding a slot. A task that already holds one (a server started inside
    /// `withMockServer`, a command run beside it) does not take a second.
    public static func withSlot<T>(_ body: () async throws -> T) async rethrows -> T {
        if isHeld { return try await body() }
        await gate.acquire()
        defer { gate.release() }
        return try await $isHeld.withValue(true) { try await body() }
    }

    /// A slot for something that outlives the calling scope (a process started and stopped
    /// later): call the result once to give it back. Nil when the calling task already holds one.
    static func take() async -> (@Sendable () -> Void)? {
        if isHeld { return nil }
        await gate.acquire()
        let given = Mutex(false)
        return {
            let first = given.withLock { given in
                defer { given = true }
                return !given
            }
            if first { gate.release() }
        }
    }
}
