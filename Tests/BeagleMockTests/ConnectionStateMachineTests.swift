import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// A connection's life, transition by transition, without a socket or a task: what the machine
/// answers to each thing that happens, on times the test chooses. The wire tests
/// (`RequestFramingTests`, `HostileInputTests`, `ServerLifecycleTests`) check the same rules as
/// bytes on a live connection.
@Suite struct ConnectionStateMachineTests {
    typealias Machine = ConnectionStateMachine

    static let start = NIODeadline.uptimeNanoseconds(1_000_000_000)
    static let idle = TimeAmount.seconds(75)

    static func get(_ path: String = "/home") -> HTTPRequestPart {
        .head(HTTPRequest(method: .get, scheme: nil, authority: "x", path: path))
    }

    static func post(_ path: String = "/cart", length: Int = 4) -> HTTPRequestPart {
        .head(HTTPRequest(method: .post, scheme: nil, authority: "x", path: path, headerFields: [.contentLength: String(length)]))
    }

    static func piece(_ text: String) -> HTTPRequestPart { .body(ByteBuffer(string: text)) }

    /// Everything `next()` gives until it says wait, in words.
    static func drain(_ machine: inout Machine) -> [String] {
        var steps: [String] = []
        while true {
            switch machine.next() {
            case .startRequest(let head, _, let deadline):
                steps.append("start \(head.path ?? "")\(deadline ? " +deadline" : "")")
            case .yieldBody(let buffer): steps.append("yield \(String(buffer: buffer))")
            case .finishBody(nil): steps.append("finish")
            case .finishBody(let error?): steps.append("fail \(error is BodyDeadline.Expired ? "expired" : "\(error)")")
            case .read: steps.append("read")
            case .closeAfterWrites(let reset): steps.append(reset ? "reset" : "close")
            case .refuse(let refusal): steps.append("refuse \(refusal.status.code)")
            case .wait: return steps
            }
        }
    }

    /// What the handler does for `action`, in words, draining as it would.
    static func after(_ action: Machine.Action, _ machine: inout Machine) -> [String] {
        switch action {
        case .drain: drain(&machine)
        case .stopBodyDeadlineAndDrain: ["stop deadline"] + drain(&machine)
        case .read: ["read"]
        case .close: ["close now"]
        case .linger: ["linger"]
        case .checkIdle(let deadline): ["check idle at \(deadline.uptimeNanoseconds)"]
        case .none: []
        }
    }

    /// Parts arrive at `now`; the steps they lead to.
    static func arrive(_ parts: [HTTPRequestPart], _ machine: inout Machine, at now: NIODeadline = start) -> [String] {
        parts.flatMap { after(machine.partArrived($0, now: now), &machine) }
    }

    /// A final answer's head; `close` says `Connection: close`.
    static func answer(_ status: HTTPResponse.Status = .ok, close: Bool = false, length: Int? = 0) -> HTTPResponse {
        var head = HTTPResponse(status: status)
        if close { head.headerFields[.connection] = "close" }
        if let length { head.headerFields[.contentLength] = String(length) }
        return head
    }

    /// The request's answer is written whole, and its task ends: the steps they lead to.
    static func answered(_ machine: inout Machine, _ head: HTTPResponse = answer()) -> [String] {
        after(machine.responseWritten(.whole(head)), &machine) + after(machine.requestDone(now: start), &machine)
    }

    static func fresh() -> Machine { Machine(idleTimeout: idle, now: start) }

    // MARK: Pipelining

    @Test func pipelinedRequestsStartOneAtATime() {
        var machine = Self.fresh()
        #expect(Self.arrive([Self.get("/a"), .end(nil), Self.get("/b"), .end(nil)], &machine) == ["start /a"])
        #expect(machine.waiting.count == 2, "the second request waits for the first's answer")
        #expect(Self.answered(&machine) == ["start /b"])
        #expect(machine.waiting.isEmpty)
    }

