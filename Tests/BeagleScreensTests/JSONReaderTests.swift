import BeagleScreens
import Foundation
import Testing

@Suite struct JSONReaderTests {
    let reader = JSONReader()

    // MARK: - Values and positions

    @Test func readsEveryKindOfValueInOrder() throws {
        let node = try reader.parse(#"{"b": [1, -2.50, 3e+2], "a": "x", "t": true, "f": false, "n": null}"#)
        let members = try #require(node.members)
        #expect(members.map(\.key) == ["b", "a", "t", "f", "n"])
        #expect(node["b"]?.elements?.map(\.value) == [.number("1"), .number("-2.50"), .number("3e+2")])
        #expect(node["a"]?.string == "x")
        #expect(node["t"]?.value == .bool(true))
        #expect(node["f"]?.value == .bool(false))
        #expect(node["n"]?.isNull == true)
    }

    @Test func positionsAreOneBasedLinesAndColumns() throws {
        let text = """
            {
              "title": "Home",
              "items": [1,
                {"deep": null}]
            }
            """
        let node = try reader.parse(text)
        #expect(node.position == JSONPosition(line: 1, column: 1, offset: 0))
        let title = try #require(node.member("title"))
        #expect(title.keyPosition.description == "2:3")
        #expect(title.value.position.description == "2:12")
        let items = try #require(node["items"]?.elements)
        #expect(items[0].position.description == "3:13")
        #expect(items[1].position.description == "4:5")
        #expect(items[1]["deep"]?.position.description == "4:14")
    }

    @Test func byteOrderMarkIsSkippedAndNotCounted() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)
        let node = try reader.parse(bytes)
        #expect(node.position == JSONPosition(line: 1, column: 1, offset: 3))
        #expect(node["a"]?.position == JSONPosition(line: 1, column: 7, offset: 9))
        let error = try #require(throws: JSONSyntaxError.self) { try reader.parse([0xEF, 0xBB, 0xBF] + Array("{x".utf8)) }
        #expect(error.position.description == "1:2")
    }

    @Test func crlfIsOneLineBreakAndLoneCRIsOneToo() throws {
        let node = try reader.parse("{\r\n\"a\": 1,\r\n\r\n  \"b\": 2,\r\"c\": 3}")
        #expect(node.member("a")?.keyPosition.description == "2:1")
        #expect(node.member("b")?.keyPosition.description == "4:3")
        #expect(node.member("c")?.keyPosition.description == "5:1")
        let error = try #require(throws: JSONSyntaxError.self) { try reader.parse("[1,\r\n2\r\n x]") }
        #expect(error.position.description == "3:2")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        // "é" is 2 bytes, "👍🏻" is 8 bytes and 1 character.
        let node = try reader.parse(#"{"é": "👍🏻", "x": 1}"#)
        #expect(node.member("x")?.keyPosition.description == "1:12")
        #expect(node["x"]?.position.description == "1:17")
        let error = try #require(throws: JSONSyntaxError.self) { try reader.parse(#"["日本", x]"#) }
        #expect(error.position.description == "1:8")
    }

    @Test func stringsAreFullyUnescaped() throws {
        let node = try reader.parse(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u0041", "\ud83d\ude00", "\u0000", "plain ü"]"#)
        let strings = try #require(node.elements).compactMap(\.string)
        #expect(strings == ["a\"b\\c/d\u{08}\u{0C}\n\r\t", "éA", "😀", "\u{0}", "plain ü"])
    }

    @Test func duplicateKeysAreKeptAndTheLastOneWins() throws {
        let node = try reader.parse(#"{"a": 1, "a": 2}"#)
        #expect(node.members?.count == 2)
        #expect(node["a"]?.value == .number("2"))
    }

    @Test func hugeNumbersKeepTheirText() throws {
        let digits = String(repeating: "9", count: 5000)
        let node = try reader.parse("[\(digits), 1e999999, -0.000000000000000000001, 1.0]")
        #expect(
            node.elements?.map(\.value) == [
                .number(digits), .number("1e999999"), .number("-0.000000000000000000001"), .number("1.0"),
            ])
    }

    // MARK: - Errors, each with its line and column

    @Test(arguments: [
        ("", JSONSyntaxError.Kind.emptyInput, "1:1", "empty input: expected a JSON value"),
        ("  \n ", .emptyInput, "2:2", "empty input: expected a JSON value"),
        ("{\"a\": 1 \"b\": 2}", .expectedCommaOrObjectEnd, "1:9", "expected ',' or '}' after object member"),
        ("[1 2]", .expectedCommaOrArrayEnd, "1:4", "expected ',' or ']' after array element"),
        ("{\"a\" 1}", .expectedColon, "1:6", "expected ':' after object key"),
        ("{a: 1}", .expectedKey, "1:2", "expected a string key or '}'"),
        ("{\"a\": 1,}", .expectedKey, "1:9", "expected a string key after ',' (JSON allows no trailing comma)"),
        ("[1,]", .unexpectedCharacter, "1:4", "unexpected ']': expected a value (JSON allows no trailing comma)"),
        ("{\"a\": \"text\n}", .unterminatedString, "1:7", "unterminated string: no closing '\"' on this line"),
        ("[\"abc", .unterminatedString, "1:2", "unterminated string: no closing '\"' on this line"),
        (
            "[\"a\\x\"]", .invalidEscape, "1:4",
            "invalid escape '\\x' in string: JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
        ),
        ("[\"\\u12G4\"]", .invalidEscape, "1:3", "invalid \\u escape: expected four hex digits"),
        (
            "[\"ab\\uD800\"]", .loneSurrogate, "1:5",
            "lone surrogate \\uD800: a high surrogate must be followed by a low one (\\uDC00 to \\uDFFF)"
        ),
        (
            "[\"\\uDC00\"]", .loneSurrogate, "1:3",
            "lone surrogate \\uDC00: a low surrogate must follow a high one (\\uD800 to \\uDBFF)"
        ),
        (
            "[\"\\uD800\\u0041\"]", .loneSurrogate, "1:3",
            "lone surrogate \\uD800: a high surrogate must be followed by a low one (\\uDC00 to \\uDFFF)"
        ),
        ("[\"a\tb\"]", .controlCharacter, "1:4", "control character U+0009 in string: write it as \\t"),
        ("[01]", .invalidNumber, "1:2", "invalid number: leading zeros are not allowed"),
        ("[1.]", .invalidNumber, "1:2", "invalid number: expected a digit after '.'"),
        ("[-]", .invalidNumber, "1:2", "invalid number: expected a digit after '-'"),
        ("[2e+]", .invalidNumber, "1:2", "invalid number: expected a digit in the exponent"),
        ("[tru]", .invalidLiteral, "1:2", "unknown word 'tru': JSON has only true, false and null (strings need double quotes)"),
        (
            "{\"a\": True}", .invalidLiteral, "1:7",
            "unknown word 'True': JSON has only true, false and null (strings need double quotes)"
        ),
        ("{} {}", .trailingContent, "1:4", "unexpected content after the JSON value: a file holds one value"),
        ("[1]\n]", .trailingContent, "2:1", "unexpected content after the JSON value: a file holds one value"),
        ("{\"a\": [1,\n", .unexpectedEndOfInput, "2:1", "unexpected end of input: expected a value"),
        ("{\"a\": 1", .unexpectedEndOfInput, "1:8", "unexpected end of input: expected ',' or '}' after object member"),
        ("[+1]", .unexpectedCharacter, "1:2", "unexpected character '+': expected a value"),
        ("[\"é\", §]", .unexpectedCharacter, "1:7", "unexpected character '§': expected a value"),
    ])
    func reportsSyntaxErrorWithPosition(text: String, kind: JSONSyntaxError.Kind, position: String, message: String) {
        let error = #expect(throws: JSONSyntaxError.self) { try reader.parse(text) }
        #expect(error?.kind == kind)
        #expect(error?.position.description == position)
        #expect(error?.message == message)
        #expect(error?.description == "\(position): \(message)")
    }

    static let invalidUTF8Cases: [(bytes: [UInt8], position: String)] = [
        (Array("[".utf8) + [0xFF] + Array("]".utf8), "1:2"),
        (Array("[\"ok\", \"a".utf8) + [0xC3] + Array("\"]".utf8), "1:10"),  // truncated 2-byte sequence
        (Array("{\"k\":\n \"".utf8) + [0xC0, 0xAF] + Array("\"}".utf8), "2:3"),  // overlong "/"
        (Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8), "1:3"),  // UTF-8 encoded surrogate
        (Array("[\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"]".utf8), "1:3"),  // past U+10FFFF
    ]

    @Test(arguments: invalidUTF8Cases)
    func rejectsInvalidUTF8(bytes: [UInt8], position: String) {
        let error = #expect(throws: JSONSyntaxError.self) { try reader.parse(bytes) }
        #expect(error?.kind == .invalidUTF8)
        #expect(error?.position.description == position)
        #expect(error?.message.hasPrefix("invalid UTF-8") == true)
    }

    // MARK: - Hostile input

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 1_000_000)
        let error = #expect(throws: JSONSyntaxError.self) { try reader.parse(deep) }
        #expect(error?.kind == .nestingTooDeep)
        #expect(error?.position.description == "1:513")

        let objects = String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600)
        #expect(throws: JSONSyntaxError.self) { try reader.parse(objects) }
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let limit = JSONReader.defaultMaximumDepth
        let text = String(repeating: "[", count: limit) + "7" + String(repeating: "]", count: limit)
        let node = try reader.parse(text)
        #expect(JSONWriter.compactString(node) == text)
        let small = JSONReader(maximumDepth: 2)
        #expect(throws: JSONSyntaxError.self) { try small.parse("[[[1]]]") }
        #expect(throws: Never.self) { try small.parse("[[1]]") }
    }

    @Test func parsesDataAndStringAlike() throws {
        let text = #"{"a": [true]}"#
        #expect(try reader.parse(Data(text.utf8)) == reader.parse(text))
    }
}
