/// A scrolling grid rendering each item of a data source with a template (`beagle:gridView`).
public struct GridView: ServerDrivenComponent {
    /// The items: a literal array, or an expression.
    public var dataSource: Expression<[DynamicObject]>
    /// The templates items are rendered with.
    public var templates: [Template]
    /// The number of items across.
    public var spanCount: Int?
    /// The scroll direction.
    public var direction: ListView.Direction?
    /// The context name of the current item.
    public var iteratorName: String?
    /// The context name of the current index.
    public var indexName: String?
    /// Run when the grid appears.
    @AutoCodable public var onInit: [any Action]?
    /// Run when the grid is scrolled to its end.
    @AutoCodable public var onScrollEnd: [any Action]?
    /// An identifier for actions that target this component.
    public var id: String?

    /// Creates a grid view.
    public init(
        dataSource: Expression<[DynamicObject]>,
        templates: [Template],
        spanCount: Int? = nil,
        direction: ListView.Direction? = nil,
        iteratorName: String? = nil,
        indexName: String? = nil,
        onInit: [any Action]? = nil,
        onScrollEnd: [any Action]? = nil,
        id: String? = nil
    ) {
        self.dataSource = dataSource
        self.templates = templates
        self.spanCount = spanCount
        self.direction = direction
        self.iteratorName = iteratorName
        self.indexName = indexName
        self.onInit = onInit
        self.onScrollEnd = onScrollEnd
        self.id = id
    }
}
