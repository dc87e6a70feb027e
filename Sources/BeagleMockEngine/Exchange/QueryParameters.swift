import BeagleMockHTTP

/// A query string split into decoded name–value pairs (`a=1&b=two%20words`), `+` read as a
/// space, as HTML forms and most clients send it. Malformed escapes are kept as written.
///
/// Split by bytes, as URLs are: a `&` or `=` is a separator whatever follows it (a combining mark
/// written raw after one does not join it, as it would as a Swift `Character`).
package struct QueryParameters: Sendable {
    let pairs: [(name: String, value: String)]

    /// The given pairs, already decoded.
    init(pairs: [(name: String, value: String)]) {
        self.pairs = pairs
    }

    package init(_ query: Substring) {
        pairs = query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { item in
            guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else { return (Self.decode(item), "") }
            return (Self.decode(item[..<equals]), Self.decode(item[item.index(after: equals)...]))
        }
    }

    /// Every value given for `name`, in order.
    package func values(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    private static func decode(_ text: Substring.UTF8View) -> String {
        // Most names and values have nothing to decode.
        guard text.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
            return String(Substring(text))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var index = text.startIndex
        while index != text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), let high = text.index(index, offsetBy: 1, limitedBy: text.endIndex),
                high != text.endIndex, let low = text.index(high, offsetBy: 1, limitedBy: text.endIndex), low != text.endIndex,
                let highValue = text[high].hexDigitValue, let lowValue = text[low].hexDigitValue
            {
                bytes.append(highValue << 4 | lowValue)
                index = low
            } else {
                bytes.append(byte)
            }
            index = text.index(after: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
