/// One way the head of the BFF's answer to a route differs from the folder's: the status, the
/// media type, or a header that says how long the answer may be kept.
///
/// As for screens, the BFF is the reference: `added` is sent by the BFF only, `removed` by the
/// folder only, `changed` by both with another meaning.
package struct HeadDifference: Sendable, Hashable {
    /// What differs, and how it is compared.
    package enum Field: String, Sendable, Hashable, CaseIterable {
        /// The status code.
        case status
        /// `Content-Type`, by media type (`application/json`), its parameters left out.
        case contentType = "content-type"
        /// `Cache-Control`, as a set of directives.
        case cacheControl = "cache-control"
        /// `Expires`, by presence: its date moves with every answer.
        case expires
        /// `Vary`, as a set of header names, `Accept-Encoding` left out.
        case vary
        /// `ETag`, by presence: two servers never tag alike.
        case eTag = "etag"
        /// Beagle 1.x's `beagle-hash`, by presence.
        case beagleHash = "beagle-hash"

        /// The header's name as the report writes it; nil for the status.
        package var header: String? {
            switch self {
            case .status: nil
            case .contentType: "Content-Type"
            case .cacheControl: "Cache-Control"
            case .expires: "Expires"
            case .vary: "Vary"
            case .eTag: "ETag"
            case .beagleHash: "beagle-hash"
            }
        }

        /// Whether only the header's presence is compared.
        package var comparesPresence: Bool { self == .expires || self == .eTag || self == .beagleHash }

        /// How much a difference of this field weighs when routes are ordered, as
        /// ``ScreenDifference/Kind/weight`` does for screens.
        package var weight: Int {
            switch self {
            case .status: 4
            case .contentType: 3
            case .cacheControl, .expires, .vary, .eTag, .beagleHash: 1
            }
        }
    }

    /// What differs.
    package let field: Field
    /// How it differs, from which sides send a value.
    package var change: ScreenDifference.Change { ScreenDifference.Change(bff: bff, folder: folder) }
    /// The BFF's value as sent, nil when it sent none.
    package let bff: String?
    /// The folder's value as sent, nil when it sends none.
    package let folder: String?
}
