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
/// The rules it keeps (Docs/Architecture.md, "Server"):
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
/// - Bytes that are not HTTP between requests: the requests before them are answered, then their
///   refusal (``FramingRefusal``) goes out, the connection's side closes, and what the client still
///   sends is read and dropped for a moment (``HTTPConnectionHandler/lingerTime``) so that the refusal
///   is not lost to a reset.
/// - A client that closes its side gets the answers it is owed, then the connection closes.
struct ConnectionStateMachine {
    /// Where the connection is in its life.
    enum State {
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
    struct Open {
        /// The request in the pipeline.
        var request: Request?
        /// What the client's side still gives.
        var input: Input = .reading
        /// The server is stopping: the connection closes once nothing is left to answer.
        var quiescing = false
    }

    /// A connection that starts no request any more.
    struct Closing {
        /// The request whose answer is the last, while its task runs.
        var request: Request?
        /// The close has been asked for (it happens once what was written has left).
        var closeAsked: Bool
        /// What the client's side still gives.
        var input: Input
    }

    /// What the client's side of an open connection still gives.
    enum Input: Equatable {
        /// Requests.
        case reading
        /// Nothing: the client closed its side.
        case ended
        /// Nothing usable: bytes that are not HTTP arrived, to be refused (``refusal``) once the
        /// requests before them are answered; the decoder fails every later read.
        case refused
    }

    /// The request in the pipeline.
    struct Request: Equatable {
        /// Its end has been handed on: the parts behind it wait for its answer.
        var ended = false
        /// Its body, as its task reads it.
        var body: Body
        /// Its body ran out of time: the connection closes after its answer.
        var timedOut = false
    }

    /// A request's body, between the channel and the request's task.
    enum Body: Equatable {
        /// None, or all of it handed on.
        case none
        /// Arriving, and handed on as it comes.
        case flowing
        /// Arriving, but held back: the task has not taken what came.
        case paused
    }

    /// Something that arrived for the request it belongs to.
    enum Arrival {
        case part(HTTPRequestPart)
        /// The body being read failed here (too slow, malformed): its reader gets the error after
        /// the bytes that came before it.
        case bodyFailure(any Error)
    }

    /// How many arrivals may wait before reading pauses.
    static let readAhead = 16

    private(set) var state: State = .open(Open())
    /// The answer to bytes that are not HTTP, owed once the requests before them are answered
    /// (``Input/refused``); kept apart so that the state stays cheap to copy.
    private var refusal: FramingRefusal?
    /// What arrived behind the request in flight, in order.
    private(set) var waiting = CircularBuffer<Arrival>()
    /// A read was asked for while reading was paused.
    private var readPending = false
    /// A body's end has not arrived yet, and its deadline runs: the next end to arrive is that
    /// one's. It outlives its request when the request is answered without reading its body.
    private(set) var bodyEndAwaited = false
    /// How long the connection may stay idle.
    let idleTimeout: TimeAmount
    /// When something last arrived or was answered.
    private var lastActivity: NIODeadline
    /// An idle check is due.
    private var idleCheckScheduled = false

    /// A connection opened at `now` that closes after `idleTimeout` without a request.
    init(idleTimeout: TimeAmount, now: NIODeadline) {
        self.idleTimeout = idleTimeout
        self.lastActivity = now
    }

    /// The request in the pipeline, whether the connection is open or closing.
    var request: Request? {
        switch state {
        case .open(let open): open.request
        case .closing(let closing): closing.request
        case .refusing, .lingering, .closed: nil
        }
    }

    // MARK: Arrivals

    /// What the dispatcher does when a part arrives.
    enum PartAction: Equatable {
        /// Hand on what waits (``next()``).
        case drain
        /// The body deadline's body has ended: stop its timer, then hand on what waits.
        case stopBodyDeadlineAndDrain
        /// Nothing: the connection reads no more requests.
        case none
    }

