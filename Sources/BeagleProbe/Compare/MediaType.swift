import Foundation

/// A `Content-Type` reduced to what the drift check compares: its type and subtype, lower-cased
/// (`application/json`). Parameters are left out: `charset` means nothing to JSON, which is
/// UTF-8 (RFC 8259), and Beagle reads it so whatever the header says.
struct MediaType: Hashable {
    /// `type/subtype`, lower-cased.
    let essence: String

    /// The media type of a `Content-Type` value; nil for none or a blank one.
    init?(_ value: String?) {
        guard let value else { return nil }
        let essence = value.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
        guard !essence.isEmpty else { return nil }
        self.essence = essence
    }
}
