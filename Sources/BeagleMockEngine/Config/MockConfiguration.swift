import BeagleMockHTTP
import BeagleMockTLS

/// What a `beagle-mock.yml` says (Docs/Configuration.md), validated. Unset keys are nil so that the layers
/// above and below can be told apart from an explicit value.
package struct MockConfiguration: Sendable, Hashable {
    /// The global latency, bandwidth, dribble, faults and sequence (never `response`, which is per route).
    package var globals: SettingsLayer
    /// `seed:`, the seed for fault draws.
    package var seed: UInt64?
    /// `echo:`, header echo.
    package var echo: EchoSetting?
    /// `cors:`, whether CORS headers and preflight answers are on.
    package var cors: Bool?
    /// `beagleCache:`, Beagle 1.x's cache protocol.
    package var beagleCache: BeagleCacheSettings?
    /// `hangMax:`, when a `hang` fault gives up and closes the connection.
    package var hangMax: Duration?
    /// `journalSize:`, how many requests the journal keeps.
    package var journalSize: Int?
    /// `routes:`, in file order; the first that matches a request applies.
    package var routes: [RouteRule]
    /// `templates:`, whether screen files with `{{` are rendered per request (Docs/Templates.md).
    package var templates: Bool?
    /// `templateLimits:`, the most one rendering may do (Docs/Templates.md, "Limits").
    package var templateLimits: TemplateLimits?
    /// `upstream:`, the real BFF behind the mock (Docs/Proxy.md).
    package var upstream: UpstreamFileSettings?
    /// `record:`, whether proxied successes are saved in the folders.
    package var record: RecordMode?
    /// `recordMaxSize:`, the largest body `record` saves.
    package var recordMaxSize: ByteSize?
    /// `recordLatency:`, whether `record` keeps the upstream's latency as route rules.
    package var recordLatency: Bool?
    /// `tls:`: HTTPS beside HTTP, read when the server starts.
    package var tls: TLSSettings?
    /// `reloadPort:`: the port of the hot-reload WebSocket (Docs/LivePreview.md), read when the
    /// server starts.
    package var reloadPort: Int?
    /// `livePreview:`: the port of Beagle's Live Preview WebSocket (Docs/LivePreview.md), read
    /// when the server starts.
    package var livePreview: Int?
    /// `livePreviewRoute:`: the route pinned on the devices from the start.
    package var livePreviewRoute: String?
    /// `timeline:`: named network timelines (Docs/Timelines.md), in file order.
    package var timelines: [Timeline] = []

    /// The timeline named `name`, if the file has one.
    package func timeline(named name: String) -> Timeline? {
        timelines.first { $0.name == name }
    }

    /// Why `name` names no timeline of the file, and which it has.
    package func unknownTimeline(_ name: String) -> String {
        timelines.isEmpty
            ? "no timeline named \(name): the config file has none (timeline: in beagle-mock.yml)"
            : "no timeline named \(name); the config file has \(timelines.map(\.name).joined(separator: ", "))"
    }

    /// Creates a configuration; every argument defaults to "not set".
    package init(
        globals: SettingsLayer = .empty,
        seed: UInt64? = nil,
        echo: EchoSetting? = nil,
        cors: Bool? = nil,
        beagleCache: BeagleCacheSettings? = nil,
        hangMax: Duration? = nil,
        journalSize: Int? = nil,
        routes: [RouteRule] = [],
        templates: Bool? = nil,
        templateLimits: TemplateLimits? = nil,
        upstream: UpstreamFileSettings? = nil,
        record: RecordMode? = nil,
        recordMaxSize: ByteSize? = nil,
        tls: TLSSettings? = nil
    ) {
        self.globals = globals
        self.seed = seed
        self.echo = echo
        self.cors = cors
        self.beagleCache = beagleCache
        self.hangMax = hangMax
        self.journalSize = journalSize
        self.routes = routes
        self.templates = templates
        self.templateLimits = templateLimits
        self.upstream = upstream
        self.record = record
        self.recordMaxSize = recordMaxSize
        self.tls = tls
    }

    /// The file's layer of settings: the globals and the server-wide keys (route rules apart).
    var layer: SettingsLayer {
        var layer = globals
        layer.seed = seed
        layer.echo = echo
        layer.cors = cors
        layer.hangMax = hangMax
        layer.journalSize = journalSize
        layer.beagleCache = beagleCache
        return layer
    }

    /// The configuration of an empty or absent file.
    package static let empty = MockConfiguration()

    /// The default `hangMax` (Docs/LatencyAndFaults.md, "Faults").
    package static let defaultHangMax: Duration = .seconds(5 * 60)
    /// The default journal size (Docs/AdminAPI.md, "The request journal").
    package static let defaultJournalSize = 1_000
}
