/// What `--record` does with a proxied success (Docs/Proxy.md, "Grow your mock from the real BFF").
package enum RecordMode: String, Sendable, Hashable, CaseIterable {
    /// Saves a response only when no file of that name exists yet.
    case keep
    /// Saves every response, replacing the file of that name.
    case overwrite
    /// Saves only the answers to requests the folders lack (they would get 404 or 405), never those
    /// a `proxy: true` rule sends upstream, and never replaces a file (Hoverfly's capture on miss).
    case misses

    /// How the banner says it.
    package var summary: String {
        switch self {
        case .keep: "on (new files only; existing files kept)"
        case .overwrite: "on (overwrite: existing files replaced)"
        case .misses: "on (misses: only what the folders lack)"
        }
    }
}
