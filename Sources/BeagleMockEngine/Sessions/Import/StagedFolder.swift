import CSystemCalls
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An import's files written first where no one reads them, then put in place at once
/// (Docs/Sessions.md, "Safety"), so that a failure leaves nothing of the import behind.
///
/// A destination that does not exist yet is made whole in a hidden folder beside it (the folders
/// above it made first when missing), which then takes its name with one `rename`. Into an
/// existing destination the files are staged in a hidden folder inside it (on its file system
/// whatever is mounted where), and then each is linked into place, never over a file, or, for
/// the files it may replace, renamed over the old one, which is kept aside until the end. When
/// anything fails, what was put in place is taken out again, the replaced files come back, the
/// folders made are removed, and the staging folder goes.
///
/// Every file is written through ``ContainedFileWriter`` (folders opened one at a time without
/// following symlinks), and nothing is written through a symlink found in the destination.
struct StagedFolder: Sendable {
    /// The destination as the user named it, for messages.
    let shownAs: String
    /// The destination's absolute path.
    let destination: String
    /// Whether the destination existed: then its files are added one by one.
    let destinationExists: Bool
    /// The staging folder's real path.
    let staging: String
    /// The folders above a new destination that were made for it, outermost first.
    private let madeAbove: [String]

    /// Makes the staging folder for `destination` (as the user wrote it, `shownAs`).
    static func prepare(destination path: String, shownAs: String) throws(ImportError) -> StagedFolder {
        let destination = URL(fileURLWithPath: path).standardizedFileURL.path
        let marker = "beagle-mock-import-\(UInt64.random(in: 0...UInt64.max))"
        if let status = FileStatus.stat(destination) {
            guard status.kind == .directory, let real = ContainedRoot.realPath(destination) else {
                throw ImportError("'\(shownAs)' exists and is not a folder; name a folder to import into")
            }
            let staging = real + "/." + marker
            guard mkdir(staging, 0o700) == 0 else {
                throw ImportError("cannot write into '\(shownAs)': \(String(cString: strerror(errno)))")
            }
            return StagedFolder(
                shownAs: shownAs, destination: real, destinationExists: true, staging: staging, madeAbove: [])
        }
        let parent = (destination as NSString).deletingLastPathComponent
        let name = (destination as NSString).lastPathComponent
        let madeAbove = try makeFolders(upTo: parent, shownAs: shownAs)
        guard let realParent = ContainedRoot.realPath(parent) else {
            removeFolders(madeAbove)
            throw ImportError("cannot reach the folder above '\(shownAs)'")
        }
        let staging = realParent + "/." + name + "." + marker
        guard mkdir(staging, 0o755) == 0 else {
            let reason = String(cString: strerror(errno))
            removeFolders(madeAbove)
            throw ImportError("cannot write beside '\(shownAs)': \(reason)")
        }
        return StagedFolder(
            shownAs: shownAs, destination: realParent + "/" + name, destinationExists: false, staging: staging,
            madeAbove: madeAbove)
    }

    /// Makes each missing folder on the way to `path`; returns those made, outermost first.
    private static func makeFolders(upTo path: String, shownAs: String) throws(ImportError) -> [String] {
        var missing: [String] = []
        var current = path
        while FileStatus.stat(current) == nil, current != "/", !current.isEmpty {
            missing.insert(current, at: 0)
            current = (current as NSString).deletingLastPathComponent
        }
        guard FileStatus.stat(current)?.kind == .directory else {
            throw ImportError("cannot make '\(shownAs)': '\(current)' is not a folder")
        }
        var made: [String] = []
        for folder in missing {
            guard mkdir(folder, 0o755) == 0 else {
                let reason = String(cString: strerror(errno))
                removeFolders(made)
                throw ImportError("cannot make the folder '\(folder)' for '\(shownAs)': \(reason)")
            }
            made.append(folder)
        }
        return made
    }

    /// Removes `folders` (outermost first) if they are empty, innermost first.
    private static func removeFolders(_ folders: [String]) {
        for folder in folders.reversed() { rmdir(folder) }
    }

