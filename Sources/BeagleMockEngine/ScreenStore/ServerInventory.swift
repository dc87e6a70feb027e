import BeagleMockHTTP
import BeagleScreens

/// What a server has to serve: counted for the start-up banner.
package struct ServerInventory: Sendable, Equatable {
    /// Screens by route (platform variants and method files not counted).
    package var screens: Int
    /// Files in the images folder.
    package var images: Int
    /// A route worth trying first: `/home` when there is one, else the first screen that is no
    /// pattern (`/product/[id]` is not a path to curl as it is).
    package var firstRoute: String?
    /// Files of the screens folder that are never served because `/__admin` or `/__echo` is the
    /// mock's own (`__admin.json`, `__echo/form.json`).
    package var shadowedFiles: [ShadowedFile]

    /// A screens-folder file that a route of the mock's own shadows.
    package struct ShadowedFile: Sendable, Equatable {
        /// The file, relative to the screens folder.
        package var file: String
        /// The mock's route that shadows it: `/__admin` or `/__echo`.
        package var reservedPath: String
    }

    /// Counts what `folder` holds.
    init(_ folder: ScreenFolder) {
        let shadowed = ReservedRoute.shadowedFiles(in: folder)
        let routes = folder.files.filter { $0.name.isJSON && $0.name.isPrimary && !shadowed.contains($0) }.map(\.name.route)
            .sorted()
        screens = routes.count
        images = folder.images.count
        firstRoute =
            routes.contains("/home")
            ? "/home" : routes.first { PathParameter.bracketedSegments(ofRoute: $0).isEmpty } ?? routes.first
        shadowedFiles = shadowed.compactMap { file in
            ReservedRoute(route: file.name.route).map { ShadowedFile(file: file.displayPath, reservedPath: $0.path) }
        }
    }
}
