import BeagleMockHTTP
import BeagleScreens
import HTTPTypes
import NIOCore

/// A file chosen to answer a request, with what its response headers need.
struct ServedFile: Sendable {
    /// The body: in memory, or a large file streamed from disk.
    var body: OutgoingResponse.Body
    /// The path below its root (`catalog/item-1.json`), for logs and the journal.
    let relativePath: String
    /// Its route's meter, for the metrics (Docs/AdminAPI.md, "Metrics"); nil without metrics. Not
    /// counted as a reference: the metrics keep every meter (``AnswerOrigin``).
    let meter: Unmanaged<RouteMeter>?
    /// The bytes sent: their hash, `ETag`, `Content-Type` and (unless rendered) `Last-Modified`.
    var version: BodyVersion
    /// The modification time in whole seconds, for `If-Modified-Since`.
    let modifiedSeconds: Int64
    /// Whether this is screen JSON answering a route (rather than an asset served as is).
    let isScreen: Bool
    /// Whether the request's platform picked a variant file or filtered the body.
    var chosenByPlatform: Bool
    /// The values of the `[name]` segments of the route that found the file (`id` → `42` when
    /// `product/[id].json` answers `/product/42`), for responses rendered from the request;
    /// empty for a file found by its own name (Docs/ScreensFolder.md, "Path parameters").
    var parameters: [String: String] = [:]
    /// A screen file with `{{`, which the source stage renders for the request before anything is
    /// sent (then filtered for `platform`); nil for a file sent as it is (Docs/Templates.md).
    var template: PendingTemplate?
    /// Whether the body was rendered for this request: then it has no `Last-Modified`, which
    /// would let a client keep one rendering for another request.
    var isRendered = false

    /// A template waiting for its request.
    struct PendingTemplate: Sendable {
        /// The compiled template, or why it cannot be rendered.
        let compiled: Result<ScreenTemplate, TemplateProblem>
        /// The platform to filter the rendered body for.
        let platform: BeaglePlatform?
    }
}
