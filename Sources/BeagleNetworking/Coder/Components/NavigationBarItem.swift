/// A button on a navigation bar; a plain struct, not a registered component.
public struct NavigationBarItem: Codable, Sendable {
    /// An identifier.
    public var id: String?
    /// The `mobileId` of an asset shown instead of the text.
    public var image: String?
    /// The label (also its accessibility label when an image shows).
    public var text: String
    /// Run when pressed.
    @AutoCodable public var onPress: [any Action]?

    /// Creates a navigation bar item.
    public init(id: String? = nil, image: String? = nil, text: String, onPress: [any Action]? = nil) {
        self.id = id
        self.image = image
        self.text = text
        self.onPress = onPress
    }
}
