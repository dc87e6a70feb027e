import ArgumentParser
import BeagleMock
import Foundation
import Logging

/// The options of `serve`, which `mcp` takes too: the folders, the listeners, the network, the
/// admin API, the upstream and the log; ``makeServer()`` builds the server they describe.
struct ServeOptions: ParsableArguments {
    @Argument(help: "The screens folder.", completion: .directory)
    var directory: String = "screens"

    @Option(
        help: "The folder served under /images (default: an images/ folder beside the screens folder).", completion: .directory)
    var images: String?

    @Option(help: "The address to listen on (env BEAGLE_MOCK_HOST; default 127.0.0.1, use 0.0.0.0 for devices on your network).")
    var host: String?

    @Option(help: "The port to listen on (env BEAGLE_MOCK_PORT; default 8080; 0 picks a free port).")
    var port: Int?

    @Option(help: "The config file (default: beagle-mock.yml in the screens folder).", completion: .file())
    var config: String?

    @Option(help: "Serve HTTPS on this port too (env BEAGLE_MOCK_TLS_PORT; 0 picks a free port).")
    var tlsPort: Int?

    @Option(
        defaultAsFlag: 3001,
        help: """
            Send `reload` over a WebSocket on this port when a served file changes, for Beagle Flutter's \
            hot reload (env BEAGLE_MOCK_RELOAD_PORT; default 3001 when the flag has no value).
            """)
    var reloadPort: Int?

    @Option(
        defaultAsFlag: 9721,
        help: """
            Serve Beagle's Live Preview on this port: apps show the screen saved last, or --live-preview-route \
            (env BEAGLE_MOCK_LIVE_PREVIEW; default 9721 when the flag has no value).
            """)
    var livePreview: Int?

    @Option(help: "The route Live Preview shows, whatever is saved (env BEAGLE_MOCK_LIVE_PREVIEW_ROUTE), like /cart.")
    var livePreviewRoute: String?

    @Option(help: "Run this network timeline of the config file from the start (env BEAGLE_MOCK_TIMELINE), like tunnel.")
    var timeline: String?

    @Option(help: "A PEM certificate (chain) for HTTPS instead of one from the local CA; needs --tls-key.", completion: .file())
    var tlsCert: String?

    @Option(help: "The PEM private key of --tls-cert.", completion: .file())
    var tlsKey: String?

    @Option(help: "Where the local CA and its certificate are kept (default ~/.beagle-mock/tls).", completion: .directory)
    var tlsDir: String?

    @Option(help: "Another host name or address the local CA's certificate covers (repeatable).")
    var tlsName: [String] = []

    @Option(help: "Latency before every response: 250ms, 100ms..400ms or lognormal:120ms,0.4[,5s].")
    var latency: String?

    @Option(
        name: .customLong("fault"),
        help: "A fault to inject, with an optional rate: status:503@0.2, reset@5%, hang (repeat for more).")
    var faults: [String] = []

    @Option(help: "Pace response bodies: 64KiB/s, 1MiB/s, 750kbit/s.")
    var bandwidth: String?

    @Option(
        help: """
            A network profile: 3g, edge, lte, lossy-wifi or offline; it sets the latency, bandwidth and faults \
            that --latency, --bandwidth and --fault do not.
            """,
        completion: .list(NetworkProfile.allCases.map(\.rawValue)))
    var profile: String?

    @Option(help: "The seed of the fault draws, to replay a run (default: random, shown in the banner).")
    var seed: String?

    @Option(help: "How long a `hang` fault holds the connection before closing it (default 5m).")
    var hangMax: String?

    @Option(help: "How long a request body may take to arrive in full before it gets 408 (default 30s).")
    var bodyTimeout: String?

    @Flag(name: .customLong("no-cors"), help: "Send no CORS headers and answer no preflight requests.")
    var noCORS = false

    @Flag(help: "Repeat every request header in the response as X-Echo-<Name> (hop-by-hop headers excepted).")
    var echo = false

    @Option(
        help: """
            The bearer token of the admin API when --host is not a loopback address (env BEAGLE_MOCK_ADMIN_TOKEN; \
            without one the admin API is off there; on loopback it is open).
            """)
    var adminToken: String?

