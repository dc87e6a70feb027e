import BeagleMockHTTP
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
/// an edit finds the edit's event here: ``drain()`` asks without waiting, with one `epoll_wait`
/// over the inotify descriptor and `/proc/self/mountinfo` (a mount or an unmount raises no inotify
/// event, yet changes what a path opens; any mount in the process's namespace counts, wherever it
/// is). Every folder above each root is watched for being
/// renamed or removed, from `/` down, then every folder below the root, dot-named ones aside
/// (nothing in them is served): a folder swapped while the watch is made is either seen swapped
/// or watched as the new one. A new folder is watched from the next ``drain()`` on, which makes
/// the watch afresh (under the caller's lock: a tree of thousands of folders holds up lookups while
/// it is walked, once a change of folders). A file kept between requests is also watched on its
/// own inode (``watchFile(_:)``): a write or a new hard link through a name outside the folders
/// raises no event in them, but does there. A file's watch stays until the file goes or the watch
/// is made afresh, which it is, at the next ``drain()``, once `maximumFiles` files are watched.
///
/// Not made (nil) where events could be missed or the kernel refuses: on systems other than Linux,
/// when a folder is on a file system other than the local ones listed in ``reportsChanges(_:)``
/// (a network share, a FUSE mount such as Docker Desktop's), past a number of folders (4,096 by
/// default), when a folder above a root cannot be read, or when the user's inotify limits are
/// reached. Not thread-safe: ``FolderLookups`` holds it under its lock.
final class FolderWatch {
    private let roots: [String]
    /// The most folders watched: a larger tree is looked up on every request instead.
    private let maximumFolders: Int
    /// The most files watched (``watchFile(_:)``) before the watch is made afresh, which drops
    /// theirs: each takes one of the user's inotify watches, which other programs share.
    private let maximumFiles: Int
    #if os(Linux)
    private var descriptors: Descriptors?
    /// The watches of files' inodes (``watchFile(_:)``): their removal, when a file goes, is a
    /// change of files, not of folders.
    private var files: Set<Int32> = []
    #endif

    /// Watches every folder below `roots` (real paths), or nil when changes there could go
    /// unreported or there are more than `maximumFolders`.
    init?(roots: [String], maximumFolders: Int = 4096, maximumFiles: Int = 2048) {
        #if os(Linux)
        guard let descriptors = Descriptors(watching: roots, maximumFolders: maximumFolders) else { return nil }
        self.roots = roots
        self.maximumFolders = maximumFolders
        self.maximumFiles = maximumFiles
        self.descriptors = descriptors
        #else
        return nil
        #endif
    }

    deinit {
        #if os(Linux)
        descriptors?.close()
        #endif
    }

    /// What the queued events say.
    enum Change: Equatable {
        /// Nothing changed since the last drain.
        case none
        /// Something changed; the folders are still watched.
        case changed
        /// Something changed, and the folders can no longer be watched (a root went, or the
        /// limits were reached when watching them afresh): look up every time, until a new watch
        /// can be made (``FolderLookups`` tries again later).
        case unwatchable
    }

    /// Reads every queued event without waiting.
    func drain() -> Change {
        #if os(Linux)
        guard let descriptors else { return .unwatchable }
        // Made afresh once full of files' watches, as after a change of folders (what is kept goes).
        let pending = files.count >= maximumFiles ? .folders : descriptors.pending(files: &files)
        switch pending {
        case .none:
            return .none
        case .files:
            return .changed
        case .folders:
            descriptors.close()
            files = []
            self.descriptors = Descriptors(watching: roots, maximumFolders: maximumFolders)
            return self.descriptors == nil ? .unwatchable : .changed
        }
        #else
        return .unwatchable
        #endif
    }

    /// Waits up to `milliseconds` for an event to drain; true when one is queued (or the wait
    /// failed, which ``drain()`` then reports).
    func wait(milliseconds: Int32) -> Bool {
        #if os(Linux)
        guard let descriptors else { return true }
        return beagle_change_set_wait(descriptors.poll, milliseconds) != 0
        #else
        return true
        #endif
    }

    /// Watches the inode of the open file `descriptor` for a change of its content, its mode or
    /// its links, whatever name makes it; false when it cannot be watched, or `maximumFiles` are.
    func watchFile(_ descriptor: Int32) -> Bool {
        #if os(Linux)
        guard let descriptors, files.count < maximumFiles else { return false }
        // The descriptor's link in /proc leads to the inode opened, not to a name.
        let watch = inotify_add_watch(descriptors.inotify, "/proc/self/fd/\(descriptor)", Self.fileEvents)
        guard watch >= 0 else { return false }
        files.insert(watch)
        return true
        #else
        return false
        #endif
    }

