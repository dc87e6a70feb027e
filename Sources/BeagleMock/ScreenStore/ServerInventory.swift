import BeagleScreens
import Foundation

/// What a server has to serve: counted for the start-up banner.
public struct ServerInventory: Sendable, Equatable {
    /// Screens by route (platform variants and method files not counted).
    public var screens: Int
    /// Files in the images folder.
    public var images: Int
    /// A route worth trying first: `/home` when there is one, else the first screen.
    public var firstRoute: String?
}

extension ScreenStore {
    /// Counts the screens and images now on disk.
    func inventory() -> ServerInventory {
        var routes: [String] = []
        for relative in Self.visibleFiles(below: screens.path) {
            let name = ScreenFileName(relativePath: relative)
            if name.isJSON, name.isPrimary { routes.append(name.route) }
        }
        let images = images.map { Self.visibleFiles(below: $0.path).count } ?? 0
        routes.sort()
        let first = routes.contains("/home") ? "/home" : routes.first
        return ServerInventory(screens: routes.count, images: images, firstRoute: first)
    }

    /// Regular files below `root`, relative, skipping dot-names and the config file names.
    static func visibleFiles(below root: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                enumerator.skipDescendants()
                continue
            }
            if configNames.contains(relative) { continue }
            if FileStatus.stat(root + "/" + relative)?.kind == .regular { files.append(relative) }
        }
        return files
    }
}
