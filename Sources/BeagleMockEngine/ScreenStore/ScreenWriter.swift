import BeagleMockHTTP
import BeagleScreens
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a screen file into the screens folder for a coding agent (Docs/Agents.md): JSON only,
/// checked as `validate` checks one file first, at a path the server would serve (the rules of
/// ``RequestPath`` and ``ContainedRoot``: no `..`, no hidden segment, nothing through a symlink
/// out of the folder, nothing in the TLS folder), never the config file, never a template (`{{`), at most ``largestScreen`` bytes, and atomically: a
/// hidden temporary file beside it, then a rename, so a request reads the old file or the new,
/// never half of one.
package struct ScreenWriter: Sendable {
    /// The screens folder and the config file in force.
    let served: ServedFiles

    /// The largest screen written, as the dashboard previews at most.
    static let largestScreen = ScreenPreview.largestFile

    /// What a write did.
    package struct Written: Codable, Sendable {
        /// The file, relative to the screens folder.
        package let file: String
        package let bytes: Int
        /// Whether a file was there before.
        let replaced: Bool
        /// The warnings `validate` has for it (errors refuse the write).
        package let warnings: [Diagnostic]
    }

    /// Why a screen was not written; `diagnostics` holds `validate`'s errors when that is why.
    struct Refusal: Error, Sendable {
        let message: String
        var diagnostics: [Diagnostic] = []
    }

    /// Writes `text` to `relativePath` (`catalog/new.json`) below the screens folder.
    func write(_ text: String, to relativePath: String) throws(Refusal) -> Written {
        let data = Data(text.utf8)
        guard data.count <= Self.largestScreen else {
            throw Refusal(message: "the screen is \(data.count) bytes; the largest written is \(Self.largestScreen)")
        }
        let segments = try Self.segments(of: relativePath)
        let relative = segments.joined(separator: "/")
        guard !ServedFiles.isConfigName(relative) else {
            throw Refusal(message: "\(relative) is the name of the config file, which agents do not write")
        }
        // A screen with `{{` is served as a template (Docs/Templates.md): it renders, unlike the JSON written.
        if text.contains("{{") {
            throw Refusal(
                message:
                    "\(relative) holds {{, which the server would render as a template (Docs/Templates.md); agents write plain JSON screens: write templates as files yourself"
            )
        }
        if served.withheld.coversFolder(([served.screens.path] + segments.dropLast()).joined(separator: "/")) {
            throw Refusal(message: "\(relative) lies inside the TLS folder, which the server never serves")
        }
        let diagnostics = ScreenValidator().validate(screen: data, file: relative)
        let errors = diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else {
            throw Refusal(
                message: "\(relative) was not written: validate finds \(errors.count) error\(errors.count == 1 ? "" : "s")",
                diagnostics: errors)
        }
        let folder = try makeFolders(segments.dropLast())
        let target = folder + "/" + segments[segments.count - 1]
        let existing = FileStatus.lstat(target)
        if let existing, existing.kind != .regular {
            throw Refusal(message: "\(relative) exists and is not a regular file (a folder or a symlink): it is left alone")
        }
        if let configPath = served.configPath, let config = FileStatus.stat(configPath), let existing,
            config.sameFile(as: existing)
        {
            throw Refusal(message: "\(relative) is the config file in force, which agents do not write")
        }
        try Self.replace(target, with: data, relative: relative)
        return Written(
            file: relative, bytes: data.count, replaced: existing != nil,
            warnings: diagnostics.filter { $0.severity == .warning })
    }

    /// `relativePath`, a path below the screens folder (`catalog/index.json`), as a request
    /// path reads it, or why the server would not serve it there: a leading `/`, a `.` or `..`
    /// segment, a query, a hidden segment. The agents' tools read screens through it too.
    static func servedPath(_ relativePath: String) throws(Refusal) -> RequestPath {
        guard !relativePath.hasPrefix("/") else {
            throw Refusal(message: "give the path below the screens folder, without a leading /: catalog/new.json")
        }
        let path: RequestPath
        do {
            path = try RequestPath(target: Substring("/" + relativePath))
        } catch {
            throw Refusal(message: "\(relativePath.prefix(200)) is not a path the server would serve: \(error.description)")
        }
        guard path.query.isEmpty, !path.segments.isEmpty else {
            throw Refusal(
                message: "\(relativePath.prefix(200)) is not a plain path below the screens folder, like catalog/new.json")
        }
        if let hidden = path.segments.first(where: { $0.hasPrefix(".") }) {
            throw Refusal(message: "\(relativePath) has a hidden segment (\(hidden)), which the server never serves")
        }
        return path
    }

    /// The segments of `relativePath`, a file to write: a served path, plain (no `?`, no `%`, no
    /// empty segment), naming a `.json` file.
    private static func segments(of relativePath: String) throws(Refusal) -> [String] {
        let path = try servedPath(relativePath)
        guard !relativePath.contains("?"), !relativePath.contains("%"), path.segments.allSatisfy({ !$0.isEmpty }) else {
            throw Refusal(message: "\(relativePath) is not a plain path below the screens folder, like catalog/new.json")
        }
        guard let name = path.segments.last, name.hasSuffix(".json"), name.count > ".json".count else {
            throw Refusal(message: "\(relativePath) must name a .json file: agents write screen JSON only")
        }
        return path.segments
    }

    /// The real path of the folder `segments` name below the screens folder, made where missing;
    /// refused when one of them is not a real folder inside it (a file, or a symlink).
    private func makeFolders(_ segments: ArraySlice<String>) throws(Refusal) -> String {
        var folder = served.screens.path
        for segment in segments {
            folder += "/" + segment
            switch FileStatus.lstat(folder)?.kind {
            case .directory?: continue
            case nil:
                guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
                    throw Refusal(message: "cannot make the folder \(segment): \(String(cString: strerror(errno)))")
                }
            default:
                throw Refusal(message: "\(segment) is not a folder inside the screens folder (a file or a symlink)")
            }
        }
        guard let real = ContainedRoot.realPath(folder), served.screens.contains(real + "/x") else {
            throw Refusal(message: "the folder resolves outside the screens folder")
        }
        return real
    }

    /// Writes `data` to a hidden file beside `target`, flushed, then renames it over `target`.
    private static func replace(_ target: String, with data: Data, relative: String) throws(Refusal) {
        let slash = target.lastIndex(of: "/")!
        let temporary = target[..<slash] + "/.beagle-mock-write-" + UUID().uuidString
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Refusal(message: "cannot write \(relative): \(String(cString: strerror(errno)))")
        }
        let written = writeAll(data, to: descriptor)
        let flushed = written && fsync(descriptor) == 0
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard flushed, rename(String(temporary), target) == 0 else {
            let problem = flushed ? String(cString: strerror(errno)) : reason
            unlink(String(temporary))
            throw Refusal(message: "cannot write \(relative): \(problem)")
        }
    }
}

/// Writes all of `data` to `descriptor`, again after an interruption; false on an error.
private func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
    data.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }
}