    /// How many files are watched (``watchFile(_:)``).
    var watchedFiles: Int {
        #if os(Linux)
        files.count
        #else
        0
        #endif
    }

    #if os(Linux)
    /// The inotify descriptor, the mount table's, and the epoll set that asks both at once.
    private struct Descriptors {
        let poll: Int32
        let inotify: Int32
        let mounts: Int32

        /// What the queued events touched.
        enum Pending {
            case none
            /// Files only: the watches still hold.
            case files
            /// A folder (made, moved, removed), a mount, lost events: the watch is to be made afresh.
            case folders
        }

        init?(watching roots: [String], maximumFolders: Int) {
            inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            mounts = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC)
            poll = inotify >= 0 && mounts >= 0 ? beagle_change_set_create(inotify, mounts) : -1
            guard poll >= 0, Self.watch(roots, into: inotify, maximumFolders: maximumFolders) else {
                close()
                return nil
            }
        }

        func close() {
            for descriptor in [poll, inotify, mounts] where descriptor >= 0 { closeDescriptor(descriptor) }
        }

        /// Reads what is queued, without waiting; `files` are the watches of files, and lose those
        /// the kernel removed.
        func pending(files: inout Set<Int32>) -> Pending {
            let ready = beagle_change_set_poll(poll, mounts)
            guard ready != 0 else { return .none }
            // A failed poll is taken as a change of everything: the watch is made afresh.
            guard ready > 0, ready & 2 == 0 else {
                _ = readEvents(files: &files)
                return .folders
            }
            return readEvents(files: &files) ? .folders : .files
        }

        /// Reads the inotify events; true when one says a folder changed or events were lost.
        private func readEvents(files: inout Set<Int32>) -> Bool {
            var folders = false
            // Aligned for inotify_event's 32-bit fields; room for the largest event (16 bytes and
            // a name of up to 256), and small enough to stay on the stack.
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { words in
                let bytes = UnsafeMutableRawBufferPointer(words)
                while true {
                    let count = read(inotify, bytes.baseAddress, bytes.count)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    var offset = 0
                    while offset + 16 <= count {
                        let watch = bytes.load(fromByteOffset: offset, as: Int32.self)
                        let mask = bytes.load(fromByteOffset: offset + 4, as: UInt32.self)
                        let nameLength = bytes.load(fromByteOffset: offset + 12, as: UInt32.self)
                        offset += 16 + Int(nameLength)
                        if files.contains(watch) {
                            // A kept file changed, or went (its watch dropped with it).
                            if mask & watchRemoved != 0 { files.remove(watch) }
                            continue
                        }
                        // A folder made, moved, removed; a watch dropped; events lost.
                        if mask & (isFolder | watchRemoved | overflow | folderGone) != 0 { folders = true }
                    }
                }
            }
            return folders
        }

        /// Watches the folders above each root, from `/` down, then every folder below it.
        private static func watch(_ roots: [String], into descriptor: Int32, maximumFolders: Int) -> Bool {
            var left = maximumFolders
            var seen: Set<FolderIdentity> = []
            for root in roots {
                guard watchAncestors(of: root, into: descriptor), let device = FileStatus.stat(root)?.device,
                    reportsChanges(root), watchTree(root, device: device, into: descriptor, folders: &left, seen: &seen)
                else { return false }
            }
            return true
        }
    }

    private static let isFolder = UInt32(IN_ISDIR)
    private static let watchRemoved = UInt32(IN_IGNORED)
    private static let overflow = UInt32(IN_Q_OVERFLOW)
    private static let folderGone = UInt32(IN_MOVE_SELF | IN_DELETE_SELF)
    /// A folder, never a link to one; the mask added to what a folder has already (an ancestor of
    /// one root can be in the tree of another).
    private static let watchFlags = UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW) | UInt32(IN_MASK_ADD)
    /// Every change to a file's content, mode or links, on its own inode; a close after writing
    /// too, for a writer that changed it through a memory mapping (which raises no other event).
    private static let fileEvents = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF)
    /// Every change to a name or a file's content or mode in a watched folder.
    private static let events = UInt32(
        IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_DELETE_SELF
            | IN_MOVE_SELF)

    /// Watches the folders above `root` for being renamed or removed, from `/` down: a parent
    /// folder swapped for another (`mv site site.old && mv site.new site`) changes every file below
    /// it without an event in the folders themselves.
    private static func watchAncestors(of root: String, into descriptor: Int32) -> Bool {
        var ancestors: [String] = []
        var folder = root
        while let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")), folder != "/" {
            folder = slash == folder.utf8.startIndex ? "/" : String(folder[..<slash])
            ancestors.append(folder)
        }
        return ancestors.reversed().allSatisfy { inotify_add_watch(descriptor, $0, folderGone | watchFlags) >= 0 }
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

/// `close`, where a type's own `close()` hides it.
private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}
