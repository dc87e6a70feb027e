import BeagleScreens
import Foundation

/// The file names a route can be saved under, by the screens-folder rules of Docs/ScreensFolder.md.
enum SnapshotPath {
    /// The percent-decoded segments of a BFF route (`/catalog/item%201?x=1` gives `catalog`,
    /// `item 1`), or why no file in a screens folder can stand for it.
    static func segments(of route: String) -> Result<[String], SnapshotRefusal> {
        let path = route.prefix { $0 != "?" && $0 != "#" }
        var segments: [String] = []
        for raw in path.split(separator: "/", omittingEmptySubsequences: true) {
            guard let segment = raw.removingPercentEncoding else {
                return .failure(SnapshotRefusal("the path has an invalid percent escape"))
            }
            if segment == "." || segment == ".." {
                return .failure(SnapshotRefusal("the path has a '\(segment)' segment"))
            }
            if segment.hasPrefix(".") {
                return .failure(SnapshotRefusal("'\(segment)' would be a dot-file, which the mock never serves"))
            }
            if segment.contains("/") || segment.contains("\\") {
                return .failure(SnapshotRefusal("a segment holds an encoded '/' or '\\'"))
            }
            if segment.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                return .failure(SnapshotRefusal("the path has control characters"))
            }
            segments.append(segment)
        }
        if let first = segments.first, reservedFirstSegments.contains(first) {
            return .failure(SnapshotRefusal("/\(first) is the mock's own API"))
        }
        return .success(segments)
    }

    /// The routes the mock answers itself, whatever the folder holds.
    static let reservedFirstSegments: Set<String> = ["__admin", "__echo"]

    /// The files a screen at `segments` can be saved as, below the screens folder, in order of
    /// preference: `R.json` (so `/catalog` is `catalog.json`, beside a `catalog/` folder), then
    /// `R/index.json` (for a route whose own name would read as a variant or method file, like
    /// `/promo.ios` or `/cart.post`); `/` is `index.json`.
    static func screenCandidates(_ segments: [String]) -> [String] {
        var stem = segments.joined(separator: "/")
        // `/home.json` is the route `/home`: the file is `home.json`, not `home.json.json`.
        if stem.hasSuffix(".json") { stem.removeLast(".json".count) }
        if stem.isEmpty { return ["index.json"] }
        return [stem + ".json", stem + "/index.json"]
    }

    /// The file an image at `segments` is saved as: below the images folder for
    /// `/images/<path>`, else below the screens folder, where the mock serves any non-JSON file
    /// at its own path.
    static func imageCandidate(_ segments: [String]) -> Result<SnapshotFile, SnapshotRefusal> {
        if segments.count > 1, segments[0] == "images" {
            return .success(SnapshotFile(location: .images, relativePath: segments.dropFirst().joined(separator: "/")))
        }
        let path = segments.joined(separator: "/")
        if path.isEmpty {
            return .failure(SnapshotRefusal("an image at / cannot be a file"))
        }
        if path.hasSuffix(".json") {
            return .failure(SnapshotRefusal("outside /images/, a file ending in .json is served as a screen, not an image"))
        }
        if path == "beagle-mock.yml" {
            return .failure(SnapshotRefusal("beagle-mock.yml is the mock's config file, never served"))
        }
        return .success(SnapshotFile(location: .screens, relativePath: path))
    }
}
