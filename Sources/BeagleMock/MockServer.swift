import BeagleMockDoors
import BeagleMockEngine
import BeagleMockHTTP
import BeagleMockTLS
import BeagleScreens
import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization
import UnixSignals

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The mock BFF as a library: serves a screens folder over HTTP on the configured address.
///
/// The command line runs one with `run()` until SIGINT or SIGTERM; a Swift test starts one on
/// port 0 with `MockServer.start(_:)`, reads its port and stops it:
///
/// ```swift
/// let server = try await MockServer.start(.init(screensDirectory: folder, port: 0))
/// let url = "http://127.0.0.1:\(server.port)/home"
/// try await server.stop()
/// ```
public final class MockServer: Sendable {
    /// The configuration the server was built from.
    public let configuration: MockServerConfiguration
    /// The screens folder's real path.
    package let screensPath: String
    /// The images folder's real path, when there is one.
    package let imagesPath: String?
    /// The config file in force, when there is one.
    package let configPath: String?

    /// Every layer of settings but the request's own, and the sequence counters.
    package let settings: SettingsStore
    /// Who may use the admin API beyond `/__admin/health`: open on loopback, else the token.
    package var adminAccess: AdminAccess { adminGate.access }

    let store: ScreenStore
    /// The requests read, newest kept, for `GET /__admin/requests`.
    let journal: RequestJournal
    /// What `GET /__admin/metrics` tells.
    let metrics: ServerMetrics
    private let adminGate: AdminGate
    /// Whom an `https` upstream must be certified by, read once at start (Docs/Proxy.md).
    private let upstreamTrust: UpstreamTrust
    /// The HTTPS side, when there is one: prepared at start, so that every problem shows before
    /// anything listens.
    package let tls: TLSEndpoint?
    /// The hot-reload listener's port (`--reload-port`, or the config file's `reloadPort:`).
    package let reloadPort: Int?
    /// The Live Preview listener's port (`--live-preview`, or the config file's `livePreview:`).
    package let livePreviewPort: Int?
    /// The Live Preview listener's clients, when it has one.
    private let livePreviewClients: PushClients?
    /// What the user should know at start-up about where the TLS folder and keys are.
    package let tlsPlacementWarnings: [String]
    private let configReloader: ConfigReloader
    /// The services while the server runs, and whether a stop came first (`beagle-mock mcp`
    /// whose input ends before the server has started): then it does not start.
    private let lifecycle = Mutex<(group: ServiceGroup?, stopped: Bool)>((nil, false))
    /// The Model Context Protocol at `POST /__admin/mcp` (Docs/Agents.md).
    private let agents = AgentEndpoint()
    /// Every capability of the admin API, typed: the doors below and `BeagleMockTesting` perform them.
    package let operations: MockOperations
    /// The REST door, `/__admin`.
    private let adminAPI: AdminAPI

