import BeagleMockHTTP
import HTTPTypes

extension ErrorBody {
    /// The body as a response with `status`.
    package func response(_ status: HTTPResponse.Status, headers: HTTPFields = [:]) -> OutgoingResponse {
        .json(status, json, headers: headers)
    }
}
