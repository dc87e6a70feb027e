import Foundation

/// A file found in a screens folder or in its images folder.
package struct ScreenFile: Sendable, Hashable {
    /// Which folder a file is in.
    package enum Location: String, Sendable, Hashable {
        /// The screens folder (screens, variants, method files, other assets).
        case screens
        /// The images folder, served under `/images/`.
        case images
    }

    /// The folder the file is in.
    package let location: Location
    /// What the file stands for: its path relative to its folder, route, platform and method.
    package let name: ScreenFileName
    /// Where the file is on disk.
    package let url: URL

    /// A file of `location` at `relativePath` (with `/` separators) under `folder`.
    package init(location: Location, relativePath: String, in folder: URL) {
        self.location = location
        self.name =
            switch location {
            case .screens: ScreenFileName(relativePath: relativePath)
            case .images: ScreenFileName(imagePath: relativePath)
            }
        self.url = folder.appendingPathComponent(relativePath)
    }

    /// The path relative to the file's folder (`catalog/index.json`, or `beach.jpg` in images).
    package var relativePath: String { name.relativePath }

    /// The path to show a user: relative to the screens folder, or `images/…` for an image.
    package var displayPath: String {
        location == .images ? "images/" + name.relativePath : name.relativePath
    }
}
