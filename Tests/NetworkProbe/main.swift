// network-probe: one or two HTTP GETs through one URLSession, in a process of their own, with
// what happened printed as one JSON line.
//
// The integration tests run it once per fault case because URLSession on Linux can kill the whole
// process when a server drops a connection right after the request was sent
// (swift-corelibs-foundation #5285, `fatalError("Transfer completed, but there's no response.")`):
// a fault test must not take the test runner down with it.
//
//   network-probe [--client library|urlsession|viewclient|images] [--timeout SECONDS] [--session-timeout SECONDS]
//                 [--header 'Name: value']... URL [URL]
//
// `--timeout` is each request's `URLRequest.timeoutInterval`, and for the library client also
// `NetworkClientDefault`'s own deadline; `--session-timeout` sets the session configuration's
// `timeoutIntervalForRequest` (60 s unless given), which on Linux is the one URLSession obeys.
//
// `library` (the default) sends each URL through BeagleNetworking's `NetworkClientDefault` and
// reports the `NetworkFailure` it maps the outcome to; `urlsession` sends it through a plain
// `URLSession` and reports the raw error's domain and code. Both use one session for every URL,
// so a second URL goes over the first one's keep-alive connection when the server kept it.
// `viewclient` fetches the URL's path as a screen through `ViewClient` (over `NetworkClientDefault`
// and a `UrlBuilder` of the URL's origin), `images` as an image through `ImageDownloader`: the
// HTTPS trust tests fetch screens and images as an app does.
//
// Output, one line: {"client":"library","results":[{"outcome":"success","status":200,"bytes":88,"ms":4},
// {"outcome":"failure","failure":"connectionReset","ms":3}]}; exit status 0 when every request
// came back (as a success or a failure), 2 for bad arguments, 3 when a request outlived its
// timeout by more than the grace period (URLSession hung).
import BeagleNetworking
import Dispatch
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the probe sends its requests.
enum ProbeClient: String {
    case library
    case urlsession
    case viewclient
    case images
}

/// What the command line asked for.
struct ProbeArguments {
    var client = ProbeClient.library
    var timeout: Double = 5
    var sessionTimeout: Double?
    var headers: [(String, String)] = []
    var urls: [URL] = []

    static let usage =
        "usage: network-probe [--client library|urlsession|viewclient|images] [--timeout SECONDS] [--session-timeout SECONDS] "
        + "[--header 'Name: value']... URL [URL]"

    init(_ arguments: [String]) throws(ProbeUsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--client":
                guard let value = remaining.popFirst(), let client = ProbeClient(rawValue: value) else {
                    throw ProbeUsageError("--client takes library, urlsession, viewclient or images")
                }
                self.client = client
            case "--timeout":
                guard let value = remaining.popFirst(), let seconds = Double(value), seconds > 0 else {
                    throw ProbeUsageError("--timeout takes a number of seconds above 0")
                }
                timeout = seconds
            case "--session-timeout":
                guard let value = remaining.popFirst(), let seconds = Double(value), seconds > 0 else {
                    throw ProbeUsageError("--session-timeout takes a number of seconds above 0")
                }
                sessionTimeout = seconds
            case "--header":
                guard let value = remaining.popFirst(), let colon = value.firstIndex(of: ":") else {
                    throw ProbeUsageError("--header takes 'Name: value'")
                }
                let name = value[..<colon].trimmingCharacters(in: .whitespaces)
                let headerValue = value[value.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                headers.append((name, headerValue))
            default:
                guard !argument.hasPrefix("--"), let url = URL(string: argument), url.scheme != nil else {
                    throw ProbeUsageError("unknown argument or not an absolute URL: \(argument)")
                }
                urls.append(url)
            }
        }
        guard (1...2).contains(urls.count) else { throw ProbeUsageError("give one or two URLs") }
    }
}

struct ProbeUsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// One request's outcome, as printed.
struct ProbeResult: Encodable {
    var outcome: String
    var status: Int?
    var bytes: Int?
    /// The `NetworkFailure` case name (library client).
    var failure: String?
    /// The HTTP status of an `httpStatus` failure, or the code of a `transport` failure.
    var failureCode: Int?
    /// The raw error (urlsession client).
    var domain: String?
    var code: Int?
    var message: String?
    var ms: Int
}

struct ProbeReport: Encodable {
    var client: String
    var results: [ProbeResult]
}

/// The `NetworkFailure` case name, and the number it carries when it has one.
func describe(_ failure: NetworkFailure) -> (name: String, code: Int?) {
    switch failure {
    case .timeout: return ("timeout", nil)
    case .connectionReset: return ("connectionReset", nil)
    case .emptyResponse: return ("emptyResponse", nil)
    case .truncatedResponse: return ("truncatedResponse", nil)
    case .malformedResponse: return ("malformedResponse", nil)
    case .cancelled: return ("cancelled", nil)
    case .cannotConnect: return ("cannotConnect", nil)
    case .unsupportedURL: return ("unsupportedURL", nil)
    case .invalidRequest: return ("invalidRequest", nil)
    case .bodyTooLarge(let limit): return ("bodyTooLarge", limit)
    case .untrustedCertificate: return ("untrustedCertificate", nil)
    case .httpStatus(let code, _): return ("httpStatus", code)
    case .transport(let code, _): return ("transport", code)
    }
}

