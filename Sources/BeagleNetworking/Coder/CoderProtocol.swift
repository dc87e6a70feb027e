import Foundation

/// Decodes screens and actions from Beagle's JSON, and knows the types that can appear in it
/// (Beagle iOS 2.x `CoderProtocol`).
public protocol CoderProtocol: Sendable {
    /// Registers a custom component or action as `custom:<named>`, or `custom:<type name>`,
    /// lower-cased; an `Action` goes to the actions, anything else to the components.
    func register<T: BeagleCodable>(type: T.Type, named: String?)

    /// Decodes `data` as `T`: `any ServerDrivenComponent` or `any Action` by their type names,
    /// any other `Decodable` type directly.
    func decode<T>(from data: Data) throws -> T

    /// Encodes `value` as JSON.
    func encode<T: BeagleCodable>(value: T) throws -> Data

    /// The name `type` is registered under, if exactly one.
    func name(for type: any BeagleCodable.Type) -> String?

    /// The type registered under `name`, in any letter case.
    func type(for name: String, baseType: Coder.BaseType) -> (any BeagleCodable.Type)?
}

extension CoderProtocol {
    /// Registers a custom type under its own name: `custom:<type name>`, lower-cased.
    public func register<T: BeagleCodable>(type: T.Type) {
        register(type: type, named: nil)
    }
}
