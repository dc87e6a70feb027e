/// What `--record` does with a proxied success (Docs/Proxy.md, "Grow your mock from the real BFF").
package enum RecordMode: String, Sendable, Hashable, CaseIterable {
    /// Saves a response only when no file of that name exists yet.
    case keep
    /// Saves every response, replacing the file of that name.
    case overwrite

    /// How the banner says it.
    package var summary: String {
        switch self {
        case .keep: "on (new files only; existing files kept)"
        case .overwrite: "on (overwrite: existing files replaced)"
        }
    }
}
