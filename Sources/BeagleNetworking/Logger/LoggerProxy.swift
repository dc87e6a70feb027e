/// Forwards to an app's logger, or drops messages when there is none; what the container
/// hands out for `LoggerProtocol` (Beagle iOS 2.x).
struct LoggerProxy: LoggerProtocol {
    let logger: (any LoggerProtocol)?

    func log(_ log: any LogType) {
        logger?.log(log)
    }
}
