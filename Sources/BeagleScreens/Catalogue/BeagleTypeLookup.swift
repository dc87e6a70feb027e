/// What a `_beagleComponent_` or `_beagleAction_` value names, according to a catalogue.
package enum BeagleTypeLookup: Sendable, Hashable {
    /// A built-in Beagle 2.x type of the expected kind.
    case builtIn(BeagleType)
    /// A `custom:` type, which the app registers itself; the name is as written.
    case custom(String)
    /// A built-in type of the other kind (a component named under `_beagleAction_`).
    case wrongKind(BeagleType)
    /// A Beagle 1.x type that 2.x no longer registers (`beagle:form`).
    case legacy(BeagleType)
    /// A `beagle:` name Beagle does not have, with the closest real one if any is close.
    case unknownBeagleType(suggestion: BeagleType?)
    /// A namespace other than `beagle` and `custom` (empty when the name has no `:`), with a
    /// suggested full name if one fits.
    case unknownNamespace(String, suggestion: String?)

    /// Whether Beagle 2.x decodes the name to the type it names (built-in or custom).
    package var isKnown: Bool {
        switch self {
        case .builtIn, .custom: true
        default: false
        }
    }
}
