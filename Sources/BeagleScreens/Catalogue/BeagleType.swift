/// A type that Beagle's Coder knows by name.
package struct BeagleType: Sendable, Hashable {
    /// The name as the Kotlin backend writes it (`beagle:pushView`); matching ignores case.
    package let identifier: String
    /// Component or action.
    package let kind: BeagleTypeKind
    /// The fields whose shape validation checks (see ``BeagleFieldShape``).
    package let fields: [String: BeagleFieldShape]
    /// The fields Beagle 2.x's declaration does not let be missing or null (`text` of a
    /// `beagle:text`): without one, decoding throws.
    package let required: Set<String>

    /// A type named `identifier` (`beagle:text`).
    package init(
        _ identifier: String, _ kind: BeagleTypeKind, fields: [String: BeagleFieldShape] = [:], required: Set<String> = []
    ) {
        self.identifier = identifier
        self.kind = kind
        self.fields = fields
        self.required = required
    }

    /// The lowercased name, which is how Beagle's Coder keys its tables.
    package var key: String { identifier.lowercased() }
}
