import Dispatch
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The link for `data:` URLs (RFC 2397): decodes the bytes the URL carries, base64 or
/// percent-encoded, with no request.
///
/// A malformed `data:` URL fails with `NetworkFailure.invalidRequest`.
public struct DataURLImageDownloader: ImageDownloaderLink {
    /// Where completions run.
    public let completionQueue: DispatchQueue

    /// Creates the link.
    public init(completionQueue: DispatchQueue = CompletionQueue.platformDefault) {
        self.completionQueue = completionQueue
    }

    /// True for `data:` URLs.
    public func canHandle(url: String, additionalData: HttpAdditionalData?) -> Bool {
        url.urlScheme == "data"
    }

    /// Decodes the bytes; completes on `completionQueue`.
    @discardableResult
    public func fetchImage(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping @Sendable (Result<Data, Request.Error>) -> Void
    ) -> (any RequestToken)? {
        let result: Result<Data, Request.Error> = Self.payload(of: url).mapError { reason in
            .networkError(
                NetworkError(
                    error: NetworkFailure.invalidRequest(reason: reason.description),
                    request: URLRequest(describingPath: url)
                )
            )
        }
        completionQueue.async { completion(result) }
        return nil
    }

    /// The bytes of `data:[<media type>][;base64],<data>`, or why there are none.
    static func payload(of url: String) -> Result<Data, DataURLError> {
        guard url.urlScheme == "data", let comma = url.firstIndex(of: ",") else {
            return .failure(DataURLError("'\(url.prefix(64))' is not a data: URL (data:[<media type>][;base64],<data>)"))
        }
        let header = url[url.index(url.startIndex, offsetBy: 5)..<comma]
        let body = String(url[url.index(after: comma)...])
        if header.lowercased().hasSuffix(";base64") {
            // Base64 in a URL may itself be percent-encoded, and may be wrapped.
            let text = body.removingPercentEncoding ?? body
            guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                return .failure(DataURLError("the base64 payload of the data: URL is not valid base64"))
            }
            return .success(data)
        }
        guard let bytes = percentDecodedBytes(body) else {
            return .failure(DataURLError("the payload of the data: URL has invalid percent escapes"))
        }
        return .success(bytes)
    }

    /// The bytes of a percent-encoded string; unlike `removingPercentEncoding`, the result
    /// need not be UTF-8 (an image's bytes are not).
    private static func percentDecodedBytes(_ text: String) -> Data? {
        var bytes = Data()
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Why a `data:` URL could not be decoded.
    struct DataURLError: Error, Equatable, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
