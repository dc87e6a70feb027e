import HTTPTypes
import NIOCore
import NIOHTTP1

/// How the end of a response's body is marked on the wire (RFC 9112 §6.3).
enum BodyFraming {
    /// No body follows the head, nor any framing header: 1xx, 204 and 304 answers, and answers
    /// to CONNECT. (An answer to HEAD keeps the framing a GET would get; its body is left out.)
    case none
    /// `Content-Length` says where the body ends.
    case length
    /// The body is sent in chunks (HTTP/1.1 answers of unknown length).
    case chunked
    /// Closing the connection ends the body (HTTP/1.0 answers of unknown length).
    case close

    /// The framing of `response` to a request of the given kind, as NIO's encoder frames it:
    /// statuses without a body lose `Content-Length` and `Transfer-Encoding`; an answer of unknown
    /// length is chunked for HTTP/1.1 clients (and for HTTP/1.0 ones when it sets
    /// `Transfer-Encoding`) and otherwise ends with the connection for HTTP/1.0 ones.
    init(of response: HTTPResponse, http10: Bool) {
        let code = response.status.code
        if (100..<200).contains(code) || code == 204 || code == 304 {
            self = .none
        } else if response.headerFields.has(.contentLength) {
            self = .length
        } else if http10, !response.headerFields.has(.transferEncoding) {
            self = .close
        } else {
            // What NIO's encoder did, for HTTP/1.0 clients too when a `Transfer-Encoding` was set.
            self = .chunked
        }
    }
}

extension HTTPField.Name {
    /// Whether this is one of the fields that say how a body is framed.
    fileprivate var isFraming: Bool { isNamed(.contentLength) || isNamed(.transferEncoding) }
}

extension ByteBufferAllocator {
    /// `response`'s status line and fields as HTTP/1 text, in a buffer of their size, with the
    /// framing headers that `framing` needs: none for a status without a body,
    /// `Transfer-Encoding: chunked` (and no `Content-Length`) for chunks, `Connection: close` and
    /// version 1.0 for a body that the connection's close ends.
    func head(of response: HTTPResponse, framing: BodyFraming) -> ByteBuffer {
        // The lines sent, and their length, in one pass over the fields (each field read is a
        // copy of four strings).
        var lines: [(name: String, value: String)] = []
        lines.reserveCapacity(response.headerFields.count)
        var fieldsSize = 0
        for field in response.headerFields {
            switch framing {
            case .none, .chunked: if field.name.isFraming { continue }
            case .length: if field.name.isNamed(.transferEncoding) { continue }
            case .close: if field.name.isNamed(.connection) { continue }
            }
            lines.append((field.name.rawName, field.value))
            fieldsSize += field.name.rawName.utf8.count + field.value.utf8.count + 4
        }
        let status = response.status
        // NIO's phrase for the codes it knows (`413 Payload Too Large`), as its encoder wrote them.
        let reason = HTTPResponseStatus(statusCode: status.code, reasonPhrase: status.reasonPhrase).reasonPhrase
        let added: StaticString =
            switch framing {
            case .chunked: "transfer-encoding: chunked\r\n"
            case .close: "Connection: close\r\n"
            case .none, .length: ""
            }
        // "HTTP/1.1 200 " and the line ends of the status line and the head.
        let size = 13 + reason.utf8.count + 4 + added.utf8CodeUnitCount + fieldsSize
        var buffer = self.buffer(capacity: size)
        // One copy into the buffer's memory: a ByteBuffer write per piece cost more than the rest.
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { memory in
            var text = HeadText(memory: memory)
            text.append(framing == .close ? "HTTP/1.0 " : "HTTP/1.1 ")
            let code = status.code
            text.append(byte: UInt8(truncatingIfNeeded: 48 + code / 100 % 10))
            text.append(byte: UInt8(truncatingIfNeeded: 48 + code / 10 % 10))
            text.append(byte: UInt8(truncatingIfNeeded: 48 + code % 10))
            text.append(byte: UInt8(ascii: " "))
            text.append(reason)
            text.append("\r\n")
            for line in lines {
                text.append(line.name)
                text.append(": ")
                text.append(line.value)
                text.append("\r\n")
            }
            text.append(added)
            text.append("\r\n")
            return text.count
        }
        return buffer
    }
}

extension ByteBuffer {
    /// Writes one field and its line end.
    private mutating func writeField(_ field: HTTPField) {
        writeString(field.name.rawName)
        writeStaticString(": ")
        writeString(field.value)
        writeStaticString("\r\n")
    }

    /// Writes the size line of a chunk of `size` bytes.
    mutating func writeChunkStart(size: Int) {
        writeString(String(size, radix: 16))
        writeStaticString("\r\n")
    }

    /// Writes the last chunk and the trailer fields that end a chunked body.
    mutating func writeChunkedEnd(trailers: HTTPFields?) {
        writeStaticString("0\r\n")
        for field in trailers ?? [:] { writeField(field) }
        writeStaticString("\r\n")
    }
}

/// Text copied into memory that has room for it (``ByteBufferAllocator/head(of:framing:)`` counts first).
private struct HeadText {
    let memory: UnsafeMutableRawBufferPointer
    /// The bytes written so far.
    private(set) var count = 0

    init(memory: UnsafeMutableRawBufferPointer) {
        self.memory = memory
    }

    mutating func append(byte: UInt8) {
        memory[count] = byte
        count += 1
    }

    mutating func append(_ text: StaticString) {
        copy(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ text: String) {
        if let copied: Void = text.utf8.withContiguousStorageIfAvailable({ copy(UnsafeRawBufferPointer($0)) }) {
            return copied
        }
        var text = text
        text.withUTF8 { copy(UnsafeRawBufferPointer($0)) }
    }

    private mutating func copy(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
        (memory.baseAddress! + count).copyMemory(from: start, byteCount: bytes.count)
        count += bytes.count
    }
}
