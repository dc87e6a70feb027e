import BeagleMockHTTP

/// Where the read stage sends a request under `/__admin`: the REST admin API, which the server
/// that composes the pipeline gives it (the pipeline does not know the doors). Its answers are the
/// mock's own: never delayed, faulted or journalled.
package protocol AdminDoor: Sendable {
    /// Answers a request whose path starts with `/__admin`; throws only when the client goes away
    /// while its body is read.
    func respond(to request: inout ReceivedRequest, path: RequestPath, departure: DepartureWatch) async throws
        -> AdminAnswer
}

/// What the admin door answers.
package enum AdminAnswer: Sendable {
    /// A whole response.
    case response(OutgoingResponse)
    /// A response that writes itself until the client leaves or the server stops (the live journal).
    case stream(any ResponseStream)
}

/// A response written as it goes, to its end, by the one who made it.
package protocol ResponseStream: Sendable {
    /// Writes the whole response to `writer`; returns the body bytes sent.
    func send(to writer: consuming ResponseOutput) async throws -> Int64
}
