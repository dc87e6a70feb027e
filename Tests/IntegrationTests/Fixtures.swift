import BeagleMock
import BeagleMockTesting
import BeagleNetworking
import Foundation
import MockTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The screens and images every integration test serves, and clients pointed at a live mock.
enum Fixtures {
    /// A screen big enough (about 4 KB) that half of it, or a part before a reset, is a real
    /// part of a body.
    static let homeText = String(repeating: "beagle ", count: 600)

    /// The folder `Fixtures/` beside this file: `screens/` and `images/`, which tests serve with
    /// the `.beagleMock("Fixtures/screens")` trait, or copy into a folder of their own.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// The screens, by their path in a `TemporaryScreens` (`screens/home.json`): `home.json`
    /// (`homeText`) and its platform variants say which file the server chose; `plain.json` holds
    /// `homeText` too; `details` is for prefetching; `slow` for cancelling.
    static let files: [String: String] = {
        let screens = folder + "/screens"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: screens)) ?? []
        var files: [String: String] = [:]
        for name in names where name.hasSuffix(".json") {
            files["screens/" + name] = try? String(contentsOfFile: screens + "/" + name, encoding: .utf8)
        }
        return files
    }()

    /// A valid 1×1 PNG, served as `/images/pixel.png` (`Fixtures/images/pixel.png`).
    static let pixel = FileManager.default.contents(atPath: folder + "/images/pixel.png") ?? Data()

    /// The eight bytes every PNG starts with.
    static let pngSignature = Data([137, 80, 78, 71, 13, 10, 26, 10])

    /// A `beagle:text` screen.
    static func text(_ text: String) -> String {
        #"{"_beagleComponent_":"beagle:text","text":"\#(text)"}"#
    }

    /// Writes the images into a temporary screens folder's sibling `images/`, as `Fixtures/images`
    /// is beside `Fixtures/screens`.
    static func writeImages(to folder: TemporaryScreens) throws {
        try folder.write("images/pixel.png", pixel)
    }

    /// The text of a decoded `beagle:text` screen; nil for anything else.
    static func text(of screen: any ServerDrivenComponent) -> String? {
        (screen as? Text)?.text.value
    }

    /// The port of the test's server, started by the `.beagleMock` trait.
    static func traitPort() throws -> Int {
        try #require(MockServerContext.current, "the test has no .beagleMock trait").port
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
