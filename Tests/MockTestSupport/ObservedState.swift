import BeagleMock
import Synchronization

/// State written by servers, pipes or event loops and read by a test, with waits that wake on
/// every change: a test awaits what it expects instead of sleeping and looking again.
final class ObservedState<Value: Sendable>: Sendable {
    private struct Storage {
        var value: Value
        var observers: [Int: AsyncStream<Void>.Continuation] = [:]
        var nextObserver = 0
    }
    private let storage: Mutex<Storage>

    init(_ value: Value) {
        storage = Mutex(Storage(value: value))
    }

    /// The current value.
    var value: Value { storage.withLock { $0.value } }

    /// Changes the value and wakes every wait.
    @discardableResult
    func change<T>(_ body: (inout Value) -> T) -> T {
        let (result, observers) = storage.withLock { storage in
            (body(&storage.value), Array(storage.observers.values))
        }
        for observer in observers { observer.yield() }
        return result
    }

    /// Waits until `check` gives a value for the current state, checked now and after every
    /// change; nil when `timeout` passes first.
    func wait<T: Sendable>(timeout: Duration, _ check: @escaping @Sendable (Value) -> T?) async -> T? {
        let (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = storage.withLock { storage in
            storage.nextObserver += 1
            storage.observers[storage.nextObserver] = continuation
            return storage.nextObserver
        }
        defer { _ = storage.withLock { $0.observers.removeValue(forKey: id) } }
        continuation.yield()
        defer { continuation.finish() }
        return await bounded(by: timeout) { [self] in
            for await _ in changes {
                if let result = storage.withLock({ check($0.value) }) { return result }
            }
            return nil
        }
    }
}
