/// A response's header fields, looked up by name in any letter case; a field sent twice reads as
/// its values joined with `, `, as HTTP allows for lists.
package struct HeaderFields: Sendable, Hashable {
    /// The values by lower-cased name.
    private let values: [String: String]

    /// The fields `pairs` hold, in any order.
    package init(_ pairs: some Sequence<(name: String, value: String)>) {
        var values: [String: String] = [:]
        for (name, value) in pairs {
            let key = name.lowercased()
            values[key] = values[key].map { $0 + ", " + value } ?? value
        }
        self.values = values
    }

    /// No fields.
    package static let none = HeaderFields([(name: String, value: String)]())

    /// The value of the field `name`, if it was sent.
    package subscript(_ name: String) -> String? { values[name.lowercased()] }
}
