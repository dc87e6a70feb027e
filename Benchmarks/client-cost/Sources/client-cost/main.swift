import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

// client-cost URL SECONDS CONNECTIONS: GETs URL from CONNECTIONS tasks at once for SECONDS through
// async-http-client, configured as the proxy's client is (Sources/BeagleMockEngine/Proxy/UpstreamClient:
// a pool of up to 512 connections, no redirects, no decompression, no tracing, two event loops a
// core), reading each body whole, and prints the requests made and the process's CPU time a
// request.
let arguments = CommandLine.arguments
guard arguments.count == 4, let seconds = Double(arguments[2]), let connections = Int(arguments[3]) else {
    print("usage: client-cost URL SECONDS CONNECTIONS")
    exit(2)
}
let url = arguments[1]
var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 512)
configuration.connectionPool.retryConnectionEstablishment = false
configuration.decompression = .disabled
configuration.tracing.tracer = nil
let loops = MultiThreadedEventLoopGroup(numberOfThreads: 2 * System.coreCount)
let client = HTTPClient(eventLoopGroup: loops, configuration: configuration)

func fetch() async throws {
    let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
    _ = try await response.body.collect(upTo: 64 << 20)
}

func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

// Warm-up: connections opened, code paths taken once.
for _ in 0..<(4 * connections) { try await fetch() }

let started = Date()
let cpuBefore = processCPUSeconds()
let requests = try await withThrowingTaskGroup(of: Int.self) { group in
    for _ in 0..<connections {
        group.addTask {
            var made = 0
            while Date().timeIntervalSince(started) < seconds {
                try await fetch()
                made += 1
            }
            return made
        }
    }
    var total = 0
    for try await made in group { total += made }
    return total
}
let cpu = processCPUSeconds() - cpuBefore
let elapsed = Date().timeIntervalSince(started)
print(String(format: "%d requests in %.1f s, %.0f req/s, %.1f µs of CPU a request", requests, elapsed,
             Double(requests) / elapsed, cpu * 1e6 / Double(requests)))
try await client.shutdown().get()