    /// Checks the folders and prepares the server; nothing listens until `run`.
    public init(configuration: MockServerConfiguration) throws(MockServerError) {
        self.configuration = configuration
        guard let screens = ContainedRoot(directory: configuration.screensDirectory) else {
            throw .screensFolderMissing(configuration.screensDirectory)
        }
        let images: ContainedRoot?
        if let imagesDirectory = configuration.imagesDirectory {
            guard let root = ContainedRoot(directory: imagesDirectory) else { throw .imagesFolderMissing(imagesDirectory) }
            images = root
        } else {
            images = ContainedRoot(directory: screens.path + "/../images")
        }
        if let configFile = configuration.configFile, FileStatus.stat(configFile)?.kind != .regular {
            throw .configFileMissing(configFile)
        }
        let config: (file: URL, configuration: MockConfiguration)
        do {
            config = try ConfigLoader.startupConfiguration(
                configFile: configuration.configFile, screensDirectory: configuration.screensDirectory)
        } catch {
            throw .invalidConfig(error.description)
        }
        let configPath = ContainedRoot.realPath(config.file.path) ?? config.file.path
        let settings = SettingsStore(
            configuration: config.configuration, commandLine: configuration.flags,
            timelineLoop: configuration.timelineLoop ?? ServerEventLoops.group.next())
        if configuration.flags.record != nil, settings.snapshot.upstream == nil {
            throw .invalidUpstream("--record needs an upstream: --upstream URL, or upstream: in the config file")
        }
        do {
            upstreamTrust = try UpstreamTrust.load(caFile: settings.snapshot.upstream?.caFile)
        } catch {
            throw .invalidUpstream(error.message)
        }
        reloadPort = configuration.reloadPort ?? config.configuration.reloadPort
        livePreviewPort = configuration.livePreviewPort ?? config.configuration.livePreview
        let tlsSettings = (configuration.tls ?? TLSSettings()).over(config.configuration.tls)
        do {
            tls = try TLSEndpoint.prepare(tlsSettings, host: configuration.host, httpPort: configuration.port)
        } catch {
            throw .invalidTLS(error.description)
        }
        let servedRoots = [("screens", screens.path)] + (images.map { [("images", $0.path)] } ?? [])
        tlsPlacementWarnings = tlsSettings.placementWarnings(servedRoots: servedRoots)
        let journal = RequestJournal(capacity: settings.snapshot.journalSize)
        let metrics = ServerMetrics()
        self.settings = settings
        self.journal = journal
        self.metrics = metrics
        // A reloaded `journalSize:` takes effect at once (`--journal-size` still wins over it).
        self.configReloader = ConfigReloader(
            file: config.file, settings: settings, interval: configuration.configPollInterval, logger: configuration.logger
        ) { outcome in
            if outcome == .reloaded || outcome == .removed { journal.resize(to: settings.snapshot.journalSize) }
            if case .rejected = outcome { metrics.noteReload(failed: true) } else { metrics.noteReload(failed: false) }
        }
        self.adminGate = AdminGate(host: configuration.host, token: configuration.adminToken)
        self.screensPath = screens.path
        self.imagesPath = images?.path
        self.configPath = configPath
        let store = ScreenStore(
            screens: screens, images: images, configPath: config.file.path,
            withheld: tlsSettings.withheldPaths(servedRoots: servedRoots.map(\.1)), metrics: metrics.requests,
            lookupsBeforeWatching: configuration.lookupsBeforeWatching)
        self.store = store
        self.operations = MockOperations(
            settings: settings, journal: journal, store: store, routeReports: RouteReportCache(), authority: tls?.authority,
            startedAt: .now, live: LiveScreen(isOn: livePreviewPort != nil), metrics: metrics)
        if let route = configuration.livePreviewRoute ?? config.configuration.livePreviewRoute {
            do {
                try operations.pinLiveScreen(route)
            } catch {
                throw .invalidConfig("--live-preview-route \(route): \(error.message)")
            }
        }
        if let timeline = configuration.timeline {
            do {
                try operations.startTimeline(named: timeline)
            } catch {
                throw .invalidConfig("--timeline \(timeline): \(error.message)")
            }
        }
        let live = operations.live
        let clients =
            livePreviewPort == nil
            ? nil : PushClients(greeting: LivePreviewDoor.greeting(operations), onChange: { live.devicesChanged() })
        livePreviewClients = clients
        self.adminAPI = AdminAPI(operations: operations, gate: adminGate, agents: agents, livePreviewDevices: clients)
    }

    /// The tools a coding agent calls, over this server's operations (Docs/Agents.md).
    var agentTools: AgentTools {
        AgentTools(operations: operations)
    }

    /// Answers the Model Context Protocol on standard input and output, with this server's tools,
    /// until standard input ends (`beagle-mock mcp`).
    package func serveAgentsOverStandardIO() async throws {
        try await AgentServer.serveOverStandardIO(agentTools)
    }

    /// The screens and images on disk now.
    package func inventory() -> ServerInventory? { store.inventory() }

    /// The config file in force, when it exists.
    package var activeConfigPath: String? {
        guard let configPath, FileStatus.stat(configPath)?.kind == .regular else { return nil }
        return configPath
    }

    /// Re-reads the config file now rather than at the next poll (the server polls every
    /// second); an invalid file keeps the config in force and is reported in the outcome.
    @discardableResult
    package func reloadConfiguration() -> ConfigReloader.ReloadResult {
        configReloader.checkNow()
    }