func milliseconds(since start: ContinuousClock.Instant) -> Int {
    let elapsed = ContinuousClock.now - start
    return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
}

func viaLibrary(_ url: URL, client: NetworkClientDefault, headers: [String: String]) async -> ProbeResult {
    let start = ContinuousClock.now
    do {
        let response = try await client.executeRequest(
            Request(url: url, additionalData: HttpAdditionalData(headers: headers)))
        return ProbeResult(
            outcome: "success", status: (response.response as? HTTPURLResponse)?.statusCode, bytes: response.data.count,
            ms: milliseconds(since: start))
    } catch {
        let (name, code) = describe(error.failure)
        return ProbeResult(outcome: "failure", failure: name, failureCode: code, ms: milliseconds(since: start))
    }
}

/// The screen or image at `url`'s path, through `ViewClient` or `ImageDownloader` as an app fetches them.
func viaBeagle(_ url: URL, images: Bool, client: NetworkClientDefault) async -> ProbeResult {
    let start = ContinuousClock.now
    var origin = URLComponents(url: url, resolvingAgainstBaseURL: false)
    origin?.path = ""
    origin?.query = nil
    let builder = UrlBuilder(baseUrl: origin?.url)
    let path = url.path + (url.query.map { "?\($0)" } ?? "")
    do throws(Request.Error) {
        if images {
            let data = try await ImageDownloader(networkClient: client, urlBuilder: builder).fetchImage(url: path)
            return ProbeResult(outcome: "success", bytes: data.count, ms: milliseconds(since: start))
        }
        _ = try await ViewClient(networkClient: client, urlBuilder: builder).fetch(url: path)
        return ProbeResult(outcome: "success", ms: milliseconds(since: start))
    } catch {
        let failure = error.networkFailure.map(describe)
        return ProbeResult(
            outcome: "failure", failure: failure?.name ?? "not the network", failureCode: failure?.code,
            message: error.networkFailure.map { "\($0)" } ?? "\(error)", ms: milliseconds(since: start))
    }
}

func viaURLSession(_ url: URL, session: URLSession, headers: [String: String], timeout: Double) async -> ProbeResult {
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData, timeoutInterval: timeout)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let start = ContinuousClock.now
    do {
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode
        return ProbeResult(outcome: "success", status: status, bytes: data.count, ms: milliseconds(since: start))
    } catch {
        let nsError = error as NSError
        return ProbeResult(
            outcome: "failure", domain: nsError.domain, code: nsError.code, message: nsError.localizedDescription,
            ms: milliseconds(since: start))
    }
}

func printLine(_ report: ProbeReport) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let text = (try? encoder.encode(report)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"error":"encoding"}"#
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

let arguments: ProbeArguments
do {
    arguments = try ProbeArguments(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("network-probe: \(error.message)\n\(ProbeArguments.usage)\n".utf8))
    exit(2)
}

/// Ends the process with status 3 when the requests outlive their timeouts by `grace` seconds:
/// URLSession can hang past its own timeout (a 401 with a Basic challenge, #5456).
func startWatchdog(after seconds: Double, grace: Double) -> DispatchWorkItem {
    let watchdog = DispatchWorkItem {
        FileHandle.standardError.write(Data("network-probe: the requests outlived their timeouts by \(grace) s\n".utf8))
        exit(3)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds + grace, execute: watchdog)
    return watchdog
}

let longest = max(arguments.timeout, arguments.sessionTimeout ?? 60)
let watchdog = startWatchdog(after: longest * Double(arguments.urls.count), grace: 10)
let configuration = URLSessionConfiguration.default
configuration.urlCache = nil
configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
if let sessionTimeout = arguments.sessionTimeout { configuration.timeoutIntervalForRequest = sessionTimeout }
let session = URLSession(configuration: configuration)
let headers = Dictionary(arguments.headers, uniquingKeysWith: { $1 })
var results: [ProbeResult] = []
switch arguments.client {
case .library:
    let client = NetworkClientDefault(session: session, timeout: .milliseconds(Int(arguments.timeout * 1000)))
    for url in arguments.urls { results.append(await viaLibrary(url, client: client, headers: headers)) }
case .viewclient, .images:
    let client = NetworkClientDefault(session: session, timeout: .milliseconds(Int(arguments.timeout * 1000)))
    for url in arguments.urls {
        results.append(await viaBeagle(url, images: arguments.client == .images, client: client))
    }
case .urlsession:
    for url in arguments.urls {
        results.append(await viaURLSession(url, session: session, headers: headers, timeout: arguments.timeout))
    }
}
watchdog.cancel()
printLine(ProbeReport(client: arguments.client.rawValue, results: results))
exit(0)
