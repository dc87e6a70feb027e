import Foundation
import Testing

/// Beagle's conformance data, kept outside the repository in a `shared/conformance` folder beside
/// the clone: the URL-building cases every Beagle platform passes, screen JSON from Beagle iOS's
/// own tests, and screens published by others.
///
/// A clone with nothing beside it still passes `swift test`: tests that read the data carry
/// ``available`` and are reported as skipped, by name, when the folder is absent. CI has the folder
/// and sets `BEAGLE_MOCK_CONFORMANCE=required`, which makes those tests run (and fail) whatever is
/// there, so missing data can never pass as skipped tests there.
public enum ConformanceData {
    /// The `shared/conformance` folder beside the package root (the nearest folder above this
    /// file holding `Package.swift`), or nil when there is none.
    public static let directory: URL? = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path else { return nil }
            folder = parent
        }
        let conformance = folder.deletingLastPathComponent().appendingPathComponent("shared/conformance")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: conformance.path, isDirectory: &isFolder), isFolder.boolValue else {
            return nil
        }
        return conformance
    }()

    /// True when CI asks for the data (`BEAGLE_MOCK_CONFORMANCE=required`): tests run without it and fail.
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["BEAGLE_MOCK_CONFORMANCE"] == "required"
    }

    /// The trait of a test or suite that reads the data: skipped, with the reason, when it is absent.
    public static var available: ConditionTrait {
        .enabled(
            if: directory != nil || isRequired,
            "needs Beagle's conformance data in shared/conformance beside the clone (absent here)")
    }

    /// A file or folder inside the data, like `beagle-ios-fixtures`; fails the test when it is absent.
    public static func url(_ relativePath: String) throws -> URL {
        let directory = try #require(directory, "Beagle's conformance data is expected in shared/conformance beside the clone")
        return directory.appendingPathComponent(relativePath)
    }
}
