/// Receives Beagle's log messages (Beagle iOS 2.x).
public protocol LoggerProtocol: Sendable {
    /// Records one message.
    func log(_ log: any LogType)
}

/// A log message: its category, text and severity.
public protocol LogType: Sendable {
    /// The area the message comes from ("Network", "Decoding").
    var category: String { get }
    /// The text of the message.
    var message: String { get }
    /// How serious it is.
    var level: LogLevel { get }
}

/// The severity of a log message.
public enum LogLevel: Sendable, Hashable {
    /// Something failed.
    case error
    /// Something happened.
    case info
}
