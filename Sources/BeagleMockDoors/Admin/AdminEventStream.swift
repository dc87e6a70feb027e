import BeagleMockEngine
import BeagleMockHTTP
import HTTPTypes
import HummingbirdCore
import NIOCore

/// `GET /__admin/events`: the live journal, and Live Preview's changes, as server-sent events
/// (Docs/AdminAPI.md, "The live journal"). Each journal entry comes as `event: request` with the
/// entry's JSON (the shape of `GET /__admin/requests/{id}`) when the request is read, and again
/// when it is answered. When the server serves Live Preview, `event: live-preview` carries the
/// answer of `GET /__admin/live-preview` as the stream opens and after each change (a save, a
/// pin, a device that connects or leaves). A comment every few seconds keeps the connection known
/// to be alive. The stream ends when the client leaves (the next write fails) or the server stops.
struct AdminEventStream: ResponseStream {
    /// Live Preview's side of the stream: its changes, and its state as JSON.
    struct LivePreview: Sendable {
        let changes: Feed<Void>
        let status: @Sendable () -> String
    }

    let journal: JournalFeed
    let livePreview: LivePreview?
    /// How often an idle stream sends a comment.
    var keepAlive: Duration = .seconds(10)

    private enum Event: Sendable {
        case entry(JournalEntry)
        case livePreview
        case tick
    }

    /// Streams to `writer` until the client leaves or the server stops; returns the bytes sent.
    func send(to writer: consuming ResponseOutput) async throws -> Int64 {
        let head = HTTPResponse(
            status: .ok,
            headerFields: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"])
        let body = try await writer.writeHead(head)
        var sent: Int64 = 0
        // The browser reconnects one second after the stream ends (a restart, a reload).
        let hello = ByteBuffer(string: "retry: 1000\n: beagle-mock journal\n\n")
        sent += Int64(hello.readableBytes)
        try await body.write(hello)
        let (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(1024))
        let entries = journal.follow()
        let changes = livePreview?.changes.follow()
        if livePreview != nil { continuation.yield(.livePreview) }
        let keepAlive = self.keepAlive
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await entry in entries { continuation.yield(.entry(entry)) }
                continuation.finish()
            }
            if let changes {
                group.addTask {
                    for await _ in changes { continuation.yield(.livePreview) }
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: keepAlive)
                    continuation.yield(.tick)
                }
            }
            defer { group.cancelAll() }
            for await event in events {
                let chunk: ByteBuffer
                switch event {
                case .entry(let entry):
                    chunk = ByteBuffer(string: "id: \(entry.id)\nevent: request\ndata: \(ErrorBody.encode(entry))\n\n")
                case .livePreview:
                    chunk = ByteBuffer(string: "event: live-preview\ndata: \(livePreview?.status() ?? "{}")\n\n")
                case .tick:
                    chunk = ByteBuffer(string: ": alive\n\n")
                }
                sent += Int64(chunk.readableBytes)
                try await body.write(chunk)
            }
        }
        try await body.finish()
        return sent
    }
}
