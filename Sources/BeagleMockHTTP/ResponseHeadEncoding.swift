import HTTPTypes
import NIOCore
import NIOHTTP1

extension HTTPField.Name {
    /// Whether this is one of the fields that say how a body is framed.
    fileprivate var isFraming: Bool { isNamed(.contentLength) || isNamed(.transferEncoding) }
}

extension ByteBufferAllocator {
    /// `response`'s status line and fields as HTTP/1 text, with the framing headers that `framing`
    /// needs: none for a status without a body, `Transfer-Encoding: chunked` (and no
    /// `Content-Length`) for chunks, `Connection: close` and version 1.0 for a body that the
    /// connection's close ends. `body`, when given, follows the head in the same buffer, so that
    /// a whole response leaves in one write. `status` is `response`'s, which HTTPTypes parses on
    /// every read.
    package func head(of response: HTTPResponse, status: HTTPResponse.Status, framing: BodyFraming, body: ByteBuffer? = nil)
        -> ByteBuffer
    {
        // NIO's phrase for the codes it knows (`413 Payload Too Large`), as its encoder wrote them.
        let reason = HTTPResponseStatus(statusCode: status.code, reasonPhrase: status.reasonPhrase).reasonPhrase
        return encode(HeadLines(response: response, code: status.code, reason: reason, framing: framing), body: body)
    }

    /// `response`'s head exactly as it is: HTTP/1.1, its own reason phrase, every field and no
    /// other, however they frame a body (the faults that send such heads mean it).
    package func verbatimHead(of response: HTTPResponse) -> ByteBuffer {
        let status = response.status
        return encode(HeadLines(response: response, code: status.code, reason: status.reasonPhrase, framing: nil))
    }

    /// `head` in a buffer of its own, with `body` after it.
    private func encode(_ head: HeadLines, body: ByteBuffer? = nil) -> ByteBuffer {
        let bodySize = body?.readableBytes ?? 0
        // Written in one pass into room guessed from the number of fields, which nearly every head
        // fits; one that does not is measured and written again.
        var buffer = self.buffer(capacity: head.guessedSize + bodySize)
        if !buffer.write(head, room: head.guessedSize) {
            let size = head.size
            buffer = self.buffer(capacity: size + bodySize)
            let fits = buffer.write(head, room: size)
            assert(fits, "a response head is \(size) bytes as measured, and did not fit in them")
        }
        if let body { buffer.writeImmutableBuffer(body) }
        return buffer
    }
}

/// The lines of a response head as `framing` sends them (nil: as they are).
private struct HeadLines {
    package let response: HTTPResponse
    package let code: Int
    package let reason: String
    package let framing: BodyFraming?

    /// Room for the head: the status line and 64 bytes a field with some to spare (with their
    /// line ends, an entity tag's field takes 26 bytes, a date's 37, a `beagle-hash` 31, a file's
    /// `Content-Type` up to 48).
    package var guessedSize: Int { 128 + reason.utf8.count + 64 * response.headerFields.count }

    /// The head's exact size.
    package var size: Int {
        var size = 13 + reason.utf8.count + 4 + added.utf8CodeUnitCount
        for field in response.headerFields where sends(field.name) {
            size += field.name.rawName.utf8.count + field.value.utf8.count + 4
        }
        return size
    }

    /// The header that `framing` adds.
    package var added: StaticString {
        guard let framing else { return "" }
        return switch framing {
        case .chunked: "transfer-encoding: chunked\r\n"
        case .close: "Connection: close\r\n"
        case .none, .length: ""
        }
    }

    /// Whether a field of this name is sent: framing replaces some.
    package func sends(_ name: HTTPField.Name) -> Bool {
        guard let framing else { return true }
        return switch framing {
        case .none, .chunked: !name.isFraming
        case .length: !name.isNamed(.transferEncoding)
        case .close: !name.isNamed(.connection)
        }
    }

    /// Writes the head into `text`, up to where its room ends.
    package func write(into text: inout HeadText) {
        text.append(framing == .close ? "HTTP/1.0 " : "HTTP/1.1 ")
        text.append(byte: UInt8(truncatingIfNeeded: 48 + code / 100 % 10))
        text.append(byte: UInt8(truncatingIfNeeded: 48 + code / 10 % 10))
        text.append(byte: UInt8(truncatingIfNeeded: 48 + code % 10))
        text.append(byte: UInt8(ascii: " "))
        text.append(reason)
        text.append("\r\n")
        for field in response.headerFields where sends(field.name) {
            text.append(field.name.rawName)
            text.append(": ")
            text.append(field.value)
            text.append("\r\n")
        }
        text.append(added)
        text.append("\r\n")
    }
}

extension ByteBuffer {
    /// Writes `head` if it fits in `room` bytes; false, and nothing written, if it does not.
    fileprivate mutating func write(_ head: HeadLines, room: Int) -> Bool {
        var fits = true
        // One copy into the buffer's memory: a ByteBuffer write per piece cost more than the rest.
        writeWithUnsafeMutableBytes(minimumWritableBytes: room) { memory in
            var text = HeadText(memory: UnsafeMutableRawBufferPointer(rebasing: memory.prefix(room)))
            head.write(into: &text)
            fits = !text.overflowed
            return fits ? text.count : 0
        }
        return fits
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
    package mutating func writeChunkStart(size: Int) {
        writeString(String(size, radix: 16))
        writeStaticString("\r\n")
    }

    /// Writes the last chunk and the trailer fields that end a chunked body.
    package mutating func writeChunkedEnd(trailers: HTTPFields?) {
        writeStaticString("0\r\n")
        for field in trailers ?? [:] { writeField(field) }
        writeStaticString("\r\n")
    }
}

/// Text copied into memory of a given size; what does not fit is dropped, and `overflowed` says so.
private struct HeadText {
    package let memory: UnsafeMutableRawBufferPointer
    /// The bytes written so far.
    private(set) var count = 0
    /// Something did not fit.
    private(set) var overflowed = false

    package init(memory: UnsafeMutableRawBufferPointer) {
        self.memory = memory
    }

    @inline(__always)
    package mutating func append(byte: UInt8) {
        guard count < memory.count else { return overflowed = true }
        memory[count] = byte
        count += 1
    }

    @inline(__always)
    package mutating func append(_ text: StaticString) {
        copy(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    package mutating func append(_ text: String) {
        if let copied: Void = text.utf8.withContiguousStorageIfAvailable({ copy(UnsafeRawBufferPointer($0)) }) {
            return copied
        }
        var text = text
        text.withUTF8 { copy(UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    private mutating func copy(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
        guard bytes.count <= memory.count - count else { return overflowed = true }
        (memory.baseAddress! + count).copyMemory(from: start, byteCount: bytes.count)
        count += bytes.count
    }
}
