/// An action whose type name the coder does not know; Beagle only logs it when run.
public struct UnknownAction: Action, EncodesOwnBeagleType, Equatable {
    /// The type name as it appeared in the JSON.
    public let _beagleAction_: String

    /// Creates an unknown action of the given type name.
    public init(_beagleAction_: String) {
        self._beagleAction_ = _beagleAction_
    }
}
