/// A whole screen: an optional navigation bar over one child (`beagle:screenComponent`,
/// Beagle iOS 2.x `Screen`).
///
/// Beagle 2.x calls the type `Screen` and registers it as `ScreenComponent`; both names work
/// here. A navigation route's `fallback` is a `Screen` decoded without a type key.
public struct Screen: ServerDrivenComponent {
    /// The screen's identifier.
    public var id: String?
    /// The navigation bar, if the screen shows one.
    public var navigationBar: NavigationBar?
    /// The screen's content.
    @AutoCodable public var child: any ServerDrivenComponent
    /// Layout and appearance.
    public var style: Style?
    /// Which edges keep the content inside the safe area.
    public var safeArea: SafeArea?
    /// A value expressions on the screen can read.
    public var context: Context?

    /// Creates a screen.
    public init(
        id: String? = nil,
        navigationBar: NavigationBar? = nil,
        child: any ServerDrivenComponent,
        style: Style? = nil,
        safeArea: SafeArea? = nil,
        context: Context? = nil
    ) {
        self.id = id
        self.navigationBar = navigationBar
        self.child = child
        self.style = style
        self.safeArea = safeArea
        self.context = context
    }
}

/// The name `beagle:screenComponent` and Beagle 1.x give to `Screen`.
public typealias ScreenComponent = Screen
