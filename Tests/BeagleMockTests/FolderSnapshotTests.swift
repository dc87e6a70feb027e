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

/// `FolderSnapshot.fresh()`, the listing behind the admin's route list, is the folder as it is
/// now, whether it keeps its listing while the folders are watched or lists them every time.
@Suite struct FolderSnapshotTests {
    /// A snapshot of `folder`'s screens and images, its config file at `config`, and the lookups
    /// whose watch it follows (watching from the first ask, or never).
    func snapshot(_ folder: TemporaryScreens, config: String? = nil, watched: Bool) throws -> FolderSnapshot {
        let screens = try #require(ContainedRoot(directory: folder.screens))
        let images = try #require(ContainedRoot(directory: folder.images))
        let served = ServedFiles(screens: screens, images: images, configPath: config.flatMap(ContainedRoot.realPath))
        let lookups = FolderLookups(roots: [screens.path, images.path], watchingAfter: watched ? 0 : Int.max)
        return FolderSnapshot(served: served, changes: lookups)
    }

    func listed(_ snapshot: FolderSnapshot) throws -> [String] {
        let folder = try #require(snapshot.fresh())
        return folder.files.map(\.relativePath) + folder.images.map { "images/" + $0.relativePath }
    }

    @Test(arguments: [true, false])
    func newRemovedAndRenamedFilesShowAtOnce(watched: Bool) throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}", "images/logo.png": "png"])
        defer { folder.remove() }
        let snapshot = try snapshot(folder, watched: watched)
        #expect(try listed(snapshot) == ["home.json", "images/logo.png"])
        #expect(try listed(snapshot) == ["home.json", "images/logo.png"], "asked again, unchanged")
        try folder.write("screens/shop/cart.json", "{}")
        #expect(try listed(snapshot) == ["home.json", "shop/cart.json", "images/logo.png"])
        #expect(rename(folder.screens + "/home.json", folder.screens + "/start.json") == 0)
        #expect(try listed(snapshot) == ["shop/cart.json", "start.json", "images/logo.png"])
        #expect(unlink(folder.images + "/logo.png") == 0)
        #expect(try listed(snapshot) == ["shop/cart.json", "start.json"])
        try folder.write("screens/shop/deep/item.json", "{}")
        #expect(try listed(snapshot) == ["shop/cart.json", "shop/deep/item.json", "start.json"])
    }

    /// A file that becomes the config file through a hard link made outside the folders raises no
    /// event in them: the snapshot sees it in the file's link count, and drops the file.
    @Test(arguments: [true, false])
    func aFileLinkedAsTheConfigFromOutsideIsDropped(watched: Bool) throws {
        let folder = try TemporaryScreens([
            "screens/home.json": "{}", "screens/secret.json": "{}", "outside/beagle-mock.yml": "port: 8080\n",
        ])
        defer { folder.remove() }
        let config = folder.root + "/outside/beagle-mock.yml"
        let snapshot = try snapshot(folder, config: config, watched: watched)
        #expect(try listed(snapshot) == ["home.json", "secret.json"])
        #expect(unlink(config) == 0)
        #expect(link(folder.screens + "/secret.json", config) == 0)
        #expect(try listed(snapshot) == ["home.json"])
    }

    /// A file reached through a symlink is listed, and its listing is taken again each time: the
    /// link's target may change where nothing is watched.
    @Test(arguments: [true, false])
    func aListingWithASymlinkFollowsItsTarget(watched: Bool) throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}", "screens/real/target.json": "{}"])
        defer { folder.remove() }
        #expect(symlink(folder.screens + "/real/target.json", folder.screens + "/linked.json") == 0)
        let snapshot = try snapshot(folder, watched: watched)
        #expect(try listed(snapshot) == ["home.json", "linked.json", "real/target.json"])
        #expect(unlink(folder.screens + "/real/target.json") == 0)
        #expect(try listed(snapshot) == ["home.json"], "a dangling link is not a route")
    }
}
