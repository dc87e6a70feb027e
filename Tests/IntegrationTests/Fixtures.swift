import BeagleMock
import BeagleNetworking
import Foundation
import MockTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The screens and images every integration test serves, and clients pointed at a live mock.
enum Fixtures {
    /// A screen big enough (about 4 KB) that half of it, or a part before a reset, is a real
    /// part of a body.
    static let homeText = String(repeating: "beagle ", count: 600)

    /// `home.json` and its platform variants say which file the server chose; `details` is
    /// for prefetching; `slow` for cancelling.
    static let files: [String: String] = [
        "screens/home.json": text(homeText),
        "screens/home.ios.json": text("ios"),
        "screens/home.android.json": text("android"),
        "screens/home.web.json": text("web"),
        "screens/plain.json": text(homeText),
        "screens/details.json": text("details"),
        "screens/slow.json": text("slow"),
    ]

    /// A valid 1×1 PNG, served as `/images/pixel.png` once `writeImages(to:)` has run.
    static let pixel = Data([
        137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 31, 21, 196,
        137, 0, 0, 0, 13, 73, 68, 65, 84, 120, 156, 99, 248, 207, 192, 240, 31, 0, 5, 0, 1, 255, 137, 153, 61, 29, 0, 0, 0,
        0, 73, 69, 78, 68, 174, 66, 96, 130,
    ])

    /// The eight bytes every PNG starts with.
    static let pngSignature = Data([137, 80, 78, 71, 13, 10, 26, 10])

    /// A `beagle:text` screen.
    static func text(_ text: String) -> String {
        #"{"_beagleComponent_":"beagle:text","text":"\#(text)"}"#
    }

    /// Writes the images into a temporary screens folder's sibling `images/`.
    static func writeImages(to folder: TemporaryScreens) throws {
        try folder.write("images/pixel.png", pixel)
    }

    /// The text of a decoded `beagle:text` screen; nil for anything else.
    static func text(of screen: any ServerDrivenComponent) -> String? {
        (screen as? Text)?.text.value
    }

    /// A network client, a URL builder and a view client for the mock at `port`.
    static func clients(
        port: Int, timeout: Duration = .seconds(20), session: URLSession = NetworkClientDefault.sharedSession
    ) throws -> (network: NetworkClientDefault, urlBuilder: UrlBuilder, view: ViewClient) {
        guard let base = URL(string: "http://127.0.0.1:\(port)") else { throw FixtureError.badURL }
        let network = NetworkClientDefault(session: session, timeout: timeout)
        let urlBuilder = UrlBuilder(baseUrl: base)
        return (network, urlBuilder, ViewClient(networkClient: network, urlBuilder: urlBuilder))
    }

    /// A URL on the mock at `port`.
    static func url(port: Int, _ path: String) throws -> URL {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { throw FixtureError.badURL }
        return url
    }

    /// A session of its own, for a test that needs its connections to itself (keep-alive).
    /// Kept for the whole process, never invalidated: creating and invalidating sessions races
    /// on Linux (swift-corelibs-foundation #4791, #5491).
    static func makeSession() -> URLSession {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        return URLSession(configuration: configuration)
    }

    enum FixtureError: Error {
        case badURL
    }
}

/// The header fields of each HTTP request in `text` (requests without bodies, as GETs are),
/// names lowercased.
func requestHeads(in text: String) -> [[(name: String, value: String)]] {
    text.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }.map { head in
        head.components(separatedBy: "\r\n").dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            return (line[..<colon].lowercased(), value)
        }
    }
}

/// The values of header `name` in one request head.
func values(_ name: String, in head: [(name: String, value: String)]) -> [String] {
    head.filter { $0.name == name.lowercased() }.map(\.value)
}

/// The failure `request` ends with; nil when it succeeds.
func failure(of request: Request, through client: any NetworkClientProtocol, deadline: Duration? = nil) async -> NetworkFailure? {
    do {
        _ = try await client.executeRequest(request, deadline: deadline)
        return nil
    } catch {
        return error.failure
    }
}

extension NetworkFailure {
    /// The status of an `httpStatus` failure.
    var httpStatusCode: Int? {
        if case .httpStatus(let code, _) = self { return code }
        return nil
    }

    /// The body of an `httpStatus` failure.
    var httpStatusBody: Data? {
        if case .httpStatus(_, let body) = self { return body }
        return nil
    }
}
