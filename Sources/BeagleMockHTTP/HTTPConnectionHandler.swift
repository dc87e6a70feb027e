import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOSSL

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The last handler of a connection: hands each request to the pipeline, one at a time, as its
/// ``ConnectionStateMachine`` says.
///
/// The machine holds the connection's state and rules (pipelining, body flow and deadline,
/// idleness, half-close, refusals, `Connection: close`, closes and resets the pipeline asks for,
/// shutdown); this handler tells it what happens on the channel (the handlers before it tell
/// theirs as ``FramingEvent``s) and carries out what it answers: starting a request's task,
/// feeding a body to it, reading, writing, closing and resetting, and the timers, taken from the
/// event loop (so that `EmbeddedEventLoop.advanceTime` moves them in tests). Nothing else in the
/// server closes a connection that serves HTTP.
///
/// A request runs on Swift's global executor, off the event loops, so that a heavy request (a
/// long journal, a large template) never holds up the I/O of other connections: on one of the
/// server's ``RequestWorkers``, long-lived tasks that cost less than a task a request.
package final class HTTPConnectionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias OutboundIn = ResponsePart
    package typealias OutboundOut = ResponsePart

    /// Answers one request on its connection; a thrown error closes the connection.
    package typealias Responder = @Sendable (ReceivedRequest, ClientConnection) async throws -> Void

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
    package static let lingerTime: TimeAmount = .seconds(2)
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
    package init(
        responder: @escaping Responder, workers: RequestWorkers, bodyTimeout: Duration, idleTimeout: Duration, tls: Bool = false
    ) {
        self.responder = responder
        self.tls = tls
        self.workers = workers
        self.bodyDeadline = BodyDeadline(timeout: bodyTimeout)
        self.machine = ConnectionStateMachine(idleTimeout: TimeAmount(idleTimeout), now: .uptimeNanoseconds(0))
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        machine = ConnectionStateMachine(idleTimeout: machine.idleTimeout, now: context.eventLoop.now)
        clientDeparture.start(on: context.eventLoop)
        if context.channel.isActive { watchIdleness(context) }
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        bodyDeadline.stop()
        stopIdleCheck()
        clientDeparture.noteDeparture()
        self.context = nil
    }

    /// Completes when the client has closed its side of the connection, or the connection has
    /// ended (``ClientDeparture``).
    package var departure: EventLoopFuture<Void>? { clientDeparture.future }

    package func channelActive(context: ChannelHandlerContext) {
        watchIdleness(context)
        context.fireChannelActive()
    }

    // MARK: Requests in

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        perform(machine.partArrived(unwrapInboundIn(data), now: context.eventLoop.now), context)
    }

    /// Does what the machine answered to an event.
    private func perform(_ action: ConnectionStateMachine.Action, _ context: ChannelHandlerContext) {
        switch action {
        case .drain:
            drain(context)
        case .stopBodyDeadlineAndDrain:
            bodyDeadline.stop()
            drain(context)
        case .read:
            context.read()
        case .close:
            context.close(promise: nil)
        case .linger:
            lingerAfterRefusal(context)
        case .checkIdle(let deadline):
            idleCheck = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [weak self] in
                self?.idleCheckDue()
            }
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
            case .read:
                context.read()
            case .closeAfterWrites(let reset):
                closeAfterWrites(context, reset: reset)
            case .refuse(let refusal):
                context.write(wrapOutboundOut(refusal.answer), promise: nil)
                afterWrites(context) { [weak self] in
                    guard let self, context.channel.isActive else { return }
                    self.perform(self.machine.refusalWritten(), context)
                }
            case .wait:
                return
            }
        }
    }

    /// Reading goes on while a request is in flight, so that a client that leaves is noticed,
    /// but stops while its body is paused or when enough pipelined parts wait.
    package func read(context: ChannelHandlerContext) {
        perform(machine.readRequested(), context)
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? FramingEvent {
            return perform(machine.framingSaid(event), context)
        }
        if event is ChannelShouldQuiesceEvent {
            return perform(machine.quiesce(), context)
        }
        if case ChannelEvent.inputClosed = event {
            clientDeparture.noteDeparture()
            perform(machine.inputClosed(), context)
        }
        context.fireUserInboundEventTriggered(event)
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        perform(machine.errorCaught(error), context)
    }

    package func channelInactive(context: ChannelHandlerContext) {
        clientDeparture.noteDeparture()
        bodyDeadline.stop()
        stopIdleCheck()
        perform(machine.channelClosed(), context)
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
        perform(machine.bodyDeadlinePassed(expired), context)
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
        perform(machine.requestDone(now: context.eventLoop.now), context)
        // Also while closing: the check ends a connection whose last bytes never leave.
        watchIdleness(context)
    }

    /// Called on the event loop when the pipeline wants more body.
    fileprivate func resumeBody() {
        let action = machine.bodyDemanded()
        guard let context else { return }
        perform(action, context)
    }

    /// Closes the connection (FIN), or resets it (RST) when `reset`, once what was written has
    /// left: the pipeline asks, through its request's ``ClientConnection``.
    package func closeAsked(reset: Bool) {
        guard let context else { return }
        perform(machine.closeAsked(reset: reset), context)
    }

    /// The network under the connection is gone (a timeline's `offline` stage): it resets at once,
    /// without waiting for what was written to leave, as when the client's network drops. The
    /// machine learns of it as of a client's reset, when the channel goes inactive.
    /// Ends the output at once (a FIN), whatever is still to be written: the first of a lost
    /// network's two steps, the one its client sees. ``networkLost()`` then resets.
    package func shutOutputNow() {
        guard let context else { return }
        context.close(mode: .output, promise: nil)
    }

    package func networkLost() {
        guard let context else { return }
        Self.prepareReset(context)
        context.close(promise: nil)
    }

    /// Stops the request in the pipeline: the server's grace period is over.
    package func cancelInFlight() {
        inFlight?.cancel()
    }

    /// Completes once no request is in the pipeline, on `eventLoop` (the connection's): at once
    /// when none is.
    package func whenNoRequestInFlight(on eventLoop: any EventLoop) -> EventLoopFuture<Void> {
        guard inFlight != nil else { return eventLoop.makeSucceededVoidFuture() }
        let promise = noneInFlight ?? eventLoop.makePromise(of: Void.self)
        noneInFlight = promise
        return promise.futureResult
    }

    // MARK: Responses out

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        write(unwrapOutboundIn(data), context: context, promise: promise)
    }

    /// Writes and flushes a part of the response of the request in flight, from its task's
    /// ``ClientConnection``: called on the event loop, straight rather than from the pipeline's tail.
    package func send(_ part: ResponsePart, promise: EventLoopPromise<Void>?) {
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
        case .whole(let head, _): progress = .whole(head)
        case .head(let head): progress = .head(head)
        case .body, .raw, .barrier: progress = .body
        case .end: progress = .end
        }
        context.write(wrapOutboundOut(part), promise: promise)
        perform(machine.responseWritten(progress), context)
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
        perform(machine.idleCheckDue(now: context.eventLoop.now), context)
    }

    private func stopIdleCheck() {
        idleCheck?.cancel()
        idleCheck = nil
    }

    /// Closes the server's side, then reads and drops what the client still sends until it closes
    /// its side or ``lingerTime`` passes: Linux resets a connection closed with unread bytes (the
    /// rest of a header section too large to read), and the reset would destroy the refusal before
    /// the client reads it.
    private func lingerAfterRefusal(_ context: ChannelHandlerContext) {
        let closed = context.eventLoop.makePromise(of: Void.self)
        // A connection that cannot close one side alone closes whole.
        closed.futureResult.assumeIsolated().whenFailure { _ in context.close(promise: nil) }
        context.close(mode: .output, promise: closed)
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.lingerTime) { [weak self] in
            guard let self else { return }
            self.perform(self.machine.lingerEnded(), context)
        }
        context.read()
    }

    /// Closes the connection once everything written to it has left (a close drops what NIO has
    /// not yet handed to the kernel): in order, or with a reset (RST) when `reset`.
    private func closeAfterWrites(_ context: ChannelHandlerContext, reset: Bool) {
        afterWrites(context) {
            if reset { Self.prepareReset(context) }
            context.close(promise: nil)
        }
    }

    /// Runs `then` on the event loop once everything written before has left (or failed to):
    /// flushes the write barrier, whose promise completes after the writes before it.
    private func afterWrites(_ context: ChannelHandlerContext, then: @escaping () -> Void) {
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.barrier), promise: written)
        written.futureResult.assumeIsolated().whenComplete { _ in then() }
    }

    /// Makes the coming close a reset: SO_LINGER with a zero timeout. Over TLS, a close sends
    /// close_notify first and the client ends cleanly before the reset arrives: without the TLS
    /// handler, the close is the socket's own.
    private static func prepareReset(_ context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        if let options = context.channel as? any SocketOptionProvider {
            // On the event loop, the option is set before this returns.
            _ = options.setSoLinger(linger(l_onoff: 1, l_linger: 0))
        }
        let operations = context.pipeline.syncOperations
        if let tls = try? operations.handler(type: NIOSSLServerHandler.self) {
            operations.removeHandler(tls, promise: nil)
        }
    }
}

/// Tells the dispatcher when the pipeline wants more of a request's body.
package struct BodyDemand: NIOAsyncSequenceProducerDelegate {
    package let eventLoop: any EventLoop
    fileprivate let dispatcher: NIOLoopBound<HTTPConnectionHandler>

    package func produceMore() {
        let dispatcher = self.dispatcher
        eventLoop.execute { dispatcher.value.resumeBody() }
    }

    package func didTerminate() {}
}
