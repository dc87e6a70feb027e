/// A scrolling grid rendering each item of a data source with a template (`beagle:gridView`,
/// Beagle iOS 2.x `GridView`).
///
/// Beagle 2.x reads `spanCount` only; the `numColumns` of earlier releases is ignored, as Beagle
/// ignores it.
public struct GridView: ServerDrivenComponent {
    /// The items: a literal array, or an expression.
    public var dataSource: Expression<[DynamicObject]>
    /// The templates items are rendered with.
    public var templates: [Template]
    /// The number of items across; Beagle requires it.
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
    /// A value expressions inside the grid can read.
    public var context: Context?
    /// A field of each item whose value suffixes the ids of the components inside it.
    public var key: String?
    /// How far, in percent, the grid is scrolled before `onScrollEnd` runs.
    public var scrollEndThreshold: Int?
    /// Whether the scroll indicator shows.
    public var isScrollIndicatorVisible: Bool?
    /// Layout and appearance.
    public var style: Style?
    /// What assistive technologies say.
    public var accessibility: Accessibility?

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
        id: String? = nil,
        context: Context? = nil,
        key: String? = nil,
        scrollEndThreshold: Int? = nil,
        isScrollIndicatorVisible: Bool? = nil,
        style: Style? = nil,
        accessibility: Accessibility? = nil
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
        self.context = context
        self.key = key
        self.scrollEndThreshold = scrollEndThreshold
        self.isScrollIndicatorVisible = isScrollIndicatorVisible
        self.style = style
        self.accessibility = accessibility
    }
}
