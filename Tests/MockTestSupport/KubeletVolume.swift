import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder written as the kubelet writes a ConfigMap, Secret or projected volume: its atomic
/// writer's layout and steps, in its order (kubernetes/pkg/volume/util/atomic_writer.go).
///
/// The files live in a timestamped folder `..YYYY_MM_DD_HH_MM_SS.<digits>`; `..data` is a symlink
/// to it; every top-level name is a symlink into `..data` (`home.json -> ..data/home.json`,
/// `guides -> ..data/guides`). ``write(_:after:)`` writes a new timestamped folder, links the
/// top-level names that are new, makes `..data_tmp` point at the new folder and renames it over
/// `..data` (the one atomic step), removes the top-level names that are gone, and removes the old
/// folder. `after` runs after each step, so that a test can ask the server between them.
public struct KubeletVolume: Sendable {
    /// The writer's steps, each one done when `after` is called with it.
    public enum Step: Sendable, CaseIterable {
        /// The new timestamped folder holds every file.
        case wroteData
        /// New top-level names link into `..data` (which still names the old folder).
        case linkedNames
        /// `..data` names the new folder.
        case swapped
        /// Top-level names the payload no longer has are gone.
        case prunedNames
        /// The old timestamped folder is gone.
        case removedOldData
    }

    /// The volume's folder (what the pod mounts).
    public let path: String

    /// A volume at `path`, made when missing; nothing is written until ``write(_:after:)``.
    public init(path: String) throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The timestamped folder `..data` names now, or nil before the first write.
    public var dataFolder: String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: path + "/..data")
    }

    /// Writes `payload` (relative paths, which may hold folders, to contents) as the kubelet
    /// updates a volume.
    public func write(_ payload: [String: String], after: (Step) async throws -> Void = { _ in }) async throws {
        let files = FileManager.default
        let old = dataFolder
        let stamp = Self.stamp()
        try files.createDirectory(atPath: path + "/" + stamp, withIntermediateDirectories: false)
        for (relative, content) in payload {
            let url = URL(fileURLWithPath: path + "/" + stamp + "/" + relative)
            try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
        try await after(.wroteData)
        let topLevel = Set(payload.keys.map { String($0.prefix { $0 != "/" }) })
        for name in topLevel where (try? files.attributesOfItem(atPath: path + "/" + name)) == nil {
            try files.createSymbolicLink(atPath: path + "/" + name, withDestinationPath: "..data/" + name)
        }
        try await after(.linkedNames)
        try files.createSymbolicLink(atPath: path + "/..data_tmp", withDestinationPath: stamp)
        guard rename(path + "/..data_tmp", path + "/..data") == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path + "/..data"])
        }
        try await after(.swapped)
        if let old {
            for name in try files.contentsOfDirectory(atPath: path + "/" + old) where !topLevel.contains(name) {
                try files.removeItem(atPath: path + "/" + name)
            }
        }
        try await after(.prunedNames)
        if let old { try files.removeItem(atPath: path + "/" + old) }
        try await after(.removedOldData)
    }

    /// A new folder's name as the kubelet makes it: `..`, the UTC time as `2006_01_02_15_04_05`
    /// and `.`, then the random digits of Go's temporary-folder call.
    private static func stamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy_MM_dd_HH_mm_ss"
        return ".." + formatter.string(from: Date()) + "." + String(UInt32.random(in: 0...UInt32.max))
    }
}
