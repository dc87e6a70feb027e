import Foundation

/// An HTTP/1.1 response as it arrived: status line, header fields in order, and the body with
/// its transfer framing removed.
public struct RawHTTPResponse: Sendable {
    /// The status code.
    public let status: Int
    /// The header fields, in order, names as sent.
    public let headers: [(name: String, value: String)]
    /// The body bytes.
    public let body: [UInt8]

    /// The first value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of a header, by case-insensitive name.
    public func headers(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Parses one response from the front of `bytes`; returns it and the bytes it took, or nil
    /// when more bytes are needed.
    static func parse(_ bytes: [UInt8], isHead: Bool) -> (RawHTTPResponse, Int)? {
        guard let headEnd = find([13, 10, 13, 10], in: bytes, from: 0) else { return nil }
        let headText = String(decoding: bytes[0..<headEnd], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        let headers: [(name: String, value: String)] = lines.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            return (String(line[..<colon]), String(value))
        }
        let response = { (body: [UInt8]) in RawHTTPResponse(status: status, headers: headers, body: body) }
        var offset = headEnd + 4
        let header = { (name: String) in headers.first { $0.name.lowercased() == name }?.value }
        if isHead || status == 204 || status == 304 || (100..<200).contains(status) {
            return (response([]), offset)
        }
        if header("transfer-encoding")?.lowercased().contains("chunked") == true {
            var body: [UInt8] = []
            while true {
                guard let lineEnd = find([13, 10], in: bytes, from: offset) else { return nil }
                let sizeText = String(decoding: bytes[offset..<lineEnd], as: UTF8.self)
                guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else { return nil }
                offset = lineEnd + 2
                if size == 0 {
                    guard let end = find([13, 10], in: bytes, from: offset) else { return nil }
                    return (response(body), end + 2)
                }
                guard bytes.count >= offset + size + 2 else { return nil }
                body += bytes[offset..<(offset + size)]
                offset += size + 2
            }
        }
        let length = header("content-length").flatMap { Int($0) } ?? 0
        guard bytes.count >= offset + length else { return nil }
        return (response(Array(bytes[offset..<(offset + length)])), offset + length)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count)
        where haystack[index] == needle[0] && Array(haystack[index..<(index + needle.count)]) == needle {
            return index
        }
        return nil
    }
}
