/// The `Content-Type` the server sends, chosen by file extension (Docs/ScreensFolder.md).
package enum ContentType {
    package static let json = "application/json; charset=utf-8"
    package static let fallback = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "json": json,
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "svg": "image/svg+xml",
        "ico": "image/x-icon",
        "pdf": "application/pdf",
        "txt": "text/plain; charset=utf-8",
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "xml": "application/xml",
        "yml": "application/yaml",
        "yaml": "application/yaml",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "mp4": "video/mp4",
        "mp3": "audio/mpeg",
        "wav": "audio/wav",
        "csv": "text/csv; charset=utf-8",
    ]

    /// The type for a file name, by its extension in any letter case.
    package static func forFile(named name: some StringProtocol) -> String {
        // By bytes: a `.` is a `.` whatever follows it, and no grapheme breaking per request.
        let name = Substring(name)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return fallback }
        let ext = name[name.utf8.index(after: dot)...]
        // Lowercasing goes through Unicode's tables: only for names that need it.
        let needsLowercasing = ext.utf8.contains { $0 >= 0x80 || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
        return byExtension[needsLowercasing ? ext.lowercased() : String(ext)] ?? fallback
    }
}
