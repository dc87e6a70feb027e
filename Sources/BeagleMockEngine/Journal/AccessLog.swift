import BeagleMockHTTP
import HTTPTypes
import Logging

/// One line per request (Docs/Configuration.md, "Logs"): `GET /home 200 3.5 KB 212 ms latency=200ms fault=-`,
/// logged at `info` with the same facts as metadata for the JSON log format.
package struct AccessLog: Sendable {
    let logger: Logger

    package init(logger: Logger) {
        self.logger = logger
    }

    /// What one request got.
    struct Line: Sendable {
        var method: HTTPRequest.Method
        var target: String
        /// nil when no status line was sent (connection-level faults).
        var status: Int?
        var bytes: Int64
        var duration: Duration
        var latency: String = "-"
        var fault: String = "-"
        /// Why the request was refused or what else happened, for the curious.
        var note: String?
        /// The request's journal id (`GET /__admin/requests/{id}`); nil when it is not journalled.
        var journalID: Int?

        /// Adds `text` to the note, after what it says already.
        mutating func append(_ text: String) {
            note = [note, text].compactMap { $0 }.joined(separator: " ")
        }
    }

    /// Whether lines are logged (not with `--quiet` or a log level above `info`).
    var isOn: Bool { logger.logLevel <= .info }

    func write(_ line: Line) {
        guard isOn else { return }
        let status = line.status.map(String.init) ?? "-"
        var text =
            "\(line.method.rawValue) \(line.target) \(status) \(Self.size(line.bytes)) "
            + "\(Self.milliseconds(line.duration)) latency=\(line.latency) fault=\(line.fault)"
        if let note = line.note { text += " \(note)" }
        var metadata: Logger.Metadata = [
            "method": "\(line.method.rawValue)", "path": "\(line.target)", "status": "\(status)",
            "bytes": "\(line.bytes)", "durationMs": "\(Self.millisecondsValue(line.duration))",
            "latency": "\(line.latency)", "fault": "\(line.fault)",
        ]
        // The text line stays as it is; the JSON form can point at the journal entry.
        if let id = line.journalID { metadata["journalId"] = "\(id)" }
        logger.info("\(text)", metadata: metadata)
    }

    /// `512 B`, `3.5 KB`, `1.2 MB`.
    static func size(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return oneDecimal(Double(bytes) / 1024) + " KB" }
        return oneDecimal(Double(bytes) / 1024 / 1024) + " MB"
    }

    /// `212 ms`, `0.4 ms`.
    static func milliseconds(_ duration: Duration) -> String {
        let ms = millisecondsValue(duration)
        return (ms < 10 ? oneDecimal(ms) : String(Int(ms.rounded()))) + " ms"
    }

    static func millisecondsValue(_ duration: Duration) -> Double {
        // Within 18 s, as nearly every request's times are, the attoseconds fit in 64 bits: one
        // conversion, where `components` divides 128-bit numbers (three times a request).
        if duration._high == 0 { return Double(duration._low) / 1e15 }
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
