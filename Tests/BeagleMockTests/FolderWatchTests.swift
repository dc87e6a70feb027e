import BeagleScreens
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The served folders watched with inotify (`FolderWatch`), and the lookups kept while they are
/// unchanged (`FolderLookups`). Linux only: elsewhere nothing is watched, and every request looks
/// up its file.
/// Serialized: a mount (`aMountIsAChange`) is a change for every watch in the process.
@Suite(.serialized, .enabled(if: Inotify.watchesHere, "inotify is Linux's; the temporary folder must be on a local file system"))
struct FolderWatchTests {
    func watch(_ folder: TemporaryScreens) throws -> FolderWatch {
        let root = try #require(ContainedRoot.realPath(folder.screens))
        return try #require(FolderWatch(roots: [root]))
    }

    @Test func nothingChangedDrainsNothing() throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}"])
        defer { folder.remove() }
        let watch = try watch(folder)
        #expect(watch.drain() == .none)
        let descriptor = open(folder.screens + "/home.json", O_RDONLY)
        #expect(descriptor >= 0)
        close(descriptor)
        #expect(watch.drain() == .none, "reading a file is no change")
    }

    @Test func writesRenamesNewAndRemovedFilesAreChanges() throws {
        let folder = try TemporaryScreens(["screens/home.json": #"{"v":1}"#])
        defer { folder.remove() }
        let watch = try watch(folder)
        try folder.write("screens/home.json", #"{"v":2}"#)
        #expect(watch.drain() == .changed)
        #expect(watch.drain() == .none)
        try folder.write("screens/.home.json.swp", #"{"v":3}"#)
        #expect(watch.drain() == .changed, "a new name, even a dot-name, in a watched folder")
        #expect(rename(folder.screens + "/.home.json.swp", folder.screens + "/home.json") == 0)
        #expect(watch.drain() == .changed)
        #expect(chmod(folder.screens + "/home.json", 0o600) == 0)
        #expect(watch.drain() == .changed)
        #expect(unlink(folder.screens + "/home.json") == 0)
        #expect(watch.drain() == .changed)
        #expect(watch.drain() == .none)
    }

    @Test func aNewFolderIsWatchedFromTheNextDrain() throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}"])
        defer { folder.remove() }
        let watch = try watch(folder)
        try folder.write("screens/shop/cart.json", "{}")
        #expect(watch.drain() == .changed)
        try folder.write("screens/shop/cart.json", #"{"items":[]}"#)
        #expect(watch.drain() == .changed, "a write in a folder made after the watch began")
        try folder.write("screens/shop/deep/er/item.json", "{}")
        #expect(watch.drain() == .changed)
        try folder.write("screens/shop/deep/er/item.json", #"{"id":1}"#)
        #expect(watch.drain() == .changed)
    }

    /// `mv site site.old && mv site.new site` above the root: every file below changes, with no
    /// event in the folders watched.
    @Test func aParentFolderSwappedIsAChange() throws {
        let folder = try TemporaryScreens(["site/screens/home.json": "old", "site.new/screens/home.json": "new"])
        defer { folder.remove() }
        let root = try #require(ContainedRoot.realPath(folder.root + "/site/screens"))
        let watch = try #require(FolderWatch(roots: [root]))
        #expect(rename(folder.root + "/site", folder.root + "/site.old") == 0)
        #expect(rename(folder.root + "/site.new", folder.root + "/site") == 0)
        #expect(watch.drain() == .changed)
        try folder.write("site/screens/home.json", "newer")
        #expect(watch.drain() == .changed, "the new folder is the one watched")
        try folder.write("site.old/screens/home.json", "older")
        #expect(watch.drain() == .none, "the old one is not")
    }

    #if os(Linux)
    /// A folder mounted over one served: no inotify event, but the mount table changed.
    @Test(.enabled(if: Inotify.bindMounts, "bind mounts need CAP_SYS_ADMIN"))
    func aMountIsAChange() throws {
        let folder = try TemporaryScreens(["screens/shop/cart.json": "old", "other/cart.json": "new"])
        defer { folder.remove() }
        let watch = try watch(folder)
        #expect(mount(folder.root + "/other", folder.screens + "/shop", nil, UInt(MS_BIND), nil) == 0)
        defer { umount(folder.screens + "/shop") }
        #expect(watch.drain() == .changed)
        #expect(watch.drain() == .none)
        #expect(umount(folder.screens + "/shop") == 0)
        #expect(watch.drain() == .changed)
    }
    #endif

    @Test func dotFoldersAreNotWatched() throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}", "screens/.git/HEAD": "ref"])
        defer { folder.remove() }
        let watch = try watch(folder)
        try folder.write("screens/.git/HEAD", "ref: main")
        #expect(watch.drain() == .none, "nothing below a dot-name is served")
    }

    @Test func tooManyFoldersAreNotWatched() throws {
        let folder = try TemporaryScreens(["screens/a/b/c/home.json": "{}"])
        defer { folder.remove() }
        let root = try #require(ContainedRoot.realPath(folder.screens))
        #expect(FolderWatch(roots: [root], maximumFolders: 4) != nil)
        #expect(FolderWatch(roots: [root], maximumFolders: 3) == nil)
    }

    @Test func aRemovedRootEndsTheWatch() throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}"])
        defer { folder.remove() }
        let watch = try watch(folder)
        #expect(unlink(folder.screens + "/home.json") == 0)
        #expect(rmdir(folder.screens) == 0)
        #expect(watch.drain() == .unwatchable)
    }

    @Test func onlyLocalFileSystemsAreWatched() throws {
        #expect(FolderWatch.reportsChanges("/proc") == false)
        #expect(FolderWatch(roots: ["/proc/self"]) == nil)
        #expect(FolderWatch(roots: ["/no/such/folder"]) == nil)
    }

    @Test func keptLookupsAreForgottenOnAnyChange() throws {
        let (folder, root, lookups) = try watched(["screens/home.json": #"{"v":1}"#], watchingAfter: 2)
        defer { folder.remove() }
        var opens = 0
        func lookUp() -> OpenedFile? {
            opens += 1
            return root.regularFile(at: "home.json")
        }
        for _ in 0..<2 { _ = lookups.image("home.json", lookUp: lookUp) }
        #expect(!lookups.keepsLookups, "not watched before its third lookup")
        #expect(opens == 2)
        let first = try #require(lookups.image("home.json", lookUp: lookUp))
        #expect(lookups.keepsLookups)
        let second = try #require(lookups.image("home.json", lookUp: lookUp))
        #expect(first === second)
        #expect(opens == 3)
        try folder.write("screens/home.json", #"{"v":2}"#)
        let third = try #require(lookups.image("home.json", lookUp: lookUp))
        #expect(third !== first)
        #expect(opens == 4)
        let fourth = try #require(lookups.image("home.json", lookUp: lookUp))
        #expect(fourth === third)
        #expect(opens == 4)
    }

    /// A lookup that began before a change and ends after a later request has kept the new file:
    /// its old file is not kept over the new one.
    @Test func aLookupOvertakenByAChangeIsNotKept() throws {
        let (folder, root, lookups) = try watched(["screens/home.json": "old"], watchingAfter: 0)
        defer { folder.remove() }
        _ = lookups.image("other.json") { nil }
        let slow = lookups.image("home.json") {
            let opened = root.regularFile(at: "home.json")
            try? folder.write("screens/.home.json.swp", "new")
            _ = rename(folder.screens + "/.home.json.swp", folder.screens + "/home.json")
            let overtaking = lookups.image("home.json") { root.regularFile(at: "home.json") }
            #expect(overtaking.map(Self.text) == "new")
            return opened
        }
        #expect(slow.map(Self.text) == "old")
        let after = try #require(lookups.image("home.json") { root.regularFile(at: "home.json") })
        #expect(Self.text(of: after) == "new")
    }

    static func text(of file: OpenedFile) -> String {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { file.read(into: $0, at: 0) }
        return String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)
    }

    /// A lookup that began before the watch existed: a change then raised no event.
    @Test func aLookupFromBeforeTheWatchIsNotKept() throws {
        let (folder, root, lookups) = try watched(["screens/home.json": "old"], watchingAfter: 1)
        defer { folder.remove() }
        let early = lookups.image("home.json") {
            let opened = root.regularFile(at: "home.json")
            try? folder.write("screens/.home.json.swp", "new")
            _ = rename(folder.screens + "/.home.json.swp", folder.screens + "/home.json")
            _ = lookups.image("other.json") { nil }
            #expect(lookups.keepsLookups, "watched from the second lookup")
            return opened
        }
        #expect(early.map(Self.text) == "old")
        let after = try #require(lookups.image("home.json") { root.regularFile(at: "home.json") })
        #expect(Self.text(of: after) == "new")
    }

    /// A folder holding `files`, its screens folder, and lookups over it watched from their
    /// lookup number `lookups` + 1.
    func watched(_ files: [String: String], watchingAfter lookups: Int) throws -> (TemporaryScreens, ContainedRoot, FolderLookups)
    {
        let folder = try TemporaryScreens(files)
        guard let root = ContainedRoot(directory: folder.screens) else {
            folder.remove()
            throw FolderMissing()
        }
        return (folder, root, FolderLookups(roots: [root.path], watchingAfter: lookups))
    }

    struct FolderMissing: Error {}

    /// Counts the opens of `relative` through `lookups`, `times` over.
    func opens(_ relative: String, in root: ContainedRoot, through lookups: FolderLookups, times: Int) -> Int {
        var opens = 0
        for _ in 0..<times {
            _ = lookups.image(relative) {
                opens += 1
                return root.regularFile(at: relative)
            }
        }
        return opens
    }

    @Test func aFileReachedThroughASymlinkIsLookedUpEveryTime() throws {
        let folder = try TemporaryScreens(["screens/real/a.json": "a"])
        defer { folder.remove() }
        #expect(symlink("real/a.json", folder.screens + "/x.json") == 0)
        let root = try #require(ContainedRoot(directory: folder.screens))
        let lookups = FolderLookups(roots: [root.path], watchingAfter: 0)
        #expect(opens("x.json", in: root, through: lookups, times: 3) == 3, "a link retargeted where nothing is watched")
        #expect(opens("real/a.json", in: root, through: lookups, times: 3) == 1)
    }

    @Test func aHardLinkMadeAfterKeepingEndsIt() throws {
        let (folder, root, lookups) = try watched(["screens/home.json": "{}"], watchingAfter: 0)
        defer { folder.remove() }
        #expect(opens("home.json", in: root, through: lookups, times: 2) == 1)
        // Made outside the folders: no event reaches them.
        #expect(link(folder.screens + "/home.json", folder.root + "/elsewhere.json") == 0)
        #expect(lookups.keepsLookups)
        #expect(opens("home.json", in: root, through: lookups, times: 2) == 2)
    }

    /// What only the watch on a kept file's inode sees: a write through a descriptor whose name
    /// was outside the folders (the name is gone, so the file has one link when it is kept).
    @Test func aWriteThroughADescriptorOpenedOutsideEndsIt() throws {
        let (folder, root, lookups) = try watched(["screens/home.json": "{}"], watchingAfter: 0)
        defer { folder.remove() }
        #expect(link(folder.screens + "/home.json", folder.root + "/elsewhere.json") == 0)
        let writer = open(folder.root + "/elsewhere.json", O_WRONLY)
        #expect(writer >= 0)
        defer { close(writer) }
        #expect(unlink(folder.root + "/elsewhere.json") == 0)
        #expect(opens("home.json", in: root, through: lookups, times: 2) == 1)
        #expect(pwrite(writer, "[]", 2, 0) == 2)
        #expect(opens("home.json", in: root, through: lookups, times: 2) == 1, "looked up again, then kept")
    }

    /// A kept file's own events (here its rename) are changes of files: the watch is not made
    /// afresh, so the file's watch still reports what follows.
    @Test func aWatchedFilesEventsKeepTheWatch() throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}"])
        defer { folder.remove() }
        let watch = try watch(folder)
        let descriptor = open(folder.screens + "/home.json", O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(watch.watchFile(descriptor))
        #expect(rename(folder.screens + "/home.json", folder.screens + "/start.json") == 0)
        #expect(watch.drain() == .changed)
        #expect(watch.watchedFiles == 1)
        #expect(link(folder.screens + "/start.json", folder.root + "/elsewhere.json") == 0)
        #expect(watch.drain() == .changed, "a new link, seen on the inode only")
    }

    @Test func filesWatchedAreBounded() throws {
        let folder = try TemporaryScreens(["screens/a.json": "{}", "screens/b.json": "{}", "screens/c.json": "{}"])
        defer { folder.remove() }
        let root = try #require(ContainedRoot.realPath(folder.screens))
        let watch = try #require(FolderWatch(roots: [root], maximumFiles: 2))
        let descriptors = ["a", "b", "c"].map { open(folder.screens + "/\($0).json", O_RDONLY) }
        defer { descriptors.forEach { close($0) } }
        #expect(descriptors.map(watch.watchFile) == [true, true, false])
        #expect(watch.drain() == .changed, "made afresh, without the files' watches")
        #expect(watch.watchedFiles == 0)
        #expect(watch.watchFile(descriptors[2]))
    }

    @Test func routesThroughNameEntriesAreLookedUpEveryTime() throws {
        let folder = try TemporaryScreens(["screens/items/[id].json": "{}", "screens/home.json": "{}"])
        defer { folder.remove() }
        let screens = try #require(ContainedRoot(directory: folder.screens))
        let served = ServedFiles(screens: screens, images: nil, configPath: nil)
        let lookups = FolderLookups(roots: [screens.path], watchingAfter: 0)
        var opens = 0
        for (route, binding) in [
            ("items/42", RouteBinding.exact("items/[id]")), ("items/42", RouteBinding.exact("items/[id]")),
            ("home", RouteBinding.exact("home")), ("home", RouteBinding.exact("home")),
        ] {
            let found = lookups.route(FolderLookups.RouteKey(route: route, platform: nil, method: nil)) {
                opens += 1
                return served.firstFile(binding: binding, platform: nil, method: nil).map { ($0.0, $0.1, binding) }
            }
            #expect(found != nil)
        }
        #expect(opens == 3, "items/42 each time (bound through [id]), home once")
    }

    @Test func watchingIsTriedAgainAfterItFails() throws {
        let (folder, _, lookups) = try watched(["screens/home.json": "{}"], watchingAfter: 0)
        defer { folder.remove() }
        _ = lookups.image("home.json") { nil }
        #expect(lookups.keepsLookups)
        folder.remove()
        _ = lookups.image("home.json") { nil }
        #expect(!lookups.keepsLookups, "the root went")
        try folder.write("screens/home.json", "{}")
        var lookupsMade = 0
        while !lookups.keepsLookups, lookupsMade < 100 {
            _ = lookups.image("home.json") { nil }
            lookupsMade += 1
        }
        #expect(lookups.keepsLookups)
        #expect(lookupsMade == 3, "after twice the first wait (at least one lookup), then the attempt")
    }

    @Test func aFileWithOtherHardLinksIsLookedUpEveryTime() throws {
        let (folder, root, lookups) = try watched(["screens/home.json": "{}"], watchingAfter: 0)
        defer { folder.remove() }
        #expect(link(folder.screens + "/home.json", folder.root + "/elsewhere.json") == 0)
        var opens = 0
        for _ in 0..<3 {
            _ = lookups.image("home.json") {
                opens += 1
                return root.regularFile(at: "home.json")
            }
        }
        #expect(opens == 3, "a write through the other name raises no event in the folder")
    }
}

private enum Inotify {
    /// Whether this process may bind-mount a folder (root with CAP_SYS_ADMIN, not in most
    /// containers).
    static let bindMounts: Bool = {
        #if os(Linux)
        guard let folder = try? TemporaryScreens() else { return false }
        defer { folder.remove() }
        guard mount(folder.images, folder.screens, nil, UInt(MS_BIND), nil) == 0 else { return false }
        umount(folder.screens)
        return true
        #else
        return false
        #endif
    }()

    /// Whether a temporary folder can be watched here.
    static let watchesHere: Bool = {
        #if os(Linux)
        guard let folder = try? TemporaryScreens() else { return false }
        defer { folder.remove() }
        return ContainedRoot.realPath(folder.screens).flatMap { FolderWatch(roots: [$0]) } != nil
        #else
        return false
        #endif
    }()
}
