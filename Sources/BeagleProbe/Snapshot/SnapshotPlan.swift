import BeagleScreens
import Foundation

/// Which file each received screen and image of a report is saved as, so that
/// `beagle-mock serve DIR/screens` answers every crawled route with the bytes received.
///
/// A screen at route R is `R.json` (`/` is `index.json`; `/catalog` is `catalog.json`, which
/// the mock finds before `catalog/index.json`, so it lives happily beside a `catalog/` folder
/// holding `/catalog/item-1`), or `R/index.json` when `R.json` would not serve R back (its
/// name reads as a platform variant or method file, like `/promo.ios` or `/cart.post`). An
/// image at `/images/P` is `images/P`; another image on the BFF is an asset at its own path
/// in the screens folder. Every choice is checked against the mock's own route resolution
/// (``ScreenFolder/resolve(_:platform:method:)``) over all the files chosen so far, and none
/// may shadow an earlier one; what cannot be placed (a query-only difference, a route that is
/// both an image and a screen, a dot-file, the mock's own `/__admin`) is not saved, with the
/// reason. Images on other origins and `data:` URLs are not the BFF's, and are not saved.
struct SnapshotPlan {
    /// A file to write.
    struct Entry: Sendable {
        /// The result whose body it holds.
        let index: Int
        /// Where it goes.
        let file: SnapshotFile
    }

    /// The files to write, in report order.
    private(set) var entries: [Entry] = []
    /// Why a received result is not saved, by result index.
    private(set) var refusals: [Int: SnapshotRefusal] = [:]
    /// Received images not on the BFF (other origins, `data:` URLs), not saved.
    private(set) var externalImages = 0

    private let platform: BeaglePlatform
    // Per file: the request path that must resolve to it, and the route it was saved for.
    private var claims: [(file: SnapshotFile, requestPath: String, route: String)] = []

    /// Plans the files for every received result of `report`.
    init(report: ProbeReport) {
        platform = report.configuration.platform
        for (index, result) in report.results.enumerated() where result.received {
            guard result.route.hasPrefix("/") else {
                if result.kind == .image { externalImages += 1 }
                continue
            }
            switch place(result) {
            case .success(let file): entries.append(Entry(index: index, file: file))
            case .failure(let refusal): refusals[index] = refusal
            }
        }
    }

    private mutating func place(_ result: ProbeResult) -> Result<SnapshotFile, SnapshotRefusal> {
        let segments: [String]
        switch SnapshotPath.segments(of: result.route) {
        case .success(let found): segments = found
        case .failure(let refusal): return .failure(refusal)
        }
        let requestPath = "/" + segments.joined(separator: "/")
        let candidates: [SnapshotFile]
        if result.kind == .image {
            switch SnapshotPath.imageCandidate(segments) {
            case .success(let file): candidates = [file]
            case .failure(let refusal): return .failure(refusal)
            }
        } else {
            candidates = SnapshotPath.screenCandidates(segments).map { SnapshotFile(location: .screens, relativePath: $0) }
        }
        for candidate in candidates {
            if let taken = claims.first(where: { $0.file.clashKey == candidate.clashKey }) {
                // Only the first candidate's owner is worth naming: `/a?x=1` after `/a`.
                if candidate == candidates[0], taken.requestPath == requestPath {
                    return .failure(SnapshotRefusal("same file as \(taken.route) (the mock ignores queries)"))
                }
                continue
            }
            guard !clashesWithFolders(candidate) else { continue }
            claims.append((candidate, requestPath, result.route))
            if resolvesBack() { return .success(candidate) }
            claims.removeLast()
        }
        return .failure(SnapshotRefusal("no file name serves it back at \(result.route) next to the files already saved"))
    }

    /// Whether `file` would need to be a folder of another file, or another file's folder
    /// would need to be `file`.
    private func clashesWithFolders(_ file: SnapshotFile) -> Bool {
        let key = file.clashKey
        return claims.contains { claim in
            let other = claim.file.clashKey
            return other.hasPrefix(key + "/") || key.hasPrefix(other + "/")
        }
    }

    /// Whether every claimed file is what the mock serves for its request path, with the
    /// probe's platform, given all the claimed files.
    private func resolvesBack() -> Bool {
        let root = URL(fileURLWithPath: "/snapshot/screens")
        let imagesRoot = URL(fileURLWithPath: "/snapshot/images")
        let folder = ScreenFolder(
            root: root, relativePaths: claims.filter { $0.file.location == .screens }.map(\.file.relativePath),
            imagesRoot: imagesRoot, imagePaths: claims.filter { $0.file.location == .images }.map(\.file.relativePath))
        return claims.allSatisfy { claim in
            guard let match = folder.resolve(claim.requestPath, platform: platform).match else { return false }
            return match.file.location == claim.file.location && match.file.relativePath == claim.file.relativePath
        }
    }
}
