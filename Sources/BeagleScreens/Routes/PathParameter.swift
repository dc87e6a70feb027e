/// The `[name]` segments of a screens folder: a file or folder named `[name]` matches any one
/// path segment and binds its value to `name` (Docs/ScreensFolder.md, "Path parameters").
package enum PathParameter {
    /// The parameter a segment declares: `id` for `[id]`; nil for a plain segment and for a
    /// bracketed one whose name is not valid (see ``isBracketed(_:)`` and ``isValidName(_:)``).
    package static func name(ofSegment segment: some StringProtocol) -> String? {
        guard isBracketed(segment) else { return nil }
        let name = segment.dropFirst().dropLast()
        return isValidName(name) ? String(name) : nil
    }

    /// Whether a segment is written as a parameter, `[` … `]`, valid or not. A bracketed segment
    /// with an invalid name is reported by `beagle-mock validate` and never matches as a pattern.
    package static func isBracketed(_ segment: some StringProtocol) -> Bool {
        segment.count >= 2 && segment.first == "[" && segment.last == "]"
    }

    /// Whether `name` is a parameter name: one or more ASCII letters, digits, `_` or `-`, so that
    /// a template can write `request.params.<name>`.
    package static func isValidName(_ name: some StringProtocol) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                        || scalar == "_" || scalar == "-")
            }
    }

    /// The bracketed segments of a route, valid or not, in order (`/users/[uid]/orders/[id]`
    /// gives `[uid]` and `[id]`).
    package static func bracketedSegments(ofRoute route: String) -> [Substring] {
        route.split(separator: "/").filter { isBracketed($0) }
    }
}
