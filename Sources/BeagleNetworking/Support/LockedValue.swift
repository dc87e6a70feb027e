import Foundation

/// A value that is only ever read or written while holding a lock.
///
/// `Mutex` from `Synchronization` would say the same thing, but it needs iOS 18 and the package
/// still supports iOS 17; this box is the portable equivalent.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked is safe here: `value` is private and every access goes through `withLock`,
    // which holds `lock` for the whole read-modify-write; only copies of the Sendable value
    // (or whatever the closure returns) ever leave the lock.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the current value.
    var current: Value {
        withLock { $0 }
    }
}
