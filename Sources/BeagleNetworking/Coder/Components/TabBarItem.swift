/// One tab: a title, an icon, or both.
public struct TabBarItem: Codable, Sendable {
    /// The icon; a remote one is downloaded like an image.
    public var icon: Image.ImagePath?
    /// The title.
    public var title: String?

    /// Creates a tab.
    public init(icon: Image.ImagePath? = nil, title: String? = nil) {
        self.icon = icon
        self.title = title
    }
}
