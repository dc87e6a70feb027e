import Foundation

@testable import BeagleNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects values delivered by callbacks, and lets a test await a number of them without
/// sleeping.
final class Recorder<Value: Sendable>: Sendable {
    private struct Waiter {
        let count: Int
        let continuation: CheckedContinuation<[Value], Never>
    }

    private struct State {
        var values: [Value] = []
        var waiters: [Waiter] = []
    }

    private let state = LockedValue(State())

    func record(_ value: Value) {
        let ready: [(CheckedContinuation<[Value], Never>, [Value])] = state.withLock { state in
            state.values.append(value)
            let values = state.values
            let (done, waiting) = (
                state.waiters.filter { $0.count <= values.count },
                state.waiters.filter { $0.count > values.count }
            )
            state.waiters = waiting
            return done.map { ($0.continuation, values) }
        }
        for (continuation, values) in ready {
            continuation.resume(returning: values)
        }
    }

    /// The values so far.
    var values: [Value] {
        state.withLock { $0.values }
    }

    /// Waits until at least `count` values arrived and returns them all.
    func wait(for count: Int) async -> [Value] {
        await withCheckedContinuation { continuation in
            let values: [Value]? = state.withLock { state in
                if state.values.count >= count { return state.values }
                state.waiters.append(Waiter(count: count, continuation: continuation))
                return nil
            }
            if let values { continuation.resume(returning: values) }
        }
    }

    /// Waits for the first value.
    func first() async -> Value? {
        await wait(for: 1).first
    }
}

/// A queue tests can recognise from inside a completion.
struct MarkedQueue: Sendable {
    let queue: DispatchQueue
    private let key = DispatchSpecificKey<String>()
    private let label: String

    init(_ label: String) {
        self.label = label
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: label)
    }

    /// Whether the calling code runs on this queue.
    var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) == label
    }
}
