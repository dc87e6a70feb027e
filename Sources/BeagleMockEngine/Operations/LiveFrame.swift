/// A screen as Beagle's Live Preview clients take it (Docs/LivePreview.md): one compact JSON
/// document in one text frame, in which the word `Welcome` never appears as it is. iOS's client
/// drops any frame that contains it (it takes such a frame for the server's greeting), so inside
/// JSON strings, the only place a letter can be in JSON, its `W` is written `\u0057`, which
/// decodes to the same text.
package enum LiveFrame {
    /// `json` without the whitespace between its tokens and with `Welcome` escaped.
    package static func text(compacting json: [UInt8]) -> String {
        var compact: [UInt8] = []
        compact.reserveCapacity(json.count)
        var inString = false
        var escaped = false
        for byte in json {
            if inString {
                compact.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                compact.append(byte)
            } else if ![UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(byte) {
                compact.append(byte)
            }
        }
        return String(decoding: compact, as: UTF8.self).replacing("Welcome", with: #"\u0057elcome"#)
    }
}
