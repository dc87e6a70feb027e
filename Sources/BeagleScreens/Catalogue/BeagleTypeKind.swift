/// Whether a Beagle type is a component (`_beagleComponent_`) or an action (`_beagleAction_`).
package enum BeagleTypeKind: String, Sendable, Hashable, CaseIterable {
    /// A server-driven component: decoded from an object with `_beagleComponent_`.
    case component
    /// An action: decoded from an object with `_beagleAction_`.
    case action

    /// The key that names the type in screen JSON.
    package var typeKey: String {
        switch self {
        case .component: "_beagleComponent_"
        case .action: "_beagleAction_"
        }
    }
}
