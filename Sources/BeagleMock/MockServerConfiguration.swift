// CommandLineSettings and TLSSettings, parts of this configuration, are BeagleMock's public API too.
@_exported import BeagleMockEngine
import BeagleMockHTTP
@_exported import BeagleMockTLS
import Logging
import NIOCore

/// Everything a `MockServer` is started with: where the screens are, where to listen, and how
/// to behave. The command line builds one from its flags; a Swift test builds one directly.
public struct MockServerConfiguration: Sendable {
    /// The screens folder (Docs/ScreensFolder.md).
    public var screensDirectory: String
    /// The folder served under `/images`; nil means a sibling `images/` folder when there is one.
    public var imagesDirectory: String?
    /// The address to listen on; `127.0.0.1` keeps the admin API private to this machine.
    public var host: String
    /// The port to listen on; 0 picks a free one (read it from the running server).
    public var port: Int
    /// The config file; nil means `beagle-mock.yml` in the screens folder when it exists.
    public var configFile: String?
    /// What the command line sets: latency, faults, bandwidth, seed, hang limit, journal size,
    /// echo and CORS. They beat the config file's globals and lose to route rules (Docs/Configuration.md).
    public var flags: CommandLineSettings
    /// The admin API's bearer token (`--admin-token`, `BEAGLE_MOCK_ADMIN_TOKEN`): needed, and only
    /// then used, when `host` is not a loopback address; without one the admin API is off there.
    public var adminToken: String?
    /// The largest request body read (POST to a method file); larger ones get 413.
    public var maxRequestBodySize: Int
    /// How long a request body may take to arrive in full, counted from the request's start (its
    /// head, or for a request pipelined behind others the answer before it); a body still
    /// incomplete then gets 408 and the connection is closed (Docs/Configuration.md).
    public var bodyTimeout: Duration
    /// How long a stop waits for requests in flight before cutting them.
    public var shutdownGracePeriod: Duration
    /// Where request lines and server events go; silent unless given one.
    public var logger: Logger
    /// HTTPS beside HTTP (`--tls-port` and its companions); the config file's `tls:` fills in
    /// what these leave unset.
    public var tls: TLSSettings?
    /// Hot reload (`--reload-port`, Docs/LivePreview.md): a WebSocket listener on this port whose
    /// clients get `reload` after a served file changes; nil for none (the config file's
    /// `reloadPort:` then decides), 0 for a free port.
    public var reloadPort: Int?
    /// Beagle's Live Preview (`--live-preview`, Docs/LivePreview.md): a WebSocket listener on this
    /// port whose clients get the screen on the devices; nil for none (the config file's
    /// `livePreview:` then decides), 0 for a free port.
    public var livePreviewPort: Int?
    /// The route pinned on the devices from the start (`--live-preview-route`); nil to show the
    /// screen saved last (the config file's `livePreviewRoute:` then decides).
    public var livePreviewRoute: String?
    /// The config file's network timeline to run from the start (`--timeline`, Docs/Timelines.md);
    /// nil for none.
    public var timeline: String?
    /// The event loop whose clock timelines run on; nil for one of the server's. A test gives a
    /// testing loop, to move the clock itself.
    package var timelineLoop: (any EventLoop)?
    /// How often the config file is checked for changes (Docs/Configuration.md, "Reload"); a test
    /// that reloads by hand makes it long, so that no check of its own races the test's.
    package var configPollInterval: Duration = .seconds(1)
    /// How long a connection may stay without a request before the server closes it (a test of
    /// that rule makes it short).
    package var idleTimeout: Duration = .seconds(75)
    /// How many lookups of files the server makes before it watches its folders and keeps what
    /// it finds (`FolderLookups`); a test of kept lookups makes it 0.
    package var lookupsBeforeWatching = 32

    /// A configuration serving `screensDirectory` on `host:port`, everything else by default.
    public init(
        screensDirectory: String,
        imagesDirectory: String? = nil,
        host: String = "127.0.0.1",
        port: Int = 8080,
        configFile: String? = nil,
        flags: CommandLineSettings = CommandLineSettings(),
        adminToken: String? = nil,
        maxRequestBodySize: Int = 4 << 20,
        bodyTimeout: Duration = .seconds(30),
        shutdownGracePeriod: Duration = .seconds(5),
        logger: Logger = Logger(label: "beagle-mock", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.screensDirectory = screensDirectory
        self.imagesDirectory = imagesDirectory
        self.host = host
        self.port = port
        self.configFile = configFile
        self.flags = flags
        self.adminToken = adminToken
        self.maxRequestBodySize = maxRequestBodySize
        self.bodyTimeout = bodyTimeout
        self.shutdownGracePeriod = shutdownGracePeriod
        self.logger = logger
    }
}
