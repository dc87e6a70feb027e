import BeagleMockHTTP
import BeagleScreens
import HTTPTypes
import HummingbirdCore
import NIOCore

/// The read stage: decodes the path, reads the body, parses per-request control, and sorts out
/// what the mock answers itself (CORS preflight, the admin API, refusals) from what goes through
/// the rest of the pipeline.
package struct RequestReader: Sendable {
    /// The largest request body read; larger ones get 413. Bodies that trickle in past the body
    /// deadline get 408 (`BodyDeadline`).
    let maxBodySize: Int
    private let clock = ContinuousClock()

    package init(maxBodySize: Int) {
        self.maxBodySize = maxBodySize
    }

    /// What reading found.
    enum Reading {
        /// A CORS preflight, answered by the CORS policy; `admin` when it asks for the admin API,
        /// which grants no other origin anything.
        case preflight(admin: Bool)
        /// `/__admin…`: the admin API reads the rest itself.
        case admin(RequestPath)
        /// Refused before any stage after this one: the answer, the journal entry, and why (for the log).
        case refused(OutgoingResponse, entry: JournalEntry, reason: String)
        /// A request for the rest of the pipeline.
        case request(ReadRequest)
    }

    /// Reads `request`, which arrived at `arrived`; `answersPreflight` when CORS is on.
    func read(_ request: inout ReceivedRequest, arrived: ContinuousClock.Instant, answersPreflight: Bool) async throws -> Reading
    {
        let head = request.head
        let path: RequestPath
        do {
            path = try RequestPath(target: Substring(head.path ?? ""))
        } catch {
            if answersPreflight, CORSPolicy.isPreflight(head) { return .preflight(admin: false) }
            let headers = SentHeaders(head)
            let target = head.path ?? ""
            let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let entry = JournalEntry(
                method: head.method, path: String(parts.first ?? ""), query: parts.count > 1 ? String(parts[1]) : "",
                headers: headers, body: .empty)
            let response = ErrorBody(error: "bad path: \(error.description)", path: head.path).response(.badRequest)
            return .refused(response, entry: entry, reason: "refused=\(error)")
        }
        let reserved = ReservedRoute(path)
        if answersPreflight, CORSPolicy.isPreflight(head) { return .preflight(admin: reserved == .admin) }
        if reserved == .admin { return .admin(path) }
        let headers = SentHeaders(head)
        var body: ByteBuffer?
        var ended = arrived
        if request.announcesBody {
            do {
                body = try await BodyRefusal.collect(&request, limit: maxBodySize)
                ended = clock.now
            } catch let refusal as BodyRefusal {
                let response = refusal.response(path: head.path)
                return .refused(
                    response, entry: JournalEntry(head: head, path: path, headers: headers, body: nil),
                    reason: "refused=\(refusal.reason)")
            }
        }
        let control: RequestControl
        do {
            control = try Self.control(of: head, query: path.query)
        } catch {
            return .refused(
                error.response, entry: JournalEntry(head: head, path: path, headers: headers, body: body),
                reason: "refused=control")
        }
        return .request(
            ReadRequest(
                head: head, path: path, headers: headers, body: body, control: control, isEcho: reserved == .echo,
                platform: head.headerFields[.beaglePlatform].flatMap { BeaglePlatform(headerValue: $0) }, ended: ended))
    }

    /// The per-request control headers and query parameters; parsed only when some are present.
    private static func control(of head: HTTPRequest, query: Substring) throws(RequestControlError) -> RequestControl {
        let hasHeaders = head.headerFields.contains { $0.name.canonicalName.utf8.starts(with: "x-mock-".utf8) }
        let hasQuery = query.utf8.contains(UInt8(ascii: "_")) && query.contains("__")
        guard hasHeaders || hasQuery else { return .none }
        let parameters = QueryParameters(query)
        return try RequestControl.parse(
            headerValues: { name in
                guard let field = HTTPField.Name(name) else { return [] }
                return head.headerFields[values: field]
            },
            queryValues: { parameters.values($0) })
    }
}
