import BeagleMockHTTP
import Mustache

/// Escaping for values written inside a JSON string: `{{value}}` in a screen file writes
/// `"`, `\` and control characters escaped, so any value keeps the screen valid JSON
/// (Docs/Templates.md, "Values"). `{{{value}}}` writes a value as it is.
struct JSONStringContent: MustacheContentType {
    /// The name the template's pragma selects.
    static let name = "BEAGLE_MOCK_JSON"

    /// Registers the content type with the engine, once per process.
    static let registered: Void = MustacheContentTypes.register(JSONStringContent(), named: name)

    func escapeText(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            return text
        }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