    @Option(help: "How many requests the journal at /__admin/requests keeps (1 to 100000, default 1000).")
    var journalSize: String?

    @Option(
        help: """
            The real BFF: requests the folders do not answer are forwarded to it (env BEAGLE_MOCK_UPSTREAM; \
            http or https, like https://bff.example.com/api).
            """)
    var upstream: String?

    @Option(
        help: "A PEM file of the certificate authorities an https upstream is checked against (default: the system's).",
        completion: .file())
    var upstreamCa: String?

    @Option(help: "How long the upstream may take to answer (and to send each part of its body) before 504 (default 30s).")
    var upstreamTimeout: String?

    @Option(
        name: .customLong("record"), defaultAsFlag: RecordFlag.keep,
        help: """
            Save each proxied success as the file that answers it next time; existing files are kept \
            (--record overwrite replaces them; --record misses saves only what the folders lack). Needs an upstream.
            """,
        completion: .list(["keep", "overwrite", "misses"]))
    var record: RecordFlag?

    @Flag(help: "Serve the folders and record only what they lack (--record misses).")
    var recordMisses = false

    @Flag(help: "While recording, keep each saved route's upstream latency as a route rule in the config file.")
    var recordLatency = false

    @Option(help: "The largest proxied body --record saves, like 20MiB (default 10MiB, at most 1GiB); larger ones are logged.")
    var recordMaxSize: String?

    @Option(help: "How log lines look: text or json.")
    var logFormat: LogFormat = .text

    @Flag(help: "Print no request lines (warnings and errors still print).")
    var quiet = false

    /// The port `flag` gave, or else the one in the environment's `variable` (unset when empty,
    /// unless `emptyIsUnset` is false, and when it is a Kubernetes service link); refused when it
    /// is not 0 to 65535.
    private static func port(
        _ given: Int?, flag: String, variable: String, in environment: [String: String], emptyIsUnset: Bool = true
    ) throws -> Int? {
        var port = given
        if port == nil, let text = environment[variable], !(emptyIsUnset && text.isEmpty),
            !ServiceLinkVariable.isServiceLink(text)
        {
            guard let value = Int(text) else {
                throw ValidationError("\(variable)='\(text)' is not a port number (0-65535)")
            }
            port = value
        }
        if let port, !(0...65535).contains(port) {
            throw ValidationError("\(flag) \(port) is not a port number (0-65535)")
        }
        return port
    }