    /// Writes `bytes` as the file `segments` of the staging folder.
    func write(_ bytes: [UInt8], as segments: [String]) throws(ImportError) {
        var writer = ContainedFileWriter(root: staging, forbidden: nil)
        writer.syncsEachFile = false
        do {
            _ = try writer.write(bytes, as: segments, overwrite: true)
        } catch {
            throw ImportError("cannot write \(segments.joined(separator: "/")): \(error)")
        }
    }

    /// Puts the staged files (`files`, paths below the folder) in place; `replacing` names those
    /// that may take an existing file's place. On failure nothing of the import is left.
    func publish(_ files: [String], replacing: Set<String>) throws(ImportError) {
        // On disk before they are seen: one flush of the file system for every staged file.
        let flushed = open(staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if flushed >= 0 {
            _ = beagle_flush_file_system(flushed)
            close(flushed)
        }
        guard destinationExists else {
            guard rename(staging, destination) == 0 else {
                let reason = String(cString: strerror(errno))
                discard()
                throw ImportError("cannot make '\(shownAs)': \(reason)")
            }
            return
        }
        var placed = PlacedFiles(destination: destination, staging: staging)
        do {
            for (number, file) in files.enumerated() {
                try placed.place(file, replacing: replacing.contains(file), backup: number)
            }
        } catch {
            placed.undo()
            discard()
            throw ImportError("cannot write into '\(shownAs)': \(error); nothing of the import was left there")
        }
        discard()
    }

    /// Removes the staging folder and the folders made above a new destination.
    func discard() {
        try? FileManager.default.removeItem(atPath: staging)
        Self.removeFolders(madeAbove)
    }
}

/// The files put into an existing folder so far, to take them out again on a failure.
private struct PlacedFiles {
    let destination: String
    let staging: String
    private var steps: [Step] = []

    /// What was done, in order.
    enum Step {
        /// A folder made on the way.
        case madeFolder(String)
        /// A file added where there was none.
        case added(String)
        /// A file put over another, kept aside at `backup` (a path in the staging folder).
        case replaced(String, backup: String)
    }

    init(destination: String, staging: String) {
        self.destination = destination
        self.staging = staging
    }

    /// Puts the staged `file` in place: over an existing one only when `replacing`, which is then
    /// kept aside as backup number `backup`.
    mutating func place(_ file: String, replacing: Bool, backup: Int) throws(FileWriteError) {
        let segments = file.split(separator: "/").map(String.init)
        guard let name = segments.last else { throw FileWriteError("no file name") }
        var made: [String] = []
        let folder: Int32
        do {
            folder = try ContainedFileWriter(root: destination, forbidden: nil).openFolder(segments.dropLast(), made: &made)
        } catch {
            steps += made.map(Step.madeFolder)
            throw error
        }
        defer { close(folder) }
        steps += made.map(Step.madeFolder)
        let staged = staging + "/" + file
        if replacing, let status = FileStatus.lstat(destination + "/" + file), status.kind != .directory {
            let backupPath = staging + "/.backup-\(backup)"
            guard renameat(folder, name, AT_FDCWD, backupPath) == 0 else { throw .failed("cannot set \(file) aside") }
            guard renameat(AT_FDCWD, staged, folder, name) == 0 else {
                let error = FileWriteError.failed("cannot put \(file) in place")
                renameat(AT_FDCWD, backupPath, folder, name)
                throw error
            }
            steps.append(.replaced(file, backup: backupPath))
            return
        }
        guard linkat(AT_FDCWD, staged, folder, name, 0) == 0 else {
            if errno == EEXIST { throw FileWriteError("\(file) appeared in the folder meanwhile") }
            throw .failed("cannot put \(file) in place")
        }
        steps.append(.added(file))
    }

    /// Takes out what was put in place, last first: added files removed, replaced ones back,
    /// folders made removed.
    func undo() {
        for step in steps.reversed() {
            switch step {
            case .madeFolder(let folder): rmdir(destination + "/" + folder)
            case .added(let file): unlink(destination + "/" + file)
            case .replaced(let file, let backup): rename(backup, destination + "/" + file)
            }
        }
    }
}
