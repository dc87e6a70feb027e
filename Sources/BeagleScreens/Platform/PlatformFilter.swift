import Foundation

/// Rewrites screen JSON for one platform as Beagle's Kotlin BFF does with `beaglePlatform`
/// wrappers (Docs/ScreensFolder.md).
///
/// A wrapper is an object `{"beaglePlatform": P, "child": {…}}`, what the Kotlin backend's
/// `component.setPlatform(P)` produces. For a request from platform p:
/// 1. every object whose `beaglePlatform` does not include p is removed: dropped from its
///    parent array, or its member dropped from its parent object (P is ALL, MOBILE, IOS,
///    ANDROID or WEB, any letter case; ALL includes every platform, MOBILE includes IOS and
///    ANDROID; any other value includes none);
/// 2. every remaining wrapper is replaced by its `child`, recursively (a wrapper around a
///    wrapper unwraps twice).
///
/// Choices where the Kotlin BFF is silent or fails:
/// - **The root.** A root wrapper that excludes p is not removed: it is unwrapped and served,
///   as the Kotlin BFF does (it ignores the verdict for the root). An empty body or `{}` would
///   fail to decode in the app anyway, so there is nothing better to serve; and an app that
///   behaves the same against the mock as against the real BFF is the point of a mock. The
///   way to serve a screen to one platform only is a variant file (`home.ios.json`);
///   ``ScreenValidator`` warns about root wrappers. ``FilterResult/rootExcluded`` tells the caller.
/// - **A wrapper with no object `child`** (none written, or its child was itself removed) is
///   removed like an excluded one: there is nothing to show. The Kotlin BFF fails with an
///   exception there.
///
/// Bodies that do not contain the bytes `"beaglePlatform"` are returned as they are, the same
/// bytes, without parsing (a key spelt with `\u` escapes is therefore not seen; no real
/// backend writes one). Bodies that are not valid JSON are returned as they are too: the
/// server serves files as they are, and `validate` reports the syntax error. A body that is
/// rewritten is written back compact (no whitespace), numbers keeping their exact text.
package struct PlatformFilter: Sendable {
    /// The platform whose request is being answered.
    package let platform: BeaglePlatform

    /// A filter for requests from `platform` (IOS, ANDROID or WEB; ALL removes nothing and only
    /// unwraps, as the Kotlin BFF does).
    package init(platform: BeaglePlatform) {
        self.platform = platform
    }

    /// The key that marks a wrapper.
    package static let wrapperKey = "beaglePlatform"
    /// The key of a wrapper's content.
    package static let childKey = "child"

    /// What filtering did to a body.
    package struct FilterResult: Sendable, Hashable {
        /// The body to send: the input itself when nothing changed.
        package let data: Data
        /// Whether the body was rewritten.
        package let changed: Bool
        /// Whether the root was a wrapper excluding this platform, unwrapped and kept anyway.
        package let rootExcluded: Bool
    }

    /// The body to send for `data`: filtered, or `data` itself when there is nothing to do.
    package func filter(_ data: Data) -> Data {
        apply(to: data).data
    }

    /// The body to send for `bytes` to a client on `platform`: filtered, or `bytes` itself when
    /// there is nothing to do (the form the server's file cache calls).
    package static func filter(_ bytes: [UInt8], for platform: BeaglePlatform) -> [UInt8] {
        let data = Data(bytes)
        let outcome = PlatformFilter(platform: platform).apply(to: data)
        return outcome.changed ? Array(outcome.data) : bytes
    }

    /// Filters `data` and says what changed.
    package func apply(to data: Data) -> FilterResult {
        guard Self.mayContainWrapper(data), let root = try? JSONReader().parse(data) else {
            return FilterResult(data: data, changed: false, rootExcluded: false)
        }
        var state = State()
        guard let filtered = filter(root, isRoot: true, state: &state), state.changed else {
            return FilterResult(data: data, changed: false, rootExcluded: false)
        }
        return FilterResult(data: JSONWriter.compactData(filtered), changed: true, rootExcluded: state.rootExcluded)
    }

    /// Filters a parsed tree. Returns the root even when it is an excluded wrapper (unwrapped),
    /// so the result is never nil for an object or array root.
    package func filter(_ root: JSONNode) -> JSONNode {
        var state = State()
        return filter(root, isRoot: true, state: &state) ?? root
    }

    /// Whether `data` contains the bytes `"beaglePlatform"`: when it does not, no filter can
    /// change it.
    package static func mayContainWrapper(_ data: Data) -> Bool {
        let needle = Array("\"\(wrapperKey)\"".utf8)
        return data.withUnsafeBytes { raw in
            guard raw.count >= needle.count else { return false }
            var index = 0
            let last = raw.count - needle.count
            while index <= last {
                guard let quote = raw[index...last].firstIndex(of: UInt8(ascii: "\"")) else { return false }
                var matched = true
                for offset in 1..<needle.count where raw[quote + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return true }
                index = quote + 1
            }
            return false
        }
    }

    /// The platform a wrapper's `beaglePlatform` value names, in any case; nil for anything else.
    package static func wrapperPlatform(_ value: JSONNode) -> BeaglePlatform? {
        guard let text = value.string else { return nil }
        return BeaglePlatform(rawValue: text.uppercased())
    }

    struct State {
        var changed = false
        var rootExcluded = false
    }

    /// The filtered node, or nil when it is to be removed from its parent.
    func filter(_ node: JSONNode, isRoot: Bool, state: inout State) -> JSONNode? {
        switch node.value {
        case .object(let members):
            if let marker = members.last(where: { $0.key == Self.wrapperKey }) {
                state.changed = true
                let included = platform == .all || (Self.wrapperPlatform(marker.value)?.includes(platform) ?? false)
                if !included {
                    guard isRoot else { return nil }
                    state.rootExcluded = true
                }
                guard let child = members.last(where: { $0.key == Self.childKey })?.value, child.members != nil else {
                    // Nothing to show. The root cannot be dropped: serve it without the marker.
                    return isRoot ? JSONNode(.object(members.filter { $0.key != Self.wrapperKey }), at: node.position) : nil
                }
                return filter(child, isRoot: isRoot, state: &state)
            }
            var kept: [JSONMember] = []
            kept.reserveCapacity(members.count)
            for var member in members {
                guard let value = filter(member.value, isRoot: false, state: &state) else { continue }
                member.value = value
                kept.append(member)
            }
            return JSONNode(.object(kept), at: node.position)
        case .array(let elements):
            return JSONNode(.array(elements.compactMap { filter($0, isRoot: false, state: &state) }), at: node.position)
        case .string, .number, .bool, .null:
            return node
        }
    }
}
