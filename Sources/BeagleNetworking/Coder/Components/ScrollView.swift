/// Child components in a scrolling area (`beagle:scrollView`, Beagle iOS 2.x `ScrollView`).
public struct ScrollView: ServerDrivenComponent {
    /// The scroll axis.
    public enum ScrollAxis: String, Codable, Sendable {
        /// Top to bottom.
        case vertical = "VERTICAL"
        /// Leading to trailing.
        case horizontal = "HORIZONTAL"
    }

    /// The children, in order.
    @AutoCodable public var children: [any ServerDrivenComponent]?
    /// The scroll axis; vertical when absent.
    public var scrollDirection: ScrollAxis?
    /// Whether scroll bars show.
    public var scrollBarEnabled: Bool?
    /// A value expressions inside the scroll view can read.
    public var context: Context?

    /// Creates a scroll view.
    public init(
        children: [any ServerDrivenComponent]? = nil,
        scrollDirection: ScrollAxis? = nil,
        scrollBarEnabled: Bool? = nil,
        context: Context? = nil
    ) {
        self.children = children
        self.scrollDirection = scrollDirection
        self.scrollBarEnabled = scrollBarEnabled
        self.context = context
    }
}
