import BeagleMockHTTP

/// `work`'s result, or nil when `timeout` passes first (`work` is cancelled then): how the server
/// bounds a wait on the journal (`wait_for_request`), and the one bound of every wait of the tests'
/// support, so that a test that expects something which never comes fails instead of hanging.
package func bounded<T: Sendable>(by timeout: Duration, _ work: @escaping @Sendable () async -> T?) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask { await work() }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
