/// A value a navigation sets in the `navigationContext` of the screen it opens or returns to
/// (Beagle iOS 2.x `NavigationContext`).
public struct NavigationContext: Codable, Sendable, Hashable {
    /// Where in the context the value goes (`user.name`); the whole context when nil. Beagle
    /// parses it into its `Path` type; it is kept here as written.
    public var path: String?
    /// The value; may hold expressions.
    public var value: DynamicObject

    /// Creates a navigation context.
    public init(path: String? = nil, value: DynamicObject) {
        self.path = path
        self.value = value
    }
}
