import Foundation

/// Beagle's coder (Beagle iOS 2.x `Coder`): Beagle's 17 components and 16 actions under
/// `beagle:`, custom ones under `custom:`, matched in any letter case.
///
/// - An unknown component name decodes to `UnknownComponent`, an unknown action name to
///   `UnknownAction`, so one new type on the server does not break a whole screen.
/// - A value without its `_beagleComponent_` / `_beagleAction_` key throws
///   `DecodingError.keyNotFound`.
/// - Fields the model does not know are ignored.
///
/// Registrations are behind a lock; each decode works on a snapshot of them.
public final class Coder: CoderProtocol {
    /// Which table a type name is looked up in.
    public enum BaseType: String, Sendable, Hashable {
        /// Components, named by `_beagleComponent_`.
        case component = "codable.componentTypes"
        /// Actions, named by `_beagleAction_`.
        case action = "codable.actionTypes"
    }

    private let registry = LockedValue(TypeRegistry.builtIn)
    // Only used to log decoding errors, so a missing logger must not stop a decode.
    private let injectedLogger: OptionalInjected<any LoggerProtocol>

    /// Creates a coder that logs through the logger of `GlobalConfiguration.resolver`.
    public init() {
        injectedLogger = OptionalInjected()
    }

    /// Creates a coder that logs through the logger of `resolver`.
    public init(_ resolver: any DependenciesContainerResolving) {
        injectedLogger = OptionalInjected(resolver)
    }

    /// Creates a coder that logs decoding errors to `logger`.
    public init(logger: any LoggerProtocol) {
        injectedLogger = OptionalInjected(wrappedValue: logger)
    }

    /// Registers a custom type as `custom:<named or type name>`, lower-cased.
    public func register<T: BeagleCodable>(type: T.Type, named: String?) {
        let name = (named ?? String(describing: type)).lowercased()
        let baseType: BaseType = type is any Action.Type ? .action : .component
        registry.withLock { $0.register(type, key: "custom:\(name)", baseType: baseType) }
    }

    /// Decodes `data` as `T`; logs and rethrows a failure, as Beagle does.
    public func decode<T>(from data: Data) throws -> T {
        do {
            return try decodeValue(from: data)
        } catch {
            injectedLogger.wrappedValue?.log(Log.decode(.decodingError(type: String(describing: error))))
            throw error
        }
    }

    /// Encodes `value`, nested components and actions with their type names.
    public func encode<T: BeagleCodable>(value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        if let key = CodingUserInfoKey.beagleTypeRegistry {
            encoder.userInfo[key] = registry.current
        }
        if let component = value as? any ServerDrivenComponent {
            return try encoder.encode(ComponentBox(component))
        }
        if let action = value as? any Action {
            return try encoder.encode(ActionBox(action))
        }
        return try encoder.encode(value)
    }

    /// The one name `type` is registered under; nil for unregistered types and for
    /// `Navigate`, which has nine.
    public func name(for type: any BeagleCodable.Type) -> String? {
        registry.current.name(for: type)
    }

    /// The type registered under `name`, in any letter case.
    public func type(for name: String, baseType: BaseType) -> (any BeagleCodable.Type)? {
        registry.current.type(for: name, baseType: baseType)
    }

    private func decodeValue<T>(from data: Data) throws -> T {
        let decoder = JSONDecoder()
        if let key = CodingUserInfoKey.beagleTypeRegistry {
            decoder.userInfo[key] = registry.current
        }
        let decoded: Any
        if T.self == (any ServerDrivenComponent).self {
            decoded = try decoder.decode(ComponentBox.self, from: data).value
        } else if T.self == (any Action).self {
            decoded = try decoder.decode(ActionBox.self, from: data).value
        } else if let decodable = T.self as? any Decodable.Type {
            decoded = try decoder.decode(decodable, from: data)
        } else {
            throw BeagleCodableError.unsupportedType(String(describing: T.self))
        }
        guard let value = decoded as? T else {
            throw BeagleCodableError.unableToCast(decoded: String(describing: decoded), into: String(describing: T.self))
        }
        return value
    }
}
