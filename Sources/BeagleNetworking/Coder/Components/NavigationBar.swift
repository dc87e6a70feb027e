/// A screen's navigation bar: a title, a back button and items with actions (Beagle iOS 2.x
/// `NavigationBar`).
public struct NavigationBar: Codable, Sendable {
    /// The title.
    public var title: String
    /// Whether the back button shows.
    public var showBackButton: Bool?
    /// A style registered in the app's theme.
    public var styleId: String?
    /// Buttons on the bar.
    public var navigationBarItems: [NavigationBarItem]?
    /// What assistive technologies say about the back button.
    public var backButtonAccessibility: Accessibility?

    /// Creates a navigation bar.
    public init(
        title: String,
        showBackButton: Bool? = nil,
        styleId: String? = nil,
        navigationBarItems: [NavigationBarItem]? = nil,
        backButtonAccessibility: Accessibility? = nil
    ) {
        self.title = title
        self.showBackButton = showBackButton
        self.styleId = styleId
        self.navigationBarItems = navigationBarItems
        self.backButtonAccessibility = backButtonAccessibility
    }
}
