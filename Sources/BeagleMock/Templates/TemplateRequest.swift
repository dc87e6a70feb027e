import BeagleScreens
import Mustache
import NIOCore

/// `request` in a template: what the app sent (Docs/Templates.md, "Values"). A class, so that the
/// body is parsed once per rendering however many tags name it.
final class TemplateRequest: MustacheParent {
    /// `request.method`: `GET`, `POST`…
    let method: String
    /// `request.path`: the decoded path, without the query.
    let path: String
    /// `request.params.NAME`: the values of the route's `[name]` segments.
    let params: [String: String]
    /// `request.query.NAME`: the first value of a query parameter, decoded.
    let query: QueryParameters
    /// `request.headers.NAME`: a header, its name in any case.
    let headers: SentHeaders
    /// `request.body`: the body as JSON, or as text when it is not JSON.
    let body: ByteBuffer?

    init(
        method: String, path: String, params: [String: String], query: QueryParameters, headers: SentHeaders,
        body: ByteBuffer?
    ) {
        self.method = method
        self.path = path
        self.params = params
        self.query = query
        self.headers = headers
        self.body = body
    }

    func child(named name: String) -> Any? {
        switch name {
        case "method": method
        case "path": path
        case "params": params
        case "query": Query(parameters: query)
        case "headers": Headers(headers: headers)
        case "body": bodyValue
        default: nil
        }
    }

    /// The body as a template value: JSON when it parses, else UTF-8 text; nil when there is none.
    private lazy var bodyValue: Any? = {
        guard let body, body.readableBytes > 0 else { return nil }
        let bytes = Array(body.readableBytesView)
        if let node = try? JSONReader().parse(bytes) { return TemplateJSON(node) }
        return String(validating: bytes, as: UTF8.self)
    }()

    /// `request.query`: the first value of each name.
    struct Query: MustacheParent {
        let parameters: QueryParameters
        func child(named name: String) -> Any? { parameters.values(name).first }
    }

    /// `request.headers`: names compared in any case; repeated fields joined with `, `.
    struct Headers: MustacheParent {
        let headers: SentHeaders
        func child(named name: String) -> Any? {
            let lowered = name.lowercased()
            let values = headers.fields.filter { $0.name.lowercased() == lowered }.map(\.value)
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
    }
}
