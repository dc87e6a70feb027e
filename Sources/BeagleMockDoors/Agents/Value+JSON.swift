import BeagleMockEngine
import BeagleMockHTTP
import BeagleScreens
import MCP

extension Value {
    /// The value `node` holds: read with the package's own JSON reader, in one pass, where
    /// `Value`'s `Decodable` conformance tries each kind in turn and costs tens of times more.
    init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .string(let text): self = .string(text)
        case .number(let text):
            if let whole = Int(text) {
                self = .int(whole)
            } else {
                self = .double(Double(text) ?? .nan)
            }
        case .array(let elements): self = .array(elements.map(Value.init))
        case .object(let members):
            var object: [String: Value] = [:]
            object.reserveCapacity(members.count)
            // The last of a duplicated key wins, as JSON decoders keep it.
            for member in members { object[member.key] = Value(member.value) }
            self = .object(object)
        }
    }

    /// Appends the value as compact JSON, an object's keys sorted as the SDK's encoder sorts
    /// them, in one pass (`Encodable` goes through a tree of boxed values first). Data is written
    /// as the data URL the SDK writes; a number that is not finite, which JSON cannot hold, as null.
    func writeJSON(into output: inout [UInt8]) {
        switch self {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let whole):
            output.append(contentsOf: String(whole).utf8)
        case .double(let number):
            output.append(contentsOf: (number.isFinite ? String(number) : "null").utf8)
        case .string(let text):
            JSONWriter.writeString(text, into: &output)
        case .data(let mimeType, let data):
            JSONWriter.writeString(data.dataURLEncoded(mimeType: mimeType), into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.writeJSON(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONWriter.writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                member.value.writeJSON(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}
