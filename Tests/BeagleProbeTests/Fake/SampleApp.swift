import BeagleScreens
import Foundation

/// The sample app at the package root (`screens/`, `images/`), and what a Beagle app can reach
/// in it from a start route, computed from the files with `ScreenFolder` and
/// `ScreenReferences` alone: the answer the probe's crawl over HTTP must match.
enum SampleApp {
    /// The package root.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The sample screens folder.
    static let screens = root.appendingPathComponent("screens")

    /// The screen routes (navigation and lazy components) and the image paths reachable from
    /// `start` for `platform`, each with its distance in navigation steps, following what the
    /// probe follows: GET routes that are BFF paths, not expressions; lazy components and images
    /// at their screen's distance.
    static func reachable(from start: String = "/home", platform: BeaglePlatform = .ios) throws -> (
        screens: [String: Int], images: [String: Int]
    ) {
        let folder = try ScreenFolder(contentsOf: screens, images: root.appendingPathComponent("images"))
        var distances = [start: 0]
        var images: [String: Int] = [:]
        var queue = [start]
        while !queue.isEmpty {
            let route = queue.removeFirst()
            let depth = distances[route] ?? 0
            guard let file = folder.resolve(route, platform: platform).match?.file else { continue }
            let served = PlatformFilter(platform: platform).filter(try Data(contentsOf: file.url))
            for reference in ScreenReferences(in: try JSONReader().parse(served)).all
            where reference.platforms.contains(platform) {
                guard case .local(let path) = reference.target else { continue }
                switch reference.kind {
                case .image:
                    images[path] = min(images[path] ?? depth, depth)
                case .navigation, .lazyComponent:
                    guard reference.method == "GET" else { continue }
                    let next = reference.kind == .lazyComponent ? depth : depth + 1
                    if let known = distances[path], known <= next { continue }
                    distances[path] = next
                    queue.append(path)
                case .request:
                    continue
                }
            }
        }
        return (distances, images)
    }
}
