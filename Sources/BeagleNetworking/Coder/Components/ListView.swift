/// A scrolling list rendering each item of a data source with a template (`beagle:listView`,
/// Beagle iOS 2.x `ListView`).
///
/// As in Beagle, a missing `templates` decodes as none; the 1.x `children` and `useParentScroll`
/// are not fields of Beagle 2.x's `ListView`, so they are dropped.
public struct ListView: ServerDrivenComponent {
    /// The scroll direction (Beagle's `ScrollAxis`).
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
    /// A value expressions inside the list can read.
    public var context: Context?
    /// A field of each item whose value suffixes the ids of the components inside it.
    public var key: String?
    /// How far, in percent, the list is scrolled before `onScrollEnd` runs.
    public var scrollEndThreshold: Int?
    /// Whether the scroll indicator shows.
    public var isScrollIndicatorVisible: Bool?
    /// Layout and appearance.
    public var style: Style?
    /// What assistive technologies say.
    public var accessibility: Accessibility?

    /// Creates a list view.
    public init(
        dataSource: Expression<[DynamicObject]>,
        templates: [Template],
        direction: Direction? = nil,
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

    private enum CodingKeys: String, CodingKey {
        case dataSource, templates, direction, iteratorName, indexName, onInit, onScrollEnd, id, context, key
        case scrollEndThreshold, isScrollIndicatorVisible, style, accessibility
    }

    /// Decodes the list; `templates` may be missing, as in Beagle's `init(from:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        dataSource = try container.decode(Expression<[DynamicObject]>.self, forKey: .dataSource)
        templates = try container.decodeIfPresent([Template].self, forKey: .templates) ?? []
        direction = try container.decodeIfPresent(Direction.self, forKey: .direction)
        iteratorName = try container.decodeIfPresent(String.self, forKey: .iteratorName)
        indexName = try container.decodeIfPresent(String.self, forKey: .indexName)
        _onInit = try container.decode(AutoCodable<[any Action]?>.self, forKey: .onInit)
        _onScrollEnd = try container.decode(AutoCodable<[any Action]?>.self, forKey: .onScrollEnd)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        context = try container.decodeIfPresent(Context.self, forKey: .context)
        key = try container.decodeIfPresent(String.self, forKey: .key)
        scrollEndThreshold = try container.decodeIfPresent(Int.self, forKey: .scrollEndThreshold)
        isScrollIndicatorVisible = try container.decodeIfPresent(Bool.self, forKey: .isScrollIndicatorVisible)
        style = try container.decodeIfPresent(Style.self, forKey: .style)
        accessibility = try container.decodeIfPresent(Accessibility.self, forKey: .accessibility)
    }
}
