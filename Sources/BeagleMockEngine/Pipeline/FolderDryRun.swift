import BeagleMockHTTP
import BeagleMockTLS
import BeagleScreens
import Foundation
import HTTPTypes
import Logging

/// What a server over a screens folder answers a plain GET, found by the pipeline's plan and
/// source stages without a server or a connection: the status and header fields of the answer
/// before any fault, wait or delivery (so without CORS, `Date` or `Content-Length`), and the
/// latency the folder sets for the request. `beagle-mock probe --compare` reads a folder's
/// statuses, headers and latency rules through it (Docs/ValidateAndProbe.md).
///
/// The folder is read as `beagle-mock serve DIR` reads it with no flags: its `beagle-mock.yml`
/// (route rules with their `when:` over the request's query and headers, `file:` and `response:`,
/// `beagleCache:`, `templates:`, a network `profile:`) and the `images/` folder beside it. No
/// upstream is asked: a rule's `proxy: true` answers from the folder. Each answer is a fresh
/// server's, whose scenarios are all in `start`.
package struct FolderDryRun: Sendable {
    /// What a GET gets.
    package struct Answer: Sendable {
        /// The status.
        package let status: Int
        /// The header fields as the source stage sets them, in order, names as written.
        package let headers: [(name: String, value: String)]
        /// The latency the folder sets for the request: the first matching route rule's, else
        /// the config file's top level (a `profile:` fills in a latency either does not set);
        /// nil when neither sets one, and the answer leaves at once.
        package let latency: LatencySpec?
    }

    private let settings: SettingsSnapshot
    private let source: ResponseSource

    /// The folder at `screensDirectory` with its config file; nil when it is not a folder.
    /// Throws when the config file does not load, as `serve` refuses to start then.
    package init?(screensDirectory: String) throws(ConfigError) {
        guard let screens = ContainedRoot(directory: screensDirectory) else { return nil }
        let images = ContainedRoot(directory: screens.path + "/../images")
        let config = try ConfigLoader.startupConfiguration(configFile: nil, screensDirectory: screensDirectory)
        let servedRoots = [screens.path] + (images.map { [$0.path] } ?? [])
        let store = ScreenStore(
            screens: screens, images: images, configPath: config.file.path,
            withheld: TLSSettings().over(config.configuration.tls).withheldPaths(servedRoots: servedRoots),
            lookupsBeforeWatching: Int.max)
        settings = SettingsSnapshot(
            configuration: config.configuration, runtime: .none, flags: CommandLineSettings(), fallbackSeed: 0)
        source = ResponseSource(
            store: store, maxBodySize: 0, logger: Logger(label: "beagle-mock", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// The answer to `GET target` (a path with its query, percent-encoded as sent) with
    /// `headers`; nil for a target the server refuses or answers itself (`/__admin`).
    package func answer(get target: String, headers: [(name: String, value: String)]) async -> Answer? {
        var fields = HTTPFields()
        for (name, value) in headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        let head = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: target, headerFields: fields)
        guard let path = try? RequestPath(target: Substring(target)) else { return nil }
        let reserved = ReservedRoute(path)
        guard reserved != .admin else { return nil }
        let request = ReadRequest(
            head: head, path: path, headers: SentHeaders(head), body: nil, control: .none, isEcho: reserved == .echo,
            platform: fields[.beaglePlatform].flatMap { BeaglePlatform(headerValue: $0) }, ended: ContinuousClock.now)
        let facts = RequestFacts(request)
        let plan = RequestPlanner(counters: RequestCounters()).plan(
            method: .get, path: path.path, split: path.segments, control: .none, settings: settings, facts: facts)
        let response = await source.response(for: request, plan: plan, settings: settings)
        let rule = ScenarioStates().firstMatch(
            in: settings.configuration.routes, targets: settings.routeTargets, method: .get,
            path: PathSegments(path.path, segments: path.segments), facts: facts)
        return Answer(
            status: response.head.status.code,
            headers: response.head.headerFields.map { ($0.name.rawName, $0.value) },
            latency: settings.precedence(request: .empty, rule: rule).first { $0.latency }?.value)
    }
}
