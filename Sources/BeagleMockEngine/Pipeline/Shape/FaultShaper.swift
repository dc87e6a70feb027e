import BeagleMockHTTP
import HTTPTypes
import NIOCore

/// The shape stage: the response a fault turns the source's answer into, before any wait
/// (Docs/LatencyAndFaults.md, "Faults"). What cannot be said with an HTTP response (resets, garbage,
/// cut bodies) is left to ``ResponseSender``; both switch over every ``Fault``.
enum FaultShaper {
    /// The response for `plan`. `content` produces the source's answer, and is called only
    /// for faults that show it: an injected status or a closed connection never reads a file.
    ///
    /// Every injected response says so by its caching headers: no validators,
    /// `Cache-Control: no-store`.
    static func shape(
        _ plan: RequestPlan, path: String, content: () async -> OutgoingResponse
    ) async -> OutgoingResponse {
        switch plan.fault {
        case .none:
            return await content()
        case .status(let code):
            let status = HTTPResponse.Status.standard(code)
            var headers: HTTPFields = [.cacheControl: "no-store"]
            if code == 503 || code == 429 { headers[.retryAfter] = "1" }
            guard Fault.statusAllowsBody(code) else { return OutgoingResponse(status: status, headers: headers) }
            return ErrorBody(
                error: "injected fault: \(code) \(status.reasonPhrase)", path: path, injected: true
            ).response(status, headers: headers)
        case .emptyResponse, .reset, .garbage, .hang:
            // Nothing of the answer goes out: no status line, or none at all.
            return OutgoingResponse(status: .ok)
        case .truncate, .resetMidBody, .malformedChunk:
            // The answer's head and part of its body go out; the deliverer cuts or breaks it.
            return uncacheable(await content())
        case .malformedJSON:
            let response = await content()
            var altered = uncacheable(response)
            let keep = response.body.count * 2 / 3
            altered.body = .concatenation([response.body.prefix(keep), .buffer(ByteBuffer(string: #"",]}{"#))])
            altered.head.headerFields[.contentLength] = nil
            altered.head.headerFields[.contentType] = ContentType.json
            if response.head.status.code >= 300 { altered.head.status = .ok }
            return altered
        case .corrupt:
            let response = await content()
            var altered = uncacheable(response)
            // A NUL first byte: no JSON parser and no image decoder accepts what follows.
            let count = max(response.body.count, 64)
            altered.body = .concatenation([
                .buffer(ByteBuffer(bytes: [0x00, 0xFF])),
                .randomBytes(count: count - 2, seed: plan.seed ^ plan.requestIndex &+ 0x0C0F_FEE0),
            ])
            altered.head.headerFields[.contentLength] = nil
            if response.head.status.code >= 300 { altered.head.status = .ok }
            return altered
        }
    }

    /// The response without validators, marked `no-store`: a fault's answer must not be cached.
    private static func uncacheable(_ response: OutgoingResponse) -> OutgoingResponse {
        var altered = response
        altered.head.headerFields[.eTag] = nil
        altered.head.headerFields[.lastModified] = nil
        altered.head.headerFields[.cacheControl] = "no-store"
        return altered
    }
}
