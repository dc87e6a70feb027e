import Foundation
import Testing

/// Beagle's conformance data in the shared folder beside the package: `../shared/conformance`.
enum Conformance {
    /// The `shared/conformance` folder, found from this file's path: the package root is the
    /// nearest folder above holding `Package.swift`; `shared` is its sibling (a link in CI).
    static func directory() throws -> URL {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            let parent = folder.deletingLastPathComponent()
            try #require(parent.path != folder.path, "no Package.swift above \(#filePath)")
            folder = parent
        }
        let conformance = folder.deletingLastPathComponent()
            .appendingPathComponent("shared")
            .appendingPathComponent("conformance")
        try #require(
            FileManager.default.fileExists(atPath: conformance.path),
            "Beagle's conformance data is expected at \(conformance.path)"
        )
        return conformance
    }
}
