import Foundation
import Logging

/// How log lines look: plain text for people, JSON lines for log collectors.
enum LogFormat: String, CaseIterable, Sendable {
    case text
    case json
}

/// A log handler for the command line: in text, request lines print as they are and other
/// events with their level; in JSON, one object per line with the time, level, message and the
/// metadata (numbers as numbers).
struct ConsoleLogHandler: LogHandler {
    var format: LogFormat
    var logLevel: Logger.Level
    /// Every line to standard error, whose standard output carries something else (`mcp`).
    var standardErrorOnly = false
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let level = event.level
        let message = event.message
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        switch format {
        case .text:
            let line = level == .info || level == .notice ? "\(message)" : "\(level): \(message)"
            if level >= .warning || standardErrorOnly { Console.error(line) } else { Console.out(line) }
        case .json:
            var object: [String: Any] = [
                "time": Self.timestamp(), "level": level.rawValue, "message": "\(message)",
            ]
            for (key, value) in merged {
                let text = "\(value)"
                if let number = Int(text) {
                    object[key] = number
                } else if let number = Double(text), number.isFinite {
                    object[key] = number
                } else {
                    object[key] = text
                }
            }
            if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) {
                let line = String(decoding: data, as: UTF8.self)
                if standardErrorOnly { Console.error(line) } else { Console.out(line) }
            }
        }
    }

    private static func timestamp() -> String {
        Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}
