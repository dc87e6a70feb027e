/// A type the `Coder` can decode from and encode to Beagle's JSON (Beagle iOS 2.x).
public protocol BeagleCodable: Codable, Sendable {}

/// A component of a server-driven screen, named in JSON by `_beagleComponent_`.
public protocol ServerDrivenComponent: BeagleCodable {}

/// An action a screen runs (navigation, requests, alerts…), named in JSON by `_beagleAction_`.
public protocol Action: BeagleCodable {}

/// Why a value could not be decoded or encoded as a Beagle type.
public enum BeagleCodableError: Error, Sendable, Equatable {
    /// `AutoCodable` or `Coder.decode` was asked for a type it does not handle.
    case unsupportedType(String)
    /// An unknown type name where neither a component nor an action was expected.
    case unableToFindBeagleTypeKey(String)
    /// The registered type decoded to a value that is not of the expected kind (a type
    /// registered as a component that is not a `ServerDrivenComponent`, for example).
    case unableToCast(decoded: String, into: String)
    /// A value whose type is not registered, so its type name cannot be written.
    case unableToRepresentAsBeagleTypeForEncoding
}

/// The keys that name a value's Beagle type.
enum BeagleMetaContainerKeys: String, CodingKey {
    case _beagleComponent_
    case _beagleAction_
}

/// A type that writes its own `_beagleComponent_` / `_beagleAction_` key when encoded, because
/// the registry cannot name it: `Navigate` is registered under nine names, unknown types under none.
protocol EncodesOwnBeagleType {}
