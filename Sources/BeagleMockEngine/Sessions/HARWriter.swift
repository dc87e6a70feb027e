import NIOCore

/// Writes a HAR 1.2 archive as JSON, an entry at a time (Docs/Sessions.md): the archive's start,
/// each ``HAR/Entry``, and its end, into buffers that can go out as they are made, so that an
/// export holds one entry's text at a time rather than the whole archive's. Keys come in sorted
/// order, absent optionals are left out, as `JSONEncoder` with `.sortedKeys` writes the same
/// model; strings are escaped as JSON requires and nothing more.
struct HARWriter {
    private var wroteEntry = false

    /// `{"log":{"creator":{…},"entries":[`
    func start(creator: HAR.Creator, into buffer: inout ByteBuffer) {
        buffer.writeStaticString(#"{"log":{"creator":{"name":"#)
        Self.string(creator.name, into: &buffer)
        buffer.writeStaticString(#","version":"#)
        Self.string(creator.version, into: &buffer)
        buffer.writeStaticString(#"},"entries":["#)
    }

    /// One entry, after a comma when it is not the first.
    mutating func write(_ entry: HAR.Entry, into buffer: inout ByteBuffer) {
        if wroteEntry { buffer.writeStaticString(",") }
        wroteEntry = true
        var object = JSONObject(opening: &buffer)
        object.field("_mock", in: &buffer) { Self.mock(entry.mock, into: &$0) }
        object.field("cache", in: &buffer) { $0.writeStaticString("{}") }
        object.optional("comment", entry.comment, in: &buffer)
        object.optional("connection", entry.connection, in: &buffer)
        object.field("request", in: &buffer) { Self.request(entry.request, into: &$0) }
        object.field("response", in: &buffer) { Self.response(entry.response, into: &$0) }
        object.optional("serverIPAddress", entry.serverIPAddress, in: &buffer)
        object.field("startedDateTime", in: &buffer) { Self.string(entry.startedDateTime, into: &$0) }
        object.field("time", in: &buffer) { Self.number(entry.time, into: &$0) }
        object.field("timings", in: &buffer) { Self.timings(entry.timings, into: &$0) }
        object.close(&buffer)
    }

    /// `],"version":"1.2"}}`
    func finish(into buffer: inout ByteBuffer) {
        buffer.writeStaticString(#"],"version":"1.2"}}"#)
    }

    private static func request(_ request: HAR.Request, into buffer: inout ByteBuffer) {
        var object = JSONObject(opening: &buffer)
        object.field("bodySize", in: &buffer) { $0.writeString(String(request.bodySize)) }
        object.optional("comment", request.comment, in: &buffer)
        object.field("cookies", in: &buffer) { $0.writeStaticString("[]") }
        object.field("headers", in: &buffer) { records(request.headers, into: &$0) }
        object.field("headersSize", in: &buffer) { $0.writeString(String(request.headersSize)) }
        object.field("httpVersion", in: &buffer) { string(request.httpVersion, into: &$0) }
        object.field("method", in: &buffer) { string(request.method, into: &$0) }
        if let postData = request.postData {
            object.field("postData", in: &buffer) { buffer in
                var data = JSONObject(opening: &buffer)
                data.optional("_cut", postData.cut, in: &buffer)
                data.optional("_encoding", postData.encoding, in: &buffer)
                data.optional("comment", postData.comment, in: &buffer)
                data.field("mimeType", in: &buffer) { string(postData.mimeType, into: &$0) }
                if let params = postData.params { data.field("params", in: &buffer) { records(params, into: &$0) } }
                data.field("text", in: &buffer) { string(postData.text, into: &$0) }
                data.close(&buffer)
            }
        }
        object.field("queryString", in: &buffer) { records(request.queryString, into: &$0) }
        object.field("url", in: &buffer) { string(request.url, into: &$0) }
        object.close(&buffer)
    }

    private static func response(_ response: HAR.Response, into buffer: inout ByteBuffer) {
        var object = JSONObject(opening: &buffer)
        object.field("bodySize", in: &buffer) { $0.writeString(String(response.bodySize)) }
        object.optional("comment", response.comment, in: &buffer)
        object.field("content", in: &buffer) { buffer in
            let content = response.content
            var fields = JSONObject(opening: &buffer)
            fields.optional("_cut", content.cut, in: &buffer)
            fields.optional("comment", content.comment, in: &buffer)
            if let compression = content.compression {
                fields.field("compression", in: &buffer) { $0.writeString(String(compression)) }
            }
            fields.optional("encoding", content.encoding, in: &buffer)
            fields.field("mimeType", in: &buffer) { string(content.mimeType, into: &$0) }
            fields.field("size", in: &buffer) { $0.writeString(String(content.size)) }
            fields.optional("text", content.text, in: &buffer)
            fields.close(&buffer)
        }
        object.field("cookies", in: &buffer) { $0.writeStaticString("[]") }
        object.field("headers", in: &buffer) { records(response.headers, into: &$0) }
        object.field("headersSize", in: &buffer) { $0.writeString(String(response.headersSize)) }
        object.field("httpVersion", in: &buffer) { string(response.httpVersion, into: &$0) }
        object.field("redirectURL", in: &buffer) { string(response.redirectURL, into: &$0) }
        object.field("status", in: &buffer) { $0.writeString(String(response.status)) }
        object.field("statusText", in: &buffer) { string(response.statusText, into: &$0) }
        object.close(&buffer)
    }

    private static func timings(_ timings: HAR.Timings, into buffer: inout ByteBuffer) {
        var object = JSONObject(opening: &buffer)
        if let latency = timings.injectedLatency { object.field("_injectedLatency", in: &buffer) { number(latency, into: &$0) } }
        if let blocked = timings.blocked { object.field("blocked", in: &buffer) { number(blocked, into: &$0) } }
        if let connect = timings.connect { object.field("connect", in: &buffer) { number(connect, into: &$0) } }
        if let dns = timings.dns { object.field("dns", in: &buffer) { number(dns, into: &$0) } }
        object.field("receive", in: &buffer) { number(timings.receive, into: &$0) }
        object.field("send", in: &buffer) { number(timings.send, into: &$0) }
        if let ssl = timings.ssl { object.field("ssl", in: &buffer) { number(ssl, into: &$0) } }
        object.field("wait", in: &buffer) { number(timings.wait, into: &$0) }
        object.close(&buffer)
    }

    private static func mock(_ facts: HAR.MockFacts?, into buffer: inout ByteBuffer) {
        guard let facts else {
            buffer.writeStaticString("null")
            return
        }
        var object = JSONObject(opening: &buffer)
        object.optional("fault", facts.fault, in: &buffer)
        object.field("id", in: &buffer) { $0.writeString(String(facts.id)) }
        object.optional("outcome", facts.outcome, in: &buffer)
        object.field("proxied", in: &buffer) { $0.writeStaticString(facts.proxied ? "true" : "false") }
        object.optional("recorded", facts.recorded, in: &buffer)
        object.optional("rule", facts.rule, in: &buffer)
        if let stage = facts.stage {
            object.field("stage", in: &buffer) { buffer in
                var mark = JSONObject(opening: &buffer)
                mark.field("index", in: &buffer) { $0.writeString(String(stage.index)) }
                mark.field("name", in: &buffer) { string(stage.name, into: &$0) }
                mark.field("timeline", in: &buffer) { string(stage.timeline, into: &$0) }
                mark.close(&buffer)
            }
        }
        object.field("tls", in: &buffer) { $0.writeStaticString(facts.tls ? "true" : "false") }
        object.close(&buffer)
    }

    private static func records(_ records: [HAR.NameValue], into buffer: inout ByteBuffer) {
        buffer.writeStaticString("[")
        for (index, record) in records.enumerated() {
            buffer.writeStaticString(index == 0 ? #"{"name":"# : #",{"name":"#)
            string(record.name, into: &buffer)
            buffer.writeStaticString(#","value":"#)
            string(record.value, into: &buffer)
            buffer.writeStaticString("}")
        }
        buffer.writeStaticString("]")
    }

    /// A number as JSON writes it: whole ones without a fraction.
    static func number(_ value: Double, into buffer: inout ByteBuffer) {
        if value == value.rounded(), abs(value) < 1e15 {
            buffer.writeString(String(Int64(value)))
        } else {
            buffer.writeString(String(value))
        }
    }

    /// `text` as a JSON string: `"`, `\` and control characters escaped, the rest as it is.
    static func string(_ text: String, into buffer: inout ByteBuffer) {
        buffer.writeStaticString("\"")
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                switch byte {
                case UInt8(ascii: "\""): buffer.writeStaticString("\\\"")
                case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
                case UInt8(ascii: "\n"): buffer.writeStaticString("\\n")
                case UInt8(ascii: "\r"): buffer.writeStaticString("\\r")
                case UInt8(ascii: "\t"): buffer.writeStaticString("\\t")
                default:
                    buffer.writeStaticString(byte < 0x10 ? "\\u000" : "\\u001")
                    buffer.writeString(String(byte & 0x0F, radix: 16))
                }
                start = index + 1
            }
            buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        buffer.writeStaticString("\"")
    }

    private static func string(_ text: String?, into buffer: inout ByteBuffer) {
        if let text { string(text, into: &buffer) }
    }
}

/// The fields of one JSON object as they are written into a buffer, commas between them.
private struct JSONObject {
    private var empty = true

    init(opening buffer: inout ByteBuffer) {
        buffer.writeStaticString("{")
    }

    mutating func field(_ name: StaticString, in buffer: inout ByteBuffer, _ value: (inout ByteBuffer) -> Void) {
        buffer.writeStaticString(empty ? "\"" : ",\"")
        buffer.writeStaticString(name)
        buffer.writeStaticString("\":")
        empty = false
        value(&buffer)
    }

    mutating func optional(_ name: StaticString, _ text: String?, in buffer: inout ByteBuffer) {
        guard let text else { return }
        field(name, in: &buffer) { HARWriter.string(text, into: &$0) }
    }

    mutating func optional(_ name: StaticString, _ flag: Bool?, in buffer: inout ByteBuffer) {
        guard let flag else { return }
        field(name, in: &buffer) { $0.writeStaticString(flag ? "true" : "false") }
    }

    func close(_ buffer: inout ByteBuffer) {
        buffer.writeStaticString("}")
    }
}
