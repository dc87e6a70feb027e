import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// The last handler of a connection: hands each request to the pipeline, one at a time.
///
/// A request runs on Swift's global executor, off the event loops, so that a heavy request
/// (a long journal, a large template) never holds up the I/O of other connections: on one of the
/// server's ``RequestWorkers``, long-lived tasks that cost less than a task a request. Requests
/// pipelined behind it wait here until the pipeline is done with it; reading goes on, so that a
/// client that leaves is noticed, until 16 parts wait. A response that says `Connection: close`
/// closes the connection once written, and no request after it is started. A request's body
/// streams to its task with back-pressure: reading pauses while the task has not taken what came;
/// its deadline (``BodyDeadline``) starts with the request. An idle connection closes after its
/// ``IdleTimeout``; when the server stops, a connection closes once the requests it has are answered.
/// Bytes that are not HTTP between requests get their refusal (``FramingRefusal``: 400, 431, 501
/// or 505, with a JSON error) and the connection closes, once the whole requests that came before
/// them have had their answers; inside a body, they fail that body's read (``BodyRefusal``).
final class RequestDispatcher: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias OutboundIn = ResponsePart
    typealias OutboundOut = ResponsePart

    /// Answers one request, writing to the output; a thrown error closes the connection.
    typealias Responder = @Sendable (ReceivedRequest, consuming ResponseOutput, any Channel) async throws -> Void

    private typealias BodyProducer = NIOThrowingAsyncSequenceProducer<
        ByteBuffer, any Error, NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark, BodyDemand
    >

    private let responder: Responder
    /// The tasks that run the requests.
    private let workers: RequestWorkers
    /// The request in the pipeline.
    private var inFlight: RequestRun?
    /// Completed once no request is in the pipeline (``whenNoRequestInFlight(on:)``).
    private var noneInFlight: EventLoopPromise<Void>?
    /// Whether the request in the pipeline has been read to its end.
    private var requestEnded = false
    /// Its body, while it is still arriving.
    private var body: BodyProducer.Source?
    /// The deadline of its body, running while the body's end is awaited.
    private var bodyDeadline: BodyDeadline
    /// Its body's end has not arrived yet: the next end to arrive is that one.
    private var bodyEndAwaited = false
    /// Its body ran out of time: once it is answered, the connection closes.
    private var bodyTimedOut = false
    /// Whether the pipeline has asked for no more body for now.
    private var bodyPaused = false
    /// What arrived behind the request in flight: parts of the requests pipelined behind it, and
    /// errors for a body among them, in the order they came.
    private var waiting = CircularBuffer<Arrival>()
    /// A read asked for while reading was paused.
    private var readPending = false
    /// The client will send nothing more (half-close), or sent bytes that are not HTTP.
    private var inputDone = false
    /// The connection is closing: a response said `Connection: close`, the 400 for bytes that are
    /// not HTTP was sent, a body ran out of time, or the server is stopping. No request after it
    /// is started, and the connection closes once what was written has left.
    private var closing = false
    /// Bytes that are not HTTP arrived: their refusal (400, 431, 501…) follows the last answer,
    /// then the connection closes.
    private var refusal: FramingRefusal?
    /// The refusal has left and the server's side is closed: what the client still sends is read
    /// and dropped until it stops or ``lingerTime`` passes, so that the close does not become a
    /// reset that destroys the refusal before the client reads it (Linux resets a connection
    /// closed with unread bytes, such as the rest of a header section too large to read).
    private var lingering = false
    /// How long a refused connection reads what its client still sends.
    static let lingerTime: TimeAmount = .seconds(2)
    /// When the connection closes for being idle.
    private var idle: IdleTimeout
    /// When the client leaves.
    private var clientDeparture = ClientDeparture()
    /// The server is stopping: the connection closes once nothing is left to answer.
    private var quiescing = false
    private var context: ChannelHandlerContext?
    /// The client's IP address, read from the connection once, on its first request (nil when
    /// its socket has none).
    private var client: String?
    private var clientRead = false

    /// Whether the connection is TLS (its requests say so in the journal).
    private let tls: Bool

    /// A dispatcher that hands requests to `responder` on `workers`, gives each body `bodyTimeout`
    /// and closes the connection after `idleTimeout` without a request; `tls` for a connection on
    /// the HTTPS port.
    init(
        responder: @escaping Responder, workers: RequestWorkers, bodyTimeout: Duration, idleTimeout: Duration, tls: Bool = false
    ) {
        self.responder = responder
        self.tls = tls
        self.workers = workers
        self.bodyDeadline = BodyDeadline(timeout: bodyTimeout)
        self.idle = IdleTimeout(timeout: idleTimeout)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        clientDeparture.start(on: context.eventLoop)
        if context.channel.isActive { watchIdleness(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        bodyDeadline.stop()
        idle.stop()
        clientDeparture.noteDeparture()
        self.context = nil
    }

    /// Completes when the client has closed its side of the connection, or the connection has
    /// ended (``ClientDeparture``).
    var departure: EventLoopFuture<Void>? { clientDeparture.future }

    func channelActive(context: ChannelHandlerContext) {
        watchIdleness(context)
        context.fireChannelActive()
    }

    /// Starts the idle timeout's next check.
    private func watchIdleness(_ context: ChannelHandlerContext) {
        // Most requests find the check still due: no closure is made for them.
        guard !idle.isScheduled else { return }
        idle.schedule(on: context.eventLoop) { [weak self] in self?.idleCheck() }
    }

    /// Closes the connection if it has been idle for the whole timeout. A request read in full and
    /// still being answered keeps it open: the check starts again when that request is done.
    private func idleCheck() {
        idle.checked()
        guard let context else { return }
        if inFlight != nil, requestEnded { return }
        if idle.hasPassed { return context.close(promise: nil) }
        watchIdleness(context)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        write(unwrapOutboundIn(data), context: context, promise: promise)
    }

    /// Writes and flushes a part of the response of the request in flight, from its task's
    /// ``ResponseOutput``: called on the event loop, straight rather than from the pipeline's tail.
    func send(_ part: ResponsePart, promise: EventLoopPromise<Void>?) {
        guard let context else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        write(part, context: context, promise: promise)
        context.flush()
    }

    private func write(_ part: ResponsePart, context: ChannelHandlerContext, promise: EventLoopPromise<Void>?) {
        let endsResponse: Bool
        switch part {
        case .whole(let head, _):
            noteClosing(head)
            endsResponse = true
        case .head(let head):
            noteClosing(head)
            endsResponse = false
        case .body:
            endsResponse = false
        case .end:
            endsResponse = true
        }
        context.write(wrapOutboundOut(part), promise: promise)
        // A response that says `Connection: close` ends the connection (Hummingbird's state
        // handler did not look at the header): clients that pool connections would otherwise
        // send a request again, silently, after a later fault.
        if endsResponse, closing { closeAfterWrites(context) }
    }

    /// Notes whether a response head says `Connection: close`.
    private func noteClosing(_ head: HTTPResponse) {
        if head.status.code >= 200, head.headerFields.saysClose { closing = true }
    }

    /// Something that arrived on the connection, for the request it belongs to.
    private enum Arrival {
        case part(HTTPRequestPart)
        /// The body being read failed here (too slow, malformed): its reader gets the error after
        /// the bytes that came before it.
        case bodyFailure(any Error)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        idle.noteActivity()
        if bodyEndAwaited, case .end = part {
            bodyEndAwaited = false
            bodyDeadline.stop()
        }
        waiting.append(.part(part))
        drain(context)
    }

    /// Hands the waiting parts on, up to the end of the request in flight or a pause in its body.
    private func drain(_ context: ChannelHandlerContext) {
        while let arrival = waiting.first {
            if inFlight != nil, requestEnded { return }  // The next request waits for this answer.
            if closing { return }  // The connection closes after this answer.
            if case .part(.body) = arrival, bodyPaused { return }
            waiting.removeFirst()
            switch arrival {
            case .part(let part):
                take(part, context: context)
            case .bodyFailure(let error):
                body?.finish(error)
                body = nil
            }
        }
        // A body the client stopped sending before its end.
        if inputDone, let body {
            body.finish(ChannelError.eof)
            self.body = nil
        }
    }

    private func take(_ part: HTTPRequestPart, context: ChannelHandlerContext) {
        switch part {
        case .head(let head):
            start(head, context: context)
        case .body(let buffer):
            guard let body else { return }
            if body.yield(buffer) == .stopProducing { bodyPaused = true }
        case .end:
            requestEnded = true
            body?.finish()
            body = nil
        }
    }

    /// Reading goes on while a request is in flight, so that a client that leaves is noticed,
    /// but stops while its body is paused or when enough pipelined parts wait.
    func read(context: ChannelHandlerContext) {
        if mayRead || lingering {
            context.read()
        } else {
            readPending = true
        }
    }

    private var mayRead: Bool { !bodyPaused && !closing && waiting.count < Self.readAhead }

    /// How many request parts may wait before reading pauses.
    private static let readAhead = 16

    /// Reads again if a read was held back and reading may go on.
    private func resumeReading(_ context: ChannelHandlerContext) {
        guard readPending, mayRead else { return }
        readPending = false
        context.read()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            quiescing = true
            return closeIfQuiet(context)
        }
        if case ChannelEvent.inputClosed = event, lingering {
            return context.close(promise: nil)
        }
        if case ChannelEvent.inputClosed = event {
            clientDeparture.noteDeparture()
            inputDone = true
            drain(context)
            closeIfDone(context)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // After bytes that are not HTTP, the decoder fails every later read: the answers owed and
        // the 400 go out first, whatever the client still sends.
        if refusal != nil || lingering { return }
        // An error while a body arrives (malformed chunk framing) reaches whoever reads the body, also
        // when that request waits behind another.
        if bodyArriving {
            waiting.append(.bodyFailure(error))
            drain(context)
            return
        }
        guard let parserError = error as? HTTPParserError else {
            context.close(promise: nil)
            return
        }
        // Between requests (inside a body they went to its reader, above): the whole requests
        // before them are answered, then the refusal.
        inputDone = true
        refusal = FramingRefusal(parserError, inBody: false)
        drain(context)
        closeIfDone(context)
    }

    /// Whether a request's body is on its way: that of the request in flight, or of the last one
    /// waiting (whose end has not arrived).
    private var bodyArriving: Bool {
        guard let last = waiting.last else { return body != nil }
        if case .part(.end) = last { return false }
        return true
    }

    func channelInactive(context: ChannelHandlerContext) {
        clientDeparture.noteDeparture()
        bodyDeadline.stop()
        idle.stop()
        body?.finish(ChannelError.eof)
        body = nil
        waiting.removeAll()
        context.fireChannelInactive()
    }

    /// Stops the request in the pipeline: the server's grace period is over.
    func cancelInFlight() {
        inFlight?.cancel()
    }

    /// Completes once no request is in the pipeline, on `eventLoop` (the connection's): at once
    /// when none is.
    func whenNoRequestInFlight(on eventLoop: any EventLoop) -> EventLoopFuture<Void> {
        guard inFlight != nil else { return eventLoop.makeSucceededVoidFuture() }
        let promise = noneInFlight ?? eventLoop.makePromise(of: Void.self)
        noneInFlight = promise
        return promise.futureResult
    }

    private func start(_ head: HTTPRequest, context: ChannelHandlerContext) {
        let requestBody: RequestBody
        requestEnded = false
        if head.announcesBody {
            let producer = BodyProducer.makeSequence(
                elementType: ByteBuffer.self, failureType: (any Error).self,
                backPressureStrategy: .init(lowWatermark: 2, highWatermark: 8),
                finishOnDeinit: false,
                delegate: BodyDemand(eventLoop: context.eventLoop, dispatcher: NIOLoopBound(self, eventLoop: context.eventLoop)))
            body = producer.source
            bodyPaused = false
            requestBody = RequestBody(asyncSequence: producer.sequence)
            startBodyDeadline(context)
        } else {
            requestBody = RequestBody(buffer: ByteBuffer())
        }
        if !clientRead {
            client = context.channel.remoteAddress?.ipAddress
            clientRead = true
        }
        let request = ReceivedRequest(head: head, body: requestBody, client: client, tls: tls)
        let channel = context.channel
        let responder = self.responder
        let dispatcher = NIOLoopBound(self, eventLoop: context.eventLoop)
        inFlight = workers.run {
            do {
                try await responder(request, ResponseOutput(channel: channel, dispatcher: dispatcher), channel)
            } catch {
                channel.close(promise: nil)
            }
            channel.eventLoop.execute { dispatcher.value.requestDone() }
        }
    }

    /// Starts the body deadline of the request just started, unless its body's end has arrived.
    private func startBodyDeadline(_ context: ChannelHandlerContext) {
        // What waits now follows the request's head: its body, its end, then the next requests.
        for arrival in waiting {
            if case .part(.end) = arrival { return }
        }
        bodyEndAwaited = true
        bodyDeadline.start(on: context.eventLoop) { [weak self] expired in self?.bodyExpired(expired) }
    }

    /// The body deadline passed before the body's end arrived: its reader gets the error after
    /// the bytes that came before it (all of them this body's, as its end has not arrived), and
    /// the connection closes once the request is answered, whether it read the body (408) or not.
    /// Nothing waits for the rest of the body, however slowly the client goes on sending it.
    private func bodyExpired(_ expired: BodyDeadline.Expired) {
        guard bodyEndAwaited, let context else { return }
        bodyEndAwaited = false
        guard inFlight != nil else { return context.close(promise: nil) }
        bodyTimedOut = true
        waiting.append(.bodyFailure(expired))
        drain(context)
    }

    /// Called on the event loop once a request's task has ended: the next one may start.
    private func requestDone() {
        inFlight = nil
        noneInFlight?.succeed()
        noneInFlight = nil
        // A body still on its way keeps its deadline: the next request waits for its end.
        if !bodyEndAwaited { bodyDeadline.stop() }
        body?.finish(ChannelError.eof)
        body = nil
        bodyPaused = false
        guard let context else { return }
        if bodyTimedOut {
            bodyTimedOut = false
            closing = true
            return closeAfterWrites(context)
        }
        drain(context)
        closeIfDone(context)
        closeIfQuiet(context)
        resumeReading(context)
        idle.noteActivity()
        watchIdleness(context)
    }

    /// Closes a connection of a stopping server once nothing is left to answer and the last
    /// response has left.
    private func closeIfQuiet(_ context: ChannelHandlerContext) {
        guard quiescing, !closing, inFlight == nil, waiting.isEmpty else { return }
        closing = true
        closeAfterWrites(context)
    }

    /// Closes a connection whose client will send no more, once nothing is left to answer and the
    /// last response has left (a close drops what NIO has not yet handed to the kernel); after
    /// bytes that are not HTTP, their refusal goes first.
    private func closeIfDone(_ context: ChannelHandlerContext) {
        guard inputDone, inFlight == nil, waiting.isEmpty else { return }
        if let refusal, !closing {
            self.refusal = nil
            closing = true
            context.write(wrapOutboundOut(refusal.answer), promise: nil)
            return lingerAfterWrites(context)
        }
        closeAfterWrites(context)
    }

    /// Closes the server's side once everything written has left, then reads and drops what the
    /// client still sends (``lingering``) until it closes its side or ``lingerTime`` passes.
    private func lingerAfterWrites(_ context: ChannelHandlerContext) {
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.body(ByteBuffer())), promise: written)
        written.futureResult.assumeIsolated().whenComplete { [weak self] _ in
            guard let self, context.channel.isActive else { return }
            self.lingering = true
            let closed = context.eventLoop.makePromise(of: Void.self)
            // A connection that cannot close one side alone closes whole.
            closed.futureResult.assumeIsolated().whenFailure { _ in context.close(promise: nil) }
            context.close(mode: .output, promise: closed)
            context.eventLoop.assumeIsolated().scheduleTask(in: Self.lingerTime) { context.close(promise: nil) }
            context.read()
        }
    }

    /// Closes the connection once everything written to it has left (a close drops what NIO
    /// has not yet handed to the kernel): an empty piece of body, which ``HTTP1Framing`` writes
    /// as no bytes, completes its promise after the writes before it.
    private func closeAfterWrites(_ context: ChannelHandlerContext) {
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.body(ByteBuffer())), promise: written)
        written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    /// Called on the event loop when the pipeline wants more body.
    fileprivate func resumeBody() {
        bodyPaused = false
        guard let context else { return }
        drain(context)
        resumeReading(context)
    }
}

/// Tells the dispatcher when the pipeline wants more of a request's body.
struct BodyDemand: NIOAsyncSequenceProducerDelegate {
    let eventLoop: any EventLoop
    fileprivate let dispatcher: NIOLoopBound<RequestDispatcher>

    func produceMore() {
        let dispatcher = self.dispatcher
        eventLoop.execute { dispatcher.value.resumeBody() }
    }

    func didTerminate() {}
}
