import BeagleScreens
import Foundation
import MockTestSupport
import Testing

@testable import BeagleMockEngine

/// `beagle-mock import` (Docs/Sessions.md): which file an entry of a captured session becomes,
/// which entries are skipped or not imported and why, and which headers are kept.
@Suite struct ImportMappingTests {
    static let base = "https://bff.example.com/api"

    /// What one entry gives: the file's path, or the reason it gives none.
    static func mapped(
        _ method: String = "GET", _ url: String, platform: String? = nil, status: Int = 200, body: String? = "{}",
        mimeType: String = "application/json", headers: [(String, String)] = [], limit: Int = 1 << 20,
        edit: (inout HAR.Entry) -> Void = { _ in }
    ) throws -> String {
        var session = SessionFixture()
        session.add(method, url, platform: platform, status: status, body: body, mimeType: mimeType, headers: headers)
        var entry = session.entries[0]
        edit(&entry)
        let mapping = EntryMapping(base: try ImportBaseURL(flag: base), limit: limit)
        switch mapping.map(entry, index: 0, url: EntryURL.parse(entry.request.url)) {
        case .success(let answer): return answer.target.relativePath
        case .failure(let skip): return "\(skip.reason.isByDesign ? "skipped" : "not imported"): \(skip.reason)"
        }
    }

    @Test func urlsAreTakenApartWithoutDecodingTheirPath() throws {
        let url = try EntryURL.parse("HTTPS://user:pw@BFF.Example.com:443/api/%2e%2e/home?x=1#top").get()
        #expect(url.origin.description == "https://bff.example.com")
        #expect(url.target == "/api/%2e%2e/home?x=1")
        #expect(try EntryURL.parse("http://[::1]:8080").get().origin.description == "http://[::1]:8080")
        #expect(try EntryURL.parse("http://host?q=1").get().target == "/?q=1")
        #expect(EntryURL.parse("wss://bff.example.com/socket") == .failure(.webSocket))
        #expect(EntryURL.parse("data:image/png;base64,AAAA") == .failure(.notHTTP("data")))
        #expect(EntryURL.parse("chrome-extension://abc/x.js") == .failure(.notHTTP("chrome-extension")))
        #expect(EntryURL.parse("https://") == .failure(.malformed))
        #expect(EntryURL.parse("https://host:99999/") == .failure(.malformed))
        #expect(EntryURL.parse("https://ho st/") == .failure(.malformed))
    }

    @Test func theBaseURLIsTheFlagOrTheMostCommonOrigin() throws {
        let flag = try ImportBaseURL(flag: "https://bff.example.com/api/v1/")
        #expect(flag.description == "https://bff.example.com/api/v1")
        #expect(throws: ImportError.self) { try ImportBaseURL(flag: "ftp://bff.example.com") }
        #expect(throws: ImportError.self) { try ImportBaseURL(flag: "https://bff.example.com/api?x=1") }
        #expect(throws: ImportError.self) { try ImportBaseURL(flag: "https://bff.example.com/%2e%2e") }
        let urls = try ["https://a.example/x", "https://b.example/1", "https://b.example/2", "https://a.example/y"].map {
            try EntryURL.parse($0).get()
        }
        let common = try #require(ImportBaseURL.mostCommon(among: urls))
        #expect(common.base.description == "https://a.example")
        #expect(common.count == 2)
        #expect(ImportBaseURL.mostCommon(among: []) == nil)
    }

    @Test func anEntryBecomesTheFileThatAnswersTheSameRequest() throws {
        #expect(try Self.mapped("GET", "\(Self.base)/home") == "home.json")
        #expect(try Self.mapped("GET", "\(Self.base)/home?tab=2#x") == "home.json")
        #expect(try Self.mapped("GET", "\(Self.base)/home.json") == "home.json")
        #expect(try Self.mapped("GET", "\(Self.base)/home", platform: "IOS") == "home.ios.json")
        #expect(try Self.mapped("GET", "\(Self.base)/home", platform: "android") == "home.android.json")
        #expect(try Self.mapped("GET", "\(Self.base)/home", platform: " WEB ") == "home.web.json")
        #expect(try Self.mapped("GET", "\(Self.base)/home", platform: "FLUTTER") == "home.json")
        #expect(try Self.mapped("GET", "\(Self.base)") == "index.json")
        #expect(try Self.mapped("GET", "\(Self.base)/") == "index.json")
        #expect(try Self.mapped("GET", "\(Self.base)/catalog/item-1") == "catalog/item-1.json")
        #expect(try Self.mapped("POST", "\(Self.base)/cart", platform: "IOS") == "cart.post.ios.json")
        #expect(try Self.mapped("PUT", "\(Self.base)/cart/7") == "cart/7.put.json")
        #expect(try Self.mapped("PATCH", "\(Self.base)/cart/7") == "cart/7.patch.json")
        #expect(try Self.mapped("DELETE", "\(Self.base)/cart/7", platform: "WEB") == "cart/7.delete.web.json")
        #expect(try Self.mapped("GET", "\(Self.base)/images/logo.png", mimeType: "image/png") == "images/logo.png")
        #expect(try Self.mapped("GET", "\(Self.base)/banner.png", platform: "IOS", mimeType: "image/png") == "banner.png")
        // An image at a path without extension is a file at that path, served as it is.
        #expect(try Self.mapped("GET", "\(Self.base)/avatar/42", mimeType: "image/jpeg") == "avatar/42")
        #expect(try Self.mapped("GET", "\(Self.base)/home", mimeType: "application/problem+json") == "home.json")
        #expect(try Self.mapped("GET", "\(Self.base)/home", mimeType: "text/plain") == "home.json")
    }

