extension Decoder {
    /// The registry of the `Coder` decoding this value; Beagle's built-in types when the value
    /// is decoded by a plain `JSONDecoder`.
    var beagleTypeRegistry: TypeRegistry {
        guard let key = CodingUserInfoKey.beagleTypeRegistry else { return .builtIn }
        return userInfo[key] as? TypeRegistry ?? .builtIn
    }

    /// Decodes the component named by `_beagleComponent_`; an unknown name gives an
    /// `UnknownComponent`, a missing key throws `DecodingError.keyNotFound`.
    func decodeBeagleComponent() throws -> any ServerDrivenComponent {
        try decodeBeagleValue(typeKey: ._beagleComponent_, baseType: .component) { name -> any ServerDrivenComponent in
            UnknownComponent(_beagleComponent_: name)
        }
    }

    /// Decodes the action named by `_beagleAction_`; an unknown name gives an `UnknownAction`,
    /// a missing key throws `DecodingError.keyNotFound`.
    func decodeBeagleAction() throws -> any Action {
        try decodeBeagleValue(typeKey: ._beagleAction_, baseType: .action) { name -> any Action in
            UnknownAction(_beagleAction_: name)
        }
    }

    private func decodeBeagleValue<Value>(
        typeKey: BeagleMetaContainerKeys,
        baseType: Coder.BaseType,
        unknown: (String) -> Value
    ) throws -> Value {
        let container = try container(keyedBy: BeagleMetaContainerKeys.self)
        let name = try container.decode(String.self, forKey: typeKey)
        guard let type = beagleTypeRegistry.type(for: name, baseType: baseType) else {
            return unknown(name)
        }
        let decoded = try type.init(from: self)
        guard let value = decoded as? Value else {
            throw BeagleCodableError.unableToCast(decoded: String(describing: type), into: String(describing: Value.self))
        }
        return value
    }
}

extension Encoder {
    /// Encodes `value` with its type name under `typeKey`.
    func encodeBeagleValue(_ value: any BeagleCodable, typeKey: BeagleMetaContainerKeys) throws {
        if !(value is any EncodesOwnBeagleType) {
            var registry = TypeRegistry.builtIn
            if let key = CodingUserInfoKey.beagleTypeRegistry, let own = userInfo[key] as? TypeRegistry {
                registry = own
            }
            guard let name = registry.name(for: type(of: value)) else {
                throw BeagleCodableError.unableToRepresentAsBeagleTypeForEncoding
            }
            var container = container(keyedBy: BeagleMetaContainerKeys.self)
            try container.encode(name, forKey: typeKey)
        }
        try value.encode(to: self)
    }
}

/// A component in a JSON array or at the root, decoded by its type name.
struct ComponentBox: Codable, Sendable {
    let value: any ServerDrivenComponent

    init(_ value: any ServerDrivenComponent) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        value = try decoder.decodeBeagleComponent()
    }

    func encode(to encoder: any Encoder) throws {
        try encoder.encodeBeagleValue(value, typeKey: ._beagleComponent_)
    }
}

/// An action in a JSON array or at the root, decoded by its type name.
struct ActionBox: Codable, Sendable {
    let value: any Action

    init(_ value: any Action) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        value = try decoder.decodeBeagleAction()
    }

    func encode(to encoder: any Encoder) throws {
        try encoder.encodeBeagleValue(value, typeKey: ._beagleAction_)
    }
}
