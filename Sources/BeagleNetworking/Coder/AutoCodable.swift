/// Makes a property holding components or actions `Codable`, each decoded by its
/// `_beagleComponent_` / `_beagleAction_` name through the decoding `Coder`'s registry
/// (Beagle iOS 2.x `@AutoCodable`).
///
/// Use it in your own components so that nested components decode polymorphically:
///
/// ```swift
/// struct Card: ServerDrivenComponent {
///     @AutoCodable var header: (any ServerDrivenComponent)?
///     @AutoCodable var onTap: [any Action]?
/// }
/// ```
///
/// Supported values: `any ServerDrivenComponent`, `any Action`, arrays of them, and optionals
/// of those four. An optional property may be missing or null in the JSON.
@propertyWrapper
public struct AutoCodable<Value: Sendable>: Sendable {
    /// The components or actions.
    public var wrappedValue: Value

    /// Wraps a value.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension AutoCodable: Codable {
    /// Decodes the components or actions by their type names.
    public init(from decoder: any Decoder) throws {
        let decoded: Any
        switch Value.self {
        case is (any ServerDrivenComponent).Type, is Optional<any ServerDrivenComponent>.Type:
            decoded = try decoder.decodeBeagleComponent()
        case is [any ServerDrivenComponent].Type, is Optional<[any ServerDrivenComponent]>.Type:
            decoded = try decoder.singleValueContainer().decode([ComponentBox].self).map(\.value)
        case is (any Action).Type, is Optional<any Action>.Type:
            decoded = try decoder.decodeBeagleAction()
        case is [any Action].Type, is Optional<[any Action]>.Type:
            decoded = try decoder.singleValueContainer().decode([ActionBox].self).map(\.value)
        default:
            throw BeagleCodableError.unsupportedType(String(describing: Value.self))
        }
        // `as?` also wraps a value into the optional when `Value` is one.
        guard let value = decoded as? Value else {
            throw BeagleCodableError.unableToCast(decoded: String(describing: decoded), into: String(describing: Value.self))
        }
        wrappedValue = value
    }

    /// Encodes the components or actions with their type names.
    public func encode(to encoder: any Encoder) throws {
        switch wrappedValue as Any {
        case let component as any ServerDrivenComponent:
            try encoder.encodeBeagleValue(component, typeKey: ._beagleComponent_)
        case let components as [any ServerDrivenComponent]:
            var container = encoder.singleValueContainer()
            try container.encode(components.map(ComponentBox.init))
        case let action as any Action:
            try encoder.encodeBeagleValue(action, typeKey: ._beagleAction_)
        case let actions as [any Action]:
            var container = encoder.singleValueContainer()
            try container.encode(actions.map(ActionBox.init))
        default:
            // The only other value a supported property can hold is nil.
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }
}

extension KeyedDecodingContainer {
    /// Lets an optional `@AutoCodable` property be missing or null, as a plain optional may.
    public func decode<Wrapped: Sendable>(
        _ type: AutoCodable<Wrapped?>.Type,
        forKey key: Key
    ) throws -> AutoCodable<Wrapped?> {
        try decodeIfPresent(type, forKey: key) ?? AutoCodable(wrappedValue: nil)
    }
}

extension KeyedEncodingContainer {
    /// Leaves a nil optional `@AutoCodable` property out, as a plain optional is.
    public mutating func encode<Wrapped: Sendable>(
        _ value: AutoCodable<Wrapped?>,
        forKey key: Key
    ) throws {
        guard value.wrappedValue != nil else { return }
        try encodeIfPresent(value, forKey: key)
    }
}
