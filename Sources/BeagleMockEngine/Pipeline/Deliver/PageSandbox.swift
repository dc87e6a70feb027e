import BeagleMockHTTP
import HTTPTypes

/// `Content-Security-Policy: sandbox …` on every answer that a browser would run as a page (Docs/
/// Security.md, "Pages served by the mock"): HTML, XHTML, SVG and XML, and an answer without a
/// `Content-Type`, which a browser may sniff as HTML; from the folders, the upstream or the echo
/// alike.
///
/// Such a page is of the mock's origin, like the dashboard, so its script could otherwise read the
/// journal (with the app's `Authorization` headers) and change settings. Sandboxed without
/// `allow-same-origin`, it gets an opaque origin: its scripts, forms and pop-ups still work (a
/// Beagle `webView` shows it as it would be), but its requests to the admin API carry
/// `Origin: null` and come back unreadable, or refused when they would change something. The
/// field is added beside any policy the answer has (a browser enforces every one), never in place
/// of it, so an upstream cannot lift the sandbox.
enum PageSandbox {
    /// The field added.
    static let field = HTTPField(
        name: .contentSecurityPolicy, value: "sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads")

    /// Adds ``field`` to `response` when a `Content-Type` it has is a page's (a rule's
    /// `response: {headers: …}` adds one beside the file's), or when it has a body and no
    /// `Content-Type` (an answer with neither, 204 or 304, is no page).
    static func apply(to response: inout OutgoingResponse) {
        var typed = false
        // Every answer asks: the fields are read in place, without an array of their values.
        for field in response.head.headerFields where field.name.isNamed(.contentType) {
            if runsAsPage(field.value) { return response.head.headerFields.append(Self.field) }
            typed = true
        }
        if typed { return }
        if case .empty = response.body { return }
        response.head.headerFields.append(field)
    }

    /// Whether a browser would run an answer of `contentType` as a page: `text/html`,
    /// `application/xhtml+xml`, `image/svg+xml`, `text/xml`, `application/xml`, any `…+xml`,
    /// or none at all. Compared byte by byte, in any case.
    static func runsAsPage(_ contentType: String?) -> Bool {
        guard var contentType else { return true }
        return contentType.withUTF8 { isPageType($0) }
    }

    private static func isPageType(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
        while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        if start == end { return true }
        let type = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if matches(type, "text/html") || matches(type, "text/xml") || matches(type, "application/xml") { return true }
        return type.count > 4 && matches(UnsafeBufferPointer(rebasing: type[(type.count - 4)...]), "+xml")
    }

    /// Whether `bytes` are `lowercase` in any letter case (the media types' other characters,
    /// `/`, `+`, `-`, `.` and digits, are unchanged by the case bit).
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        for index in 0..<bytes.count where bytes[index] | 0x20 != expected[index] { return false }
        return true
    }
}
