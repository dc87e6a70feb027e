/// A JSON value as read from a file: objects keep their members in file order (duplicates
/// included) and numbers keep their exact text, so writing the value back changes no number
/// (`1.0` stays `1.0`, `1e400` stays `1e400`).
package enum JSONValue: Sendable, Hashable {
    /// An object, its members in file order.
    case object([JSONMember])
    /// An array.
    case array([JSONNode])
    /// A string, fully unescaped.
    case string(String)
    /// A number, as its exact JSON text (`-1.50e+3`).
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
}

/// A JSON value together with the position of its first character.
package struct JSONNode: Sendable, Hashable {
    /// The value.
    package var value: JSONValue
    /// Where the value starts (its `{`, `[`, `"`, first digit or first letter).
    package var position: JSONPosition

    /// A node; the position defaults to 1:1 for values built in code.
    package init(_ value: JSONValue, at position: JSONPosition = JSONPosition(line: 1, column: 1)) {
        self.value = value
        self.position = position
    }
}

/// One `"key": value` member of an object.
package struct JSONMember: Sendable, Hashable {
    /// The key, unescaped.
    package var key: String
    /// Where the key's opening quote is.
    package var keyPosition: JSONPosition
    /// The value.
    package var value: JSONNode

    /// A member; the key position defaults to 1:1 for members built in code.
    package init(key: String, keyPosition: JSONPosition = JSONPosition(line: 1, column: 1), value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

extension JSONNode {
    /// The members when this is an object, nil otherwise.
    package var members: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The elements when this is an array, nil otherwise.
    package var elements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The string when this is a string, nil otherwise.
    package var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// Whether this is `null`.
    package var isNull: Bool { value == .null }

    /// The member named `key` when this is an object. With duplicate keys the last one wins,
    /// as in JavaScript's `JSON.parse` and Foundation's decoders.
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The member named `key`, with its key position (last one wins, as in the subscript).
    package func member(_ key: String) -> JSONMember? {
        guard case .object(let members) = value else { return nil }
        return members.last(where: { $0.key == key })
    }

    /// A short name for the kind of value, for messages ("an object", "a string").
    package var kindDescription: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
