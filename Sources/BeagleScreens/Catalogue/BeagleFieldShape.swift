/// What Beagle 2.x decodes a field of a built-in type into: components and actions, the plain
/// structures on the way to them, and plain values (``PropertyShape``).
///
/// A key a type does not list is ignored by Beagle, as Codable ignores it.
package enum BeagleFieldShape: Sendable, Hashable {
    /// One component: an object with `_beagleComponent_` (`child`, `initialState`).
    case component
    /// An array of components (`children`, `addChildren`'s `value`).
    case components
    /// One action: an object with `_beagleAction_` (a navigation bar item's `action`).
    case action
    /// An array of actions (`onPress`, `onSuccess`, `onInit`…).
    case actions
    /// A navigation `Route`: `{"url": …, "fallback": screen, "httpAdditionalData": …}` or
    /// `{"screen": screen}`. Not a component.
    case route
    /// A `Screen` struct (a route's `screen` or `fallback`): no type key needed, its `child` is
    /// a component and its `navigationBar` a navigation bar.
    case screen
    /// A `NavigationBar`: a plain object whose `navigationBarItems` are plain items.
    case navigationBar
    /// `navigationBarItems`: plain objects (not components) with a `text` and an `onPress`.
    case navigationBarItems
    /// A list or grid's `templates`: plain objects whose `view` is a component.
    case templates
    /// An image `path`: an object with `_beagleImagePath_` (`local` or `remote`), or an
    /// expression.
    case imagePath
    /// A `Style`: sizes, edges and flex with their units and enumerations.
    case style
    /// A `Context`: `{"id": …, "value": …}`.
    case context
    /// An `Accessibility`, whose `accessible` is required.
    case accessibility
    /// A screen's `SafeArea`.
    case safeArea
    /// A Beagle enumeration: one of `values`, exactly as written (`CENTER`, not `center`), or also an
    /// expression where Beagle declares an `Expression` of it.
    case enumeration(_ values: [String], expression: Bool)
    /// A plain value: a text, a number, an expression, a data source (`Expression<String>`,
    /// `Int`, `DynamicObject`…).
    case value(PropertyShape)

    /// The plain value a widget property or enumeration is, nil for a component, an action or a
    /// structure of Beagle's.
    package var valueShape: PropertyShape? {
        switch self {
        case .style: .style
        case .context: .context
        case .accessibility: .accessibility
        case .safeArea: .safeArea
        case .enumeration(let values, let expression): .oneOf(values, expression: expression)
        case .value(let shape): shape
        default: nil
        }
    }
}