    /// Listens and serves until a graceful shutdown: one of `gracefulShutdownSignals`, or `stop()`.
    /// - Parameters:
    ///   - gracefulShutdownSignals: the signals that stop the server gracefully.
    ///   - onRunning: called once every port is bound, with the ports actually bound.
    public func run(
        gracefulShutdownSignals: [UnixSignal] = [.sigterm, .sigint],
        onRunning: @escaping @Sendable (ListeningPorts) async -> Void = { _ in }
    ) async throws {
        OpenFileLimit.raise()
        // One client for the server's life, even without an upstream: a reload may add one.
        let upstream = UpstreamClient(
            trust: upstreamTrust, readTimeout: settings.snapshot.upstream?.timeout ?? UpstreamSettings.defaultTimeout,
            recorder: ProxyRecorder(
                screens: store.served.screens, images: store.served.images, configPath: configPath,
                withheld: store.served.withheld,
                verbatim: store.verbatim, logger: configuration.logger),
            logger: configuration.logger)
        let stopping = StopSignal()
        let pipeline = RequestPipeline(
            settings: settings,
            reader: RequestReader(maxBodySize: configuration.maxRequestBodySize),
            planner: RequestPlanner(counters: settings.counters, scenarios: settings.scenarios),
            source: ResponseSource(
                store: store, maxBodySize: configuration.maxRequestBodySize, logger: configuration.logger, upstream: upstream),
            journaler: RequestJournaler(
                journal: journal, accessLog: AccessLog(logger: configuration.logger), logger: configuration.logger,
                metrics: metrics),
            admin: adminAPI,
            stopping: stopping)
        agents.start(agentTools)
        let logger = configuration.logger
        let bodyTimeout = configuration.bodyTimeout
        // Hummingbird's own lines ("Server started…") would repeat the banner.
        var serverLogger = configuration.logger
        serverLogger.logLevel = max(serverLogger.logLevel, .warning)
        let workers = RequestWorkers()
        defer { workers.close() }
        var connections = MockHTTP1Channel(
            responder: { request, connection in try await pipeline.respond(request, on: connection) },
            workers: workers,
            bodyTimeout: bodyTimeout,
            idleTimeout: configuration.idleTimeout,
            logger: logger)
        connections.openConnections = metrics.openConnections
        var expected: Set<BoundPorts.Listener> = []
        if tls != nil { expected.insert(.https) }
        if reloadPort != nil { expected.insert(.reload) }
        if livePreviewPort != nil { expected.insert(.livePreview) }
        let bound = BoundPorts(expecting: expected, onRunning: onRunning)
        let host = configuration.host
        // A listener that cannot bind stops the group gracefully: cancelled, the other listener's
        // Hummingbird server would log its cancellation as an error beside the one-line reason.
        func listener(
            _ kind: BoundPorts.Listener, _ channel: some ServerChildChannel, port: Int, option: String
        ) -> ServiceGroupConfiguration.ServiceConfiguration {
            .init(
                service: Listener(
                    server: Server(
                        childChannelSetup: channel,
                        configuration: ServerConfiguration(
                            address: .hostname(host, port: port), serverName: nil, backlog: 4096),
                        onServerRunning: { channel in await bound.bound(kind, port: channel.localAddress?.port ?? 0) },
                        eventLoopGroup: ServerEventLoops.group, logger: serverLogger),
                    port: port, option: option),
                failureTerminationBehavior: .gracefullyShutdownGroup)
        }
        var listeners = [listener(.http, connections, port: configuration.port, option: "--port")]
        if let tls {
            listeners.append(
                listener(
                    .https, TLSChildChannel(base: connections, context: tls.context, logger: logger), port: tls.port,
                    option: "--tls-port"))
        }
        var doors: [ServiceGroupConfiguration.ServiceConfiguration] = []
        // One watch of the served files for every door that follows it, made only when one does.
        let changes = reloadPort == nil && livePreviewPort == nil ? nil : ServedFileChanges(served: store.served)
        if let changes { doors.append(.init(service: ServedFileWatch(changes: changes))) }
        if let reloadPort, let changes {
            let clients = PushClients()
            listeners.append(listener(.reload, PushChannel(clients: clients), port: reloadPort, option: "--reload-port"))
            doors.append(.init(service: ReloadDoor(clients: clients, changes: changes)))
        }
        if let livePreviewPort, let clients = livePreviewClients, let changes {
            listeners.append(
                listener(.livePreview, PushChannel(clients: clients), port: livePreviewPort, option: "--live-preview"))
            doors.append(
                .init(
                    service: LivePreviewDoor(
                        clients: clients, changes: changes, operations: operations,
                        logger: logger)))
        }
        var groupConfiguration = ServiceGroupConfiguration(
            // Shut down last to first: hangs are cut and the live journal's streams end before the
            // servers wait for the requests in flight.
            services: listeners + doors + [
                .init(service: ConfigReloadService(reloader: configReloader)),
                .init(service: JournalFeedService(feed: journal.feed)),
                .init(service: StopSignalService(signal: stopping)),
            ],
            gracefulShutdownSignals: gracefulShutdownSignals,
            logger: Logger(label: "beagle-mock.lifecycle", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        groupConfiguration.maximumGracefulShutdownDuration = configuration.shutdownGracePeriod
        let group = ServiceGroup(configuration: groupConfiguration)
        let stoppedBefore = lifecycle.withLock { state in
            state.group = group
            return state.stopped
        }
        do {
            if !stoppedBefore { try await group.run() }
        } catch {
            agents.stop()
            await upstream.shutdown()
            throw Self.explain(error, host: configuration.host)
        }
        agents.stop()
        await upstream.shutdown()
    }

    /// Stops a running server: no new connections; requests in flight get the grace period.
    public func stop() async {
        let group = lifecycle.withLock { state in
            state.stopped = true
            return state.group
        }
        await group?.triggerGracefulShutdown()
    }

    /// Starts a server in the background and returns once it listens (tests, embedding).
    public static func start(_ configuration: MockServerConfiguration) async throws -> RunningMockServer {
        let server = try MockServer(configuration: configuration)
        let (ports, continuation) = AsyncStream<ListeningPorts>.makeStream()
        let task = Task {
            defer { continuation.finish() }
            try await server.run(gracefulShutdownSignals: []) { port in continuation.yield(port) }
        }
        for await bound in ports {
            return RunningMockServer(
                server: server, port: bound.http, tlsPort: bound.https, reloadPort: bound.reload,
                livePreviewPort: bound.livePreview, task: task)
        }
        try await task.value
        throw MockServerError.cannotListen(host: configuration.host, port: configuration.port, reason: "stopped at once")
    }

    /// Turns NIO's bind errors into messages a user can act on, naming the listener's port and option.
    static func explain(_ error: any Error, host: String) -> any Error {
        guard let failure = error as? Listener.Failure else { return error }
        let port = failure.port
        let error = failure.underlying
        if let io = error as? IOError {
            if io.errnoCode == EADDRINUSE { return MockServerError.portInUse(host: host, port: port, option: failure.option) }
            return MockServerError.cannotListen(host: host, port: port, reason: String(cString: strerror(io.errnoCode)))
        }
        if error is SocketAddressError || error is SocketAddressError.UnknownHost {
            return MockServerError.cannotListen(host: host, port: port, reason: "'\(host)' is not an address of this machine")
        }
        return error
    }
}

/// A server started with `MockServer.start(_:)`, listening until `stop()`.
public struct RunningMockServer: Sendable {
    /// The server.
    public let server: MockServer
    /// The port it listens on.
    public let port: Int
    /// The HTTPS port, when it serves HTTPS.
    public let tlsPort: Int?
    /// The hot-reload WebSocket's port, when the configuration asks for one.
    public let reloadPort: Int?
    /// The Live Preview WebSocket's port, when the configuration asks for one.
    public let livePreviewPort: Int?
    let task: Task<Void, any Error>

    /// `http://host:port`, without a trailing slash.
    public var baseURL: String {
        HostDisplay.url(host: HostDisplay.reachable(server.configuration.host), port: port)
    }

    /// `https://host:port`, without a trailing slash, when it serves HTTPS.
    public var tlsBaseURL: String? {
        tlsPort.map { HostDisplay.url(scheme: "https", host: HostDisplay.reachable(server.configuration.host), port: $0) }
    }

    /// Stops the server and waits until it has stopped.
    public func stop() async throws {
        await server.stop()
        try await task.value
    }
}

/// Watches the served files for the doors that follow their changes, until the server shuts down.
private struct ServedFileWatch: Service {
    let changes: ServedFileChanges

    func run() async throws {
        await cancelWhenGracefulShutdown { await changes.run() }
    }
}

/// Ends the streams of the live journal when the server shuts down, so that none holds it up.
private struct JournalFeedService: Service {
    let feed: JournalFeed

    func run() async throws {
        try? await gracefulShutdown()
        feed.finishAll()
    }
}

/// Raises the stop signal as soon as the server's graceful shutdown begins: first, as the services
/// shut down last to first.
private struct StopSignalService: Service {
    let signal: StopSignal

    func run() async throws {
        try? await gracefulShutdown()
        signal.raise()
    }
}

/// Runs the config reloader for as long as the server runs.
private struct ConfigReloadService: Service {
    let reloader: ConfigReloader

    func run() async throws {
        await cancelWhenGracefulShutdown { await reloader.run() }
    }
}
