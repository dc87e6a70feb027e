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
        let types = response.head.headerFields[values: .contentType]
        if types.isEmpty {
            if case .empty = response.body { return }
        } else if !types.contains(where: { runsAsPage($0) }) {
            return
        }
        response.head.headerFields.append(field)
    }

    /// Whether a browser would run an answer of `contentType` as a page: `text/html`,
    /// `application/xhtml+xml`, `image/svg+xml`, `text/xml`, `application/xml`, any `…+xml`,
    /// or none at all. Compared byte by byte, in any case: every answer asks.
    static func runsAsPage(_ contentType: String?) -> Bool {
        guard let contentType else { return true }
        var type = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
        while let first = type.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { type = type.dropFirst() }
        while let last = type.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { type = type.dropLast() }
        if type.isEmpty { return true }
        return pageTypes.contains { matches(type, $0) } || (type.count > 4 && matches(type.suffix(4), "+xml".utf8))
    }

    /// The media types of pages that do not end in `+xml`.
    private static let pageTypes = ["text/html".utf8, "text/xml".utf8, "application/xml".utf8]

    /// Whether `bytes` are `lowercase` in any letter case (the media types' other characters,
    /// `/`, `+`, `-`, `.` and digits, are unchanged by the case bit).
    private static func matches(_ bytes: Substring.UTF8View, _ lowercase: String.UTF8View) -> Bool {
        bytes.count == lowercase.count && zip(bytes, lowercase).allSatisfy { $0 | 0x20 == $1 }
    }
}
