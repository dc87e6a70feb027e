/// A least-recently-used cache bounded by the total cost of its values (bytes, for images).
///
/// A value type: callers keep it behind a lock. Every operation is O(1) except eviction,
/// which is O(evicted entries).
struct LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Node: Sendable {
        var value: Value
        var cost: Int
        var newer: Key?
        var older: Key?
    }

    private var nodes: [Key: Node] = [:]
    private var newest: Key?
    private var oldest: Key?

    /// The most the values may cost together.
    let costLimit: Int
    /// What the values cost together now.
    private(set) var totalCost = 0

    init(costLimit: Int) {
        self.costLimit = costLimit
    }

    /// How many values are stored.
    var count: Int { nodes.count }

    /// The keys, most recently used first.
    var keysByRecentUse: [Key] {
        var keys: [Key] = []
        var cursor = newest
        while let key = cursor, let node = nodes[key] {
            keys.append(key)
            cursor = node.older
        }
        return keys
    }

    /// Whether `key` has a value, without making it the most recently used.
    func contains(_ key: Key) -> Bool {
        nodes[key] != nil
    }

    /// The value for `key`, which becomes the most recently used.
    mutating func value(forKey key: Key) -> Value? {
        guard let node = nodes[key] else { return nil }
        unlink(key)
        link(key, node: node)
        return node.value
    }

    /// Stores `value` as the most recently used, evicting the least recently used values
    /// until the total cost fits; a value costing more than the limit is not stored.
    /// Returns the evicted keys.
    @discardableResult
    mutating func insert(_ value: Value, forKey key: Key, cost: Int) -> [Key] {
        removeValue(forKey: key)
        guard cost <= costLimit else { return [] }
        link(key, node: Node(value: value, cost: cost))
        totalCost += cost
        var evicted: [Key] = []
        while totalCost > costLimit, let victim = oldest, victim != key {
            removeValue(forKey: victim)
            evicted.append(victim)
        }
        return evicted
    }

    /// Removes and returns the value for `key`.
    @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        guard let node = nodes[key] else { return nil }
        unlink(key)
        totalCost -= node.cost
        return node.value
    }

    /// Removes every value.
    mutating func removeAll() {
        nodes.removeAll()
        newest = nil
        oldest = nil
        totalCost = 0
    }

    /// Takes `key` out of the recency list and the table.
    private mutating func unlink(_ key: Key) {
        guard let node = nodes.removeValue(forKey: key) else { return }
        if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
        if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
    }

    /// Puts `key` in the table as the most recently used.
    private mutating func link(_ key: Key, node: Node) {
        var node = node
        node.newer = nil
        node.older = newest
        if let previousNewest = newest { nodes[previousNewest]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
        nodes[key] = node
    }
}
