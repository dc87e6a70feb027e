import BeagleMockHTTP
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
    /// The rendering's meter, charged each value's length as it is looked up (``RenderMeter``).
    let meter: RenderMeter

    init(
        method: String, path: String, params: [String: String], query: QueryParameters, headers: SentHeaders,
        body: ByteBuffer?, meter: RenderMeter
    ) {
        self.method = method
        self.path = path
        self.params = params
        self.query = query
        self.headers = headers
        self.body = body
        self.meter = meter
    }

    func child(named name: String) -> Any? {
        switch name {
        case "method": meter.write(method)
        case "path": meter.write(path)
        case "params": Params(values: params, meter: meter)
        case "query": Query(parameters: query, meter: meter)
        case "headers": Headers(headers: headers, meter: meter)
        case "body": bodyText.map { meter.write($0) } ?? bodyJSON
        default: nil
        }
    }

    /// The body as JSON, when it parses.
    private var bodyJSON: TemplateJSON? { parsedBody.json }
    /// The body as UTF-8 text, when it is not JSON.
    private var bodyText: String? { parsedBody.text }

    /// The body read once: JSON when it parses, else UTF-8 text; neither when there is none.
    private lazy var parsedBody: (json: TemplateJSON?, text: String?) = {
        guard let body, body.readableBytes > 0 else { return (nil, nil) }
        let bytes = Array(body.readableBytesView)
        if let node = try? JSONReader().parse(bytes) { return (TemplateJSON(node, key: "body", meter: meter), nil) }
        return (nil, String(validating: bytes, as: UTF8.self))
    }()

    /// `request.params`: the values of the route's `[name]` segments.
    struct Params: MustacheParent {
        let values: [String: String]
        let meter: RenderMeter
        func child(named name: String) -> Any? { values[name].flatMap { meter.write($0) } }
    }

    /// `request.query`: the first value of each name.
    struct Query: MustacheParent {
        let parameters: QueryParameters
        let meter: RenderMeter
        func child(named name: String) -> Any? { parameters.values(name).first.flatMap { meter.write($0) } }
    }

    /// `request.headers`: names compared in any case; repeated fields joined with `, `.
    struct Headers: MustacheParent {
        let headers: SentHeaders
        let meter: RenderMeter
        func child(named name: String) -> Any? {
            let lowered = name.lowercased()
            let values = headers.fields.filter { $0.name.lowercased() == lowered }.map(\.value)
            return values.isEmpty ? nil : meter.write(values.joined(separator: ", "))
        }
    }
}
