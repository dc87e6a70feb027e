import Foundation

/// Keeps decoded screens in memory, up to `countLimit` of them, each for at most `maxAge`.
///
/// The least recently used screen goes first when the limit is reached.
public final class MemoryCacheManager: CacheManagerProtocol {
    private struct Entry: Sendable {
        let component: any ServerDrivenComponent
        let storedAt: ContinuousClock.Instant
    }

    private let entries: LockedValue<LRUCache<String, Entry>>
    private let maxAge: Duration?
    private let clock = ContinuousClock()

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - countLimit: how many screens it keeps.
    ///   - maxAge: how long a screen stays valid; nil keeps it until evicted.
    public init(countLimit: Int = 100, maxAge: Duration? = nil) {
        entries = LockedValue(LRUCache(costLimit: max(countLimit, 0)))
        self.maxAge = maxAge
    }

    /// The screen stored for `url`, unless it is older than `maxAge`.
    public func getComponent(for url: String) -> (any ServerDrivenComponent)? {
        let now = clock.now
        return entries.withLock { entries in
            guard let entry = entries.value(forKey: url) else { return nil }
            if let maxAge, entry.storedAt.duration(to: now) >= maxAge {
                entries.removeValue(forKey: url)
                return nil
            }
            return entry.component
        }
    }

    /// Stores `component` for `url`, replacing what was there.
    public func insert(component: any ServerDrivenComponent, url: String) {
        let entry = Entry(component: component, storedAt: clock.now)
        entries.withLock { _ = $0.insert(entry, forKey: url, cost: 1) }
    }

    /// Forgets every screen.
    public func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}
