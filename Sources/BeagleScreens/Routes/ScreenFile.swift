import Foundation

/// A file found in a screens folder or in its images folder.
public struct ScreenFile: Sendable, Hashable {
    /// Which folder a file is in.
    public enum Location: String, Sendable, Hashable {
        /// The screens folder (screens, variants, method files, other assets).
        case screens
        /// The images folder, served under `/images/`.
        case images
    }

    /// The folder the file is in.
    public let location: Location
    /// What the file stands for: its path relative to its folder, route, platform and method.
    public let name: ScreenFileName
    /// Where the file is on disk.
    public let url: URL

    /// A file of `location` at `relativePath` (with `/` separators) under `folder`.
    public init(location: Location, relativePath: String, in folder: URL) {
        self.location = location
        self.name =
            switch location {
            case .screens: ScreenFileName(relativePath: relativePath)
            case .images: ScreenFileName(imagePath: relativePath)
            }
        self.url = folder.appendingPathComponent(relativePath)
    }

    /// The path relative to the file's folder (`catalog/index.json`, or `beach.jpg` in images).
    public var relativePath: String { name.relativePath }

    /// The path to show a user: relative to the screens folder, or `images/…` for an image.
    public var displayPath: String {
        location == .images ? "images/" + name.relativePath : name.relativePath
    }
}
