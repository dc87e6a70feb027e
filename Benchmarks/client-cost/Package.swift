// swift-tools-version:6.2
// What async-http-client, the proxy's HTTP client, costs a request by itself (Benchmarks/client-cost.sh).
import PackageDescription

let package = Package(
    name: "client-cost",
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0")
    ],
    targets: [
        .executableTarget(
            name: "client-cost",
            dependencies: [.product(name: "AsyncHTTPClient", package: "async-http-client")]
        )
    ]
)
