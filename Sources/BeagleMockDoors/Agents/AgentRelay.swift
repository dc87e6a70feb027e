import AsyncHTTPClient
import BeagleMockEngine
import BeagleMockHTTP
import Foundation
import MCP
import NIOCore
import NIOHTTP1
import Synchronization

/// `beagle-mock mcp --attach URL`: an agent that speaks MCP on standard input and output reaches a
/// `serve` already running (Docs/Agents.md), so that its tools read that server's journal and
/// change that server's network, the one the app talks to. Each message read is posted to the
/// server's endpoint, `POST /__admin/mcp` (stateless: no session to keep), and each answer written
/// back as a line. Requests are relayed side by side, so a long `wait_for_request` holds up no
/// other call; a request the agent cancels (`notifications/cancelled`) has its post dropped, which
/// ends the call on the server too.
package struct AgentRelay: Sendable {
    /// The server's MCP endpoint.
    package let endpoint: URL
    /// The admin API's bearer token, when the server has one.
    package let token: String?

    /// A relay to the server at `base` (its scheme, host and port; a path is a prefix), with the
    /// admin API's `token`.
    package init(base: URL, token: String?) {
        self.endpoint = base.appendingPathComponent("__admin/mcp")
        self.token = token
    }

    /// How long one call may take: longer than `wait_for_request`'s longest wait (60 s).
    static let callTimeout = TimeAmount.seconds(90)

    /// Relays standard input to the endpoint and its answers to standard output until standard
    /// input ends.
    package func run() async throws {
        try await run(over: StandardIOTransport())
    }

    /// Relays the messages `transport` receives and sends their answers through it.
    func run(over transport: some Transport) async throws {
        try await transport.connect()
        // A server that is not there is said at once: AsyncHTTPClient would otherwise try to
        // connect again until the call's timeout.
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let calls = Calls()
        await withTaskGroup(of: Void.self) { group in
            do {
                for try await message in await transport.receive() {
                    let read = Self.read(message)
                    if read.method == "notifications/cancelled", let cancelled = read.cancelledID {
                        calls.cancel(cancelled)
                    }
                    let call = calls.start(read.id) {
                        for answer in await self.post(message, id: read.id, client: client) {
                            try? await transport.send(answer)
                        }
                    }
                    group.addTask { await call.value }
                }
            } catch {
                // The input failed: what was sent is still answered.
            }
            await group.waitForAll()
        }
        try? await client.shutdown()
        await transport.disconnect()
    }

    /// The answers to `message` (none for a notification): the server's, or an error that says
    /// why there is none, for a request with `id`.
    private func post(_ message: Data, id: String?, client: HTTPClient) async -> [Data] {
        var request = HTTPClientRequest(url: endpoint.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json, text/event-stream")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        request.body = .bytes(ByteBuffer(bytes: message))
        do {
            let response = try await client.execute(request, timeout: Self.callTimeout)
            let body = try await response.body.collect(upTo: AgentEndpoint.maxBodySize * 2)
            let bytes = Data(body.readableBytesView)
            if response.status == .accepted || bytes.isEmpty { return [] }
            let contentType = response.headers.first(name: "Content-Type") ?? ""
            if contentType.hasPrefix("text/event-stream") { return Self.events(in: bytes) }
            if contentType.hasPrefix("application/json"), Self.isJSONRPC(bytes) { return [bytes] }
            let said = (try? JSONSerialization.jsonObject(with: bytes) as? [String: Any])?["error"] as? String
            let reason = said ?? String(decoding: bytes.prefix(200), as: UTF8.self)
            return error(for: id, "\(endpoint.absoluteString) answered \(response.status.code): \(reason)")
        } catch {
            // A call the agent cancelled gets no answer.
            if Task.isCancelled { return [] }
            return self.error(
                for: id, "no answer from \(endpoint.absoluteString): \(error) (is beagle-mock serve running there?)")
        }
    }

    /// A JSON-RPC error answering the request with `id`; nothing for a notification.
    private func error(for id: String?, _ message: String) -> [Data] {
        guard let id else { return [] }
        let text = ErrorBody.encode(message)
        return [Data(#"{"jsonrpc":"2.0","id":\#(id),"error":{"code":-32603,"message":\#(text)}}"#.utf8)]
    }

    /// The `data:` lines of a server-sent event stream, each a message.
    private static func events(in bytes: Data) -> [Data] {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { line in
            line.hasPrefix("data:") ? Data(line.dropFirst(5).drop { $0 == " " }.utf8) : nil
        }
    }

    /// Whether `bytes` is a JSON-RPC message (or a batch of them).
    private static func isJSONRPC(_ bytes: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: bytes) else { return false }
        if let message = object as? [String: Any] { return message["jsonrpc"] as? String == "2.0" }
        return object is [Any]
    }

    /// What the relay needs of a message: its id as JSON text (a request), its method, and for a
    /// cancellation the id of the request it cancels.
    static func read(_ message: Data) -> (id: String?, method: String?, cancelledID: String?) {
        guard let object = (try? JSONSerialization.jsonObject(with: message)) as? [String: Any] else { return (nil, nil, nil) }
        let method = object["method"] as? String
        let params = object["params"] as? [String: Any]
        return (idText(object["id"]), method, idText(params?["requestId"]))
    }

    /// A JSON-RPC id as JSON text: `7`, `"a"`.
    private static func idText(_ id: Any?) -> String? {
        switch id {
        case let text as String: ErrorBody.encode(text)
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }
}

/// The calls in flight, by request id, so that a cancellation reaches its call.
private final class Calls: Sendable {
    private struct State {
        /// Each call with the number it was started under.
        var calls: [String: (number: Int, task: Task<Void, Never>)] = [:]
        var started = 0
    }

    private let state = Mutex(State())

    /// Runs `work` as the call of the request `id` (none for a notification), kept until it ends.
    func start(_ id: String?, _ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        // Kept under the lock its end takes: a call that ends at once is not kept after it.
        state.withLock { state in
            state.started += 1
            let number = state.started
            let task = Task {
                await work()
                if let id { self.end(id, number: number) }
            }
            if let id { state.calls[id] = (number, task) }
            return task
        }
    }

    /// Call `number` of `id` has ended: forgotten, unless a later request took its id.
    private func end(_ id: String, number: Int) {
        state.withLock { state in
            if state.calls[id]?.number == number { state.calls[id] = nil }
        }
    }

    /// Cancels the call of `id`, if it is in flight.
    func cancel(_ id: String) {
        state.withLock { $0.calls.removeValue(forKey: id) }?.task.cancel()
    }
}
