/// A plain structure of Beagle 2.x, decoded with `Codable` and named by no type key, that leads
/// to components or actions: a screen, a navigation bar and its items, a list's template, a
/// remote route.
package struct BeagleStructure: Sendable, Hashable {
    /// What a message calls it (`a navigation bar item`).
    package let name: String
    /// Every field Beagle 2.x's declaration reads.
    package let fields: [String: BeagleFieldShape]
    /// The fields the declaration does not let be missing or null.
    package let required: Set<String>
    /// Names Beagle 1.x read here and 2.x ignores, each with what the app shows instead.
    package let legacyFields: [String: String]

    package init(
        _ name: String, fields: [String: BeagleFieldShape], required: Set<String> = [], legacyFields: [String: String] = [:]
    ) {
        self.name = name
        self.fields = fields
        self.required = required
        self.legacyFields = legacyFields
    }
}
