import Foundation

/// A screens folder made for one test in a temporary directory, with a sibling `images/`
/// folder, deleted when the test is done.
public struct TemporaryScreens: Sendable {
    /// The temporary directory holding `screens/` and `images/`.
    public let root: String
    /// The screens folder.
    public var screens: String { root + "/screens" }
    /// The images folder.
    public var images: String { root + "/images" }

    /// Creates the folders and writes `files` (paths relative to `root`, e.g. `screens/home.json`).
    public init(_ files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.path + "/beagle-mock-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/screens", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/images", withIntermediateDirectories: true)
        for (path, content) in files { try write(path, content) }
    }

    /// Writes a file below `root`, creating folders as needed.
    public func write(_ path: String, _ content: String) throws {
        try write(path, Data(content.utf8))
    }

    /// Writes bytes to a file below `root`, creating folders as needed.
    public func write(_ path: String, _ content: Data) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try content.write(to: url)
    }

    /// Deletes everything.
    public func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}