    /// A request part came from the decoder at `now`.
    mutating func partArrived(_ part: HTTPRequestPart, now: NIODeadline) -> PartAction {
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

    /// One step of handing on what waits.
    enum Step {
        /// Start this request on a task, with a body to stream to it when `hasBody`; with
        /// `bodyDeadline`, start its body's deadline too.
        case startRequest(HTTPRequest, hasBody: Bool, bodyDeadline: Bool)
        /// Give the request's task this piece of its body, then say whether it wants more
        /// (``bodyYielded(wantsMore:)``).
        case yieldBody(ByteBuffer)
        /// End the request's body: in order, or with the error.
        case finishBody((any Error)?)
        /// Close the connection once what was written has left.
        case closeAfterWrites
        /// Write this refusal, then ``refusalWritten()``.
        case refuse(FramingRefusal)
        /// Nothing more for now.
        case wait
    }

    /// The next step of handing on what waits: call it until it says ``Step/wait``.
    mutating func next() -> Step {
        switch state {
        case .open(var open):
            let step = next(&open)
            if case .open = state { state = .open(open) }
            return step
        case .closing(var closing):
            // Nothing more is handed on; a body the client stopped sending ends.
            guard closing.input != .reading, var request = closing.request, request.body != .none else { return .wait }
            request.body = .none
            closing.request = request
            state = .closing(closing)
            return .finishBody(ChannelError.eof)
        case .refusing, .lingering, .closed:
            return .wait
        }
    }

    private mutating func next(_ open: inout Open) -> Step {
        while let arrival = waiting.first {
            if let request = open.request, request.ended { return .wait }  // The next request waits for this answer.
            if case .part(.body) = arrival, open.request?.body == .paused { return .wait }
            waiting.removeFirst()
            switch arrival {
            case .part(.head(let head)):
                let announcesBody = head.announcesBody
                open.request = Request(body: announcesBody ? .flowing : .none)
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
            guard let refusal else { return .closeAfterWrites }
            return .refuse(refusal)
        case .ended:
            state = .closing(Closing(request: nil, closeAsked: true, input: .ended))
            return .closeAfterWrites
        case .reading:
            guard open.quiescing else { return .wait }
            state = .closing(Closing(request: nil, closeAsked: true, input: .reading))
            return .closeAfterWrites
        }
    }

    /// The request's task took a piece of its body; `wantsMore` false holds back the rest.
    mutating func bodyYielded(wantsMore: Bool) {
        guard !wantsMore else { return }
        updateRequest { if $0.body == .flowing { $0.body = .paused } }
    }

    /// The request's task wants more of its body: hand on what waits, then read if a read waits.
    mutating func bodyDemanded() {
        updateRequest { if $0.body == .paused { $0.body = .flowing } }
    }

    // MARK: Reading

    /// The channel asks to read: whether to read now (otherwise the read waits for
    /// ``readIfPending()``).
    mutating func readRequested() -> Bool {
        if mayRead { return true }
        readPending = true
        return false
    }

    /// Whether a read held back may happen now; it is then no longer pending.
    mutating func readIfPending() -> Bool {
        guard readPending, mayRead else { return false }
        readPending = false
        return true
    }

    private var mayRead: Bool {
        switch state {
        case .open(let open): open.request?.body != .paused && waiting.count < Self.readAhead
        case .lingering: true
        case .closing, .refusing, .closed: false
        }
    }

    // MARK: The client's side

    /// What the dispatcher does when the client closes its side.
    enum InputClosedAction: Equatable {
        /// Hand on what waits: the answers owed go out, then the connection closes.
        case drain
        /// Close now: the refusal has left.
        case close
        /// Nothing.
        case none
    }

    /// The client will send nothing more (a FIN).
    mutating func inputClosed() -> InputClosedAction {
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

    /// What the dispatcher does about an error from the handlers before it.
    enum ErrorAction: Equatable {
        /// Hand on what waits: the error reaches a body's reader, or the refusal follows the
        /// answers owed.
        case drain
        /// Close the connection: the error is not one of HTTP's.
        case close
        /// Nothing: the connection is refusing already.
        case none
    }

    /// The decoder (or another handler) failed with `error`.
    mutating func errorCaught(_ error: any Error) -> ErrorAction {
        switch state {
        case .open(var open):
            // After bytes that are not HTTP, the decoder fails every later read: ignored.
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
        if case .part(.end) = last { return false }
        return true
    }

    // MARK: Timers

    /// What the dispatcher does when the body deadline passes.
    enum DeadlineAction: Equatable {
        /// Hand on what waits: the body's reader gets the error.
        case drain
        /// Close now: no request is there to answer.
        case close
        /// Nothing.
        case none
    }

    /// The body deadline passed before the body's end arrived: its reader gets the error after the
    /// bytes that came before it, and the connection closes once the request is answered, whether
    /// it read the body (408) or not. Nothing waits for the rest of the body.
    mutating func bodyDeadlinePassed(_ expired: BodyDeadline.Expired) -> DeadlineAction {
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
    mutating func idleCheckDeadline() -> NIODeadline? {
        guard !idleCheckScheduled else { return nil }
        if case .closed = state { return nil }
        idleCheckScheduled = true
        return lastActivity + idleTimeout
    }

    /// What an idle check found.
    enum IdleAction: Equatable {
        /// Idle for the whole timeout: close.
        case close
        /// Active since: check again then.
        case checkAgain(at: NIODeadline)
        /// A request read in full is being answered: its end starts the count again.
        case none
    }

    /// The idle check scheduled by ``idleCheckDeadline()`` ran at `now`.
    mutating func idleCheckDue(now: NIODeadline) -> IdleAction {
        idleCheckScheduled = false
        if let request, request.ended { return .none }
        if case .closed = state { return .none }
        let deadline = lastActivity + idleTimeout
        if now >= deadline { return .close }
        idleCheckScheduled = true
        return .checkAgain(at: deadline)
    }

    // MARK: Answers

    /// A part of the response of the request in flight, as the dispatcher writes it.
    enum ResponseProgress: Equatable {
        /// Its head; `closes` when it says `Connection: close` (and is not informational).
        case head(closes: Bool)
        /// A piece of its body.
        case body
        /// Its end.
        case end
        /// All of it at once.
        case whole(closes: Bool)
    }

    /// The dispatcher wrote a part of a response: whether to close once it has left.
    mutating func responseWritten(_ progress: ResponseProgress) -> Bool {
        let closes: Bool
        let ends: Bool
        switch progress {
        case .head(let saysClose): (closes, ends) = (saysClose, false)
        case .body: (closes, ends) = (false, false)
        case .end: (closes, ends) = (false, true)
        case .whole(let saysClose): (closes, ends) = (saysClose, true)
        }
        switch state {
        case .open(var open):
            guard closes else {
                state = .open(open)
                return false
            }
            // A response that says `Connection: close` ends the connection (clients that pool
            // connections would otherwise send a request again, silently, after a later fault),
            // once it has ended.
            state = .closing(Closing(request: open.request, closeAsked: ends, input: open.input))
            return ends
        case .closing(var closing):
            let ask = !closing.closeAsked && ends
            if ask { closing.closeAsked = true }
            state = .closing(closing)
            return ask
        case .refusing, .lingering, .closed:
            return false
        }
    }

    /// What the dispatcher does once a request's task has ended.
    struct Completion: Equatable {
        /// End the request's body, which its task no longer reads.
        var finishBody: Bool
        /// Close once what was written has left.
        var closeAfterWrites: Bool
        /// Hand on what waits and read if a read waits: the next request may start.
        var goOn: Bool
    }

    /// The request's task has ended at `now`.
    mutating func requestDone(now: NIODeadline) -> Completion {
        switch state {
        case .open(var open):
            guard let request = open.request else { return Completion(finishBody: false, closeAfterWrites: false, goOn: true) }
            open.request = nil
            let finishBody = request.body != .none
            lastActivity = now
            if request.timedOut {
                state = .closing(Closing(request: nil, closeAsked: true, input: open.input))
                return Completion(finishBody: finishBody, closeAfterWrites: true, goOn: false)
            }
            state = .open(open)
            return Completion(finishBody: finishBody, closeAfterWrites: false, goOn: true)
        case .closing(var closing):
            guard let request = closing.request else {
                return Completion(finishBody: false, closeAfterWrites: false, goOn: false)
            }
            lastActivity = now
            closing.request = nil
            let ask = !closing.closeAsked
            closing.closeAsked = true
            state = .closing(closing)
            return Completion(finishBody: request.body != .none, closeAfterWrites: ask, goOn: false)
        case .refusing, .lingering, .closed:
            return Completion(finishBody: false, closeAfterWrites: false, goOn: false)
        }
    }

    // MARK: The end

    /// The server is stopping: whether to close now (nothing is left to answer); otherwise the
    /// connection closes once the requests it has are answered.
    mutating func quiesce() -> Bool {
        guard case .open(var open) = state else { return false }
        open.quiescing = true
        guard open.request == nil, waiting.isEmpty else {
            state = .open(open)
            return false
        }
        state = .closing(Closing(request: nil, closeAsked: true, input: open.input))
        return true
    }

    /// The refusal has left: the connection lingers.
    mutating func refusalWritten() {
        if case .refusing = state { state = .lingering }
    }

    /// The channel has closed: whether a body must be ended for its reader.
    mutating func channelClosed() -> Bool {
        let bodyOpen = (request?.body ?? .none) != .none
        state = .closed
        waiting.removeAll()
        bodyEndAwaited = false
        return bodyOpen
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
