import Foundation

/// An entry's response body as the bytes the BFF sent (Docs/Sessions.md, "Bodies"): the text as
/// UTF-8, or decoded from base64 when `content.encoding` says so. `content.size` is not trusted
/// (tools write the size on the wire, or the decoded one, or nothing); the text is what counts.
///
/// The tools write bodies decoded (what a `Content-Encoding` compressed is stored uncompressed),
/// so a response's `Content-Encoding` is believed only when the bytes show it still applies: a
/// gzip header, or a textual type whose bytes are not UTF-8.
enum EntryBody {
    /// The bytes of `content`, at most `limit` of them; `contentEncoding` is the response's
    /// `Content-Encoding` and `contentType` its type, if any.
    static func bytes(
        of content: HAR.Content, contentEncoding: String?, contentType: String?, limit: Int
    ) -> Result<[UInt8], ImportSkip.Reason> {
        guard let text = content.text else { return .failure(.bodyNotKept(content.size)) }
        let encoding = content.encoding?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        let bytes: [UInt8]
        switch encoding {
        case "":
            guard text.utf8.count <= limit else { return .failure(.tooLarge(text.utf8.count, limit: limit)) }
            bytes = Array(text.utf8)
        case "base64":
            // Four characters carry three bytes: a text longer than that is over the limit
            // before it is decoded.
            let estimate = text.utf8.count / 4 * 3
            guard estimate <= limit + 3 else { return .failure(.tooLarge(estimate, limit: limit)) }
            guard let decoded = Base64Text.decode(text) else { return .failure(.notBase64) }
            guard decoded.count <= limit else { return .failure(.tooLarge(decoded.count, limit: limit)) }
            bytes = decoded
        default:
            return .failure(.encoding(content.encoding ?? ""))
        }
        if let coding = contentEncoding?.trimmingCharacters(in: .whitespaces).lowercased(), !coding.isEmpty,
            coding != "identity", Self.isStillEncoded(bytes, contentType: contentType)
        {
            return .failure(.compressed(coding))
        }
        return .success(bytes)
    }

    /// Whether bytes the archive holds are still compressed: a gzip header, or a textual type
    /// whose bytes are not UTF-8 (Brotli has no header to look for).
    static func isStillEncoded(_ bytes: [UInt8], contentType: String?) -> Bool {
        if bytes.starts(with: [0x1F, 0x8B]) { return true }
        return isTextual(contentType) && String(validating: bytes, as: UTF8.self) == nil
    }

    /// JSON, text, JavaScript and XML types: what is UTF-8 once decompressed.
    static func isTextual(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.hasPrefix("text/") || type.hasSuffix("/json") || type.hasSuffix("+json") || type.hasSuffix("/xml")
            || type.hasSuffix("+xml") || type.hasSuffix("/javascript")
    }
}
