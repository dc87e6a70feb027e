/// Makes any component run actions when tapped (`beagle:touchable`).
public struct Touchable: ServerDrivenComponent {
    /// Run when tapped; navigations among them may prefetch their screens.
    @AutoCodable public var onPress: [any Action]
    /// The tappable content.
    @AutoCodable public var child: any ServerDrivenComponent

    /// Creates a touchable.
    public init(onPress: [any Action], child: any ServerDrivenComponent) {
        self.onPress = onPress
        self.child = child
    }
}
