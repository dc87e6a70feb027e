import BeagleMockHTTP
import BeagleScreens
import Foundation
import Synchronization

/// The last route report, kept while the folder is as it was: the same files and images, each of
/// the same size, inode and change time. Validating every screen is most of what a route list
/// costs, and an agent or the dashboard asks for it again and again between edits.
package final class RouteReportCache: Sendable {
    /// A file's version as `stat` tells it.
    private struct Version: Hashable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: Int64
        let changed: Int64
    }

    /// What a report was made from: every file's path and version.
    private struct Signature: Hashable {
        let screens: [String: Version?]
        let images: [String]
        let renders: Bool
    }

    private let last = Mutex<(signature: Signature, report: RouteReport)?>(nil)

    package init() {}

    /// The report of `folder`, made with `validator` unless the folder is as the last one was.
    func report(of folder: ScreenFolder, validator: ScreenValidator) -> RouteReport {
        var screens: [String: Version?] = [:]
        for file in folder.files {
            screens[file.relativePath] = FileStatus.stat(file.url.path).map {
                Version(device: $0.device, inode: $0.inode, size: $0.size, modified: $0.modified, changed: $0.changed)
            }
        }
        let signature = Signature(
            screens: screens, images: folder.images.map(\.relativePath), renders: validator.renderer != nil)
        if let kept = last.withLock({ $0 }), kept.signature == signature { return kept.report }
        let report = RouteReport(folder: folder, validator: validator)
        last.withLock { $0 = (signature, report) }
        return report
    }
}
