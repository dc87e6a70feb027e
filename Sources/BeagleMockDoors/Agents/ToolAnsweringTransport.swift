import BeagleMockEngine
import BeagleMockHTTP
import BeagleScreens
import Foundation
import Logging
import MCP

/// A transport that answers `tools/call` and `tools/list` itself (``ToolRequest``), as the HTTP
/// endpoint does, and what is not a JSON-RPC message the server reads (``JSONRPCMessage``), and
/// hands every other message on to the SDK's server: `beagle-mock mcp` wraps standard input and
/// output in it.
///
/// A call runs in a task of its own, so a slow one (`wait_for_request`) holds up nothing.
/// `notifications/cancelled` cancels it, and nothing is sent for it then, as the SDK's server
/// does; the notification goes on to the server as well, for the requests it answers.
actor ToolAnsweringTransport: Transport {
    nonisolated let logger: Logger
    private let inner: any Transport
    private let tools: AgentTools
    /// What the inner transport receives, from ``connect()`` on.
    private var incoming: AsyncThrowingStream<Data, any Swift.Error>?
    /// The calls under way, by their id as JSON text.
    private var calls: [String: Task<Void, Never>] = [:]

    /// `inner` with the tool requests answered with `tools`; `logger` tells of an answer that
    /// could not be sent (by default, nowhere: standard output is the protocol's).
    init(
        _ inner: any Transport, tools: AgentTools,
        logger: Logger = Logger(label: "beagle-mock.mcp", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.inner = inner
        self.tools = tools
        self.logger = logger
    }

    func connect() async throws {
        try await inner.connect()
        incoming = await inner.receive()
    }

    func disconnect() async {
        for call in calls.values { call.cancel() }
        calls = [:]
        await inner.disconnect()
    }

    func send(_ data: Data) async throws {
        try await inner.send(data)
    }

    /// The messages for the SDK's server: those received, but for the tool requests.
    func receive() -> AsyncThrowingStream<Data, any Swift.Error> {
        let (messages, continuation) = AsyncThrowingStream<Data, any Swift.Error>.makeStream()
        guard let incoming else {
            continuation.finish(throwing: MCPError.internalError("the transport is not connected"))
            return messages
        }
        let routing = Task { await self.route(incoming, to: continuation) }
        continuation.onTermination = { _ in routing.cancel() }
        return messages
    }

    private func route(
        _ incoming: AsyncThrowingStream<Data, any Swift.Error>, to server: AsyncThrowingStream<Data, any Swift.Error>.Continuation
    ) async {
        do {
            for try await data in incoming {
                let message: JSONNode
                switch JSONRPCMessage.read(data) {
                case .success(let read):
                    message = read
                case .failure(let refusal):
                    // Answered here: the SDK's server gives a parse error a made-up id, and a
                    // request whose id it cannot read no answer at all.
                    await answer(refusal)
                    continue
                }
                if let request = ToolRequest(message) {
                    start(request)
                    continue
                }
                if let key = ToolRequest.cancelledKey(in: message) { calls.removeValue(forKey: key)?.cancel() }
                server.yield(data)
            }
            server.finish()
        } catch {
            server.finish(throwing: error)
        }
    }

    private func answer(_ refusal: JSONRPCMessage.Refusal) async {
        do {
            try await inner.send(Data(refusal.errorJSON.utf8))
        } catch {
            logger.warning("could not send the answer to a message refused (\(refusal.reason)): \(error)")
        }
    }

    private func start(_ request: ToolRequest) {
        let key = request.key
        calls[key] = Task {
            let answer = await request.answer(with: tools)
            await self.finish(key, answer: answer)
        }
    }

    /// Sends `answer` unless its call was cancelled meanwhile.
    private func finish(_ key: String, answer: Data) async {
        guard calls.removeValue(forKey: key) != nil, !Task.isCancelled else { return }
        do {
            try await inner.send(answer)
        } catch {
            logger.warning("could not send the answer to request \(key): \(error)")
        }
    }
}
