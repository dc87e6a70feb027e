/// A button on a navigation bar; a plain struct, not a registered component, so a type key on
/// it is ignored, as Beagle ignores it (Beagle iOS 2.x `NavigationBarItem`).
public struct NavigationBarItem: Codable, Sendable {
    /// An identifier.
    public var id: String?
    /// The `mobileId` of an asset shown instead of the text.
    public var image: String?
    /// The label (also its accessibility label when an image shows).
    public var text: String
    /// Run when pressed.
    @AutoCodable public var onPress: [any Action]?
    /// What assistive technologies say.
    public var accessibility: Accessibility?

    /// Creates a navigation bar item.
    public init(
        id: String? = nil,
        image: String? = nil,
        text: String,
        onPress: [any Action]? = nil,
        accessibility: Accessibility? = nil
    ) {
        self.id = id
        self.image = image
        self.text = text
        self.onPress = onPress
        self.accessibility = accessibility
    }
}
