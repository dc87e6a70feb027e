import CSystemCalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The served folders watched with Linux's inotify, so that a lookup can be kept until something
/// in them changes (``FolderLookups``).
///
/// The kernel queues an event before the system call that made the change returns (a write, a
/// truncation, a rename, a new or removed name, a change of mode), so a request that starts after
/// an edit finds the edit's event here: ``drain()`` reads what is queued without waiting. Every
/// folder below each root is watched, dot-named ones aside (nothing in them is served), and every
/// folder above it for being renamed or removed; a new folder is watched from the next
/// ``drain()`` on, which starts the watch afresh (under the caller's lock: a tree of thousands of
/// folders holds up lookups while it is walked, once a change of folders).
///
/// Not made (nil) where events could be missed or the kernel refuses: on systems other than Linux,
/// when a folder is on a file system other than the local ones listed in ``reportsChanges(_:)``
/// (a network share, a FUSE mount such as Docker Desktop's), past a number of folders (4,096 by default), or
/// when the user's inotify limits are reached. Not thread-safe: ``FolderLookups`` holds it under
/// its lock.
final class FolderWatch {
    private let roots: [String]
    /// The most folders watched: a larger tree is looked up on every request instead.
    private let maximumFolders: Int
    private var descriptor: Int32

    /// Watches every folder below `roots` (real paths), or nil when changes there could go
    /// unreported or there are more than `maximumFolders`.
    init?(roots: [String], maximumFolders: Int = 4096) {
        #if os(Linux)
        guard let descriptor = Self.watch(roots, maximumFolders: maximumFolders) else { return nil }
        self.roots = roots
        self.maximumFolders = maximumFolders
        self.descriptor = descriptor
        #else
        return nil
        #endif
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// What the queued events say.
    enum Change: Equatable {
        /// Nothing changed since the last drain.
        case none
        /// Something changed; the folders are still watched.
        case changed
        /// Something changed, and the folders can no longer be watched (a root went, or the
        /// limits were reached when watching them afresh): look up every time from now on.
        case unwatchable
    }

    /// Reads every queued event without waiting.
    func drain() -> Change {
        #if os(Linux)
        guard descriptor >= 0 else { return .unwatchable }
        var change = Change.none
        var rewatch = false
        // Aligned for inotify_event's 32-bit fields; room for the largest event (16 bytes and a
        // name of up to 256), and small enough to stay on the stack (this runs on every request).
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { words in
            let bytes = UnsafeMutableRawBufferPointer(words)
            while true {
                let count = read(descriptor, bytes.baseAddress, bytes.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                change = .changed
                var offset = 0
                while offset + 16 <= count {
                    let mask = bytes.load(fromByteOffset: offset + 4, as: UInt32.self)
                    let nameLength = bytes.load(fromByteOffset: offset + 12, as: UInt32.self)
                    // A folder created, moved, removed; a watch dropped; events lost.
                    if mask & (Self.isFolder | Self.watchRemoved | Self.overflow | Self.folderGone) != 0 { rewatch = true }
                    offset += 16 + Int(nameLength)
                }
            }
        }
        guard rewatch else { return change }
        close(descriptor)
        descriptor = Self.watch(roots, maximumFolders: maximumFolders) ?? -1
        return descriptor >= 0 ? .changed : .unwatchable
        #else
        return .unwatchable
        #endif
    }

    #if os(Linux)
    private static let isFolder = UInt32(IN_ISDIR)
    private static let watchRemoved = UInt32(IN_IGNORED)
    private static let overflow = UInt32(IN_Q_OVERFLOW)
    private static let folderGone = UInt32(IN_MOVE_SELF | IN_DELETE_SELF)
    /// A folder, never a link to one; the mask added to what a folder has already (an ancestor of
    /// one root can be in the tree of another).
    private static let watchFlags = UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW) | UInt32(IN_MASK_ADD)
    /// Every change to a name or a file's content or mode in a watched folder.
    private static let events = UInt32(
        IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_DELETE_SELF
            | IN_MOVE_SELF)

    /// A new inotify descriptor watching every folder below `roots`, or nil.
    private static func watch(_ roots: [String], maximumFolders: Int) -> Int32? {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        var left = maximumFolders
        var seen: Set<FolderIdentity> = []
        for root in roots {
            guard let device = FileStatus.stat(root)?.device, reportsChanges(root),
                watchTree(root, device: device, into: descriptor, folders: &left, seen: &seen),
                watchAncestors(of: root, into: descriptor)
            else {
                close(descriptor)
                return nil
            }
        }
        return descriptor
    }

    /// Watches the folders above `root` for being renamed or removed: a parent folder swapped for
    /// another (`mv site site.old && mv site.new site`) changes every file below it without an
    /// event in the folders themselves.
    private static func watchAncestors(of root: String, into descriptor: Int32) -> Bool {
        var folder = root
        while let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")), folder != "/" {
            folder = slash == folder.utf8.startIndex ? "/" : String(folder[..<slash])
            guard inotify_add_watch(descriptor, folder, folderGone | watchFlags) >= 0 else { return false }
        }
        return true
    }

    private struct FolderIdentity: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// Watches `folder` and the folders below it, `left` more at most; false when one cannot be
    /// watched or may have changes that go unreported.
    private static func watchTree(
        _ folder: String, device: UInt64, into descriptor: Int32, folders left: inout Int, seen: inout Set<FolderIdentity>
    ) -> Bool {
        guard let status = FileStatus.lstat(folder), status.kind == .directory else { return false }
        guard seen.insert(FolderIdentity(device: status.device, inode: status.inode)).inserted else { return true }
        guard left > 0 else { return false }
        left -= 1
        // A mount below the root may be another kind of file system.
        if status.device != device, !reportsChanges(folder) { return false }
        guard inotify_add_watch(descriptor, folder, events | watchFlags) >= 0 else {
            return false
        }
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        var subfolders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            // Dot-names are never served, nor anything below them; `.` and `..` among them.
            guard !name.hasPrefix(".") else { continue }
            let type = entry.pointee.d_type
            let path = folder == "/" ? "/" + name : folder + "/" + name
            if type == UInt8(DT_DIR) || (type == UInt8(DT_UNKNOWN) && FileStatus.lstat(path)?.kind == .directory) {
                subfolders.append(path)
            }
        }
        for subfolder in subfolders {
            guard watchTree(subfolder, device: status.device, into: descriptor, folders: &left, seen: &seen) else {
                return false
            }
        }
        return true
    }

    /// Whether the file system holding `folder` is local and reports every change through
    /// inotify: ext2/3/4, XFS, Btrfs, tmpfs, ramfs, overlayfs (containers), F2FS and ZFS.
    static func reportsChanges(_ folder: String) -> Bool {
        let type = beagle_file_system_type(folder)
        guard type >= 0 else { return false }
        let local: Set<Int> = [
            0xEF53, 0x5846_5342, 0x9123_683E, 0x0102_1994, 0x8584_58F6, 0x794C_7630, 0xF2F5_2010, 0x2FC1_2FC1,
        ]
        return local.contains(type)
    }
    #endif
}
