import BeagleMockHTTP
import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1

/// Why a request body was not read, and the refusal that answers it (Docs/ScreensFolder.md): too
/// large (413), not in full by the body deadline (408), or framed wrongly (400: a chunk size that
/// is not a number or too large, a chunk line without CR, a field that framing owns in the
/// trailers). Each closes the connection, since the rest of the body would otherwise be read as
/// the next request.
package enum BodyRefusal: Error, Sendable, Equatable {
    /// The body is, or says it is, larger than `limit` bytes.
    case tooLarge(limit: Int)
    /// The body had not arrived in full `after` the head.
    case timedOut(after: Duration)
    /// NIO's decoder refused the body's framing.
    case malformed(FramingRefusal)

    /// Reads the body of `request`, up to `limit` bytes. Throws a `BodyRefusal` when the declared
    /// length is above the limit (at once, before reading a byte of the body), when the body grows
    /// past the limit, or when the body deadline passes; any other error (the client left) as it is.
    package static func collect(_ request: inout ReceivedRequest, limit: Int) async throws -> ByteBuffer {
        // Waiting for a body that is refused whatever it holds would only hold the connection.
        if let declared = request.head.headerFields[.contentLength].flatMap({ UInt64($0) }),
            declared > UInt64(max(limit, 0))
        {
            throw BodyRefusal.tooLarge(limit: limit)
        }
        do {
            return try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw BodyRefusal.tooLarge(limit: limit)
        } catch let expired as BodyDeadline.Expired {
            throw BodyRefusal.timedOut(after: expired.timeout)
        } catch let error as HTTPParserError {
            throw BodyRefusal.malformed(FramingRefusal(error, inBody: true))
        }
    }

    /// The refusal for a request to `path`, with `headers` besides `Connection: close`.
    package func response(path: String?, headers: HTTPFields = [:]) -> OutgoingResponse {
        var headers = headers
        headers[.connection] = "close"
        switch self {
        case .tooLarge(let limit):
            return ErrorBody(error: "request body larger than \(limit) bytes", path: path)
                .response(.contentTooLarge, headers: headers)
        case .timedOut(let timeout):
            return ErrorBody(error: "request body not received in full within \(timeout.specDescription)", path: path)
                .response(.requestTimeout, headers: headers)
        case .malformed(let refusal):
            return ErrorBody(error: refusal.message, path: path).response(refusal.status, headers: headers)
        }
    }

    /// The refusal's name in the access log (`refused=…`).
    var reason: String {
        switch self {
        case .tooLarge: "body-too-large"
        case .timedOut: "body-timeout"
        case .malformed: "body-framing"
        }
    }
}
