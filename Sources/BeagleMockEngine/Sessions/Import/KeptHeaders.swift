import BeagleMockHTTP
import Foundation

/// The response headers an import keeps as a route rule's `response: headers` (Docs/Sessions.md,
/// "Status and headers"): the few that say how a client should read or retry the answer and that
/// stay true when the mock serves the same bytes later.
///
/// - `Content-Type`, when it is not what the server sends for the file's name already;
/// - `Cache-Control`, when it is not the server's own `no-cache`;
/// - `Retry-After` and `Location` (a `Location` below the base URL becomes a path on the mock).
///
/// Left out: `ETag` and `Last-Modified` (the server makes its own from the bytes it serves, and
/// answers `If-None-Match` with them; the BFF's would never match), `Expires`, `Date` and `Age`
/// (times of the capture), `Set-Cookie` and other headers that carry a session, `Vary` and the
/// framing headers (the server sets its own), and `WWW-Authenticate`.
enum KeptHeaders {
    /// The headers of `response` kept for the file `fileName` (its last path segment), whose
    /// answer's type is `contentType`; a `Location` below `base` is rewritten as a path.
    static func headers(of response: HAR.Response, fileName: String, contentType: String?, base: ImportBaseURL)
        -> [ResponseOverride.Header]
    {
        var kept: [ResponseOverride.Header] = []
        func keep(_ name: String, _ value: String) {
            // A value that would split the response head is not kept (ResponseOverride refuses it).
            guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else { return }
            kept.append(ResponseOverride.Header(name: name, value: value))
        }
        if let contentType, !contentType.isEmpty, !sameMediaType(contentType, ContentType.forFile(named: fileName)) {
            keep("Content-Type", contentType)
        }
        if let cacheControl = value(of: "Cache-Control", in: response.headers),
            cacheControl.trimmingCharacters(in: .whitespaces).lowercased() != "no-cache"
        {
            keep("Cache-Control", cacheControl)
        }
        if let retryAfter = value(of: "Retry-After", in: response.headers) { keep("Retry-After", retryAfter) }
        if let location = value(of: "Location", in: response.headers) { keep("Location", rewritten(location, base: base)) }
        return kept
    }

    /// The first value of the header `name` (ASCII, as header names are), in any letter case.
    static func value(of name: String, in headers: [HAR.NameValue]) -> String? {
        headers.first { Self.equalIgnoringCase(Substring($0.name), Substring(name)) }?.value
    }

    /// Whether two texts are equal but for ASCII letter case; compared on their bytes, as every
    /// entry's headers and types are looked through.
    private static func equalIgnoringCase(_ a: Substring, _ b: Substring) -> Bool {
        a.utf8.count == b.utf8.count
            && zip(a.utf8, b.utf8).allSatisfy { x, y in
                x == y || (x | 0x20 == y | 0x20 && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(x | 0x20))
            }
    }

    /// Whether two `Content-Type` values name the same type for a client: the same type and
    /// subtype in any case, and the same charset when the first names one (`application/json`
    /// is `application/json; charset=utf-8`).
    static func sameMediaType(_ captured: String, _ served: String) -> Bool {
        if captured == served { return true }
        let (capturedType, capturedCharset) = parse(captured)
        let (servedType, servedCharset) = parse(served)
        guard equalIgnoringCase(capturedType, servedType) else { return false }
        guard let capturedCharset else { return true }
        return equalIgnoringCase(capturedCharset, servedCharset ?? "utf-8")
    }

    /// A type's `type/subtype` and charset, without spaces or quotes.
    private static func parse(_ value: String) -> (Substring, Substring?) {
        let parts = value.split(separator: ";")
        let charset = parts.dropFirst().lazy.map(trimmed).first { $0.lowercased().hasPrefix("charset=") }.map {
            trimmed($0.dropFirst("charset=".count))
        }
        return (trimmed(parts.first ?? ""), charset)
    }

    /// `text` without the spaces and quotes around it.
    private static func trimmed(_ text: Substring) -> Substring {
        let isPadding: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\"" }
        guard let start = text.firstIndex(where: { !isPadding($0) }), let end = text.lastIndex(where: { !isPadding($0) })
        else { return "" }
        return text[start...end]
    }

    /// `location` as a path on the mock when it points below `base` (`https://bff.example.com/api/login`
    /// with the base `https://bff.example.com/api` is `/login`), else as it is.
    static func rewritten(_ location: String, base: ImportBaseURL) -> String {
        let target: Substring
        if location.hasPrefix("/"), !location.hasPrefix("//") {
            target = Substring(location)
        } else if case .success(let url) = EntryURL.parse(location), url.origin == base.origin {
            target = url.target
        } else {
            return location
        }
        guard let path = try? RequestPath(target: target), path.segments.starts(with: base.prefix) else { return location }
        let rest = path.segments.dropFirst(base.prefix.count).map {
            $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? $0
        }
        return "/" + rest.joined(separator: "/") + (path.query.isEmpty ? "" : "?" + path.query)
    }
}
