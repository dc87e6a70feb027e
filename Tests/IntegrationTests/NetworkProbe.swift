import Foundation
import MockTestSupport
import Testing

/// Runs the `network-probe` executable (Tests/NetworkProbe) and reads the JSON line it prints.
///
/// Why a process of its own: URLSession on Linux can end the whole process with
/// `fatalError("Transfer completed, but there's no response.")` when a server drops a connection
/// right after the request was sent (swift-corelibs-foundation #5285, not fixed in Swift 6.3.x).
/// Faults that drop or break a connection (empty-response, reset, reset-mid-body, garbage,
/// truncate, malformed-chunk, hang) therefore meet URLSession only in a `network-probe`
/// process: should URLSession crash, one test fails with the probe's exit status and error
/// output, instead of the test runner dying with every test in it.
enum NetworkProbe {
    /// Which client the probe sends its requests through.
    enum Client: String {
        /// BeagleNetworking's `NetworkClientDefault`: the result names a `NetworkFailure`.
        case library
        /// A plain `URLSession`: the result names the raw error's domain and code.
        case urlsession
        /// BeagleNetworking's `ViewClient`, fetching the URL's path as a screen.
        case viewclient
        /// BeagleNetworking's `ImageDownloader`, fetching the URL's path as an image.
        case images
    }

    /// One request's outcome, as the probe printed it.
    struct Result: Decodable, Sendable, CustomStringConvertible {
        var outcome: String
        var status: Int?
        var bytes: Int?
        var failure: String?
        var failureCode: Int?
        var domain: String?
        var code: Int?
        var message: String?
        var ms: Int

        var description: String {
            switch outcome {
            case "success": return "success \(status ?? 0), \(bytes ?? 0) bytes, \(ms) ms"
            default:
                let library = failure.map { "\($0)\(failureCode.map { "(\($0))" } ?? "")" }
                let raw = code.map { "\(domain ?? "?") \($0) \"\(message ?? "")\"" }
                return "failure \([library, raw].compactMap { $0 }.joined(separator: " ")), \(ms) ms"
            }
        }
    }

    struct Report: Decodable {
        var client: String
        var results: [Result]
    }

    /// Why the probe gave no report.
    struct Failure: Error, CustomStringConvertible {
        var status: Int32
        var output: String
        var error: String
        var description: String {
            "network-probe exited with status \(status) without a report; output: \(output) error: \(error)"
        }
    }

    /// Sends a GET to each of `urls` (one or two) through one session of `client`, and returns
    /// what each got.
    ///
    /// - Parameters:
    ///   - timeout: each request's `URLRequest.timeoutInterval`, and the library's deadline.
    ///   - sessionTimeout: the session configuration's `timeoutIntervalForRequest`; 60 s when nil.
    ///   - trusting: a CA file the probe trusts, in a private trust store (`PrivateTrust`).
    static func run(
        _ client: Client, urls: [String], headers: [String: String] = [:], timeout: Duration = .seconds(30),
        sessionTimeout: Duration? = nil, trusting authority: String? = nil
    ) async throws -> [Result] {
        var arguments = ["--client", client.rawValue, "--timeout", seconds(timeout)]
        if let sessionTimeout { arguments += ["--session-timeout", seconds(sessionTimeout)] }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["--header", "\(name): \(value)"] }
        arguments += urls
        let result = try await slots.withSlot { () async throws -> CommandRunner.Result in
            if let authority {
                let probe = CommandRunner.executable(named: "network-probe").path
                return try await CommandRunner.run(
                    URL(fileURLWithPath: "/bin/bash"), [PrivateTrust.script, authority, "--", probe] + arguments,
                    timeout: .seconds(150))
            }
            return try await CommandRunner.run(executable: "network-probe", arguments, timeout: .seconds(150))
        }
        guard result.status == 0, let line = result.output.split(separator: "\n").last,
            let report = try? JSONDecoder().decode(Report.self, from: Data(line.utf8)), report.results.count == urls.count
        else {
            throw Failure(status: result.status, output: result.output, error: result.error)
        }
        return report.results
    }

    /// At most two probes at a time: the suite starts dozens at once, on machines of two cores.
    private static let slots = SlotGate(count: 2)

    private static func seconds(_ duration: Duration) -> String {
        String(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}
