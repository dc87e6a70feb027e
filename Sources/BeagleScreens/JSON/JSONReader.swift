import Foundation

/// Reads JSON text into a tree of ``JSONNode``s that know their line and column.
///
/// Strict RFC 8259 JSON: no comments, no trailing commas, UTF-8 only (a leading BOM is skipped).
/// Nesting deeper than ``maximumDepth`` is an error rather than a crash: the reader keeps its own
/// stack instead of recursing, so hostile input cannot overflow the thread's stack, and every
/// tree it returns is shallow enough for the recursive walks elsewhere in this module.
package struct JSONReader: Sendable {
    /// The nesting limit used unless another is given: far above any real screen, far below
    /// what a recursive walk of the tree could not handle.
    package static let defaultMaximumDepth = 512

    /// How many arrays and objects may be nested inside each other.
    package let maximumDepth: Int

    /// A reader with the given nesting limit.
    package init(maximumDepth: Int = JSONReader.defaultMaximumDepth) {
        self.maximumDepth = max(1, maximumDepth)
    }

    /// Parses UTF-8 JSON bytes.
    package func parse(_ data: Data) throws(JSONSyntaxError) -> JSONNode {
        let result = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw, maximumDepth: maximumDepth)
            return Result { () throws(JSONSyntaxError) -> JSONNode in try parser.parseDocument() }
        }
        return try result.get()
    }

    /// Parses UTF-8 JSON bytes.
    package func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        let result = bytes.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw, maximumDepth: maximumDepth)
            return Result { () throws(JSONSyntaxError) -> JSONNode in try parser.parseDocument() }
        }
        return try result.get()
    }

    /// Parses JSON text.
    package func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try parse(Array(text.utf8))
    }
}

/// The parsing state over one buffer. Positions are computed as the parser moves forward, so
/// the cost of counting columns is paid once per byte, not once per node.
struct JSONParser {
    let bytes: UnsafeRawBufferPointer
    let maximumDepth: Int
    var index = 0
    var line = 1
    var lineStart = 0
    // The last position handed out on the current line, so the next one counts on from there.
    var columnLine = 0
    var columnOffset = 0
    var columnValue = 1

    /// An array or object still open while its contents are read.
    struct Frame {
        let isObject: Bool
        let position: JSONPosition
        var elements: [JSONNode] = []
        var members: [JSONMember] = []
        var key = ""
        var keyPosition = JSONPosition(line: 1, column: 1)
    }

    init(bytes: UnsafeRawBufferPointer, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
    }

