import BeagleMockHTTP
import BeagleScreens
import Foundation

/// `GET /__admin/routes`: every route the screens and images folders serve, with the files that
/// answer it and whether its screens are valid, plus the files a reserved route shadows.
///
/// ```json
/// {"routes": [{"path": "/home", "kind": "screen", "file": "home.json", "size": 812, "valid": true,
///              "platforms": [{"platform": "IOS", "file": "home.ios.json"}],
///              "methods": [{"method": "POST", "file": "home.post.json", "platforms": []}],
///              "diagnostics": []}],
///  "shadowed": [{"file": "__admin.json", "route": "/__admin", "reason": "/__admin is the mock's admin API"}]}
/// ```
/// `file` and `size` are those of the file a GET without platform gets (null when only variants
/// or method files exist); `valid` is false when any JSON file of the route has an error (warnings
/// do not count); `diagnostics` lists errors and warnings as `beagle-mock validate` does.
package struct RouteReport: Encodable, Sendable {
    /// One servable route.
    package struct Route: Encodable, Sendable {
        package let path: String
        /// `screen` (JSON), `asset` (another file of the screens folder) or `image` (images folder).
        let kind: String
        package let file: String?
        let size: Int64?
        let valid: Bool
        let platforms: [Variant]
        let methods: [MethodFiles]
        package let diagnostics: [Diagnostic]

        private enum CodingKeys: String, CodingKey {
            case path, kind, file, size, valid, platforms, methods, diagnostics
        }

        /// Every key, `null` included, so that every route has one shape.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(kind, forKey: .kind)
            try container.encode(file, forKey: .file)
            try container.encode(size, forKey: .size)
            try container.encode(valid, forKey: .valid)
            try container.encode(platforms, forKey: .platforms)
            try container.encode(methods, forKey: .methods)
            try container.encode(diagnostics, forKey: .diagnostics)
        }
    }

    /// A platform variant file (`home.ios.json` for IOS).
    struct Variant: Encodable, Sendable {
        let platform: String
        let file: String
    }

    /// The files answering one body method (`cart.post.json` and its variants).
    struct MethodFiles: Encodable, Sendable {
        let method: String
        let file: String?
        let platforms: [Variant]

        private enum CodingKeys: String, CodingKey { case method, file, platforms }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(method, forKey: .method)
            try container.encode(file, forKey: .file)
            try container.encode(platforms, forKey: .platforms)
        }
    }

    /// A file never served because a reserved route is the mock's own.
    struct Shadowed: Encodable, Sendable {
        let file: String
        let route: String
        let reason: String
    }

    package let routes: [Route]
    let shadowed: [Shadowed]

    /// Lists `folder` and validates each of its screens as it is on disk now.
    init(folder: ScreenFolder, validator: ScreenValidator) {
        var routes: [Route] = []
        var shadowed: [Shadowed] = []
        for route in folder.routes {
            if let reserved = ReservedRoute(route: route.path) {
                shadowed += route.files.map {
                    Shadowed(file: $0.displayPath, route: route.path, reason: reserved.shadowingReason)
                }
                continue
            }
            routes.append(Self.describe(route, in: folder, validator: validator))
        }
        self.routes = routes
        self.shadowed = shadowed
    }

    private static func describe(_ route: ScreenRoute, in folder: ScreenFolder, validator: ScreenValidator) -> Route {
        let primary = route.primaryFile
        var diagnostics: [Diagnostic] = []
        for file in route.files where file.location == .screens && file.name.isJSON {
            do {
                diagnostics += validator.validate(screen: try Data(contentsOf: file.url), at: file.relativePath, in: folder)
            } catch {
                diagnostics.append(
                    Diagnostic(
                        file: file.relativePath, line: 1, column: 1, severity: .error,
                        message: "cannot read the file: \(error.localizedDescription)"))
            }
        }
        let kind: String
        if route.files.contains(where: { $0.location == .images }) {
            kind = "image"
        } else if route.files.contains(where: \.name.isJSON) {
            kind = "screen"
        } else {
            kind = "asset"
        }
        let methods = route.bodyMethods.map { method in
            let files = route.files.filter { $0.name.method == method }
            return MethodFiles(
                method: method, file: files.first { $0.name.platform == nil }?.displayPath,
                platforms: variants(files))
        }
        return Route(
            path: route.path, kind: kind, file: primary?.displayPath,
            size: primary.flatMap { FileStatus.stat($0.url.path)?.size }, valid: !diagnostics.contains { $0.severity == .error },
            platforms: variants(route.files.filter { $0.name.method == nil }), methods: methods,
            diagnostics: diagnostics.sorted())
    }

    /// The platform variants among `files`, in the order IOS, ANDROID, WEB, MOBILE.
    private static func variants(_ files: [ScreenFile]) -> [Variant] {
        BeaglePlatform.allCases.compactMap { platform in
            files.first { $0.name.platform == platform }.map { Variant(platform: platform.rawValue, file: $0.displayPath) }
        }
    }
}
