import Foundation

/// Runs an executable built by this package, as a user would: `beagle-mock` by default, for
/// command-line tests, or any other by name (the integration tests' `network-probe`).
public struct CommandRunner: Sendable {
    /// What a finished command left behind.
    public struct Result: Sendable {
        public let status: Int32
        public let output: String
        public let error: String
    }

    /// The `beagle-mock` binary next to the test bundle.
    public static var executable: URL { executable(named: "beagle-mock") }

    /// The built executable `name`, looked for next to the test bundle (where `swift build`
    /// puts every product); the first candidate's path when none is there, so that running it
    /// fails with a message naming the path.
    public static func executable(named name: String) -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        for folder in candidates {
            let url = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return candidates[0].appendingPathComponent(name)
    }

    /// Runs `beagle-mock arguments…` to completion in `directory`.
    public static func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]
    ) async throws -> Result {
        try await run(executable, arguments, in: directory, environment: environment)
    }

    /// Runs the built executable `name` with `arguments` to completion in `directory`.
    ///
    /// - Parameter timeout: how long to wait for it to exit; past that the result has status -1
    ///   and the process is killed.
    public static func run(
        executable name: String, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(60)
    ) async throws -> Result {
        try await run(executable(named: name), arguments, in: directory, environment: environment, timeout: timeout)
    }

    /// Starts `beagle-mock arguments…` without waiting for it. The test holds one of the
    /// `LiveSlots` until the process exits.
    public static func start(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]
    ) async throws -> RunningCommand {
        try await start(executable, arguments, in: directory, environment: environment)
    }

    /// Starts the built executable `name` with `arguments` without waiting for it.
    public static func start(
        executable name: String, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]
    ) async throws -> RunningCommand {
        try await start(executable(named: name), arguments, in: directory, environment: environment)
    }

    /// Runs the program at `executable` (curl, say) with `arguments` to completion in `directory`.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(60)
    ) async throws -> Result {
        let process = try await start(executable, arguments, in: directory, environment: environment)
        let result = await process.finish(timeout: timeout)
        if result.status == -1 { process.signal(SIGKILL) }
        return result
    }

    private static func start(
        _ executable: URL, _ arguments: [String], in directory: String?, environment: [String: String]
    ) async throws -> RunningCommand {
        let slot = await LiveSlots.take()
        var merged = ProcessInfo.processInfo.environment
        merged.removeValue(forKey: "BEAGLE_MOCK_PORT")
        merged.removeValue(forKey: "BEAGLE_MOCK_HOST")
        merged.removeValue(forKey: "BEAGLE_MOCK_UPSTREAM")
        merged.merge(environment) { $1 }
        let collected = CollectedText()
        let child: ChildProcess
        do {
            child = try ChildProcess.start(
                executable: executable.path, arguments: arguments, environment: merged, directory: directory,
                onOutput: { data, error in collected.append(data, error: error) },
                onExit: { status in
                    slot?()
                    collected.exit(status)
                })
        } catch {
            slot?()
            throw error
        }
        return RunningCommand(pid: child.pid, collected: collected)
    }
}

/// A process started by a test through `CommandRunner`.
public final class RunningCommand: Sendable {
    private let collected: CollectedText

    /// The process id.
    public let pid: Int32

    init(pid: Int32, collected: CollectedText) {
        self.pid = pid
        self.collected = collected
    }

    /// A test that fails before stopping its server must not leave the server running.
    deinit {
        if !collected.hasExited { kill(pid, SIGKILL) }
    }

    /// Standard output so far.
    public var output: String { collected.output }

    /// Sends a signal (SIGINT, SIGTERM).
    public func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Waits until standard output holds `text`; false when the process exits first or `timeout` passes.
    public func waitForOutput(containing text: String, timeout: Duration = .seconds(30)) async -> Bool {
        await collected.wait(timeout: timeout) { state in
            state.outputText.contains(text) ? true : state.status != nil ? false : nil
        } ?? false
    }

    /// Waits for the process to exit and returns what it printed.
    public func finish(timeout: Duration = .seconds(60)) async -> CommandRunner.Result {
        let status = await collected.wait(timeout: timeout) { $0.status } ?? -1
        return CommandRunner.Result(status: status, output: collected.output, error: collected.error)
    }
}

/// Output, error text and exit status of a process, with waiters woken on every change.
final class CollectedText: Sendable {
    struct State: Sendable {
        var out = Data()
        var err = Data()
        /// Set once the process has exited and both its outputs have been read to their end.
        var status: Int32?
        var outputText: String { String(decoding: out, as: UTF8.self) }
    }
    private let state = ObservedState(State())

    func append(_ data: Data, error: Bool) {
        guard !data.isEmpty else { return }
        state.change { state in
            if error { state.err.append(data) } else { state.out.append(data) }
        }
    }

    func exit(_ status: Int32) {
        state.change { $0.status = status }
    }

    var output: String { state.value.outputText }
    var hasExited: Bool { state.value.status != nil }
    var error: String { String(decoding: state.value.err, as: UTF8.self) }

    /// Waits until `check` gives a value, or `timeout` passes (nil).
    func wait<T: Sendable>(timeout: Duration, _ check: @escaping @Sendable (State) -> T?) async -> T? {
        await state.wait(timeout: timeout, check)
    }
}
