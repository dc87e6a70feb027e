extension StringProtocol {
    /// Trims spaces and tabs only: other whitespace (newlines, NUL) in a value is junk to reject,
    /// not padding to forgive.
    @inlinable
    package func trimmingSpecWhitespace() -> String {
        let isPadding: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let start = firstIndex { !isPadding($0) } ?? endIndex
        let end = lastIndex { !isPadding($0) }.map { index(after: $0) } ?? start
        return start < end ? String(self[start..<end]) : ""
    }
}

extension Character {
    /// ASCII `0`–`9` only: `Character.isNumber` also accepts `٣` and `²`, which no spec means.
    @inlinable
    package var isASCIIDigit: Bool {
        guard let ascii = asciiValue else { return false }
        return ascii >= 48 && ascii <= 57
    }
}
