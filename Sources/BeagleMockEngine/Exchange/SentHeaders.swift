import BeagleMockHTTP
import HTTPTypes

/// A request's header fields as the client sent them, in order, with `Host` put back: swift-http-types
/// moves `Host` out of the fields into the request's authority, and an echo or a journal without it
/// would not show what the client sent.
struct SentHeaders: Sendable {
    /// One header field as received.
    struct Field: Sendable, Hashable {
        /// The name as the client spelled it.
        let name: String
        let value: String
    }

    /// Every field, `Host` first when the request had one.
    let fields: [Field]

    init(_ head: HTTPRequest) {
        var fields: [Field] = []
        fields.reserveCapacity(head.headerFields.count + 1)
        if let authority = head.authority { fields.append(Field(name: "Host", value: authority)) }
        for field in head.headerFields { fields.append(Field(name: field.name.rawName, value: field.value)) }
        self.fields = fields
    }

    /// Headers from fields already in order (tests, and requests built in code).
    init(fields: [Field]) {
        self.fields = fields
    }

    /// The fields grouped by lower-case name, values in the order sent: the `headers` object of
    /// `/__echo` and of the journal. Lower case because header names are case-insensitive and a test
    /// that looks one up should not have to guess how a client spelled it (HTTP/2 sends them so).
    var grouped: [String: [String]] {
        var grouped: [String: [String]] = [:]
        for field in fields { grouped[field.name.lowercased(), default: []].append(field.value) }
        return grouped
    }

    /// The first value of the field `name` (lower case), whatever the case the client used.
    func first(_ name: String) -> String? {
        fields.first { $0.name.lowercased() == name }?.value
    }
}
