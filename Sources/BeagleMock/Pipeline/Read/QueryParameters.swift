/// A query string split into decoded name–value pairs (`a=1&b=two%20words`), `+` read as a
/// space, as HTML forms and most clients send it. Malformed escapes are kept as written.
struct QueryParameters: Sendable {
    let pairs: [(name: String, value: String)]

    init(_ query: Substring) {
        pairs = query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : "")
        }
    }

    /// Every value given for `name`, in order.
    func values(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    private static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), let high = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex),
                high != utf8.endIndex, let low = utf8.index(high, offsetBy: 1, limitedBy: utf8.endIndex), low != utf8.endIndex,
                let value = UInt8(String(decoding: [utf8[high], utf8[low]], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index = low
            } else {
                bytes.append(byte)
            }
            index = utf8.index(after: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
