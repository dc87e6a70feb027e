import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1
import ServiceLifecycle

/// One connection's handlers, on SwiftNIO's HTTP/1 pipeline: ``OpeningRefusal`` closes a
/// connection whose first line has no HTTP version; NIO decodes HTTP/1;
/// ``HTTP1Framing`` refuses what NIO lets through, turns heads into HTTPTypes and writes the
/// responses' bytes; ``HTTPConnectionHandler`` hands each request to the pipeline, one at a time,
/// answers malformed ones 400, closes idle connections and quiesces at shutdown.
///
/// Hummingbird's own HTTP/1 channel wraps the connection in an `NIOAsyncChannel` whose async
/// streams cost more than the rest of a request (Docs/Benchmarks.md); Hummingbird's `Server`
/// still accepts the connections and runs the graceful shutdown.
package struct MockHTTP1Channel: ServerChildChannel {
    /// The connection, and the handler that serves it.
    package struct Value: ServerChildChannelValue {
        package let channel: any Channel
        package let dispatcher: NIOLoopBound<HTTPConnectionHandler>
    }

    /// Answers each request.
    package let responder: HTTPConnectionHandler.Responder
    /// The tasks that run the requests.
    package let workers: RequestWorkers
    /// How long a request body may take to arrive, from its request's start.
    package let bodyTimeout: Duration
    /// How long a connection may stay idle.
    package let idleTimeout: Duration
    /// Where refused requests are logged.
    package let logger: Logger
    /// Whether the connections are TLS (``TLSChildChannel`` runs this setup after its own).
    package var tls = false
    /// Counts the connections open, for the metrics.
    package var openConnections: OpenConnections?

    /// Connections whose requests `responder` answers on `workers`, each body given `bodyTimeout`,
    /// each connection closed after `idleTimeout` without a request; refusals logged to `logger`.
    package init(
        responder: @escaping HTTPConnectionHandler.Responder, workers: RequestWorkers, bodyTimeout: Duration,
        idleTimeout: Duration, logger: Logger
    ) {
        self.responder = responder
        self.workers = workers
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.logger = logger
    }

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let checkLogger = self.logger
        return channel.eventLoop.makeCompletedFuture {
            let operations = channel.pipeline.syncOperations
            // Hummingbird's limits: a flood of headers is refused (with 431, ``FramingRefusal``).
            var limits = NIOHTTPDecoderLimitConfiguration()
            limits.maxHeaderFieldSize = 80 * 1024
            limits.maxHeaderListSize = 80 * 1024
            limits.maxHeaderFieldCount = 1000
            let decoder = HTTPRequestDecoder(
                leftOverBytesStrategy: .dropBytes, informationalResponseStrategy: .drop, limitConfiguration: limits)
            try operations.addHandler(OpeningRefusal(logger: checkLogger))
            try operations.addHandler(ByteToMessageHandler(decoder))
            try operations.addHandler(HTTP1Framing(logger: checkLogger))
            let dispatcher = HTTPConnectionHandler(
                responder: responder, workers: workers, bodyTimeout: bodyTimeout, idleTimeout: idleTimeout, tls: tls)
            try operations.addHandler(dispatcher)
            return Value(channel: channel, dispatcher: NIOLoopBound(dispatcher, eventLoop: channel.eventLoop))
        }
    }

    /// Waits until the connection closes and its last request is done; when the server's grace
    /// period is over, stops the request in flight and closes.
    package func handle(value: Value, logger: Logger) async {
        openConnections?.opened()
        defer { openConnections?.closed() }
        await withTaskCancellationHandler {
            try? await value.channel.closeFuture.get()
            let eventLoop = value.channel.eventLoop
            try? await eventLoop.flatSubmit { value.dispatcher.value.whenNoRequestInFlight(on: eventLoop) }.get()
        } onCancel: {
            value.channel.eventLoop.execute {
                value.dispatcher.value.cancelInFlight()
                value.channel.close(promise: nil)
            }
        }
    }
}
