/// A scrolling list rendering each item of a data source with a template (`beagle:listView`).
public struct ListView: ServerDrivenComponent {
    /// The scroll direction.
    public enum Direction: String, Codable, Sendable {
        /// Top to bottom.
        case vertical = "VERTICAL"
        /// Leading to trailing.
        case horizontal = "HORIZONTAL"
    }

    /// The items: a literal array, or an expression such as `@{characters}`.
    public var dataSource: Expression<[DynamicObject]>
    /// The templates items are rendered with.
    public var templates: [Template]
    /// The scroll direction; vertical when absent.
    public var direction: Direction?
    /// The context name of the current item (`item` when absent).
    public var iteratorName: String?
    /// The context name of the current index (`index` when absent).
    public var indexName: String?
    /// Run when the list appears.
    @AutoCodable public var onInit: [any Action]?
    /// Run when the list is scrolled to its end (for paging).
    @AutoCodable public var onScrollEnd: [any Action]?
    /// An identifier for actions that target this component.
    public var id: String?

    /// Creates a list view.
    public init(
        dataSource: Expression<[DynamicObject]>,
        templates: [Template],
        direction: Direction? = nil,
        iteratorName: String? = nil,
        indexName: String? = nil,
        onInit: [any Action]? = nil,
        onScrollEnd: [any Action]? = nil,
        id: String? = nil
    ) {
        self.dataSource = dataSource
        self.templates = templates
        self.direction = direction
        self.iteratorName = iteratorName
        self.indexName = indexName
        self.onInit = onInit
        self.onScrollEnd = onScrollEnd
        self.id = id
    }
}
