/// Stores decoded screens for `CachingViewClient` (the `CacheManagerProtocol` of Beagle's
/// "custom ViewClient" documentation, which leaves its implementation to the app).
public protocol CacheManagerProtocol: Sendable {
    /// The screen stored for `url`, if any.
    func getComponent(for url: String) -> (any ServerDrivenComponent)?
    /// Stores `component` for `url`.
    func insert(component: any ServerDrivenComponent, url: String)
}
