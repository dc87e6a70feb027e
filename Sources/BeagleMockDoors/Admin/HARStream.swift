import BeagleMockEngine
import BeagleMockHTTP
import HTTPTypes

/// `GET /__admin/har` (Docs/Sessions.md): the archive sent as it is written, in pieces, with no
/// length known ahead (chunked), so that the server holds one piece at a time whatever the page's
/// size; a file to save (`Content-Disposition: attachment`).
struct HARStream: ResponseStream {
    let export: HARExport

    /// The head's fields, a HEAD request's answer too.
    static let headers: HTTPFields = [
        .contentType: ContentType.json, .cacheControl: "no-store",
        .contentDisposition: #"attachment; filename="beagle-mock.har""#,
    ]

    func send(to writer: consuming ResponseOutput) async throws -> Int64 {
        let body = try await writer.writeHead(HTTPResponse(status: .ok, headerFields: Self.headers))
        let sent = try await export.write { piece in try await body.write(piece) }
        try await body.finish()
        return sent
    }
}
