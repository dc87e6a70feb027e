/// A named value a component makes available to expressions below it, as `@{id}`
/// (Beagle iOS 2.x `Context`).
public struct Context: Codable, Sendable, Hashable {
    /// The name expressions use.
    public var id: String
    /// The value; may hold expressions.
    public var value: DynamicObject

    /// Creates a context.
    public init(id: String, value: DynamicObject) {
        self.id = id
        self.value = value
    }
}
