import BeagleMockHTTP
import BeagleScreens

/// The paths the mock answers itself and never from the screens folder (Docs/AdminAPI.md):
/// `/__admin` and everything under it, `/__echo` and everything under it. A first segment such as
/// `__admin.json` or `__echo.ios` counts too, since route resolution would read it as the same
/// route; so a screen file there can never shadow the mock's own answers.
package enum ReservedRoute: String, Sendable, CaseIterable {
    /// `/__admin/…`: the admin API.
    case admin = "__admin"
    /// `/__echo/…`: the request echoed back as JSON.
    case echo = "__echo"

    /// The reserved route a path's first segment belongs to, if any.
    init?(firstSegment: some StringProtocol) {
        // Nearly every path is ruled out by its first byte, before a string is made to compare it with.
        guard let first = firstSegment.utf8.first, Self.firstBytes.contains(first) else { return nil }
        for route in Self.allCases
        where firstSegment == route.rawValue || firstSegment.hasPrefix(route.rawValue + ".") {
            self = route
            return
        }
        return nil
    }

    /// The first bytes of the routes' names.
    private static let firstBytes = allCases.compactMap(\.rawValue.utf8.first)

    /// The reserved route a decoded path belongs to, if any.
    init?(_ path: RequestPath) {
        guard let first = path.segments.first else { return nil }
        self.init(firstSegment: first)
    }

    /// The reserved route a route of the screens folder (`/__admin/x`, `/__echo`) would shadow.
    init?(route: String) {
        guard let first = route.split(separator: "/", omittingEmptySubsequences: true).first else { return nil }
        self.init(firstSegment: first)
    }

    /// `/__admin`, `/__echo`.
    var path: String { "/" + rawValue }
}

extension ReservedRoute {
    /// The files of a screens folder that a reserved route shadows: never served, reported at
    /// start-up and by `GET /__admin/routes`.
    static func shadowedFiles(in folder: ScreenFolder) -> [ScreenFile] {
        folder.files.filter { ReservedRoute(route: $0.name.route) != nil }
    }

    /// Why a shadowed file is never served, for the banner and the admin API.
    var shadowingReason: String {
        switch self {
        case .admin: "\(path) is the mock's admin API"
        case .echo: "\(path) is the mock's request echo"
        }
    }
}
