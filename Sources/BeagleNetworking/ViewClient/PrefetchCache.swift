/// The screens a `ViewClient` prefetched, each kept until one `fetch` of its URL takes it.
///
/// A class shared by copies of the `ViewClient` struct, as Beagle's NSCache wrapper is.
final class PrefetchCache: Sendable {
    private let screens = LockedValue<[String: any ServerDrivenComponent]>([:])

    func insert(_ screen: any ServerDrivenComponent, forKey url: String) {
        screens.withLock { $0[url] = screen }
    }

    /// The screen stored for `url`, removed so the next fetch goes to the network.
    func take(_ url: String) -> (any ServerDrivenComponent)? {
        screens.withLock { $0.removeValue(forKey: url) }
    }

    func contains(_ url: String) -> Bool {
        screens.withLock { $0[url] != nil }
    }

    var count: Int {
        screens.withLock { $0.count }
    }
}
