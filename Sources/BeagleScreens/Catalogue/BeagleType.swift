/// A type that Beagle's Coder knows by name.
public struct BeagleType: Sendable, Hashable {
    /// The name as the Kotlin backend writes it (`beagle:pushView`); matching ignores case.
    public let identifier: String
    /// Component or action.
    public let kind: BeagleTypeKind
    /// The fields whose shape validation checks (see ``BeagleFieldShape``).
    public let fields: [String: BeagleFieldShape]

    /// A type named `identifier` (`beagle:text`).
    public init(_ identifier: String, _ kind: BeagleTypeKind, fields: [String: BeagleFieldShape] = [:]) {
        self.identifier = identifier
        self.kind = kind
        self.fields = fields
    }

    /// The lowercased name, which is how Beagle's Coder keys its tables.
    public var key: String { identifier.lowercased() }
}