    @Test func readingPausesWhenEnoughPartsWait() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get("/a"), .end(nil)], &machine)
        for index in 0..<Machine.readAhead {
            #expect(machine.readRequested() == .read, "\(index) parts wait")
            _ = Self.arrive([index.isMultiple(of: 2) ? Self.get() : .end(nil)], &machine)
        }
        #expect(machine.readRequested() == .none)
        #expect(Self.answered(&machine) == ["start /home", "read"], "the held-back read happens once parts have gone on")
        #expect(Self.drain(&machine).isEmpty, "once")
    }

    // MARK: Bodies

    @Test func aBodyFlowsUntilItsTaskStopsTakingItThenResumes() {
        var machine = Self.fresh()
        #expect(Self.arrive([Self.post(), Self.piece("ab")], &machine) == ["start /cart +deadline", "yield ab"])
        machine.bodyYielded(wantsMore: false)
        #expect(machine.request?.body == .paused)
        #expect(Self.arrive([Self.piece("cd")], &machine).isEmpty, "held back while the task has not taken what came")
        #expect(machine.readRequested() == .none, "reading pauses with the body")
        #expect(Self.after(machine.bodyDemanded(), &machine) == ["yield cd", "read"])
        #expect(Self.arrive([.end(nil)], &machine) == ["stop deadline", "finish"])
        #expect(machine.request?.ended == true)
    }

    @Test func aBodyWhoseEndAlreadyWaitsHasNoDeadline() {
        var machine = Self.fresh()
        #expect(machine.partArrived(Self.get("/a"), now: Self.start) == .drain)
        #expect(machine.partArrived(.end(nil), now: Self.start) == .drain)
        for part in [Self.post(), Self.piece("abcd"), .end(nil)] { _ = machine.partArrived(part, now: Self.start) }
        #expect(Self.drain(&machine) == ["start /a"])
        #expect(Self.answered(&machine) == ["start /cart", "yield abcd", "finish"])
        #expect(!machine.bodyEndAwaited)
    }

    @Test func aBodyLeftUnreadIsDroppedAndTheNextRequestStartsAfterItsEnd() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post()], &machine)
        #expect(
            Self.after(machine.requestDone(now: Self.start), &machine) == ["fail \(ChannelError.eof)"],
            "the body's reader, if any, gets an end")
        #expect(
            Self.arrive([Self.piece("abcd"), .end(nil), Self.get("/next"), .end(nil)], &machine) == [
                "stop deadline", "start /next",
            ])
    }

    @Test func aPausedBodyIsHandedOnWholeThoughTheClientClosedItsSideBehindIt() {
        var machine = Self.fresh()
        let parts: [HTTPRequestPart] = [
            Self.get("/a"), .end(nil), Self.post("/b", length: 2), Self.piece("1"), Self.piece("2"), .end(nil),
        ]
        for part in parts { _ = machine.partArrived(part, now: Self.start) }
        #expect(Self.drain(&machine) == ["start /a"])
        #expect(Self.after(machine.inputClosed(), &machine).isEmpty, "/b waits for /a's answer")
        _ = machine.requestDone(now: Self.start)
        guard case .startRequest(let head, true, false) = machine.next() else {
            Issue.record("/b does not start with its body, its end already read")
            return
        }
        #expect(head.path == "/b")
        guard case .yieldBody = machine.next() else {
            Issue.record("no body handed on")
            return
        }
        machine.bodyYielded(wantsMore: false)
        guard case .wait = machine.next() else {
            Issue.record("a paused body whose parts wait is not ended")
            return
        }
        #expect(Self.after(machine.bodyDemanded(), &machine) == ["yield 2", "finish"])
        #expect(Self.answered(&machine) == ["close"], "then the connection closes")
    }

    @Test func aStaleDemandChangesNothing() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        #expect(Self.after(machine.bodyDemanded(), &machine).isEmpty)
        #expect(machine.request?.body == .flowing)
        machine.bodyYielded(wantsMore: true)
        #expect(machine.request?.body == .flowing)
    }

    @Test func aMalformedBodyOfAPipelinedRequestFailsItsReaderOnceItStarts() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get("/a"), .end(nil), Self.post("/b"), Self.piece("ab")], &machine)
        #expect(Self.after(machine.errorCaught(HTTPParserError.invalidChunkSize), &machine).isEmpty)
        #expect(Self.answered(&machine) == ["start /b +deadline", "yield ab", "fail \(HTTPParserError.invalidChunkSize)"])
    }

    // MARK: The body deadline

    @Test func aBodyOutOfTimeFailsItsReaderAndClosesAfterTheAnswer() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        #expect(Self.after(machine.bodyDeadlinePassed(.init(timeout: .seconds(30))), &machine) == ["fail expired"])
        #expect(Self.arrive([Self.piece("cd"), .end(nil)], &machine).isEmpty, "the rest is dropped")
        #expect(Self.answered(&machine, Self.answer(.requestTimeout)) == ["close"])
        #expect(machine.readRequested() == .none)
    }

    @Test func aBodyOutOfTimeWithNoRequestLeftClosesAtOnce() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post()], &machine)
        _ = Self.after(machine.requestDone(now: Self.start), &machine)
        #expect(machine.bodyDeadlinePassed(.init(timeout: .seconds(30))) == .close)
    }

    @Test func aDeadlineWhoseBodyEndedChangesNothing() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("abcd"), .end(nil)], &machine)
        #expect(machine.bodyDeadlinePassed(.init(timeout: .seconds(30))) == .none)
        #expect(Self.answered(&machine).isEmpty, "the connection stays open")
        #expect(Self.arrive([Self.get("/next"), .end(nil)], &machine) == ["start /next"])
    }

    // MARK: Idleness

    @Test func anIdleConnectionClosesAfterItsTimeout() throws {
        var machine = Self.fresh()
        let scheduled = machine.idleCheckDeadline()
        let check = try #require(scheduled)
        #expect(check == Self.start + Self.idle)
        #expect(machine.idleCheckDeadline() == nil, "one check at a time")
        #expect(machine.idleCheckDue(now: check) == .close)
    }

    @Test func activityPutsTheIdleCheckOff() throws {
        var machine = Self.fresh()
        let scheduled = machine.idleCheckDeadline()
        let check = try #require(scheduled)
        let later = Self.start + .seconds(30)
        _ = Self.arrive([Self.get(), .end(nil)], &machine, at: later)
        _ = machine.requestDone(now: later)
        #expect(machine.idleCheckDue(now: check) == .checkIdle(at: later + Self.idle))
        #expect(machine.idleCheckDue(now: later + Self.idle) == .close)
    }

    @Test func aRequestReadInFullAndStillAnsweredKeepsTheConnection() throws {
        var machine = Self.fresh()
        let scheduled = machine.idleCheckDeadline()
        let check = try #require(scheduled)
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        #expect(machine.idleCheckDue(now: check + .seconds(600)) == .none)
        _ = machine.requestDone(now: check + .seconds(600))
        #expect(machine.idleCheckDeadline() == check + .seconds(600) + Self.idle, "the answer's end starts the count")
    }

    // MARK: Half-close

    @Test func aClientThatClosesItsSideGetsItsAnswerThenTheConnectionCloses() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        #expect(Self.after(machine.inputClosed(), &machine).isEmpty, "the answer owed goes out first")
        #expect(Self.answered(&machine) == ["close"])
    }

    @Test func aBodyCutShortByAHalfCloseEndsWithAnError() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        #expect(Self.after(machine.inputClosed(), &machine) == ["fail \(ChannelError.eof)"])
    }

    // MARK: Refusals

    @Test func bytesThatAreNotHTTPAreRefusedAfterTheAnswersOwed() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        #expect(Self.after(machine.errorCaught(HTTPParserError.invalidMethod), &machine).isEmpty)
        #expect(machine.errorCaught(HTTPParserError.invalidMethod) == .none, "later failures of the decoder are ignored")
        #expect(Self.answered(&machine) == ["refuse 400"])
        #expect(machine.readRequested() == .none, "nothing is read while the refusal goes out")
        #expect(machine.refusalWritten() == .linger)
        #expect(machine.readRequested() == .read, "a lingering connection reads and drops")
        #expect(machine.inputClosed() == .close)
    }

    @Test func aLingerEndsWithTheConnection() {
        var machine = Self.fresh()
        _ = Self.after(machine.errorCaught(HTTPParserError.invalidMethod), &machine)
        #expect(machine.lingerEnded() == .none, "not before the refusal has left")
        #expect(machine.refusalWritten() == .linger)
        #expect(machine.lingerEnded() == .close)
    }

    @Test func aHeaderSectionTooLargeIsRefused431AtOnce() {
        var machine = Self.fresh()
        #expect(Self.after(machine.errorCaught(HTTPParserError.headerOverflow), &machine) == ["refuse 431"])
    }

    @Test func aRequestTheFramingRefusesIsAnsweredAfterTheAnswersOwed() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get("/a"), .end(nil)], &machine)
        let refusal = FramingRefusal(status: .badRequest, message: "no Host").answering("/b", omittingBody: false)
        #expect(Self.after(machine.framingSaid(.refused(refusal)), &machine).isEmpty, "/a's answer first")
        #expect(Self.after(machine.framingSaid(.refused(refusal)), &machine).isEmpty, "one refusal")
        #expect(Self.answered(&machine) == ["refuse 400"])
    }

    @Test func whatNoAnswerReachesClosesAtOnce() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        #expect(machine.framingSaid(.unanswerable) == .close)
    }

    @Test func aMalformedBodyFailsItsReader() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        #expect(
            Self.after(machine.errorCaught(HTTPParserError.invalidChunkSize), &machine) == [
                "fail \(HTTPParserError.invalidChunkSize)"
            ])
    }

    @Test func anErrorThatIsNotHTTPsClosesTheConnection() {
        var machine = Self.fresh()
        #expect(machine.errorCaught(ChannelError.connectPending) == .close)
    }

    // MARK: Connection: close

    @Test func aResponseThatSaysCloseEndsTheConnectionOnceItHasEnded() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get("/a"), .end(nil), Self.get("/b"), .end(nil)], &machine)
        #expect(Self.after(machine.responseWritten(.head(Self.answer(close: true))), &machine).isEmpty, "not before its body")
        #expect(Self.after(machine.responseWritten(.body), &machine).isEmpty)
        #expect(Self.after(machine.responseWritten(.end), &machine) == ["close"])
        #expect(Self.after(machine.requestDone(now: Self.start), &machine).isEmpty, "the request behind it never starts")
        #expect(machine.readRequested() == .none)
    }

    @Test func aWholeResponseThatSaysCloseClosesOnce() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        #expect(Self.after(machine.responseWritten(.whole(Self.answer(close: true))), &machine) == ["close"])
        #expect(
            Self.after(machine.responseWritten(.whole(Self.answer(close: true))), &machine).isEmpty, "the close is asked for once"
        )
    }

    @Test func anInformationalHeadThatSaysCloseClosesNothing() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        #expect(machine.responseWritten(.head(Self.answer(.continue, close: true, length: nil))) == .none)
        #expect(Self.answered(&machine).isEmpty)
    }

    @Test func aHeadThatSaysCloseWithoutARequestWaitsForItsEnd() {
        var machine = Self.fresh()
        #expect(Self.after(machine.responseWritten(.head(Self.answer(close: true))), &machine).isEmpty)
        #expect(Self.after(machine.responseWritten(.end), &machine) == ["close"])
    }

    @Test func aClosingConnectionEndsABodyCutShortAndIgnoresTheDecoderAfterItFails() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        _ = machine.responseWritten(.head(Self.answer(close: true)))
        #expect(machine.errorCaught(HTTPParserError.invalidMethod) == .none)
        #expect(
            machine.errorCaught(ChannelError.connectPending) == .none,
            "the decoder fails every read after bytes that are not HTTP")
        #expect(Self.drain(&machine).isEmpty, "its body may still arrive")
        #expect(Self.after(machine.inputClosed(), &machine) == ["fail \(ChannelError.eof)"])
        #expect(machine.bodyDeadlinePassed(.init(timeout: .seconds(30))) == .none)
    }

    @Test func aClosingConnectionClosesWhenItsTaskEndsWithoutEndingItsAnswer() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        _ = machine.responseWritten(.head(Self.answer(close: true)))
        #expect(Self.after(machine.requestDone(now: Self.start), &machine) == ["close"])
    }

    @Test func aClosingOrRefusingConnectionWhoseLastBytesNeverLeaveClosesWhenIdle() throws {
        var closing = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &closing)
        _ = Self.answered(&closing, Self.answer(close: true))
        let scheduled = closing.idleCheckDeadline()
        let check = try #require(scheduled)
        #expect(closing.idleCheckDue(now: check) == .close)

        var refusing = Self.fresh()
        _ = refusing.errorCaught(HTTPParserError.headerOverflow)
        #expect(Self.drain(&refusing) == ["refuse 431"])
        #expect(refusing.partArrived(Self.get(), now: Self.start) == .none)
        #expect(refusing.inputClosed() == .none)
        let refusingScheduled = refusing.idleCheckDeadline()
        let refusingCheck = try #require(refusingScheduled)
        #expect(refusing.idleCheckDue(now: refusingCheck) == .close)
    }

    // MARK: HTTP/1.0

    @Test func anHTTP10RequestWithoutKeepAliveIsTheLast() {
        var machine = Self.fresh()
        _ = machine.framingSaid(.http10Request(keepsAlive: false))
        #expect(Self.arrive([Self.get("/a"), .end(nil), Self.get("/b"), .end(nil)], &machine) == ["start /a"])
        #expect(Self.answered(&machine) == ["close"], "its answer is the connection's last")
    }

    @Test func anHTTP10AnswerOfUnknownLengthEndsWithTheConnection() {
        var machine = Self.fresh()
        _ = machine.framingSaid(.http10Request(keepsAlive: true))
        _ = Self.arrive([Self.get("/a"), .end(nil), Self.get("/b"), .end(nil)], &machine)
        #expect(Self.answered(&machine) == ["start /b"], "an answer with its length keeps the connection")
        #expect(Self.answered(&machine).isEmpty, "the next request, HTTP/1.1, keeps it too")

        var unknown = Self.fresh()
        _ = unknown.framingSaid(.http10Request(keepsAlive: true))
        _ = Self.arrive([Self.get("/a"), .end(nil)], &unknown)
        #expect(Self.after(unknown.responseWritten(.head(Self.answer(length: nil))), &unknown).isEmpty)
        #expect(Self.after(unknown.responseWritten(.end), &unknown) == ["close"], "the close marks the body's end")
    }

    // MARK: Closes the pipeline asks for

    @Test func aCloseAskedForWaitsForNothingButTheWrites() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get("/a"), .end(nil), Self.get("/b"), .end(nil)], &machine)
        #expect(Self.after(machine.closeAsked(reset: false), &machine) == ["close"])
        #expect(Self.after(machine.requestDone(now: Self.start), &machine).isEmpty, "the request behind it never starts")
    }

    @Test func aResetAskedForAfterACloseStillResets() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        _ = machine.responseWritten(.head(Self.answer(close: true)))
        #expect(Self.after(machine.closeAsked(reset: true), &machine) == ["reset"])
        #expect(Self.after(machine.closeAsked(reset: false), &machine).isEmpty, "a close after the reset changes nothing")
        #expect(Self.after(machine.closeAsked(reset: true), &machine) == ["reset"], "a reset given before the close happened")
    }

    // MARK: Shutdown

    @Test func aStoppingServerClosesAnIdleConnectionAtOnce() {
        var machine = Self.fresh()
        #expect(Self.after(machine.quiesce(), &machine) == ["close"])
        #expect(machine.readRequested() == .none, "nothing more is read")
        #expect(Self.arrive([Self.get()], &machine).isEmpty, "no request starts")
    }

    @Test func aStoppingServerClosesABusyConnectionOnceItsRequestsAreAnswered() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get("/a"), .end(nil), Self.get("/b"), .end(nil)], &machine)
        #expect(machine.quiesce() == .none)
        #expect(Self.answered(&machine) == ["start /b"], "requests already read are answered")
        #expect(Self.answered(&machine) == ["close"])
    }

    // MARK: The end

    @Test func aClosedChannelEndsTheBodyAndForgetsWhatWaits() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        #expect(Self.after(machine.channelClosed(), &machine) == ["fail \(ChannelError.eof)"])
        #expect(machine.waiting.isEmpty && !machine.bodyEndAwaited)
        #expect(machine.partArrived(Self.get(), now: Self.start) == .none)
        #expect(machine.readRequested() == .none)
    }
}
