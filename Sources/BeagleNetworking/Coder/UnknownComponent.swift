/// A component whose type name the coder does not know; Beagle shows it as a label in debug
/// builds and as nothing in release.
public struct UnknownComponent: ServerDrivenComponent, EncodesOwnBeagleType, Equatable {
    /// The type name as it appeared in the JSON.
    public let _beagleComponent_: String

    /// Creates an unknown component of the given type name.
    public init(_beagleComponent_: String) {
        self._beagleComponent_ = _beagleComponent_
    }
}
