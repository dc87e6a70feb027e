import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// A query split into decoded pairs, by bytes (Docs/Templates.md, `request.query`).
@Suite struct QueryParametersTests {
    static func pairs(_ query: String) -> [String] {
        QueryParameters(Substring(query)).pairs.map { "\($0.name)=\($0.value)" }
    }

    @Test func pairsAreDecoded() {
        #expect(Self.pairs("a=1&b=two%20words&c=x+y") == ["a=1", "b=two words", "c=x y"])
        #expect(Self.pairs("na%6De=%C3%A9t%C3%A9") == ["name=été"])
        #expect(Self.pairs("%41%4a%4A=%7e") == ["AJJ=~"])
    }

    @Test func emptyItemsAreSkippedAndAMissingValueIsEmpty() {
        #expect(Self.pairs("&&a&b=&=c&") == ["a=", "b=", "=c"])
        #expect(Self.pairs("") == [])
    }

    @Test func onlyTheFirstEqualsSignSeparates() {
        #expect(Self.pairs("a=b=c") == ["a=b=c"])
        #expect(QueryParameters("a=b=c").values("a") == ["b=c"])
    }

    /// A `%` not followed by two hexadecimal digits stays as written (`+` is not a digit, though
    /// Swift's integer parsing takes it as a sign: it is read as a space, as anywhere else).
    @Test func malformedEscapesAreKeptAsWritten() {
        #expect(Self.pairs("a=%&b=%4&c=%zz&d=%+f&e=100%") == ["a=%", "b=%4", "c=%zz", "d=% f", "e=100%"])
    }

    /// A combining mark written raw after `&` or `=` does not hide the separator.
    @Test func separatorsAreFoundByBytes() {
        #expect(Self.pairs("a=1&\u{301}b=2") == ["a=1", "\u{301}b=2"])
        #expect(Self.pairs("a=\u{301}") == ["a=\u{301}"])
    }

    @Test func everyValueOfANameIsKeptInOrder() {
        #expect(QueryParameters("tag=a&x=1&tag=b").values("tag") == ["a", "b"])
        #expect(QueryParameters("tag=a").values("none") == [])
    }
}
