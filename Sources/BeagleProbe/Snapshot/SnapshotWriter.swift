import BeagleScreens
import Foundation

/// Writes a probe's screens and images as a screens folder (`DIR/screens`) with its images
/// folder beside it (`DIR/images`), which `beagle-mock serve DIR/screens` serves back with the
/// bytes received, for every route and image saved.
///
/// Screens are saved as received for the probe's platform, as the plain file (`home.json`, not
/// `home.ios.json`): the snapshot is of what that platform sees, and serves the same to every
/// platform. Files already in the folder that this crawl did not write are left alone. Each
/// file is written atomically (``AtomicFile``).
package struct SnapshotWriter: Sendable {
    /// The snapshot folder.
    package let directory: URL
    /// The folder as the user wrote it, for messages.
    package let displayName: String

    /// A writer into `directory`.
    package init(directory: URL, displayName: String? = nil) {
        self.directory = directory
        self.displayName = displayName ?? directory.path
    }

    /// Saves every received result of `report` it can place, and returns the report with
    /// ``ProbeResult/savedAs`` set, a warning on each result not saved (with the reason) and an
    /// error on each file that could not be written.
    package func save(_ report: ProbeReport) throws(AtomicFileError) -> ProbeReport {
        for folder in ["screens", "images"] {
            let url = directory.appendingPathComponent(folder)
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw AtomicFileError(
                    path: url.path, reason: "cannot create the folder: \((error as NSError).localizedDescription)")
            }
        }
        let plan = SnapshotPlan(report: report)
        var report = report
        var screens = 0
        var images = 0
        var notSaved = plan.refusals.count
        for (index, refusal) in plan.refusals {
            report.results[index].problems.append(.warning("not saved: \(refusal)"))
        }
        for entry in plan.entries {
            let result = report.results[entry.index]
            guard let body = result.body else { continue }
            let url = directory.appendingPathComponent(entry.file.snapshotPath)
            do {
                try AtomicFile.write(body, to: url)
            } catch {
                report.results[entry.index].problems.insert(.error("not saved: \(error.reason)"), at: 0)
                notSaved += 1
                continue
            }
            report.results[entry.index].savedAs = entry.file.snapshotPath
            if result.kind == .image { images += 1 } else { screens += 1 }
            if result.kind != .image, PlatformFilter(platform: report.configuration.platform).apply(to: body).changed {
                report.results[entry.index].problems.append(
                    .warning(
                        "saved as received, but it still has beaglePlatform wrappers: the mock filters them, so it will serve other bytes"
                    ))
            }
        }
        report.snapshot = SnapshotSummary(
            directory: displayName, screens: screens, images: images, notSaved: notSaved,
            externalImages: plan.externalImages, platform: report.configuration.platform)
        return report
    }
}
