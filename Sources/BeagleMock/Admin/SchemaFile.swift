import BeagleScreens
import HTTPTypes
import NIOCore

/// `GET /__admin/schema.json?beagle=2`: the JSON Schema of Beagle 2.x screens that
/// `beagle-mock schema` writes, for editors (Docs/ScreenAuthoring.md).
enum SchemaFile {
    /// The schema's text, written once.
    private static let body = ByteBuffer(string: ScreenSchema().text)

    /// The schema, or 400 naming the versions when `beagle` asks for another.
    static func response(_ query: QueryParameters, path: String?) -> OutgoingResponse {
        if let version = query.values("beagle").first, let problem = SchemaRequest.versionProblem(version) {
            return ErrorBody(error: problem, path: path).response(.badRequest, headers: [.cacheControl: "no-store"])
        }
        return OutgoingResponse(
            status: .ok, headers: [.contentType: "application/schema+json", .cacheControl: "no-cache"], body: .buffer(body))
    }

    /// The format a path under `/__admin` asks the schema in (`schema.yaml` asks `yaml`), nil
    /// when it does not ask for the schema.
    static func format(askedAt path: RequestPath) -> String? {
        let segments = path.segments
        guard segments.count == 2, segments[1].hasPrefix("schema.") else { return nil }
        return String(segments[1].dropFirst("schema.".count))
    }
}
