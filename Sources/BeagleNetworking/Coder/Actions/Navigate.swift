/// Navigation between screens (Beagle iOS 2.x `Navigate`): one type registered under nine
/// names, `beagle:pushView`, `beagle:popView` and so on.
public enum Navigate: Action, EncodesOwnBeagleType {
    /// Opens `url` in the device's browser.
    case openExternalURL(Expression<String>, analytics: ActionAnalyticsConfig? = nil)
    /// Opens a screen of the app that Beagle does not render, by deep link.
    case openNativeRoute(OpenNativeRoute, analytics: ActionAnalyticsConfig? = nil)
    /// Replaces the whole app's navigation with a new stack starting at the route.
    case resetApplication(
        Route,
        controllerId: String? = nil,
        navigationContext: NavigationContext? = nil,
        analytics: ActionAnalyticsConfig? = nil
    )
    /// Replaces the current stack with one starting at the route.
    case resetStack(Route, navigationContext: NavigationContext? = nil, analytics: ActionAnalyticsConfig? = nil)
    /// Presents a new stack starting at the route.
    case pushStack(
        Route,
        controllerId: String? = nil,
        navigationContext: NavigationContext? = nil,
        analytics: ActionAnalyticsConfig? = nil
    )
    /// Dismisses the current stack.
    case popStack(navigationContext: NavigationContext? = nil, analytics: ActionAnalyticsConfig? = nil)
    /// Pushes the route's screen onto the current stack.
    case pushView(Route, navigationContext: NavigationContext? = nil, analytics: ActionAnalyticsConfig? = nil)
    /// Pops the current screen.
    case popView(navigationContext: NavigationContext? = nil, analytics: ActionAnalyticsConfig? = nil)
    /// Pops back to the screen with this route (its url or id).
    case popToView(Expression<String>, navigationContext: NavigationContext? = nil, analytics: ActionAnalyticsConfig? = nil)

    /// The names Navigate is registered under, lower-cased, without `beagle:`.
    static let typeNames = [
        "openexternalurl", "opennativeroute", "resetapplication", "resetstack", "pushstack",
        "popstack", "pushview", "popview", "poptoview",
    ]

    /// The route this navigation goes to, for the cases that have one.
    public var route: Route? {
        switch self {
        case .resetApplication(let route, _, _, _), .resetStack(let route, _, _), .pushStack(let route, _, _, _),
            .pushView(let route, _, _):
            return route
        case .openExternalURL, .openNativeRoute, .popStack, .popView, .popToView:
            return nil
        }
    }

    /// The analytics configuration of any case.
    public var analytics: ActionAnalyticsConfig? {
        switch self {
        case .openExternalURL(_, let analytics), .openNativeRoute(_, let analytics),
            .resetApplication(_, _, _, let analytics), .resetStack(_, _, let analytics),
            .pushStack(_, _, _, let analytics), .popStack(_, let analytics), .pushView(_, _, let analytics),
            .popView(_, let analytics), .popToView(_, _, let analytics):
            return analytics
        }
    }

    /// The navigation context of the cases that take one (all but the external URL and the
    /// native route, as in Beagle).
    public var navigationContext: NavigationContext? {
        switch self {
        case .openExternalURL, .openNativeRoute:
            return nil
        case .resetApplication(_, _, let context, _), .resetStack(_, let context, _), .pushStack(_, _, let context, _),
            .popStack(let context, _), .pushView(_, let context, _), .popView(let context, _),
            .popToView(_, let context, _):
            return context
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
        case _beagleAction_, route, url, controllerId, navigationContext, analytics
    }

    /// Decodes the case named by `_beagleAction_`, in any letter case, as Beagle's `init(from:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: ._beagleAction_)
        let analytics = try container.decodeIfPresent(ActionAnalyticsConfig.self, forKey: .analytics)
        let context = try container.decodeIfPresent(NavigationContext.self, forKey: .navigationContext)
        func route() throws -> Route { try container.decode(Route.self, forKey: .route) }
        func controllerId() throws -> String? { try container.decodeIfPresent(String.self, forKey: .controllerId) }
        switch type.lowercased() {
        case "beagle:openexternalurl":
            self = .openExternalURL(try container.decode(Expression<String>.self, forKey: .url), analytics: analytics)
        case "beagle:opennativeroute":
            self = .openNativeRoute(try OpenNativeRoute(from: decoder), analytics: analytics)
        case "beagle:resetapplication":
            self = .resetApplication(
                try route(), controllerId: try controllerId(), navigationContext: context, analytics: analytics)
        case "beagle:resetstack":
            self = .resetStack(try route(), navigationContext: context, analytics: analytics)
        case "beagle:pushstack":
            self = .pushStack(try route(), controllerId: try controllerId(), navigationContext: context, analytics: analytics)
        case "beagle:popstack":
            self = .popStack(navigationContext: context, analytics: analytics)
        case "beagle:pushview":
            self = .pushView(try route(), navigationContext: context, analytics: analytics)
        case "beagle:popview":
            self = .popView(navigationContext: context, analytics: analytics)
        case "beagle:poptoview":
            self = .popToView(
                try container.decode(Expression<String>.self, forKey: .route), navigationContext: context,
                analytics: analytics)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: ._beagleAction_,
                in: container,
                debugDescription: "Can't decode '\(type)' as a navigation action"
            )
        }
    }

    /// Encodes the case with its own `_beagleAction_`, as Beagle's `encode(to:)`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(analytics, forKey: .analytics)
        try container.encodeIfPresent(navigationContext, forKey: .navigationContext)
        switch self {
        case .openExternalURL(let url, _):
            try container.encode("beagle:openexternalurl", forKey: ._beagleAction_)
            try container.encode(url, forKey: .url)
        case .openNativeRoute(let nativeRoute, _):
            try container.encode("beagle:opennativeroute", forKey: ._beagleAction_)
            try nativeRoute.encode(to: encoder)
        case .resetApplication(let route, let controllerId, _, _):
            try container.encode("beagle:resetapplication", forKey: ._beagleAction_)
            try container.encode(route, forKey: .route)
            try container.encodeIfPresent(controllerId, forKey: .controllerId)
        case .resetStack(let route, _, _):
            try container.encode("beagle:resetstack", forKey: ._beagleAction_)
            try container.encode(route, forKey: .route)
        case .pushStack(let route, let controllerId, _, _):
            try container.encode("beagle:pushstack", forKey: ._beagleAction_)
            try container.encode(route, forKey: .route)
            try container.encodeIfPresent(controllerId, forKey: .controllerId)
        case .popStack:
            try container.encode("beagle:popstack", forKey: ._beagleAction_)
        case .pushView(let route, _, _):
            try container.encode("beagle:pushview", forKey: ._beagleAction_)
            try container.encode(route, forKey: .route)
        case .popView:
            try container.encode("beagle:popview", forKey: ._beagleAction_)
        case .popToView(let route, _, _):
            try container.encode("beagle:poptoview", forKey: ._beagleAction_)
            try container.encode(route, forKey: .route)
        }
    }
}
