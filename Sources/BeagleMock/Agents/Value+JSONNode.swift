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
}
