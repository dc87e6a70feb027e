/// An image downloader that says which requests it can handle, so that a
/// `CompositeImageDownloader` can pick it (a link in a chain of responsibility, as in
/// DFImageManager's composite manager).
public protocol ImageDownloaderLink: ImageDownloaderProtocol {
    /// Whether this downloader takes the request for `url`.
    func canHandle(url: String, additionalData: HttpAdditionalData?) -> Bool
}

extension String {
    /// The URL scheme of the string, lower-cased, or nil for a path without one (RFC 3986:
    /// a letter, then letters, digits, `+`, `-` or `.`, then `:`).
    var urlScheme: String? {
        guard let colon = firstIndex(of: ":") else { return nil }
        let scheme = self[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return nil }
        let allowed = scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        return allowed ? scheme.lowercased() : nil
    }
}
