import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// The last handler of a connection: hands each request to the pipeline, one at a time, as its
/// ``ConnectionStateMachine`` says.
///
/// The machine holds the connection's state and rules (pipelining, body flow and deadline,
/// idleness, half-close, refusals, `Connection: close`, shutdown); this handler tells it what
/// happens on the channel and carries out what it answers: starting a request's task, feeding a
/// body to it, reading, writing and closing, and the timers, taken from the event loop (so that
/// `EmbeddedEventLoop.advanceTime` moves them in tests).
///
/// A request runs on Swift's global executor, off the event loops, so that a heavy request (a
/// long journal, a large template) never holds up the I/O of other connections: on one of the
/// server's ``RequestWorkers``, long-lived tasks that cost less than a task a request.
final class HTTPConnectionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias OutboundIn = ResponsePart
    typealias OutboundOut = ResponsePart

    /// Answers one request on its connection; a thrown error closes the connection.
    typealias Responder = @Sendable (ReceivedRequest, ClientConnection) async throws -> Void

    private typealias BodyProducer = NIOThrowingAsyncSequenceProducer<
        ByteBuffer, any Error, NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark, BodyDemand
    >

    private let responder: Responder
    /// The tasks that run the requests.
    private let workers: RequestWorkers
    /// The connection's state; set up when the handler is added, on the event loop's clock.
    private var machine: ConnectionStateMachine
    /// The task of the request in the pipeline.
    private var inFlight: RequestRun?
    /// Completed once no request is in the pipeline (``whenNoRequestInFlight(on:)``).
    private var noneInFlight: EventLoopPromise<Void>?
    /// The body of the request in the pipeline, while it flows to its task.
    private var body: BodyProducer.Source?
    /// The deadline of a body, running while the body's end is awaited.
    private var bodyDeadline: BodyDeadline
    /// The next idle check.
    private var idleCheck: Scheduled<Void>?
    /// How long a refused connection reads what its client still sends.
    static let lingerTime: TimeAmount = .seconds(2)
    /// When the client leaves.
    private var clientDeparture = ClientDeparture()
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
        self.machine = ConnectionStateMachine(idleTimeout: TimeAmount(idleTimeout), now: .uptimeNanoseconds(0))
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        machine = ConnectionStateMachine(idleTimeout: machine.idleTimeout, now: context.eventLoop.now)
        clientDeparture.start(on: context.eventLoop)
        if context.channel.isActive { watchIdleness(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        bodyDeadline.stop()
        stopIdleCheck()
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

    // MARK: Requests in

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch machine.partArrived(unwrapInboundIn(data), now: context.eventLoop.now) {
        case .drain:
            drain(context)
        case .stopBodyDeadlineAndDrain:
            bodyDeadline.stop()
            drain(context)
        case .none:
            break
        }
    }

    /// Hands on what waits, step by step, as the machine says.
    private func drain(_ context: ChannelHandlerContext) {
        while true {
            switch machine.next() {
            case .startRequest(let head, let hasBody, let deadline):
                start(head, hasBody: hasBody, bodyDeadline: deadline, context: context)
            case .yieldBody(let buffer):
                let wantsMore = body.map { $0.yield(buffer) != .stopProducing } ?? true
                machine.bodyYielded(wantsMore: wantsMore)
            case .finishBody(let error):
                if let error { body?.finish(error) } else { body?.finish() }
                body = nil
            case .closeAfterWrites:
                closeAfterWrites(context)
            case .refuse(let refusal):
                context.write(wrapOutboundOut(refusal.answer), promise: nil)
                lingerAfterWrites(context)
            case .wait:
                return
            }
        }
    }

    /// Reading goes on while a request is in flight, so that a client that leaves is noticed,
    /// but stops while its body is paused or when enough pipelined parts wait.
    func read(context: ChannelHandlerContext) {
        if machine.readRequested() { context.read() }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            if machine.quiesce() { closeAfterWrites(context) }
            return
        }
        if case ChannelEvent.inputClosed = event {
            switch machine.inputClosed() {
            case .close:
                return context.close(promise: nil)
            case .drain:
                clientDeparture.noteDeparture()
                drain(context)
            case .none:
                clientDeparture.noteDeparture()
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch machine.errorCaught(error) {
        case .drain: drain(context)
        case .close: context.close(promise: nil)
        case .none: break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        clientDeparture.noteDeparture()
        bodyDeadline.stop()
        stopIdleCheck()
        if machine.channelClosed() { body?.finish(ChannelError.eof) }
        body = nil
        context.fireChannelInactive()
    }

    // MARK: Requests run

    private func start(_ head: HTTPRequest, hasBody: Bool, bodyDeadline startsDeadline: Bool, context: ChannelHandlerContext) {
        let requestBody: RequestBody
        if hasBody {
            let producer = BodyProducer.makeSequence(
                elementType: ByteBuffer.self, failureType: (any Error).self,
                backPressureStrategy: .init(lowWatermark: 2, highWatermark: 8),
                finishOnDeinit: false,
                delegate: BodyDemand(eventLoop: context.eventLoop, dispatcher: NIOLoopBound(self, eventLoop: context.eventLoop)))
            body = producer.source
            requestBody = RequestBody(asyncSequence: producer.sequence)
        } else {
            requestBody = RequestBody(buffer: ByteBuffer())
        }
        if startsDeadline {
            bodyDeadline.start(on: context.eventLoop) { [weak self] expired in self?.bodyExpired(expired) }
        }
        if !clientRead {
            client = context.channel.remoteAddress?.ipAddress
            clientRead = true
        }
        let request = ReceivedRequest(head: head, body: requestBody, announcesBody: hasBody, client: client, tls: tls)
        let channel = context.channel
        let responder = self.responder
        let dispatcher = NIOLoopBound(self, eventLoop: context.eventLoop)
        inFlight = workers.run {
            do {
                try await responder(request, ClientConnection(channel: channel, dispatcher: dispatcher))
            } catch {
                channel.close(promise: nil)
            }
            channel.eventLoop.execute { dispatcher.value.requestDone() }
        }
    }

    /// The body deadline passed before the body's end arrived.
    private func bodyExpired(_ expired: BodyDeadline.Expired) {
        guard let context else { return }
        switch machine.bodyDeadlinePassed(expired) {
        case .drain: drain(context)
        case .close: context.close(promise: nil)
        case .none: break
        }
    }

    /// Called on the event loop once a request's task has ended: the next one may start.
    private func requestDone() {
        inFlight = nil
        noneInFlight?.succeed()
        noneInFlight = nil
        guard let context else {
            body?.finish(ChannelError.eof)
            body = nil
            return
        }
        let completion = machine.requestDone(now: context.eventLoop.now)
        if completion.finishBody { body?.finish(ChannelError.eof) }
        body = nil
        if completion.closeAfterWrites { closeAfterWrites(context) }
        if completion.goOn {
            drain(context)
            if machine.readIfPending() { context.read() }
        }
        // Also while closing: the check ends a connection whose last bytes never leave.
        watchIdleness(context)
    }

    /// Called on the event loop when the pipeline wants more body.
    fileprivate func resumeBody() {
        machine.bodyDemanded()
        guard let context else { return }
        drain(context)
        if machine.readIfPending() { context.read() }
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

    // MARK: Responses out

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        write(unwrapOutboundIn(data), context: context, promise: promise)
    }

    /// Writes and flushes a part of the response of the request in flight, from its task's
    /// ``ClientConnection``: called on the event loop, straight rather than from the pipeline's tail.
    func send(_ part: ResponsePart, promise: EventLoopPromise<Void>?) {
        guard let context else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        write(part, context: context, promise: promise)
        context.flush()
    }

    private func write(_ part: ResponsePart, context: ChannelHandlerContext, promise: EventLoopPromise<Void>?) {
        let progress: ConnectionStateMachine.ResponseProgress
        switch part {
        case .whole(let head, _): progress = .whole(closes: Self.saysClose(head))
        case .head(let head): progress = .head(closes: Self.saysClose(head))
        case .body, .raw: progress = .body
        case .end: progress = .end
        }
        context.write(wrapOutboundOut(part), promise: promise)
        if machine.responseWritten(progress) { closeAfterWrites(context) }
    }

    /// Whether a response head ends the connection: `Connection: close` on a final answer.
    private static func saysClose(_ head: HTTPResponse) -> Bool {
        // The fields first: HTTPTypes parses the status on every read, and few heads say close.
        head.headerFields.saysClose && head.status.code >= 200
    }

    // MARK: Closing and timers

    /// Schedules the idle check the machine asks for, on the event loop's clock.
    private func watchIdleness(_ context: ChannelHandlerContext) {
        // Most requests find the check still due: no closure is made for them.
        guard let deadline = machine.idleCheckDeadline() else { return }
        idleCheck = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [weak self] in self?.idleCheckDue() }
    }

    private func idleCheckDue() {
        idleCheck = nil
        guard let context else { return }
        switch machine.idleCheckDue(now: context.eventLoop.now) {
        case .close:
            context.close(promise: nil)
        case .checkAgain(let deadline):
            idleCheck = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [weak self] in
                self?.idleCheckDue()
            }
        case .none:
            break
        }
    }

    private func stopIdleCheck() {
        idleCheck?.cancel()
        idleCheck = nil
    }

    /// Closes the server's side once everything written has left, then reads and drops what the
    /// client still sends until it closes its side or ``lingerTime`` passes: Linux resets a
    /// connection closed with unread bytes (the rest of a header section too large to read), and
    /// the reset would destroy the refusal before the client reads it.
    private func lingerAfterWrites(_ context: ChannelHandlerContext) {
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.body(ByteBuffer())), promise: written)
        written.futureResult.assumeIsolated().whenComplete { [weak self] _ in
            guard let self, context.channel.isActive else { return }
            self.machine.refusalWritten()
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
}

/// Tells the dispatcher when the pipeline wants more of a request's body.
struct BodyDemand: NIOAsyncSequenceProducerDelegate {
    let eventLoop: any EventLoop
    fileprivate let dispatcher: NIOLoopBound<HTTPConnectionHandler>

    func produceMore() {
        let dispatcher = self.dispatcher
        eventLoop.execute { dispatcher.value.resumeBody() }
    }

    func didTerminate() {}
}
