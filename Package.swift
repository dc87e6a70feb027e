// swift-tools-version:6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "beagle-mock",
    platforms: [.macOS(.v15), .iOS(.v17), .tvOS(.v17)],
    products: [
        .executable(name: "beagle-mock", targets: ["beagle-mock"]),
        .library(name: "BeagleMock", targets: ["BeagleMock"]),
        .library(name: "BeagleNetworking", targets: ["BeagleNetworking"]),
        .library(name: "BeagleMockTesting", targets: ["BeagleMockTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // Already a dependency of async-http-client: its TLS configuration, for --upstream-ca.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // Already in the graph (through swift-nio-extras): SHA-256 for the dashboard's script hash,
        // the local CA's P-256 keys.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        // Already in the graph (through swift-nio-extras): the local CA's certificates (--tls-port).
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        // The Model Context Protocol, for coding agents (`beagle-mock mcp`, `/__admin/mcp`).
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", from: "0.12.1"),
        // Metrics in Prometheus's text format (`GET /__admin/metrics`): swift-metrics' types, with
        // swift-prometheus as their backend and exposition.
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        // Screen JSON as data: catalogue, positioned JSON reader, diagnostics, references.
        .target(name: "BeagleScreens", swiftSettings: strictSettings),
        // Beagle iOS's networking layer, Foundation only.
        .target(name: "BeagleNetworking", swiftSettings: strictSettings),
        // The crawler behind `beagle-mock probe`: a BFF fetched through BeagleNetworking, saved as a screens folder.
        .target(
            name: "BeagleProbe",
            dependencies: ["BeagleNetworking", "BeagleScreens"],
            swiftSettings: strictSettings
        ),
        // The system calls Swift cannot make itself or that need a C struct: openat2 for the screens
        // folder's opens, statfs, and the epoll set over inotify and the mount table.
        .target(name: "CSystemCalls"),
        // libcurl loaded on the first call of a URLSession (`probe`), not at start: in the release
        // build (docker/release-toolset.json leaves -lcurl out) `serve` runs without it and the ~30
        // libraries it brings. Only the executable links it.
        .target(name: "CLibcurlOnDemand"),
        // The HTTP server: a connection's life (its state machine and handlers), HTTP/1 framing,
        // the listeners and the TLS port's handlers. It knows nothing of screens or settings.
        .target(
            name: "BeagleMockHTTP",
            dependencies: [
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // HTTPS's certificates: the local CA kept in its folder, the certificates it issues, a
        // given pair read from PEM, and the TLS settings.
        .target(
            name: "BeagleMockTLS",
            dependencies: [
                "BeagleMockHTTP",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: strictSettings
        ),
        // The engine: every request's stages (the pipeline), the screens folder, the settings and
        // their sources (flags, beagle-mock.yml, the admin API), faults, templates, the proxy, the
        // journal, and the operations the doors perform. It knows no door and no HTTP server setup.
        .target(
            name: "BeagleMockEngine",
            dependencies: [
                "BeagleMockHTTP",
                "BeagleMockTLS",
                "BeagleScreens",
                "CSystemCalls",
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strictSettings
        ),
        // The doors over the engine's operations: the REST admin API with its dashboard and
        // OpenAPI document, and the Model Context Protocol for coding agents.
        .target(
            name: "BeagleMockDoors",
            dependencies: [
                "BeagleMockEngine",
                "BeagleMockHTTP",
                "BeagleMockTLS",
                "BeagleScreens",
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // The dashboard and the admin API's OpenAPI document, built into the binary (one file
            // to ship, no bundle to find at run time), kept as files so that tools can read them.
            resources: [
                .embedInCode("Admin/Dashboard/dashboard.html"),
                .embedInCode("Admin/Dashboard/dashboard.css"),
                .embedInCode("Admin/Dashboard/dashboard.js"),
                .embedInCode("Admin/openapi.json"),
            ],
            swiftSettings: strictSettings
        ),
        // The mock server as a library: composes the HTTP server, the engine, the doors and the
        // local CA behind one small public API (MockServer and its configuration).
        .target(
            name: "BeagleMock",
            dependencies: [
                "BeagleMockDoors",
                "BeagleMockEngine",
                "BeagleMockHTTP",
                "BeagleMockTLS",
                "BeagleScreens",
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // A server per test: the Swift Testing trait and the XCTest helper over BeagleMock; Testing
        // and XCTest come with the toolchain.
        .target(name: "BeagleMockTesting", dependencies: ["BeagleMock"], swiftSettings: strictSettings),
        .executableTarget(
            name: "beagle-mock",
            dependencies: [
                "BeagleMock",
                "BeagleMockDoors",
                "BeagleMockHTTP",
                "BeagleProbe",
                "BeagleScreens",
                "CLibcurlOnDemand",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // Test support: a raw TCP/HTTP client, temporary screens folders, a server per test.
        .target(
            name: "MockTestSupport",
            dependencies: [
                "BeagleMock",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Tests/MockTestSupport",
            swiftSettings: strictSettings
        ),
        // Beagle's conformance data beside the clone, and the trait that skips tests without it.
        .target(name: "ConformanceData", path: "Tests/ConformanceData", swiftSettings: strictSettings),
        .testTarget(
            name: "BeagleScreensTests",
            dependencies: ["BeagleScreens", "ConformanceData"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BeagleNetworkingTests", dependencies: ["BeagleNetworking", "ConformanceData"], swiftSettings: strictSettings),
        .testTarget(
            name: "BeagleMockTests",
            dependencies: [
                "BeagleMock", "BeagleMockDoors", "BeagleMockEngine", "BeagleMockHTTP", "CSystemCalls", "MockTestSupport",
                "beagle-mock",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BeagleMockTestingTests",
            dependencies: ["BeagleMockTesting", "BeagleMock", "BeagleNetworking", "MockTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BeagleProbeTests",
            dependencies: ["BeagleProbe", "BeagleNetworking", "BeagleScreens", "BeagleMock", "MockTestSupport"],
            swiftSettings: strictSettings
        ),
        // URLSession against one fault, in a process of its own: on Linux a dropped connection can
        // kill the whole process (swift-corelibs-foundation #5285). Run by IntegrationTests.
        .executableTarget(
            name: "network-probe",
            dependencies: ["BeagleNetworking"],
            path: "Tests/NetworkProbe",
            swiftSettings: strictSettings
        ),
        // A live mock on port 0, and BeagleNetworking (in process, or through network-probe) against it.
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "BeagleMock",
                "BeagleMockTesting",
                "BeagleNetworking",
                "MockTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
    ]
)
