import BeagleMock
import Testing

/// A Swift Testing trait that runs a test, or a suite, with a mock server of its own: started on a
/// free port before, reachable through ``MockServerContext/current`` during, and stopped after,
/// whether the test passes, throws or records an issue.
///
/// Write it with `Trait.beagleMock(_:scope:seed:latency:faults:timeline:configFile:imagesDirectory:filePath:)`:
///
/// ```swift
/// @Test(.beagleMock("Fixtures/screens", latency: "200ms"))
/// func slowHome() async throws { … }
///
/// @Suite(.beagleMock("Fixtures/screens", scope: .eachTest))
/// struct CheckoutTests { … }
/// ```
public struct BeagleMockTrait: TestTrait, SuiteTrait, TestScoping {
    /// How many servers the trait starts when it is on a suite. On a test it always starts one for
    /// the test (one per argument of a parameterized test).
    public enum Scope: Sendable, Hashable {
        /// One server for the whole suite, shared by its tests (and those of nested suites), which
        /// may run in parallel: their requests meet in one journal and one set of settings.
        case suite
        /// One server for each test of the suite, nested suites included: no test sees another's
        /// journal or settings.
        case eachTest
    }

    /// The server's folders and options.
    let options: ServerOptions
    /// How many servers the trait starts on a suite.
    public let scope: Scope

    init(options: ServerOptions, scope: Scope) {
        self.options = options
        self.scope = scope
    }

    /// On a suite, whether every test of it gets the trait (``Scope/eachTest``) rather than the
    /// suite once (``Scope/suite``).
    public var isRecursive: Bool { scope == .eachTest }

    /// Starts the server, runs `function` with ``MockServerContext/current`` set to it, and stops
    /// the server when `function` returns or throws; a server that cannot start (a missing
    /// folder, an invalid config file, a bad option) throws, failing the test with its reason.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await options.withServer(function)
    }
}

extension Trait where Self == BeagleMockTrait {
    /// A mock server over `screens` for the test or suite the trait is on, on a free port of the
    /// loopback address, reachable through ``MockServerContext/current``.
    ///
    /// Relative paths (`screens`, `configFile`, `imagesDirectory`) are resolved against the folder
    /// of the source file that writes the trait, not the working directory, which differs between
    /// `swift test` and Xcode: `.beagleMock("Fixtures/screens")` in `Tests/AppTests/HomeTests.swift`
    /// serves `Tests/AppTests/Fixtures/screens`. Absolute paths are used as they are.
    ///
    /// The options are the server's flags (`serve --seed`, `--latency`, `--fault`): below the
    /// runtime settings (``MockServerContext/updateSettings(_:)``) and a request's own `X-Mock-*`
    /// headers, above the config file; a bad one fails the test with the flag's message.
    /// - Parameters:
    ///   - screens: the screens folder.
    ///   - scope: on a suite, one server for the suite (the default) or one for each test.
    ///   - seed: the seed of the random draws, so that faults by rate and latency ranges repeat.
    ///   - latency: the latency of every request, like `200ms` or `100ms..400ms`.
    ///   - faults: fault rules for every request, like `status:503@0.2`.
    ///   - timeline: a network timeline of the config file that runs from the server's start, like
    ///     `tunnel` (`serve --timeline`, Docs/Timelines.md).
    ///   - configFile: the config file; by default `beagle-mock.yml` in `screens` when it exists.
    ///   - imagesDirectory: the folder served under `/images`; by default `images/` beside `screens`.
    ///   - filePath: the source file the relative paths are resolved from; leave the default.
    public static func beagleMock(
        _ screens: String,
        scope: BeagleMockTrait.Scope = .suite,
        seed: UInt64? = nil,
        latency: String? = nil,
        faults: [String] = [],
        timeline: String? = nil,
        configFile: String? = nil,
        imagesDirectory: String? = nil,
        filePath: String = #filePath
    ) -> Self {
        BeagleMockTrait(
            options: ServerOptions(
                screens: screens, seed: seed, latency: latency, faults: faults, timeline: timeline,
                configFile: configFile, imagesDirectory: imagesDirectory, filePath: filePath),
            scope: scope)
    }
}
