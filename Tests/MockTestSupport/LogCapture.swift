import Logging

/// Keeps what a server logs, so that a test can count the requests it answered: the server
/// logs one `info` line per request, with the request's method and target as metadata.
///
/// ```swift
/// let log = LogCapture()
/// try await withMockServer(files: files, configure: { $0.logger = log.logger }) { server, _ in
///     …
///     #expect(await log.waitForRequests(path: "/home", count: 1))
/// }
/// ```
public final class LogCapture: Sendable {
    /// One logged line.
    public struct Entry: Sendable {
        /// The level it was logged at.
        public let level: Logger.Level
        /// The message, as the text log format prints it.
        public let message: String
        /// The metadata, rendered as text.
        public let metadata: [String: String]

        /// The logged request's path without its query, for an access-log line; nil otherwise.
        public var requestPath: String? {
            metadata["path"].map { String($0.prefix { $0 != "?" }) }
        }
    }

    private let state = ObservedState<[Entry]>([])

    /// Creates an empty recorder.
    public init() {}

    /// A logger at `info` level whose lines this recorder keeps.
    public var logger: Logger {
        var logger = Logger(label: "beagle-mock.test") { _ in RecordingHandler(recorder: self) }
        logger.logLevel = .info
        return logger
    }

    /// Every line so far.
    public var entries: [Entry] { state.value }

    /// The access-log lines of requests for `path` (compared without the query) so far.
    public func requests(path: String) -> [Entry] {
        entries.filter { $0.requestPath == path }
    }

    /// Waits until at least `count` access-log lines for `path` have been logged; false when
    /// `timeout` passes first.
    public func waitForRequests(path: String, count: Int, timeout: Duration = .seconds(30)) async -> Bool {
        await wait(timeout: timeout) { entries in entries.filter { $0.requestPath == path }.count >= count }
    }

    /// Waits until `condition` holds for the lines logged so far; false when `timeout` passes first.
    public func wait(timeout: Duration = .seconds(30), until condition: @escaping @Sendable ([Entry]) -> Bool) async -> Bool {
        await state.wait(timeout: timeout) { condition($0) ? true : nil } ?? false
    }

    fileprivate func append(_ entry: Entry) {
        state.change { $0.append(entry) }
    }
}

/// The `LogHandler` behind `LogCapture.logger`.
private struct RecordingHandler: LogHandler {
    let recorder: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        recorder.append(
            LogCapture.Entry(
                level: event.level, message: event.message.description,
                metadata: merged.mapValues { $0.description }))
    }
}
