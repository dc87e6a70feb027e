import BeagleMock
import Foundation

/// The mock server of the running test: its address, and the admin API's journal, settings and
/// reset, called in process.
///
/// The `Trait.beagleMock(_:scope:seed:latency:faults:configFile:imagesDirectory:filePath:)`
/// trait sets ``current`` for the test (or the suite) it is on; an XCTest case gets one from
/// `startBeagleMock(_:seed:latency:faults:configFile:imagesDirectory:filePath:)`.
///
/// ```swift
/// @Test(.beagleMock("Fixtures/screens"))
/// func homeIsServed() async throws {
///     let mock = try #require(MockServerContext.current)
///     let (_, response) = try await URLSession.shared.data(from: mock.url("/home"))
///     #expect((response as? HTTPURLResponse)?.statusCode == 200)
///     #expect(try mock.journal(path: "/home").count == 1)
/// }
/// ```
public struct MockServerContext: Sendable {
    /// The server of the current test or suite; nil outside a test or suite with the trait.
    @TaskLocal public static var current: MockServerContext?

    /// The running server, for what the context does not wrap (`tlsBaseURL`, its configuration).
    public let server: RunningMockServer

    /// Wraps a running server.
    init(server: RunningMockServer) {
        self.server = server
    }

    /// `http://127.0.0.1:<port>`, without a trailing slash.
    public var baseURL: String { server.baseURL }

    /// The port the server listens on, picked by the system.
    public var port: Int { server.port }

    /// The URL of `path` (with its query, if any) on the server, like `url("/home?__fault=status:503")`.
    ///
    /// `path` is a path as a test writes it; one that no URL can hold is a mistake in the test,
    /// which stops it.
    public func url(_ path: String) -> URL {
        let text = baseURL + (path.hasPrefix("/") ? "" : "/") + path
        guard let url = URL(string: text) else { preconditionFailure("\(text) is not a URL") }
        return url
    }

    /// The request journal, newest first, as `GET /__admin/requests?path=&limit=` gives it.
    ///
    /// An entry is written once its request has been read (method, path, headers, body, the fault
    /// and latency drawn); its `status`, `outcome` and `durationMs` are nil until the exchange ends.
    /// - Parameters:
    ///   - path: a route pattern (`/home`, `/checkout/**`) the entries' paths must match.
    ///   - limit: at most this many entries (at least 1).
    /// - Throws: ``MockAdminError`` naming `path` or `limit` when the admin API would answer 400.
    public func journal(path: String? = nil, limit: Int? = nil) throws(MockAdminError) -> [MockJournalEntry] {
        let page: JournalPage
        do {
            page = try server.server.operations.requests(limit: limit, filter: JournalFilter(path: path))
        } catch {
            throw MockAdminError(field: error.field, message: error.message)
        }
        return page.requests.map(MockJournalEntry.init)
    }

    /// The journal as a HAR 1.2 archive, oldest first, as `GET /__admin/har` gives it
    /// (Docs/Sessions.md): request and response headers and bodies, timings with the injected
    /// latency apart, and what the mock did to each request in `_mock`. Attach it to a failing
    /// test's report, or keep it as fixtures (`beagle-mock import`).
    /// - Parameters:
    ///   - path: a route pattern (`/home`, `/checkout/**`) the entries' paths must match.
    ///   - method: only requests of this method (`POST`).
    ///   - status: only requests answered with this status.
    ///   - platform: only requests that announced this platform in `beagle-platform` (`IOS`).
    ///   - limit: at most this many entries, the newest (at least 1); all when nil.
    /// - Returns: the archive's JSON.
    /// - Throws: ``MockAdminError`` naming the argument the admin API would answer 400 for.
    public func har(
        path: String? = nil, method: String? = nil, status: Int? = nil, platform: String? = nil, limit: Int? = nil
    ) throws(MockAdminError) -> Data {
        do {
            let filter = try JournalFilter(path: path, method: method, status: status, platform: platform)
            return try server.server.operations.har(limit: limit, filter: filter).data()
        } catch {
            throw MockAdminError(field: error.field, message: error.message)
        }
    }

    /// Empties the journal (`DELETE /__admin/requests`); returns how many entries it held.
    @discardableResult
    public func clearJournal() -> Int {
        server.server.operations.clearRequests()
    }

    /// The runtime overrides in force (`GET /__admin/settings`). The trait's options are the
    /// server's flags, a layer below: they are in force without showing here.
    public var settings: MockRuntimeSettings {
        // The server's own encoding of its settings, which always decodes.
        (try? JSONDecoder().decode(MockRuntimeSettings.self, from: server.server.operations.runtimeSettings.jsonData()))
            ?? .init()
    }

    /// Changes the runtime overrides (`PUT /__admin/settings`, all or nothing): `change` edits the
    /// settings in force, and the server validates the result as the admin API does.
    ///
    /// ```swift
    /// try mock.updateSettings { $0.latency = "300ms"; $0.faults = ["status:503@0.5"]; $0.seed = 7 }
    /// ```
    /// - Throws: ``MockAdminError`` naming the field, like `faults[0]`; nothing changes then.
    public func updateSettings(_ change: (inout MockRuntimeSettings) -> Void) throws(MockAdminError) {
        var settings = self.settings
        change(&settings)
        let json: Data
        do {
            json = try JSONEncoder().encode(settings)
        } catch {
            throw MockAdminError(field: nil, message: "\(error)")
        }
        do {
            try server.server.operations.replaceRuntimeSettings(json: json)
        } catch {
            throw MockAdminError(field: error.field, message: error.message)
        }
    }

    /// `POST /__admin/reset`: empties the journal, clears the runtime overrides and the sequence
    /// counters, and puts every scenario back in its start state; returns how many journal entries
    /// were cleared.
    @discardableResult
    public func reset() -> Int {
        server.server.operations.reset().journalCleared
    }

    /// Starts the config file's network timeline `name` for the whole server (`PUT
    /// /__admin/timeline`, Docs/Timelines.md), replacing the one that runs; it runs until
    /// ``stopTimeline()``, its own end or time to live, or the server's stop.
    ///
    /// With a server shared by tests that run in parallel, give each its own story instead: a
    /// timeline `per: client`, and each test's requests carrying `X-Mock-Client` with a name of
    /// its own (or `X-Mock-Timeline` to start one for that client alone).
    /// - Throws: ``MockAdminError`` when the config file has no timeline `name`.
    public func startTimeline(_ name: String) throws(MockAdminError) {
        do {
            try server.server.operations.startTimeline(named: name)
        } catch {
            throw MockAdminError(field: error.field, message: error.message)
        }
    }

    /// Stops every network timeline (`DELETE /__admin/timeline`): the base settings apply again.
    public func stopTimeline() {
        server.server.operations.stopTimeline()
    }
}
