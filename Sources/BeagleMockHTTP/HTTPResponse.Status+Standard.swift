import HTTPTypes
import NIOHTTP1

extension HTTPResponse.Status {
    /// A status with its standard reason phrase (`503 Service Unavailable`); a bare
    /// `Status(code:)` has none, which would leave the status line and messages without words.
    package static func standard(_ code: Int) -> HTTPResponse.Status {
        HTTPResponse.Status(code: code, reasonPhrase: HTTPResponseStatus(statusCode: code).reasonPhrase)
    }
}