    // MARK: - Document

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        guard index < bytes.count else {
            throw JSONSyntaxError(.emptyInput, "empty input: expected a JSON value", at: position(at: index))
        }
        var stack: [Frame] = []
        stack.reserveCapacity(16)
        var afterComma = false
        valueLoop: while true {
            skipWhitespace()
            let start = index
            guard start < bytes.count else { throw endOfInput(expecting: "a value") }
            let position = self.position(at: start)
            var node: JSONNode
            switch bytes[start] {
            case UInt8(ascii: "{"):
                guard stack.count < maximumDepth else { throw tooDeep(at: position) }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    node = JSONNode(.object([]), at: position)
                } else {
                    var frame = Frame(isObject: true, position: position)
                    (frame.key, frame.keyPosition) = try parseKey(afterComma: false)
                    stack.append(frame)
                    afterComma = false
                    continue valueLoop
                }
            case UInt8(ascii: "["):
                guard stack.count < maximumDepth else { throw tooDeep(at: position) }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    node = JSONNode(.array([]), at: position)
                } else {
                    stack.append(Frame(isObject: false, position: position))
                    afterComma = false
                    continue valueLoop
                }
            case UInt8(ascii: "\""):
                node = JSONNode(.string(try parseString(openingAt: position)), at: position)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                node = JSONNode(.number(try parseNumber(at: position)), at: position)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                node = JSONNode(try parseLiteral(at: position), at: position)
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                let hint = afterComma ? " (JSON allows no trailing comma)" : ""
                throw JSONSyntaxError(
                    .unexpectedCharacter,
                    "unexpected '\(Character(Unicode.Scalar(bytes[start])))': expected a value\(hint)",
                    at: position
                )
            default:
                throw try unexpectedCharacter(at: start, expecting: "a value")
            }

            // Attach the finished value to the containers it closes, innermost first.
            while let top = stack.indices.last {
                skipWhitespace()
                if stack[top].isObject {
                    let member = JSONMember(key: stack[top].key, keyPosition: stack[top].keyPosition, value: node)
                    stack[top].members.append(member)
                    guard index < bytes.count else { throw endOfInput(expecting: "',' or '}' after object member") }
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        (stack[top].key, stack[top].keyPosition) = try parseKey(afterComma: true)
                        afterComma = true
                        continue valueLoop
                    case UInt8(ascii: "}"):
                        index += 1
                        let frame = stack.removeLast()
                        node = JSONNode(.object(frame.members), at: frame.position)
                    default:
                        throw JSONSyntaxError(
                            .expectedCommaOrObjectEnd,
                            "expected ',' or '}' after object member",
                            at: self.position(at: index)
                        )
                    }
                } else {
                    stack[top].elements.append(node)
                    guard index < bytes.count else { throw endOfInput(expecting: "',' or ']' after array element") }
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        afterComma = true
                        continue valueLoop
                    case UInt8(ascii: "]"):
                        index += 1
                        let frame = stack.removeLast()
                        node = JSONNode(.array(frame.elements), at: frame.position)
                    default:
                        throw JSONSyntaxError(
                            .expectedCommaOrArrayEnd,
                            "expected ',' or ']' after array element",
                            at: self.position(at: index)
                        )
                    }
                }
            }
            skipWhitespace()
            if index < bytes.count {
                throw JSONSyntaxError(
                    .trailingContent,
                    "unexpected content after the JSON value: a file holds one value",
                    at: self.position(at: index)
                )
            }
            return node
        }
    }

    /// Reads `"key"` and the `:` after it; `index` is at the first non-blank after `{` or `,`.
    mutating func parseKey(afterComma: Bool) throws(JSONSyntaxError) -> (String, JSONPosition) {
        guard index < bytes.count else { throw endOfInput(expecting: "a string key") }
        let keyPosition = position(at: index)
        guard bytes[index] == UInt8(ascii: "\"") else {
            let expecting =
                if afterComma {
                    bytes[index] == UInt8(ascii: "}")
                        ? "expected a string key after ',' (JSON allows no trailing comma)"
                        : "expected a string key after ','"
                } else {
                    "expected a string key or '}'"
                }
            throw JSONSyntaxError(.expectedKey, expecting, at: keyPosition)
        }
        let key = try parseString(openingAt: keyPosition)
        skipWhitespace()
        guard index < bytes.count else { throw endOfInput(expecting: "':' after object key") }
        guard bytes[index] == UInt8(ascii: ":") else {
            throw JSONSyntaxError(.expectedColon, "expected ':' after object key", at: position(at: index))
        }
        index += 1
        return (key, keyPosition)
    }

    // MARK: - Scalars

    /// Reads a string; `index` is at the opening quote, whose position is `opening`.
    mutating func parseString(openingAt opening: JSONPosition) throws(JSONSyntaxError) -> String {
        index += 1
        let contentStart = index
        // Most strings have no escapes: slice them straight out of the input.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[contentStart..<index]), as: UTF8.self)
                index += 1
                return text
            } else if byte == UInt8(ascii: "\\") {
                break
            } else if byte < 0x20 {
                throw controlCharacterInString(byte, opening: opening)
            } else if byte >= 0x80 {
                try skipUTF8Sequence()
            } else {
                index += 1
            }
        }
        guard index < bytes.count else { throw unterminatedString(at: opening) }

        var buffer: [UInt8] = []
        buffer.reserveCapacity(index - contentStart + 16)
        buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[contentStart..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                try parseEscape(into: &buffer, opening: opening)
            } else if byte < 0x20 {
                throw controlCharacterInString(byte, opening: opening)
            } else if byte >= 0x80 {
                let start = index
                try skipUTF8Sequence()
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
            } else {
                buffer.append(byte)
                index += 1
            }
        }
        throw unterminatedString(at: opening)
    }

    /// Reads one backslash escape at `index` and appends its UTF-8 bytes.
    mutating func parseEscape(into buffer: inout [UInt8], opening: JSONPosition) throws(JSONSyntaxError) {
        let escapeStart = index
        guard index + 1 < bytes.count else { throw unterminatedString(at: opening) }
        let letter = bytes[index + 1]
        let simple: UInt8? =
            switch letter {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case UInt8(ascii: "/"): UInt8(ascii: "/")
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            buffer.append(simple)
            index += 2
            return
        }
        guard letter == UInt8(ascii: "u") else {
            let shown =
                letter < 0x20 || letter >= 0x80 ? String(format: "U+%04X", letter) : "\\\(Character(Unicode.Scalar(letter)))"
            throw JSONSyntaxError(
                .invalidEscape,
                "invalid escape '\(shown)' in string: JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX",
                at: position(at: escapeStart)
            )
        }
        guard let high = hexQuad(at: index + 2) else {
            throw JSONSyntaxError(
                .invalidEscape,
                "invalid \\u escape: expected four hex digits",
                at: position(at: escapeStart)
            )
        }
        index += 6
        var scalarValue = UInt32(high)
        switch high {
        case 0xD800...0xDBFF:
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                let low = hexQuad(at: index + 2), (0xDC00...0xDFFF).contains(low)
            else {
                throw JSONSyntaxError(
                    .loneSurrogate,
                    String(
                        format: "lone surrogate \\u%04X: a high surrogate must be followed by a low one (\\uDC00 to \\uDFFF)",
                        high),
                    at: position(at: escapeStart)
                )
            }
            index += 6
            scalarValue = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        case 0xDC00...0xDFFF:
            throw JSONSyntaxError(
                .loneSurrogate,
                String(format: "lone surrogate \\u%04X: a low surrogate must follow a high one (\\uD800 to \\uDBFF)", high),
                at: position(at: escapeStart)
            )
        default:
            break
        }
        // Surrogates were handled above, so every remaining value is a valid scalar.
        guard let scalar = Unicode.Scalar(scalarValue) else {
            throw JSONSyntaxError(.invalidEscape, "invalid \\u escape", at: position(at: escapeStart))
        }
        buffer.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
    }

    /// The value of four hex digits at `offset`, nil if they are not there.
    func hexQuad(at offset: Int) -> UInt16? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for byte in bytes[offset..<(offset + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Reads a number and returns its exact text; `index` is at its first character.
    mutating func parseNumber(at position: JSONPosition) throws(JSONSyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw JSONSyntaxError(.invalidNumber, "invalid number: expected a digit after '-'", at: position)
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw JSONSyntaxError(.invalidNumber, "invalid number: leading zeros are not allowed", at: position)
            }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONSyntaxError(.invalidNumber, "invalid number: expected a digit after '.'", at: position)
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONSyntaxError(.invalidNumber, "invalid number: expected a digit in the exponent", at: position)
            }
            skipDigits()
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// Reads `true`, `false` or `null`; any other bare word is an error naming the word.
    mutating func parseLiteral(at position: JSONPosition) throws(JSONSyntaxError) -> JSONValue {
        let start = index
        while index < bytes.count, isLetter(bytes[index]) { index += 1 }
        let word = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            throw JSONSyntaxError(
                .invalidLiteral,
                "unknown word '\(word)': JSON has only true, false and null (strings need double quotes)",
                at: position
            )
        }
    }

    // MARK: - Bytes

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09:
                index += 1
            case 0x0A:
                index += 1
                startLine()
            case 0x0D:
                index += 1
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                startLine()
            default:
                return
            }
        }
    }

    mutating func startLine() {
        line += 1
        lineStart = index
    }

    /// Steps over one multi-byte UTF-8 sequence at `index`, or throws at its first byte.
    /// Rejects overlong forms, UTF-16 surrogates and values past U+10FFFF, as RFC 3629 does.
    mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw invalidUTF8(at: index)
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { throw invalidUTF8(at: index) }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
            throw invalidUTF8(at: index)
        }
        index += length
    }

    // MARK: - Positions and errors

    /// The position of byte `offset`, which must lie on the current line.
    mutating func position(at offset: Int) -> JSONPosition {
        if columnLine != line || columnOffset < lineStart || columnOffset > offset {
            columnLine = line
            columnOffset = lineStart
            columnValue = 1
        }
        columnValue += characterCount(from: columnOffset, to: offset)
        columnOffset = offset
        return JSONPosition(line: line, column: columnValue, offset: offset)
    }

    /// Characters between two offsets on one line: bytes when they are all ASCII (the common
    /// case), grapheme clusters otherwise.
    func characterCount(from start: Int, to end: Int) -> Int {
        guard start < end else { return 0 }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        if !slice.contains(where: { $0 >= 0x80 }) { return end - start }
        return String(decoding: slice, as: UTF8.self).count
    }

    mutating func endOfInput(expecting: String) -> JSONSyntaxError {
        JSONSyntaxError(.unexpectedEndOfInput, "unexpected end of input: expected \(expecting)", at: position(at: bytes.count))
    }

    mutating func tooDeep(at position: JSONPosition) -> JSONSyntaxError {
        JSONSyntaxError(
            .nestingTooDeep,
            "nesting too deep: more than \(maximumDepth) arrays and objects inside each other",
            at: position
        )
    }

    mutating func invalidUTF8(at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(
            .invalidUTF8,
            String(format: "invalid UTF-8 (byte 0x%02X): save the file as UTF-8", bytes[offset]),
            at: position(at: offset)
        )
    }

    func unterminatedString(at opening: JSONPosition) -> JSONSyntaxError {
        JSONSyntaxError(.unterminatedString, "unterminated string: no closing '\"' on this line", at: opening)
    }

    mutating func controlCharacterInString(_ byte: UInt8, opening: JSONPosition) -> JSONSyntaxError {
        // A raw line break means the closing quote is missing far more often than it means a
        // deliberate multi-line string, so point at where the string starts.
        if byte == 0x0A || byte == 0x0D { return unterminatedString(at: opening) }
        let escape = byte == 0x09 ? "\\t" : String(format: "\\u%04X", byte)
        return JSONSyntaxError(
            .controlCharacter,
            String(format: "control character U+%04X in string: write it as %@", byte, escape),
            at: position(at: index)
        )
    }

    /// The error for a character that cannot start a value, naming the character.
    mutating func unexpectedCharacter(at offset: Int, expecting: String) throws(JSONSyntaxError) -> JSONSyntaxError {
        let byte = bytes[offset]
        let shown: String
        if byte < 0x20 || byte == 0x7F {
            shown = String(format: "U+%04X", byte)
        } else if byte < 0x80 {
            shown = "'\(Character(Unicode.Scalar(byte)))'"
        } else {
            let saved = index
            index = offset
            try skipUTF8Sequence()
            shown = "'\(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<index]), as: UTF8.self))'"
            index = saved
        }
        return JSONSyntaxError(
            .unexpectedCharacter, "unexpected character \(shown): expected \(expecting)", at: position(at: offset))
    }
}
