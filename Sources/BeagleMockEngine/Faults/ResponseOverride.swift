import BeagleMockHTTP

/// Another status and extra headers for a method file's answer (a route rule's `response:`), so a
/// `POST` can answer 422 for Beagle's `onError` without a fault.
///
/// YAML: `response: {status: 422, headers: {X-Foo: bar}}`; both keys optional, status 200–599.
package struct ResponseOverride: Sendable, Hashable, CustomStringConvertible {
    /// The status to answer with instead of 200, if any.
    package let status: Int?
    /// Headers added to the answer, in file order.
    package let headers: [Header]

    /// One header name and value.
    package struct Header: Sendable, Hashable {
        /// The header's name, as written.
        package let name: String
        /// The header's value.
        package let value: String
    }

    /// Creates an override, refusing statuses outside 200–599, names that are not HTTP tokens and
    /// values with line breaks or NUL (which would split the response head).
    package init(status: Int?, headers: [(name: String, value: String)] = []) throws(SpecError) {
        if let status, !Fault.statusRange.contains(status) {
            throw SpecError("response status \(status) is out of range; use a final status from 200 to 599")
        }
        var checked: [Header] = []
        for (name, value) in headers {
            guard !name.isEmpty, name.utf8.allSatisfy(Self.isTokenByte) else {
                throw SpecError(
                    "response header name \(SpecError.quote(name)) is not a valid HTTP header name; use letters, digits and - like X-Foo"
                )
            }
            guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                throw SpecError("response header \(name) has a line break or NUL in its value; put the value on one line")
            }
            checked.append(Header(name: name, value: value))
        }
        self.status = status
        self.headers = checked
    }

    /// RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// `status=422 headers=X-Foo`.
    package var description: String {
        var parts: [String] = []
        if let status { parts.append("status=\(status)") }
        if !headers.isEmpty { parts.append("headers=" + headers.map(\.name).joined(separator: ",")) }
        return parts.isEmpty ? "-" : parts.joined(separator: " ")
    }
}
