import BeagleScreens
import HTTPTypes
import MockTestSupport
import Synchronization
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// A file replaced while a request is resolved never gets a 405 whose `Allow` names the very
/// method asked for (Docs/ScreensFolder.md, "Live edits and config reload"). The store's
/// lookup is replayed by a script rather than raced, so that each test sees one interleaving
/// every time.
@Suite struct ReplacedFileTests {
    /// What the scripted lookup answers on its n-th call for the method under test.
    enum Script: Sendable {
        /// Missing on the first call only: the file appeared between the first lookup and the
        /// one for `Allow`.
        case appears
        /// Found on the second call only: it appeared for `Allow`, then went again.
        case flickers
    }

    /// A store over `folder` whose lookups for `method` (nil for GET) follow `script`; other
    /// methods' lookups find nothing.
    func store(_ folder: TemporaryScreens, method: String?, script: Script) throws -> ScreenStore {
        let screens = try #require(ContainedRoot(directory: folder.screens))
        let served = ServedFiles(screens: screens, images: nil, configPath: nil)
        let calls = Mutex(0)
        return ScreenStore(screens: screens, images: nil, configPath: nil) { route, platform, asked in
            guard asked == method else { return nil }
            let call = calls.withLock { count in
                count += 1
                return count
            }
            let present =
                switch script {
                case .appears: call >= 2
                case .flickers: call == 2
                }
            let binding = RouteBinding.exact(route)
            guard present, let (candidate, file) = served.firstFile(binding: binding, platform: platform, method: asked) else {
                return nil
            }
            return (candidate, file, binding)
        }
    }

    @Test(arguments: [HTTPRequest.Method.get, .head])
    func aFileThatAppearsIsServed(method: HTTPRequest.Method) async throws {
        let folder = try TemporaryScreens(["screens/home.json": #"{"home":true}"#])
        defer { folder.remove() }
        let store = try store(folder, method: nil, script: .appears)
        let answer = await store.resolve(try RequestPath(target: "/home"), method: method, platform: nil, templates: true)
        guard case .file(let file) = answer else {
            Issue.record("expected home.json, got \(answer)")
            return
        }
        #expect(file.relativePath == "home.json")
    }

    @Test(arguments: [HTTPRequest.Method.get, .head])
    func aFileThatFlickersIsNotFound(method: HTTPRequest.Method) async throws {
        let folder = try TemporaryScreens(["screens/home.json": #"{"home":true}"#])
        defer { folder.remove() }
        let store = try store(folder, method: nil, script: .flickers)
        let answer = await store.resolve(try RequestPath(target: "/home"), method: method, platform: nil, templates: true)
        guard case .notFound = answer else {
            Issue.record("expected 404, got \(answer)")
            return
        }
    }

    @Test func aMethodFileThatFlickersIsNotFoundEither() async throws {
        let folder = try TemporaryScreens(["screens/cart.post.json": #"{"ok":true}"#])
        defer { folder.remove() }
        let store = try store(folder, method: "POST", script: .flickers)
        let answer = await store.resolve(try RequestPath(target: "/cart"), method: .post, platform: nil, templates: true)
        guard case .notFound = answer else {
            Issue.record("expected 404, got \(answer)")
            return
        }
    }

    /// The retry is only for a contradiction: a route that other methods answer still gets 405.
    @Test func anotherMethodStillGets405() async throws {
        let folder = try TemporaryScreens(["screens/cart.post.json": #"{"ok":true}"#])
        defer { folder.remove() }
        let screens = try #require(ContainedRoot(directory: folder.screens))
        let store = ScreenStore(screens: screens, images: nil, configPath: nil)
        let answer = await store.resolve(try RequestPath(target: "/cart"), method: .get, platform: nil, templates: true)
        guard case .methodNotAllowed(let allowed) = answer else {
            Issue.record("expected 405, got \(answer)")
            return
        }
        #expect(allowed == [.post])
    }
}