    @Test func whatIsNoAnswerOfTheBFFIsSkipped() throws {
        #expect(
            try Self.mapped("GET", "https://fonts.example.com/a.woff") == "skipped: another origin (https://fonts.example.com)")
        #expect(try Self.mapped("GET", "https://bff.example.com/other") == "skipped: outside the base URL's path")
        #expect(try Self.mapped("GET", "https://bff.example.com:8443/api/home").hasPrefix("skipped: another origin"))
        #expect(try Self.mapped("GET", "data:application/json,{}") == "skipped: a data: URL, not HTTP")
        #expect(try Self.mapped("GET", "wss://bff.example.com/api/live") == "skipped: a WebSocket")
        #expect(try Self.mapped("GET", "\(Self.base)/live", status: 101, body: "") == "skipped: a WebSocket")
        #expect(try Self.mapped("GET", "\(Self.base)/live") { $0.resourceType = "websocket" } == "skipped: a WebSocket")
        #expect(try Self.mapped("CONNECT", "https://bff.example.com:443").hasPrefix("skipped: a CONNECT tunnel"))
        #expect(try Self.mapped("OPTIONS", "\(Self.base)/cart", status: 204, body: "") == "skipped: no file answers OPTIONS")
        #expect(try Self.mapped("HEAD", "\(Self.base)/home") == "skipped: no file answers HEAD")
        #expect(try Self.mapped("GET", "\(Self.base)/home", status: 0, body: nil).hasPrefix("skipped: no answer (status 0"))
        #expect(
            try Self.mapped("DELETE", "\(Self.base)/cart/7", status: 204, body: "") == "skipped: no response body (status 204)")
        #expect(try Self.mapped("GET", "\(Self.base)/home", status: 304, body: nil) == "skipped: no response body (status 304)")
        #expect(try Self.mapped("GET", "\(Self.base)/home", body: "") == "skipped: no response body (status 200)")
    }

    @Test func noURLNamesAFileOutsideTheFolder() throws {
        for hostile in [
            "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/a/..%2f..%2fetc", "/%2E%2E", "/a%00.json", "/a\\..\\b",
            "/a%5c..%5cb", "/%ff", "/x%zz",
        ] {
            #expect(try Self.mapped("GET", Self.base + hostile).hasPrefix("not imported: the path is refused"), "\(hostile)")
        }
        #expect(try Self.mapped("GET", "\(Self.base)/.git/config").hasPrefix("not imported: the path would make a hidden name"))
        #expect(
            try Self.mapped("GET", "\(Self.base)/.env", mimeType: "text/plain").hasPrefix(
                "not imported: the path would make a hidden"))
        #expect(try Self.mapped("GET", "\(Self.base)/beagle-mock.yml").hasPrefix("not imported: the path would make the config"))
        #expect(
            try Self.mapped("GET", "\(Self.base)/product/%5Bid%5D").hasPrefix("not imported: the path would make a bracketed"))
        #expect(try Self.mapped("GET", "\(Self.base)/home.ios.json").hasPrefix("not imported: the path would make a name"))
        let long = String(repeating: "a", count: 300)
        #expect(try Self.mapped("GET", "\(Self.base)/\(long)").hasPrefix("not imported: the file name"))
        // Empty segments collapse, as the server reads the path: an absolute path stays below the folder.
        #expect(try Self.mapped("GET", "\(Self.base)//etc/passwd") == "etc/passwd.json")
    }

    @Test func bodiesAreDecodedOrRefusedWithAReason() throws {
        let url = "\(Self.base)/home"
        #expect(try Self.mapped(url: url, text: "e30=", encoding: "base64") == "home.json")
        #expect(try Self.mapped(url: url, text: "e3\n0=", encoding: "BASE64") == "home.json")
        #expect(
            try Self.mapped(url: url, text: "not base64!", encoding: "base64") == "not imported: \(ImportSkip.Reason.notBase64)")
        #expect(try Self.mapped(url: url, text: "{}", encoding: "gzip").hasPrefix("not imported: content.encoding \"gzip\""))
        #expect(try Self.mapped(url: url, text: nil, size: 1200).hasPrefix("not imported: the archive kept no body (1200 bytes"))
        // A size that lies is not believed: the text is the body.
        #expect(try Self.mapped(url: url, text: "{}", size: 999_999) == "home.json")
        #expect(try Self.mapped(url: url, text: "{}", size: -7) == "home.json")
        // Still compressed: a gzip header, or a textual type whose bytes are not UTF-8.
        let gzip = Data([0x1F, 0x8B, 0x08, 0x00, 0x01]).base64EncodedString()
        #expect(
            try Self.mapped(url: url, text: gzip, encoding: "base64", contentEncoding: "gzip")
                .hasPrefix("not imported: the body is still gzip-compressed"))
        let brotli = Data([0x8B, 0xFF, 0x7F, 0x00]).base64EncodedString()
        #expect(
            try Self.mapped(url: url, text: brotli, encoding: "base64", contentEncoding: "br")
                .hasPrefix("not imported: the body is still br-compressed"))
        // Decoded by the tool, as they write it: the header stays, the text is readable.
        #expect(try Self.mapped(url: url, text: "{}", contentEncoding: "br") == "home.json")
        #expect(
            try Self.mapped("GET", url, body: String(repeating: "1", count: 100), limit: 99)
                == "not imported: the body of 100 bytes is over --max-body-size (99 bytes)")
        #expect(
            try Self.mapped("GET", url, body: "{\"a\": 1,}").hasPrefix(
                "not imported: its file is a JSON screen, and the body is not JSON: 1:"))
        #expect(try Self.mapped("GET", url, body: "<html/>", mimeType: "text/html") == "home")
        #expect(
            try Self.mapped("GET", "\(Self.base)/", body: "<html/>", mimeType: "text/html").hasPrefix(
                "not imported: its file is a JSON screen"))
        #expect(
            try Self.mapped("POST", url, body: "<p>ok</p>", mimeType: "text/html").hasPrefix(
                "not imported: its file is a JSON screen"))
    }

    @Test func base64IsDecodedAsFoundationDecodesItWithLineBreaksAndWithoutPadding() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Data(bytes).base64EncodedString()
            #expect(Base64Text.decode(text) == bytes)
            #expect(Base64Text.decode(Data(bytes).base64EncodedString(options: .lineLength64Characters)) == bytes)
            #expect(Base64Text.decode(String(text.prefix { $0 != "=" })) == bytes)
        }
        for wrong in ["e", "e30==", "=e30", "e3=0", "e30*", "e30===", "ab=c", "ab==c"] {
            #expect(Base64Text.decode(wrong) == nil, "\(wrong)")
        }
    }

    /// An entry whose body is `text` with `encoding`, of `size` bytes, its response's
    /// `Content-Encoding` `contentEncoding`.
    static func mapped(
        url: String, text: String?, encoding: String? = nil, size: Int = 2, contentEncoding: String? = nil
    ) throws -> String {
        try mapped("GET", url, headers: contentEncoding.map { [("Content-Encoding", $0)] } ?? []) { entry in
            entry.response.content = HAR.Content(size: size, mimeType: "application/json", text: text, encoding: encoding)
        }
    }

    @Test func theHeadersThatMatterAreKept() throws {
        let base = try ImportBaseURL(flag: Self.base)
        func kept(_ headers: [(String, String)], file: String = "home.json", type: String? = "application/json") -> [String] {
            let response = HAR.Response(
                status: 200, statusText: "", headers: headers.map { HAR.NameValue(name: $0.0, value: $0.1) },
                content: HAR.Content(size: 0, mimeType: "", text: nil, encoding: nil), bodySize: 0)
            return KeptHeaders.headers(of: response, fileName: file, contentType: type, base: base).map {
                "\($0.name): \($0.value)"
            }
        }
        #expect(kept([]) == [])
        #expect(kept([], type: "application/json; charset=UTF-8") == [])
        #expect(kept([], type: "text/plain") == ["Content-Type: text/plain"])
        #expect(kept([], type: "application/json; charset=iso-8859-1") == ["Content-Type: application/json; charset=iso-8859-1"])
        #expect(kept([], file: "logo.png", type: "image/png") == [])
        #expect(kept([], file: "logo.png", type: "image/webp") == ["Content-Type: image/webp"])
        #expect(kept([], file: "42", type: "image/jpeg") == ["Content-Type: image/jpeg"])
        #expect(kept([("cache-control", "no-cache")]) == [])
        #expect(kept([("Cache-Control", "max-age=300")]) == ["Cache-Control: max-age=300"])
        #expect(
            kept([("ETag", "\"abc\""), ("Last-Modified", "x"), ("Expires", "y"), ("Set-Cookie", "s=1"), ("Date", "z")]) == [])
        #expect(kept([("WWW-Authenticate", "Basic realm=x"), ("Vary", "Accept")]) == [])
        #expect(kept([("Retry-After", "30")]) == ["Retry-After: 30"])
        #expect(kept([("Location", "https://bff.example.com/api/login?next=%2Fhome")]) == ["Location: /login?next=%2Fhome"])
        #expect(kept([("Location", "/api/orders/7")]) == ["Location: /orders/7"])
        #expect(kept([("Location", "https://sso.example.com/auth")]) == ["Location: https://sso.example.com/auth"])
        #expect(kept([("Retry-After", "1\r\nX-Injected: yes")]) == [])
    }
}
