import BeagleMockHTTP
import HTTPTypes

/// `If-None-Match` and `If-Modified-Since` (RFC 9110 section 13): whether a GET or HEAD can be
/// answered 304 because the client already holds this version.
enum ConditionalRequest {
    /// Whether the client's copy is current. `If-None-Match` decides when present (weak
    /// comparison, `*` matches any version); `If-Modified-Since` is read only without it, and only
    /// for a body that has a modification time (a rendered template has none).
    static func isNotModified(_ request: HTTPRequest, entityTag: String, modifiedSeconds: Int64?) -> Bool {
        let tags = request.headerFields[values: .ifNoneMatch]
        if !tags.isEmpty {
            for list in tags {
                for tag in list.split(separator: ",") {
                    let tag = tag.trimmingCharacters(in: " \t")
                    if tag == "*" || opaque(tag) == opaque(Substring(entityTag)) { return true }
                }
            }
            return false
        }
        guard let modifiedSeconds, let since = request.headerFields[.ifModifiedSince], let date = HTTPDate.parse(since) else {
            return false
        }
        return modifiedSeconds <= date
    }

    /// An entity tag without its weakness marker, for weak comparison.
    private static func opaque(_ tag: Substring) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var text = self
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return text
    }
}
