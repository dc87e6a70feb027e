/// Submits the enclosing `SimpleForm`, running its `onSubmit` (`beagle:submitForm`).
public struct SubmitForm: Action {
    /// Creates the action.
    public init() {}
}
