import BeagleScreens

/// What a server has to serve: counted for the start-up banner.
public struct ServerInventory: Sendable, Equatable {
    /// Screens by route (platform variants and method files not counted).
    public var screens: Int
    /// Files in the images folder.
    public var images: Int
    /// A route worth trying first: `/home` when there is one, else the first screen.
    public var firstRoute: String?

    /// Counts what `folder` holds.
    init(_ folder: ScreenFolder) {
        let routes = folder.files.filter { $0.name.isJSON && $0.name.isPrimary }.map(\.name.route).sorted()
        screens = routes.count
        images = folder.images.count
        firstRoute = routes.contains("/home") ? "/home" : routes.first
    }
}