    mutating func validate() throws {
        let environment = ProcessInfo.processInfo.environment
        if host == nil { host = environment["BEAGLE_MOCK_HOST"] }
        if let host, host.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--host must not be empty")
        }
        // An empty BEAGLE_MOCK_PORT is refused, as it always was; the other variables count as unset.
        port = try Self.port(port, flag: "--port", variable: "BEAGLE_MOCK_PORT", in: environment, emptyIsUnset: false)
        tlsPort = try Self.port(tlsPort, flag: "--tls-port", variable: "BEAGLE_MOCK_TLS_PORT", in: environment)
        livePreview = try Self.port(
            livePreview, flag: "--live-preview", variable: "BEAGLE_MOCK_LIVE_PREVIEW", in: environment)
        reloadPort = try Self.port(reloadPort, flag: "--reload-port", variable: "BEAGLE_MOCK_RELOAD_PORT", in: environment)
        if livePreviewRoute == nil, let route = environment["BEAGLE_MOCK_LIVE_PREVIEW_ROUTE"], !route.isEmpty {
            livePreviewRoute = route
        }
        if timeline == nil, let name = environment["BEAGLE_MOCK_TIMELINE"], !name.isEmpty {
            timeline = name
        }
        if let livePreviewRoute, !livePreviewRoute.hasPrefix("/") {
            throw ValidationError("--live-preview-route \(livePreviewRoute) must be a route like /home")
        }
        if let adminToken {
            try Self.checkToken(adminToken, source: "--admin-token")
        } else if let token = environment["BEAGLE_MOCK_ADMIN_TOKEN"], !token.isEmpty {
            // An empty variable counts as unset: compose files often pass `${TOKEN:-}`.
            try Self.checkToken(token, source: "BEAGLE_MOCK_ADMIN_TOKEN")
            adminToken = token
        }
        if upstream == nil, let text = environment["BEAGLE_MOCK_UPSTREAM"], !text.isEmpty {
            do {
                _ = try CommandLineSettings.parseUpstream(text)
            } catch {
                throw ValidationError("BEAGLE_MOCK_UPSTREAM='\(text)': \(error.reason)")
            }
            upstream = text
        }
        _ = try flags()
        _ = try bodyDeadline()
    }

    /// The `--body-timeout` value, refused when it is not a positive duration; nil when not given.
    func bodyDeadline() throws -> Duration? {
        try bodyTimeout.map { text in try DurationFlag.positive(text, flag: "--body-timeout", example: "30s") }
    }

    /// A token goes into an `Authorization: Bearer` header: visible ASCII, no spaces.
    private static func checkToken(_ token: String, source: String) throws {
        guard !token.isEmpty, token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw ValidationError(
                "\(source) must be visible ASCII characters without spaces, like the output of `openssl rand -hex 16`")
        }
    }

    /// The fault and latency flags, parsed; an invalid one is a usage error.
    func flags() throws -> CommandLineSettings {
        if recordMisses, let record, record != .misses {
            throw ValidationError("--record-misses and --record \(record) say different things; give one")
        }
        if recordLatency, record == nil, !recordMisses {
            throw ValidationError("--record-latency keeps the latency of what is recorded: add --record or --record-misses")
        }
        do {
            var settings = try CommandLineSettings(
                latency: latency, faults: faults, bandwidth: bandwidth, seed: seed, hangMax: hangMax, journalSize: journalSize,
                echo: echo, noCORS: noCORS, profile: profile)
            settings.upstream = try upstream.map { text throws(FlagError) in try CommandLineSettings.parseUpstream(text) }
            settings.upstreamTimeout = try upstreamTimeout.map { text throws(FlagError) in
                try CommandLineSettings.parseUpstreamTimeout(text)
            }
            settings.upstreamCA = upstreamCa
            settings.record = recordMisses ? .misses : record?.mode
            settings.recordLatency = recordLatency ? true : nil
            settings.recordMaxSize = try recordMaxSize.map { text throws(FlagError) in
                try CommandLineSettings.parseRecordMaxSize(text)
            }
            return settings
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The server these flags describe; a flag, config or certificate it cannot use is one line on
    /// standard error and exit 2 (1 for a folder or port).
    func makeServer() throws -> MockServer {
        var configuration = MockServerConfiguration(
            screensDirectory: directory, imagesDirectory: images, host: host ?? "127.0.0.1", port: port ?? 8080,
            configFile: config, flags: try flags(), adminToken: adminToken, logger: Logger(label: "beagle-mock"))
        if let bodyTimeout = try bodyDeadline() { configuration.bodyTimeout = bodyTimeout }
        let tls = TLSSettings(port: tlsPort, certificateFile: tlsCert, keyFile: tlsKey, directory: tlsDir, names: tlsName)
        if !tls.isEmpty { configuration.tls = tls }
        configuration.reloadPort = reloadPort
        configuration.livePreviewPort = livePreview
        configuration.livePreviewRoute = livePreviewRoute
        configuration.timeline = timeline
        do {
            return try MockServer(configuration: configuration)
        } catch {
            Console.error("beagle-mock: \(error)")
            if case .invalidConfig = error { throw ExitCode(2) }
            if case .invalidUpstream = error { throw ExitCode(2) }
            if case .invalidTLS = error { throw ExitCode(2) }
            throw ExitCode.failure
        }
    }
}

extension LogFormat: ExpressibleByArgument {}

/// The value of `--record`: `keep` (the default when the flag has none), `overwrite` or `misses`.
enum RecordFlag: String, ExpressibleByArgument, CustomStringConvertible {
    case keep
    case overwrite
    case misses

    var mode: RecordMode {
        switch self {
        case .keep: .keep
        case .overwrite: .overwrite
        case .misses: .misses
        }
    }

    var description: String { rawValue }
}
