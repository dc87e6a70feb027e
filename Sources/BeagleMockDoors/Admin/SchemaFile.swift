import BeagleMockEngine
import BeagleMockHTTP
import BeagleScreens
import HTTPTypes
import NIOCore

/// `GET /__admin/schema.json?beagle=2`: the JSON Schema of Beagle 2.x screens that
/// `beagle-mock schema` writes, for editors (Docs/ScreenAuthoring.md).
enum SchemaFile {
    /// The schema's text, written once (or why it could not be).
    private static let body = Result { ByteBuffer(string: try ScreenSchema().text()) }

    /// The schema, or 400 naming the versions when `beagle` asks for another.
    static func response(_ query: QueryParameters, path: String?) -> OutgoingResponse {
        if let version = query.values("beagle").first, let problem = SchemaRequest.versionProblem(version) {
            return ErrorBody(error: problem, path: path).response(.badRequest, headers: [.cacheControl: "no-store"])
        }
        switch body {
        case .success(let body):
            return OutgoingResponse(
                status: .ok, headers: [.contentType: "application/schema+json", .cacheControl: "no-cache"],
                body: .buffer(body))
        case .failure(let error):
            return ErrorBody(error: "the schema could not be written as JSON: \(error)", path: path)
                .response(.internalServerError, headers: [.cacheControl: "no-store"])
        }
    }

    /// The format a path under `/__admin` asks the schema in (`schema.yaml` asks `yaml`), nil
    /// when it does not ask for the schema.
    static func format(askedAt path: RequestPath) -> String? {
        let segments = path.segments
        guard segments.count == 2, segments[1].hasPrefix("schema.") else { return nil }
        return String(segments[1].dropFirst("schema.".count))
    }
}
