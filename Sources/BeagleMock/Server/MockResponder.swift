import BeagleScreens
import HTTPTypes
import HummingbirdCore
import NIOCore

/// Answers every request: decodes the path, answers CORS preflights, finds the file, applies
/// conditional requests, writes the response and logs one line.
struct MockResponder: Sendable {
    let store: ScreenStore
    let cors: CORSPolicy
    /// The largest request body read; larger ones get 413.
    let maxRequestBodySize: Int
    let accessLog: AccessLog
    let clock = ContinuousClock()
    let startedAt = ContinuousClock.now
    let dates = DateHeader()

    func respond(_ request: Request, _ writer: consuming ResponseWriter, _ channel: any Channel) async throws {
        let start = clock.now
        var request = request
        let head = request.head
        var record = AccessLog.Record(
            method: head.method.rawValue, target: head.path ?? "", status: nil, bytes: 0, duration: .zero)
        var response: OutgoingResponse
        do {
            response = try await answer(&request, record: &record)
        } catch let error as RequestBodyTooLarge {
            record.note = "refused=body-too-large"
            response = ErrorBody(error: error.description, path: head.path).response(
                .contentTooLarge, headers: [.connection: "close"])
        }
        if !cors.isPreflight(head) { cors.decorate(&response.head.headerFields) }
        response.head.headerFields[.date] = dates.current()
        if head.headerFields[.connection]?.lowercased() == "close" {
            response.head.headerFields[.connection] = "close"
        }
        record.status = response.head.status.code
        do {
            record.bytes = try await response.write(to: writer, omittingBody: head.method == .head)
        } catch {
            record.note = "outcome=client-gone"
            record.duration = clock.now - start
            accessLog.record(record)
            throw error
        }
        record.duration = clock.now - start
        accessLog.record(record)
    }

    private func answer(_ request: inout Request, record: inout AccessLog.Record) async throws -> OutgoingResponse {
        let head = request.head
        if cors.isPreflight(head) { return cors.preflightResponse(for: head) }
        let path: RequestPath
        do {
            path = try RequestPath(target: Substring(head.path ?? ""))
        } catch {
            record.note = "refused=\(error)"
            return ErrorBody(error: "bad path: \(error.description)", path: head.path).response(.badRequest)
        }
        if path.segments == ["__admin", "health"] { return health() }
        if Self.mayHaveBody(head) {
            do {
                _ = try await request.collectBody(upTo: maxRequestBodySize)
            } catch is NIOTooManyBytesError {
                throw RequestBodyTooLarge(limit: maxRequestBodySize)
            }
        }
        let platform = head.headerFields[.beaglePlatform].flatMap { BeaglePlatform(headerValue: $0) }
        let method = head.method.rawValue
        switch await store.resolve(path, method: method, platform: platform) {
        case .file(let file):
            return fileResponse(file, request: head)
        case .methodNotAllowed(let allowed):
            if head.method == .options {
                return OutgoingResponse(status: .noContent, headers: [.allow: (allowed + ["OPTIONS"]).joined(separator: ", ")])
            }
            return ErrorBody(
                error: "\(method) is not answered here: no \(method.lowercased()) file for this route",
                path: path.path, method: method, allowed: allowed
            ).response(.methodNotAllowed, headers: [.allow: allowed.joined(separator: ", ")])
        case .notFound:
            if path.isHidden { record.note = "refused=hidden" }
            return ErrorBody(
                error: "no screen or file answers this path", path: path.path,
                suggestions: store.suggestions(for: path, platform: platform)
            ).response(.notFound)
        }
    }

    /// `GET /__admin/health`: always open, for health checks.
    private func health() -> OutgoingResponse {
        let uptime = Int((clock.now - startedAt) / .seconds(1))
        let routes = store.inventory()?.screens ?? 0
        return .json(
            .ok, #"{"status":"ok","version":"\#(beagleMockVersion)","routes":\#(routes),"uptimeSeconds":\#(uptime)}"#,
            headers: [.cacheControl: "no-store"])
    }

    private func fileResponse(_ file: ServedFile, request: HTTPRequest) -> OutgoingResponse {
        var headers = HTTPFields()
        headers[.eTag] = file.hash.entityTag
        headers[.lastModified] = file.lastModified
        headers[.cacheControl] = "no-cache"
        if file.isScreen { headers[.vary] = "beagle-platform" }
        let reads = request.method == .get || request.method == .head
        if reads,
            ConditionalRequest.isNotModified(request, entityTag: file.hash.entityTag, modifiedSeconds: file.modifiedSeconds)
        {
            return OutgoingResponse(status: .notModified, headers: headers)
        }
        headers[.contentType] = file.contentType
        return OutgoingResponse(status: .ok, headers: headers, body: file.body)
    }

    /// Whether the request announces a body (a length or chunked encoding).
    private static func mayHaveBody(_ head: HTTPRequest) -> Bool {
        if let length = head.headerFields[.contentLength] { return length != "0" }
        return head.headerFields[.transferEncoding] != nil
    }
}

/// A request body over the limit: answered 413, and the connection closed rather than drained.
struct RequestBodyTooLarge: Error, CustomStringConvertible {
    let limit: Int
    var description: String { "request body larger than \(limit) bytes" }
}
