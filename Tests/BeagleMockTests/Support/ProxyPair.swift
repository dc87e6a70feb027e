import BeagleMock
import MockTestSupport

@testable import BeagleMock
@testable import BeagleMockEngine

/// Runs `body` with an upstream mock over `upstreamFiles` and a proxying mock over `mockFiles`
/// whose upstream it is (at `basePath` below it), both on port 0 and both stopped whatever happens.
func withProxyPair<T>(
    upstreamFiles: [String: String], mockFiles: [String: String] = [:], basePath: String = "",
    configureUpstream: (inout MockServerConfiguration) -> Void = { _ in },
    configure: @escaping (inout MockServerConfiguration) -> Void = { _ in },
    _ body: (_ mock: RunningMockServer, _ upstream: RunningMockServer, _ folder: TemporaryScreens) async throws -> T
) async throws -> T {
    try await withMockServer(files: upstreamFiles, configure: configureUpstream) { upstream, _ in
        try await withProxy(to: "http://127.0.0.1:\(upstream.port)\(basePath)", files: mockFiles, configure: configure) {
            mock, folder in try await body(mock, upstream, folder)
        }
    }
}

/// Runs `body` with a mock over `files` whose upstream is `url`, stopped whatever happens.
func withProxy<T>(
    to url: String, files: [String: String] = [:], configure: (inout MockServerConfiguration) -> Void = { _ in },
    _ body: (RunningMockServer, TemporaryScreens) async throws -> T
) async throws -> T {
    let upstream = try UpstreamURL(url)
    return try await withMockServer(
        files: files,
        configure: { configuration in
            configuration.flags.upstream = upstream
            configure(&configuration)
        }, body)
}
