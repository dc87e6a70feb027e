import Foundation

@testable import BeagleNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A logger that keeps what it is given.
final class RecordingLogger: LoggerProtocol {
    let logs = Recorder<String>()

    func log(_ log: any LogType) {
        logs.record("\(log.category)|\(log.level)|\(log.message)")
    }
}
