/// A type that Beagle's Coder knows by name.
package struct BeagleType: Sendable, Hashable {
    /// The name as the Kotlin backend writes it (`beagle:pushView`); matching ignores case.
    package let identifier: String
    /// Component or action.
    package let kind: BeagleTypeKind
    /// Every field Beagle 2.x's declaration reads, with what it decodes it into.
    package let fields: [String: BeagleFieldShape]
    /// The fields Beagle 2.x's declaration does not let be missing or null (`text` of a
    /// `beagle:text`): without one, decoding throws.
    package let required: Set<String>
    /// Names Beagle 1.x read on this type and 2.x ignores (a list's `template`), each with what
    /// the app shows instead.
    package let legacyFields: [String: String]

    /// A type named `identifier` (`beagle:text`).
    package init(
        _ identifier: String, _ kind: BeagleTypeKind, fields: [String: BeagleFieldShape] = [:], required: Set<String> = [],
        legacyFields: [String: String] = [:]
    ) {
        self.identifier = identifier
        self.kind = kind
        self.fields = fields
        self.required = required
        self.legacyFields = legacyFields
    }

    /// The lowercased name, which is how Beagle's Coder keys its tables.
    package var key: String { identifier.lowercased() }
}
