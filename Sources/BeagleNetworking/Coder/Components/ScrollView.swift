/// Child components in a scrolling area (`beagle:scrollView`).
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

    /// Creates a scroll view.
    public init(
        children: [any ServerDrivenComponent]? = nil,
        scrollDirection: ScrollAxis? = nil,
        scrollBarEnabled: Bool? = nil
    ) {
        self.children = children
        self.scrollDirection = scrollDirection
        self.scrollBarEnabled = scrollBarEnabled
    }
}
