/// A screen's navigation bar: a title, a back button and items with actions.
public struct NavigationBar: Codable, Sendable {
    /// The title.
    public var title: String
    /// Whether the back button shows.
    public var showBackButton: Bool?
    /// A style registered in the app's theme.
    public var styleId: String?
    /// Buttons on the bar.
    public var navigationBarItems: [NavigationBarItem]?

    /// Creates a navigation bar.
    public init(
        title: String,
        showBackButton: Bool? = nil,
        styleId: String? = nil,
        navigationBarItems: [NavigationBarItem]? = nil
    ) {
        self.title = title
        self.showBackButton = showBackButton
        self.styleId = styleId
        self.navigationBarItems = navigationBarItems
    }
}

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
