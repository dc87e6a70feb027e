import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// The life of one connection, as a value: the request in the pipeline, what arrived behind it,
/// whether its body flows, and when the connection closes. ``HTTPConnectionHandler`` tells it what
/// happens on the channel and does what it answers; nothing here touches a channel, a timer or a
/// task, so every transition is tested without a socket and on times the test chooses
/// (`ConnectionStateMachineTests`).
///
/// The rules it keeps (Docs/Architecture.md, "The connection"):
/// - One request at a time: the parts of requests pipelined behind it wait until it is answered;
///   reading goes on, so that a client that leaves is noticed, until ``readAhead`` parts wait.
/// - A request's body flows to its task with back-pressure: while the task has not taken what
///   came, the body's parts wait and reading pauses.
/// - A body has a deadline from its request's start (``BodyDeadline``): past it, the body's
///   reader fails and the connection closes after the answer.
/// - A connection with nothing to do for its idle timeout closes; a request read in full and
///   still being answered keeps it open (Hummingbird's rule).
/// - A response that says `Connection: close`, a body out of time, or a stopping server with
///   nothing left to answer: no request starts any more, and the connection closes once the
///   response in flight has ended and what was written has left.
/// - An HTTP/1.0 request without `Connection: keep-alive` is the connection's last, and an answer
///   of unknown length to HTTP/1.0 ends with the connection (``FramingEvent/http10Request(keepsAlive:)``).
/// - Bytes that are not HTTP between requests, or a request the framing refuses
///   (``FramingEvent/refused(_:)``): the requests before them are answered, then their refusal
///   (``FramingRefusal``) goes out, the connection's side closes, and what the client still sends
///   is read and dropped for a moment (``HTTPConnectionHandler/lingerTime``) so that the refusal is
///   not lost to a reset. What no answer reaches (``FramingEvent/unanswerable``) closes at once.
/// - The pipeline asks for a close (FIN) or a reset (RST) of the connection of its request: it
///   happens once what was written has left, and no request starts after.
/// - A client that closes its side gets the answers it is owed, then the connection closes.
///
/// Every event returns one ``Action``; ``Action/drain`` asks for ``next()`` until it says
/// ``Step/wait``, and the steps include reading again and closing, so a caller has nothing to
/// remember.
package struct ConnectionStateMachine {
    /// Where the connection is in its life.
    package enum State {
        /// Requests are read and answered, one at a time.
        case open(Open)
        /// No request starts any more; the connection closes once the response in flight ends.
        case closing(Closing)
        /// The refusal of bytes that are not HTTP is on its way out.
        case refusing
        /// The refusal has left and the server's side is closed: what the client still sends is
        /// read and dropped, until it closes its side or the linger time passes.
        case lingering
        /// The channel is gone.
        case closed
    }

    /// A connection that reads and answers requests.
    package struct Open {
        /// The request in the pipeline.
        var request: Request?
        /// What the client's side still gives.
        var input: Input = .reading
        /// The server is stopping: the connection closes once nothing is left to answer.
        var quiescing = false
    }

    /// A connection that starts no request any more.
    package struct Closing {
        /// The request whose answer is the last, while its task runs.
        var request: Request?
        /// Where its close is.
        var close: Close
        /// What the client's side still gives.
        var input: Input
    }

    /// Where the close of a closing connection is.
    package enum Close: Equatable {
        /// It waits for the end of the response in flight.
        case afterResponse
        /// It is due: ``next()`` gives it, in order (FIN) or as a reset (RST).
        case due(reset: Bool)
        /// It has been given: it happens once what was written has left.
        case given
    }

    /// What the client's side of an open connection still gives.
    package enum Input: Equatable {
        /// Requests.
        case reading
        /// Nothing: the client closed its side.
        case ended
        /// Nothing usable: what arrived is refused (``refusal``) once the requests before it are
        /// answered; later reads fail or are dropped.
        case refused
    }

    /// The request in the pipeline.
    package struct Request: Equatable {
        /// Its end has been handed on: the parts behind it wait for its answer.
        var ended = false
        /// Its body, as its task reads it.
        var body: Body
        /// Its body ran out of time: the connection closes after its answer.
        var timedOut = false
        /// It came as HTTP/1.0: an answer of unknown length ends with the connection.
        var http10 = false
        /// Its answer is the connection's last (HTTP/1.0 without `Connection: keep-alive`).
        var lastOnConnection = false
    }

    /// A request's body, between the channel and the request's task.
    package enum Body: Equatable {
        /// None, or all of it handed on.
        case none
        /// Arriving, and handed on as it comes.
        case flowing
        /// Arriving, but held back: the task has not taken what came.
        case paused
    }

    /// Something that arrived for the request it belongs to.
    package enum Arrival {
        case part(HTTPRequestPart)
        /// The next head is HTTP/1.0's (``FramingEvent/http10Request(keepsAlive:)``).
        case http10(keepsAlive: Bool)
        /// The body being read failed here (too slow, malformed): its reader gets the error after
        /// the bytes that came before it.
        case bodyFailure(any Error)
    }

    /// How many arrivals may wait before reading pauses.
    package static let readAhead = 16

    private(set) var state: State = .open(Open())
    /// The answer to what was refused, owed once the requests before it are answered
    /// (``Input/refused``); kept apart so that the state stays cheap to copy.
    private var refusal: FramingRefusal?
    /// What arrived behind the request in flight, in order.
    private(set) var waiting = CircularBuffer<Arrival>()
    /// A read was asked for while reading was paused.
    private var readPending = false
    /// A request's task ended, or the channel closed, while its body was still open: the body
    /// ends for its reader at the next step.
    private var bodyOrphaned = false
    /// The next head to start is HTTP/1.0's: whether it keeps the connection alive.
    private var nextHeadHTTP10: Bool?
    /// A body's end has not arrived yet, and its deadline runs: the next end to arrive is that
    /// one's. It outlives its request when the request is answered without reading its body.
    private(set) var bodyEndAwaited = false
    /// How long the connection may stay idle.
    package let idleTimeout: TimeAmount
    /// When something last arrived or was answered.
    private var lastActivity: NIODeadline
    /// An idle check is due.
    private var idleCheckScheduled = false

    /// A connection opened at `now` that closes after `idleTimeout` without a request.
    package init(idleTimeout: TimeAmount, now: NIODeadline) {
        self.idleTimeout = idleTimeout
        self.lastActivity = now
    }

    /// The request in the pipeline, whether the connection is open or closing.
    package var request: Request? {
        switch state {
        case .open(let open): open.request
        case .closing(let closing): closing.request
        case .refusing, .lingering, .closed: nil
        }
    }

    /// What the handler does after an event.
    package enum Action: Equatable {
        /// Hand on what waits, step by step: ``next()`` until it says ``Step/wait``.
        case drain
        /// The body deadline's body has ended: stop its timer, then drain.
        case stopBodyDeadlineAndDrain
        /// Read from the channel.
        case read
        /// Close the connection now.
        case close
        /// The refusal has left: close the server's side, read and drop what the client still
        /// sends, and end the linger after ``HTTPConnectionHandler/lingerTime`` (``lingerEnded()``).
        case linger
        /// Check for idleness at this time (``idleCheckDue(now:)``).
        case checkIdle(at: NIODeadline)
        /// Nothing.
        case none
    }

    // MARK: Arrivals

    /// A request part came from the decoder at `now`.
    package mutating func partArrived(_ part: HTTPRequestPart, now: NIODeadline) -> Action {
        switch state {
        case .open, .closing:
            lastActivity = now
            waiting.append(.part(part))
            if bodyEndAwaited, case .end = part {
                bodyEndAwaited = false
                return .stopBodyDeadlineAndDrain
            }
            return .drain
        case .refusing, .lingering, .closed:
            return .none
        }
    }

    /// What the framing said (``FramingEvent``).
    package mutating func framingSaid(_ event: FramingEvent) -> Action {
        switch (event, state) {
        case (_, .closed):
            return .none
        case (.unanswerable, _):
            return .close
        case (.http10Request(let keepsAlive), .open), (.http10Request(let keepsAlive), .closing):
            waiting.append(.http10(keepsAlive: keepsAlive))
            return .none
        case (.refused(let refused), .open(var open)):
            guard open.input != .refused else { return .none }
            open.input = .refused
            refusal = refused
            state = .open(open)
            return .drain
        case (.refused, .closing(var closing)):
            // No refusal follows a closing connection's last answer.
            closing.input = .refused
            state = .closing(closing)
            return .none
        case (.http10Request, _), (.refused, _):
            return .none
        }
    }

    /// One step of handing on what waits.
    package enum Step {
        /// Start this request on a task, with a body to stream to it when `hasBody`; with
        /// `bodyDeadline`, start its body's deadline too.
        case startRequest(HTTPRequest, hasBody: Bool, bodyDeadline: Bool)
        /// Give the request's task this piece of its body, then say whether it wants more
        /// (``bodyYielded(wantsMore:)``).
        case yieldBody(ByteBuffer)
        /// End the request's body: in order, or with the error.
        case finishBody((any Error)?)
        /// Read from the channel: a read held back may happen now.
        case read
        /// Close the connection once what was written has left: in order, or with a reset (RST)
        /// when `reset`.
        case closeAfterWrites(reset: Bool)
        /// Write this refusal, then ``refusalWritten()``.
        case refuse(FramingRefusal)
        /// Nothing more for now.
        case wait
    }

    /// The next step of handing on what waits: call it until it says ``Step/wait``.
    package mutating func next() -> Step {
        if bodyOrphaned {
            bodyOrphaned = false
            return .finishBody(ChannelError.eof)
        }
        let step: Step
        switch state {
        case .open(var open):
            step = next(&open)
            if case .open = state { state = .open(open) }
        case .closing(var closing):
            step = next(&closing)
            state = .closing(closing)
        case .refusing, .lingering, .closed:
            step = .wait
        }
        guard case .wait = step, readPending, mayRead else { return step }
        readPending = false
        return .read
    }

    private mutating func next(_ open: inout Open) -> Step {
        while let arrival = waiting.first {
            if let request = open.request, request.ended { return .wait }  // The next request waits for this answer.
            if case .part(.body) = arrival, open.request?.body == .paused { return .wait }
            waiting.removeFirst()
            switch arrival {
            case .http10(let keepsAlive):
                nextHeadHTTP10 = keepsAlive
            case .part(.head(let head)):
                let announcesBody = head.announcesBody
                var request = Request(body: announcesBody ? .flowing : .none)
                if let keepsAlive = nextHeadHTTP10 {
                    request.http10 = true
                    request.lastOnConnection = !keepsAlive
                    nextHeadHTTP10 = nil
                }
                open.request = request
                // What waits now follows the head: its body's end may be there already.
                let deadline = announcesBody && !waiting.contains { if case .part(.end) = $0 { true } else { false } }
                if deadline { bodyEndAwaited = true }
                return .startRequest(head, hasBody: announcesBody, bodyDeadline: deadline)
            case .part(.body(let buffer)):
                // A body part after its request was answered without reading it is dropped.
                if open.request?.body == .flowing { return .yieldBody(buffer) }
            case .part(.end):
                guard var request = open.request else { continue }
                request.ended = true
                let hadBody = request.body != .none
                request.body = .none
                open.request = request
                if hadBody { return .finishBody(nil) }
            case .bodyFailure(let error):
                guard var request = open.request, request.body != .none else { continue }
                request.body = .none
                open.request = request
                return .finishBody(error)
            }
        }
        // Nothing waits: a body the client stopped sending before its end ends.
        if open.input != .reading, var request = open.request, request.body != .none {
            request.body = .none
            open.request = request
            return .finishBody(ChannelError.eof)
        }
        guard open.request == nil, waiting.isEmpty else { return .wait }
        switch open.input {
        case .refused:
            state = .refusing
            guard let refusal else { return .closeAfterWrites(reset: false) }
            return .refuse(refusal)
        case .ended:
            state = .closing(Closing(request: nil, close: .given, input: .ended))
            return .closeAfterWrites(reset: false)
        case .reading:
            guard open.quiescing else { return .wait }
            state = .closing(Closing(request: nil, close: .given, input: .reading))
            return .closeAfterWrites(reset: false)
        }
    }

    private func next(_ closing: inout Closing) -> Step {
        if case .due(let reset) = closing.close {
            closing.close = .given
            return .closeAfterWrites(reset: reset)
        }
        // Nothing more is handed on; a body the client stopped sending ends.
        guard closing.input != .reading, var request = closing.request, request.body != .none else { return .wait }
        request.body = .none
        closing.request = request
        return .finishBody(ChannelError.eof)
    }

    /// The request's task took a piece of its body; `wantsMore` false holds back the rest.
    package mutating func bodyYielded(wantsMore: Bool) {
        guard !wantsMore else { return }
        updateRequest { if $0.body == .flowing { $0.body = .paused } }
    }

    /// The request's task wants more of its body.
    package mutating func bodyDemanded() -> Action {
        updateRequest { if $0.body == .paused { $0.body = .flowing } }
        return .drain
    }

    // MARK: Reading

    /// The channel asks to read: ``Action/read`` now, or nothing (the read then waits for a
    /// ``Step/read``).
    package mutating func readRequested() -> Action {
        if mayRead { return .read }
        readPending = true
        return .none
    }

    private var mayRead: Bool {
        switch state {
        case .open(let open): open.request?.body != .paused && waiting.count < Self.readAhead
        case .lingering: true
        case .closing, .refusing, .closed: false
        }
    }

    // MARK: The client's side

    /// The client will send nothing more (a FIN): the answers owed go out, then the connection
    /// closes; a lingering one closes now.
    package mutating func inputClosed() -> Action {
        switch state {
        case .open(var open):
            if open.input == .reading { open.input = .ended }
            state = .open(open)
            return .drain
        case .closing(var closing):
            if closing.input == .reading { closing.input = .ended }
            state = .closing(closing)
            return .drain
        case .lingering:
            return .close
        case .refusing, .closed:
            return .none
        }
    }

    /// The decoder (or another handler) failed with `error`: it reaches a body's reader, or the
    /// refusal follows the answers owed; an error that is not one of HTTP's closes the connection.
    package mutating func errorCaught(_ error: any Error) -> Action {
        switch state {
        case .open(var open):
            // After what was refused, the decoder fails every later read: ignored.
            if case .refused = open.input { return .none }
            // An error while a body arrives (malformed chunk framing) reaches whoever reads the
            // body, also when that request waits behind another.
            if bodyArriving {
                waiting.append(.bodyFailure(error))
                return .drain
            }
            guard let parserError = error as? HTTPParserError else { return .close }
            // Between requests: the whole requests before them are answered, then the refusal.
            open.input = .refused
            refusal = FramingRefusal(parserError, inBody: false)
            state = .open(open)
            return .drain
        case .closing(var closing):
            // No refusal follows a closing connection's last answer; later failures are ignored.
            if closing.input == .refused { return .none }
            if bodyArriving {
                waiting.append(.bodyFailure(error))
                return .none
            }
            guard error is HTTPParserError else { return .close }
            closing.input = .refused
            state = .closing(closing)
            return .none
        case .refusing, .lingering, .closed:
            return .none
        }
    }

    /// Whether a request's body is on its way: that of the request in flight, or of the last one
    /// waiting (whose end has not arrived).
    private var bodyArriving: Bool {
        guard let last = waiting.last else { return (request?.body ?? .none) != .none }
        switch last {
        case .part(.end), .http10: return false
        case .part, .bodyFailure: return true
        }
    }

    // MARK: Timers

    /// The body deadline passed before the body's end arrived: its reader gets the error after the
    /// bytes that came before it, and the connection closes once the request is answered, whether
    /// it read the body (408) or not; with no request to answer, it closes now. Nothing waits for
    /// the rest of the body.
    package mutating func bodyDeadlinePassed(_ expired: BodyDeadline.Expired) -> Action {
        guard bodyEndAwaited else { return .none }
        bodyEndAwaited = false
        switch state {
        case .open(var open):
            guard var request = open.request else { return .close }
            request.timedOut = true
            open.request = request
            state = .open(open)
            waiting.append(.bodyFailure(expired))
            return .drain
        case .closing(var closing):
            guard var request = closing.request else { return .close }
            request.timedOut = true
            closing.request = request
            state = .closing(closing)
            return .none
        case .refusing, .lingering, .closed:
            return .none
        }
    }

    /// When to check for idleness, unless a check is due already. A closing or refusing
    /// connection keeps its check: it ends a connection whose last bytes never leave (a client
    /// that stopped reading).
    package mutating func idleCheckDeadline() -> NIODeadline? {
        guard !idleCheckScheduled else { return nil }
        if case .closed = state { return nil }
        idleCheckScheduled = true
        return lastActivity + idleTimeout
    }

    /// The idle check scheduled by ``idleCheckDeadline()`` ran at `now`: idle for the whole
    /// timeout, the connection closes; active since, the check comes again; a request read in full
    /// and being answered starts the count again at its end.
    package mutating func idleCheckDue(now: NIODeadline) -> Action {
        idleCheckScheduled = false
        if let request, request.ended { return .none }
        if case .closed = state { return .none }
        let deadline = lastActivity + idleTimeout
        if now >= deadline { return .close }
        idleCheckScheduled = true
        return .checkIdle(at: deadline)
    }

    /// The linger after a refusal is over: the connection closes.
    package mutating func lingerEnded() -> Action {
        guard case .lingering = state else { return .none }
        return .close
    }

    // MARK: Answers

    /// A part of the response of the request in flight, as the handler writes it.
    package enum ResponseProgress {
        /// Its head.
        case head(HTTPResponse)
        /// A piece of its body, or bytes below the framing.
        case body
        /// Its end.
        case end
        /// All of it at once.
        case whole(HTTPResponse)
    }

    /// The handler wrote a part of a response. A final answer that says `Connection: close`, or
    /// that is the connection's last, or whose unknown length ends with the connection (HTTP/1.0)
    /// closes the connection once it has ended: clients that pool connections would otherwise
    /// send a request again, silently, after a later fault.
    package mutating func responseWritten(_ progress: ResponseProgress) -> Action {
        let closes: Bool
        let ends: Bool
        switch progress {
        case .head(let head): (closes, ends) = (endsConnection(head), false)
        case .body: (closes, ends) = (false, false)
        case .end: (closes, ends) = (false, true)
        case .whole(let head): (closes, ends) = (endsConnection(head), true)
        }
        switch state {
        case .open(let open):
            guard closes else { return .none }
            state = .closing(Closing(request: open.request, close: ends ? .due(reset: false) : .afterResponse, input: open.input))
            return ends ? .drain : .none
        case .closing(var closing):
            guard ends, closing.close == .afterResponse else { return .none }
            closing.close = .due(reset: false)
            state = .closing(closing)
            return .drain
        case .refusing, .lingering, .closed:
            return .none
        }
    }

    /// Whether `head`, the answer to the request in flight, ends the connection.
    private func endsConnection(_ head: HTTPResponse) -> Bool {
        // The fields first: HTTPTypes parses the status on every read, and few heads say close.
        if head.headerFields.saysClose { return head.status.code >= 200 }
        guard let request, request.http10 else { return false }
        let code = head.status.code
        guard code >= 200 else { return false }
        return request.lastOnConnection || BodyFraming(of: head, code: code, http10: true) == .close
    }

    /// The request's task has ended at `now`: the next request may start, or the connection
    /// closes (its body ran out of time, or it was the last).
    package mutating func requestDone(now: NIODeadline) -> Action {
        switch state {
        case .open(var open):
            guard let request = open.request else { return .drain }
            open.request = nil
            bodyOrphaned = request.body != .none
            lastActivity = now
            if request.timedOut {
                state = .closing(Closing(request: nil, close: .due(reset: false), input: open.input))
                return .drain
            }
            state = .open(open)
            return .drain
        case .closing(var closing):
            guard let request = closing.request else { return .none }
            lastActivity = now
            closing.request = nil
            bodyOrphaned = request.body != .none
            if closing.close == .afterResponse { closing.close = .due(reset: false) }
            state = .closing(closing)
            return .drain
        case .refusing, .lingering, .closed:
            return .none
        }
    }

    /// The pipeline asks that the connection of its request close (FIN), or reset (RST) when
    /// `reset`, once what was written has left; no request starts after.
    package mutating func closeAsked(reset: Bool) -> Action {
        switch state {
        case .open(let open):
            state = .closing(Closing(request: open.request, close: .due(reset: reset), input: open.input))
            return .drain
        case .closing(var closing):
            switch closing.close {
            case .afterResponse: closing.close = .due(reset: reset)
            case .due(let resetBefore): closing.close = .due(reset: reset || resetBefore)
            case .given:
                // A reset still comes after a close given already, when the close has not happened.
                guard reset else { return .none }
                closing.close = .due(reset: true)
            }
            state = .closing(closing)
            return .drain
        case .refusing, .lingering, .closed:
            return .none
        }
    }

    // MARK: The end

    /// The server is stopping: the connection closes now when nothing is left to answer,
    /// otherwise once the requests it has are answered.
    package mutating func quiesce() -> Action {
        guard case .open(var open) = state else { return .none }
        open.quiescing = true
        guard open.request == nil, waiting.isEmpty else {
            state = .open(open)
            return .none
        }
        state = .closing(Closing(request: nil, close: .due(reset: false), input: open.input))
        return .drain
    }

    /// The refusal has left: the connection lingers.
    package mutating func refusalWritten() -> Action {
        guard case .refusing = state else { return .none }
        state = .lingering
        return .linger
    }

    /// The channel has closed: a body still open ends for its reader.
    package mutating func channelClosed() -> Action {
        if (request?.body ?? .none) != .none { bodyOrphaned = true }
        state = .closed
        waiting.removeAll()
        bodyEndAwaited = false
        return .drain
    }

    /// Changes the request in flight, whether the connection is open or closing.
    private mutating func updateRequest(_ change: (inout Request) -> Void) {
        switch state {
        case .open(var open):
            guard var request = open.request else { return }
            change(&request)
            open.request = request
            state = .open(open)
        case .closing(var closing):
            guard var request = closing.request else { return }
            change(&request)
            closing.request = request
            state = .closing(closing)
        case .refusing, .lingering, .closed:
            return
        }
    }
}
