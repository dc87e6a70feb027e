import BeagleScreens

/// Where in an archive a decoding error is, in a tree that knows positions: its line and column.
enum ArchivePlace {
    /// The line and column of the value `error` is about, or of the nearest value above it that
    /// the tree has (the object a missing key belongs to).
    static func position(of error: any Error, in tree: JSONNode) -> JSONPosition? {
        guard let error = error as? DecodingError else { return nil }
        let codingPath: [any CodingKey]
        switch error {
        case .keyNotFound(_, let context), .valueNotFound(_, let context), .typeMismatch(_, let context),
            .dataCorrupted(let context):
            codingPath = context.codingPath
        @unknown default:
            return nil
        }
        var node = tree
        for key in codingPath {
            let next: JSONNode?
            if let index = key.intValue {
                next = node.elements.flatMap { index < $0.count ? $0[index] : nil }
            } else {
                next = node[key.stringValue]
            }
            guard let next else { break }
            node = next
        }
        return node.position
    }

    /// `a string`, `a number`, `an object`… for the type a decoder expected.
    static func kind(of type: Any.Type) -> String {
        if type is String.Type { return "a string" }
        if type is Double.Type || type is Int.Type { return "a number" }
        if type is Bool.Type { return "true or false" }
        return String(describing: type).hasPrefix("Array<") ? "an array" : "an object"
    }
}
