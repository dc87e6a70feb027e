import BeagleScreens
import Foundation
import Testing

@Suite struct JSONWriterTests {
    let reader = JSONReader()

    @Test func writesCompactlyKeepingNumberTextAndOrder() throws {
        let text = """
            {
              "z": 1.0, "a": [1e2, -0, 0.50],
              "s": "quote \\" backslash \\\\ slash \\/ tab \\t é \\u00e9 😀 \\ud83d\\ude00",
              "e": {}, "l": [], "n": null, "b": false
            }
            """
        let compact = JSONWriter.compactString(try reader.parse(text))
        #expect(
            compact
                == #"{"z":1.0,"a":[1e2,-0,0.50],"s":"quote \" backslash \\ slash / tab \t é é 😀 😀","e":{},"l":[],"n":null,"b":false}"#
        )
    }

    @Test func escapesControlCharacters() {
        let node = JSONNode(.string("\u{0}\u{1F}\n\r\u{08}\u{0C}"))
        #expect(JSONWriter.compactString(node) == #""\u0000\u001f\n\r\b\f""#)
    }

    @Test func roundTripIsStable() throws {
        let text = #"{"a":[1.50,{"b":"\u0001x"}],"c":"日本","d":12345678901234567890123}"#
        let once = JSONWriter.compactBytes(try reader.parse(text))
        let twice = JSONWriter.compactBytes(try reader.parse(once))
        #expect(once == twice)
        #expect(String(decoding: once, as: UTF8.self) == text)
        #expect(JSONWriter.compactData(try reader.parse(text)) == Data(text.utf8))
    }

    @Test func duplicateKeysSurviveARoundTrip() throws {
        #expect(JSONWriter.compactString(try reader.parse(#"{"a":1,"a":2}"#)) == #"{"a":1,"a":2}"#)
    }
}
