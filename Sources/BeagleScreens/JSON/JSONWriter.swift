import Foundation

/// Writes a ``JSONNode`` tree back to compact JSON (no whitespace).
///
/// Numbers are written as their original text and members in their original order, so a
/// read-then-write round trip changes only whitespace and string escapes: strings are written
/// with the minimal escapes (`\"`, `\\`, control characters), everything else as raw UTF-8.
package enum JSONWriter {
    /// The compact JSON text of `node` as UTF-8 bytes.
    package static func compactBytes(_ node: JSONNode) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        write(node.value, into: &output)
        return output
    }

    /// The compact JSON text of `node` as `Data`.
    package static func compactData(_ node: JSONNode) -> Data {
        Data(compactBytes(node))
    }

    /// The compact JSON text of `node` as a string.
    package static func compactString(_ node: JSONNode) -> String {
        String(decoding: compactBytes(node), as: UTF8.self)
    }

    /// The JSON text of `node` indented as the sample app's screens are (two spaces a level, a
    /// member or element a line, `": "` after a key, `{}` and `[]` when empty) and ending with a
    /// line feed: what `python3 -m json.tool --indent 2` writes, members in their original order.
    /// The same node gives the same bytes every time.
    package static func prettyString(_ node: JSONNode) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        writePretty(node.value, depth: 0, into: &output)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    private static func writePretty(_ value: JSONValue, depth: Int, into output: inout [UInt8]) {
        func newline(_ depth: Int) {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
        }
        switch value {
        case .object(let members) where !members.isEmpty:
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                writeString(member.key, into: &output)
                output.append(contentsOf: ": ".utf8)
                writePretty(member.value.value, depth: depth + 1, into: &output)
            }
            newline(depth)
            output.append(UInt8(ascii: "}"))
        case .array(let elements) where !elements.isEmpty:
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                writePretty(element.value, depth: depth + 1, into: &output)
            }
            newline(depth)
            output.append(UInt8(ascii: "]"))
        default:
            write(value, into: &output)
        }
    }

    static func write(_ value: JSONValue, into output: inout [UInt8]) {
        switch value {
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                write(member.value.value, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element.value, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .string(let text):
            writeString(text, into: &output)
        case .number(let text):
            output.append(contentsOf: text.utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null:
            output.append(contentsOf: "null".utf8)
        }
    }

    /// Appends `text` as a JSON string, quoted, with the minimal escapes.
    package static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x00..<0x20:
                output.append(contentsOf: "\\u00".utf8)
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0x0F))
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
