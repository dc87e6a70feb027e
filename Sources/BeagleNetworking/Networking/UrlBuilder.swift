import Foundation

/// Turns the paths in screen JSON into request URLs (Beagle iOS 2.x `UrlBuilderProtocol`).
public protocol UrlBuilderProtocol: Sendable {
    /// The base URL that relative paths (those starting with `/`) are appended to.
    var baseUrl: URL? { get set }
    /// The URL for `path`, or nil if none can be built (the empty path, for one).
    func build(path: String) -> URL?
}

/// Beagle's URL builder, the same code in Beagle 1.9 and 2.x, passing Beagle's
/// `UrlBuilderTestSpec.json`.
///
/// A path starting with `/` is relative: it is appended to `baseUrl` (minus one trailing `/`),
/// so `//x` keeps its double slash. Anything else is absolute and used as is. A path without
/// percent escapes is percent-encoded first, keeping `-._~:/?#[]@!$&'()*+,;=` and ASCII
/// letters and digits; a path that already has escapes is left alone.
///
/// Beagle's is a class with a mutable `baseUrl`; so is this one, with the base URL behind a lock.
public final class UrlBuilder: UrlBuilderProtocol {
    private let base: LockedValue<URL?>

    /// The base URL for relative paths.
    public var baseUrl: URL? {
        get { base.current }
        set { base.withLock { $0 = newValue } }
    }

    /// Creates a builder; without a base URL, relative paths stay relative.
    public init(baseUrl: URL? = nil) {
        base = LockedValue(baseUrl)
    }

    /// The URL for `path`, or nil.
    public func build(path: String) -> URL? {
        let encoded =
            path.removingPercentEncoding == path
            ? path.addingPercentEncoding(withAllowedCharacters: Self.allowedCharacters) ?? path
            : path
        guard path.hasPrefix("/"), let baseUrl else {
            return URL(string: encoded)
        }
        var prefix = baseUrl.absoluteString
        if prefix.hasSuffix("/") { prefix.removeLast() }
        return URL(string: prefix + encoded)
    }

    // ASCII only: `CharacterSet.alphanumerics` also holds letters like `é`, which Beagle's test
    // vectors expect to see encoded.
    private static let allowedCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;="
    )
}
