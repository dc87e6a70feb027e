import BeagleNetworking
import Foundation

/// The component and action type names a decoded screen holds as `UnknownComponent` and
/// `UnknownAction`: what the app's Coder did not recognise, in the order met.
///
/// The decoded tree is walked with `Mirror`, so every field of every component and action is
/// seen (children, actions, routes' inline and fallback screens, templates), custom types
/// included, without a visitor per type.
struct UnknownTypes: Sendable, Equatable {
    /// Unknown component type names, each once, in the order met.
    private(set) var components: [String] = []
    /// Unknown action type names, each once, in the order met.
    private(set) var actions: [String] = []

    /// The unknown types of a decoded screen.
    init(in screen: any ServerDrivenComponent) {
        walk(screen, depth: 0)
    }

    // Screens are at most `JSONReader.defaultMaximumDepth` objects deep, a few Swift values
    // per object; this bound only guards against a cyclic value, which a decoded tree is not.
    private static let maximumDepth = 4096

    private mutating func walk(_ value: Any, depth: Int) {
        guard depth < Self.maximumDepth else { return }
        switch value {
        case let unknown as UnknownComponent:
            if !components.contains(unknown._beagleComponent_) { components.append(unknown._beagleComponent_) }
            return
        case let unknown as UnknownAction:
            if !actions.contains(unknown._beagleAction_) { actions.append(unknown._beagleAction_) }
            return
        case is String, is Substring, is Data, is Bool, is Int, is Double, is Float, is Decimal:
            return
        default:
            for child in Mirror(reflecting: value).children {
                walk(child.value, depth: depth + 1)
            }
        }
    }

    /// The problems they make: a type outside the `custom:` namespace is one Beagle does not
    /// have (an error: the app shows nothing there, or does nothing); a `custom:` type is one
    /// the app may register, which the probe cannot know (a warning).
    var problems: [ProbeProblem] {
        func problem(_ name: String, _ kind: String, _ consequence: String) -> ProbeProblem {
            if name.lowercased().hasPrefix("custom:") {
                return .warning("\(kind) '\(name)' is not registered in the probe's Coder (fine if the app registers it)")
            }
            return .error("unknown \(kind) '\(name)': \(consequence)")
        }
        return components.map { problem($0, "component", "Beagle shows nothing in its place") }
            + actions.map { problem($0, "action", "Beagle ignores it") }
    }
}
