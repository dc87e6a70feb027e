/// Navigation between screens (Beagle iOS 2.x `Navigate`): one type registered under nine
/// names, `beagle:pushView`, `beagle:popView` and so on.
public enum Navigate: Action, EncodesOwnBeagleType {
    /// Opens `url` in the device's browser.
    case openExternalURL(Expression<String>)
    /// Opens a screen of the app that Beagle does not render, by deep link.
    case openNativeRoute(OpenNativeRoute)
    /// Replaces the whole app's navigation with a new stack starting at the route.
    case resetApplication(Route, controllerId: String? = nil)
    /// Replaces the current stack with one starting at the route.
    case resetStack(Route)
    /// Presents a new stack starting at the route.
    case pushStack(Route, controllerId: String? = nil)
    /// Dismisses the current stack.
    case popStack
    /// Pushes the route's screen onto the current stack.
    case pushView(Route)
    /// Pops the current screen.
    case popView
    /// Pops back to the screen with this route (its url or id).
    case popToView(Expression<String>)

    /// The names Navigate is registered under, lower-cased, without `beagle:`.
    static let typeNames = [
        "openexternalurl", "opennativeroute", "resetapplication", "resetstack", "pushstack",
        "popstack", "pushview", "popview", "poptoview",
    ]

    /// The route this navigation goes to, for the cases that have one.
    public var route: Route? {
        switch self {
        case .resetApplication(let route, _), .resetStack(let route), .pushStack(let route, _), .pushView(let route):
            return route
        case .openExternalURL, .openNativeRoute, .popStack, .popView, .popToView:
            return nil
        }
    }

    /// A deep link to a screen of the app.
    public struct OpenNativeRoute: Codable, Sendable {
        /// The deep-link identifier.
        public var route: Expression<String>
        /// Data passed to the screen.
        public var data: [String: String]?
        /// Whether the app's navigation is reset first.
        public var shouldResetApplication: Bool

        /// Creates a deep link.
        public init(route: Expression<String>, data: [String: String]? = nil, shouldResetApplication: Bool = false) {
            self.route = route
            self.data = data
            self.shouldResetApplication = shouldResetApplication
        }

        private enum CodingKeys: String, CodingKey {
            case route, data, shouldResetApplication
        }

        /// Decodes the deep link; `shouldResetApplication` defaults to false.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            route = try container.decode(Expression<String>.self, forKey: .route)
            data = try container.decodeIfPresent([String: String].self, forKey: .data)
            shouldResetApplication = try container.decodeIfPresent(Bool.self, forKey: .shouldResetApplication) ?? false
        }
    }

    private enum CodingKeys: String, CodingKey {
        case _beagleAction_, route, url, controllerId
    }

    /// Decodes the case named by `_beagleAction_`, in any letter case.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: ._beagleAction_)
        switch type.lowercased() {
        case "beagle:openexternalurl":
            self = .openExternalURL(try container.decode(Expression<String>.self, forKey: .url))
        case "beagle:opennativeroute":
            self = .openNativeRoute(try OpenNativeRoute(from: decoder))
        case "beagle:resetapplication":
            self = .resetApplication(
                try container.decode(Route.self, forKey: .route),
                controllerId: try container.decodeIfPresent(String.self, forKey: .controllerId)
            )
        case "beagle:resetstack":
            self = .resetStack(try container.decode(Route.self, forKey: .route))
        case "beagle:pushstack":
            self = .pushStack(
                try container.decode(Route.self, forKey: .route),
                controllerId: try container.decodeIfPresent(String.self, forKey: .controllerId)
            )
        case "beagle:popstack":
            self = .popStack
        case "beagle:pushview":
            self = .pushView(try container.decode(Route.self, forKey: .route))
        case "beagle:popview":
            self = .popView
        case "beagle:poptoview":
            self = .popToView(try container.decode(Expression<String>.self, forKey: .route))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: ._beagleAction_,
                in: container,
                debugDescription: "Can't decode '\(type)' as a navigation action"
            )
        }
    }

    /// Encodes the case with its own `_beagleAction_`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .openExternalURL(let url):
            try container.encode("beagle:openexternalurl", forKey: ._beagleAction_)
            try container.encode(url, forKey: .url)
        case .openNativeRoute(let nativeRoute):
            try container.encode("beagle:opennativeroute", forKey: ._beagleAction_)
            try nativeRoute.encode(to: encoder)
        case .resetApplication(let route, let controllerId):
            try container.encode("beagle:resetapplication", forKey: ._beagleAction_)
            try container.encode(route, forKey: .route)
            try container.encodeIfPresent(controllerId, forKey: .controllerId)
        case .resetStack(let route):
            try container.encode("beagle:resetstack", forKey: ._beagleAction_)
            try container.encode(route, forKey: .route)
        case .pushStack(let route, let controllerId):
            try container.encode("beagle:pushstack", forKey: ._beagleAction_)
            try container.encode(route, forKey: .route)
            try container.encodeIfPresent(controllerId, forKey: .controllerId)
        case .popStack:
            try container.encode("beagle:popstack", forKey: ._beagleAction_)
        case .pushView(let route):
            try container.encode("beagle:pushview", forKey: ._beagleAction_)
            try container.encode(route, forKey: .route)
        case .popView:
            try container.encode("beagle:popview", forKey: ._beagleAction_)
        case .popToView(let route):
            try container.encode("beagle:poptoview", forKey: ._beagleAction_)
            try container.encode(route, forKey: .route)
        }
    }
}
