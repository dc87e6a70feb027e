import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import Testing

@testable import BeagleMock

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
            case .closeAfterWrites: steps.append("close")
            case .refuse(let refusal): steps.append("refuse \(refusal.status.code)")
            case .wait: return steps
            }
        }
    }

    /// Parts arrive at `now`; the steps they lead to.
    static func arrive(_ parts: [HTTPRequestPart], _ machine: inout Machine, at now: NIODeadline = start) -> [String] {
        var steps: [String] = []
        for part in parts {
            if machine.partArrived(part, now: now) == .stopBodyDeadlineAndDrain { steps.append("stop deadline") }
            steps += drain(&machine)
        }
        return steps
    }

    static func fresh() -> Machine { Machine(idleTimeout: idle, now: start) }

    // MARK: Pipelining

    @Test func pipelinedRequestsStartOneAtATime() {
        var machine = Self.fresh()
        #expect(Self.arrive([Self.get("/a"), .end(nil), Self.get("/b"), .end(nil)], &machine) == ["start /a"])
        #expect(machine.waiting.count == 2, "the second request waits for the first's answer")
        let written = machine.responseWritten(.whole(closes: false))
        #expect(written == false)
        let done = machine.requestDone(now: Self.start)
        #expect(done == .init(finishBody: false, closeAfterWrites: false, goOn: true))
        #expect(Self.drain(&machine) == ["start /b"])
        #expect(machine.waiting.isEmpty)
    }

    @Test func readingPausesWhenEnoughPartsWait() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get("/a"), .end(nil)], &machine)
        for index in 0..<Machine.readAhead {
            let reads = machine.readRequested()
            #expect(reads, "\(index) parts wait")
            _ = Self.arrive([index.isMultiple(of: 2) ? Self.get() : .end(nil)], &machine)
        }
        let reads2 = machine.readRequested()
        #expect(!reads2)
        _ = machine.requestDone(now: Self.start)
        _ = Self.drain(&machine)
        let readsNow = machine.readIfPending()
        #expect(readsNow, "the held-back read happens once parts have gone on")
        let readsNow2 = machine.readIfPending()
        #expect(!readsNow2, "once")
    }

    // MARK: Bodies

    @Test func aBodyFlowsUntilItsTaskStopsTakingItThenResumes() {
        var machine = Self.fresh()
        #expect(Self.arrive([Self.post(), Self.piece("ab")], &machine) == ["start /cart +deadline", "yield ab"])
        machine.bodyYielded(wantsMore: false)
        #expect(machine.request?.body == .paused)
        #expect(Self.arrive([Self.piece("cd")], &machine).isEmpty, "held back while the task has not taken what came")
        let reads = machine.readRequested()
        #expect(!reads, "reading pauses with the body")
        machine.bodyDemanded()
        #expect(Self.drain(&machine) == ["yield cd"])
        let readsNow = machine.readIfPending()
        #expect(readsNow)
        #expect(Self.arrive([.end(nil)], &machine) == ["stop deadline", "finish"])
        #expect(machine.request?.ended == true)
    }

    @Test func aBodyWhoseEndAlreadyWaitsHasNoDeadline() {
        var machine = Self.fresh()
        let arrived = machine.partArrived(Self.get("/a"), now: Self.start)
        #expect(arrived == .drain)
        let arrived2 = machine.partArrived(.end(nil), now: Self.start)
        #expect(arrived2 == .drain)
        for part in [Self.post(), Self.piece("abcd"), .end(nil)] { _ = machine.partArrived(part, now: Self.start) }
        #expect(Self.drain(&machine) == ["start /a"])
        _ = machine.requestDone(now: Self.start)
        #expect(Self.drain(&machine) == ["start /cart", "yield abcd", "finish"])
        #expect(!machine.bodyEndAwaited)
    }

    @Test func aBodyLeftUnreadIsDroppedAndTheNextRequestStartsAfterItsEnd() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post()], &machine)
        let done = machine.requestDone(now: Self.start)
        #expect(done.finishBody, "the body's reader, if any, gets an end")
        #expect(Self.drain(&machine).isEmpty)
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
        let closed = machine.inputClosed()
        #expect(closed == .drain)
        #expect(Self.drain(&machine).isEmpty, "/b waits for /a's answer")
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
        machine.bodyDemanded()
        #expect(Self.drain(&machine) == ["yield 2", "finish"])
        _ = machine.requestDone(now: Self.start)
        #expect(Self.drain(&machine) == ["close"], "then the connection closes")
    }

    @Test func aStaleDemandChangesNothing() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        machine.bodyDemanded()
        #expect(machine.request?.body == .flowing)
        machine.bodyYielded(wantsMore: true)
        #expect(machine.request?.body == .flowing)
    }

    @Test func aMalformedBodyOfAPipelinedRequestFailsItsReaderOnceItStarts() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get("/a"), .end(nil), Self.post("/b"), Self.piece("ab")], &machine)
        let failed = machine.errorCaught(HTTPParserError.invalidChunkSize)
        #expect(failed == .drain)
        #expect(Self.drain(&machine).isEmpty)
        _ = machine.requestDone(now: Self.start)
        #expect(Self.drain(&machine) == ["start /b +deadline", "yield ab", "fail \(HTTPParserError.invalidChunkSize)"])
    }

    // MARK: The body deadline

    @Test func aBodyOutOfTimeFailsItsReaderAndClosesAfterTheAnswer() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        let deadline = machine.bodyDeadlinePassed(.init(timeout: .seconds(30)))
        #expect(deadline == .drain)
        #expect(Self.drain(&machine) == ["fail expired"])
        #expect(Self.arrive([Self.piece("cd"), .end(nil)], &machine).isEmpty, "the rest is dropped")
        let written = machine.responseWritten(.whole(closes: false))
        #expect(written == false)
        #expect(machine.requestDone(now: Self.start) == .init(finishBody: false, closeAfterWrites: true, goOn: false))
        let reads = machine.readRequested()
        #expect(!reads)
    }

    @Test func aBodyOutOfTimeWithNoRequestLeftClosesAtOnce() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post()], &machine)
        _ = machine.requestDone(now: Self.start)
        let deadline = machine.bodyDeadlinePassed(.init(timeout: .seconds(30)))
        #expect(deadline == .close)
    }

    @Test func aDeadlineWhoseBodyEndedChangesNothing() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("abcd"), .end(nil)], &machine)
        let deadline = machine.bodyDeadlinePassed(.init(timeout: .seconds(30)))
        #expect(deadline == .none)
        #expect(machine.requestDone(now: Self.start).goOn)
    }

    // MARK: Idleness

    @Test func anIdleConnectionClosesAfterItsTimeout() throws {
        var machine = Self.fresh()
        let scheduled = machine.idleCheckDeadline()
        let check = try #require(scheduled)
        #expect(check == Self.start + Self.idle)
        let scheduled2 = machine.idleCheckDeadline()
        #expect(scheduled2 == nil, "one check at a time")
        let idle = machine.idleCheckDue(now: check)
        #expect(idle == .close)
    }

    @Test func activityPutsTheIdleCheckOff() throws {
        var machine = Self.fresh()
        let scheduled = machine.idleCheckDeadline()
        let check = try #require(scheduled)
        let later = Self.start + .seconds(30)
        _ = Self.arrive([Self.get(), .end(nil)], &machine, at: later)
        _ = machine.requestDone(now: later)
        let idle = machine.idleCheckDue(now: check)
        #expect(idle == .checkAgain(at: later + Self.idle))
        let idle2 = machine.idleCheckDue(now: later + Self.idle)
        #expect(idle2 == .close)
    }

    @Test func aRequestReadInFullAndStillAnsweredKeepsTheConnection() throws {
        var machine = Self.fresh()
        let scheduled = machine.idleCheckDeadline()
        let check = try #require(scheduled)
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        let idle = machine.idleCheckDue(now: check + .seconds(600))
        #expect(idle == .none)
        _ = machine.requestDone(now: check + .seconds(600))
        let scheduled2 = machine.idleCheckDeadline()
        #expect(scheduled2 == check + .seconds(600) + Self.idle, "the answer's end starts the count")
    }

    // MARK: Half-close

    @Test func aClientThatClosesItsSideGetsItsAnswerThenTheConnectionCloses() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        let closed = machine.inputClosed()
        #expect(closed == .drain)
        #expect(Self.drain(&machine).isEmpty, "the answer owed goes out first")
        _ = machine.responseWritten(.whole(closes: false))
        #expect(machine.requestDone(now: Self.start).goOn)
        #expect(Self.drain(&machine) == ["close"])
    }

    @Test func aBodyCutShortByAHalfCloseEndsWithAnError() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        let closed = machine.inputClosed()
        #expect(closed == .drain)
        #expect(Self.drain(&machine) == ["fail \(ChannelError.eof)"])
    }

    // MARK: Bytes that are not HTTP

    @Test func bytesThatAreNotHTTPAreRefusedAfterTheAnswersOwed() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        let refused = machine.errorCaught(HTTPParserError.invalidMethod)
        #expect(refused == .drain)
        #expect(Self.drain(&machine).isEmpty)
        let refused2 = machine.errorCaught(HTTPParserError.invalidMethod)
        #expect(refused2 == .none, "later failures of the decoder are ignored")
        _ = machine.responseWritten(.whole(closes: false))
        _ = machine.requestDone(now: Self.start)
        #expect(Self.drain(&machine) == ["refuse 400"])
        let reads = machine.readRequested()
        #expect(!reads, "nothing is read while the refusal goes out")
        machine.refusalWritten()
        let reads2 = machine.readRequested()
        #expect(reads2, "a lingering connection reads and drops")
        let closed = machine.inputClosed()
        #expect(closed == .close)
    }

    @Test func aHeaderSectionTooLargeIsRefused431AtOnce() {
        var machine = Self.fresh()
        let refused = machine.errorCaught(HTTPParserError.headerOverflow)
        #expect(refused == .drain)
        #expect(Self.drain(&machine) == ["refuse 431"])
    }

    @Test func aMalformedBodyFailsItsReader() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        let refused = machine.errorCaught(HTTPParserError.invalidChunkSize)
        #expect(refused == .drain)
        #expect(Self.drain(&machine) == ["fail \(HTTPParserError.invalidChunkSize)"])
    }

    @Test func anErrorThatIsNotHTTPsClosesTheConnection() {
        var machine = Self.fresh()
        let refused = machine.errorCaught(ChannelError.connectPending)
        #expect(refused == .close)
    }

    // MARK: Connection: close

    @Test func aResponseThatSaysCloseEndsTheConnectionOnceItHasEnded() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get("/a"), .end(nil), Self.get("/b"), .end(nil)], &machine)
        let written = machine.responseWritten(.head(closes: true))
        #expect(written == false, "not before its body")
        let written2 = machine.responseWritten(.body)
        #expect(written2 == false)
        let written3 = machine.responseWritten(.end)
        #expect(written3 == true)
        #expect(machine.requestDone(now: Self.start) == .init(finishBody: false, closeAfterWrites: false, goOn: false))
        #expect(Self.drain(&machine).isEmpty, "the request behind it never starts")
        let reads = machine.readRequested()
        #expect(!reads)
    }

    @Test func aWholeResponseThatSaysCloseClosesAtOnce() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        let written = machine.responseWritten(.whole(closes: true))
        #expect(written == true)
        let written2 = machine.responseWritten(.whole(closes: true))
        #expect(written2 == false, "the close is asked for once")
    }

    @Test func aHeadThatSaysCloseWithoutARequestWaitsForItsEnd() {
        var machine = Self.fresh()
        let head = machine.responseWritten(.head(closes: true))
        #expect(head == false)
        let end = machine.responseWritten(.end)
        #expect(end == true)
    }

    @Test func aClosingConnectionEndsABodyCutShortAndIgnoresTheDecoderAfterItFails() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        _ = machine.responseWritten(.head(closes: true))
        let failed = machine.errorCaught(HTTPParserError.invalidMethod)
        #expect(failed == .none)
        let again = machine.errorCaught(ChannelError.connectPending)
        #expect(again == .none, "the decoder fails every read after bytes that are not HTTP")
        #expect(Self.drain(&machine).isEmpty, "its body may still arrive")
        let closed = machine.inputClosed()
        #expect(closed == .drain)
        #expect(Self.drain(&machine) == ["fail \(ChannelError.eof)"])
        let late = machine.bodyDeadlinePassed(.init(timeout: .seconds(30)))
        #expect(late == .none)
    }

    @Test func aClosingConnectionClosesWhenItsTaskEndsWithoutEndingItsAnswer() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        _ = machine.responseWritten(.head(closes: true))
        let done = machine.requestDone(now: Self.start)
        #expect(done == .init(finishBody: false, closeAfterWrites: true, goOn: false))
    }

    @Test func aClosingOrRefusingConnectionWhoseLastBytesNeverLeaveClosesWhenIdle() throws {
        var closing = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &closing)
        _ = closing.responseWritten(.whole(closes: true))
        _ = closing.requestDone(now: Self.start)
        let scheduled = closing.idleCheckDeadline()
        let check = try #require(scheduled)
        let idle = closing.idleCheckDue(now: check)
        #expect(idle == .close)

        var refusing = Self.fresh()
        _ = refusing.errorCaught(HTTPParserError.headerOverflow)
        #expect(Self.drain(&refusing) == ["refuse 431"])
        let arrived = refusing.partArrived(Self.get(), now: Self.start)
        #expect(arrived == .none)
        let closed = refusing.inputClosed()
        #expect(closed == .none)
        let refusingScheduled = refusing.idleCheckDeadline()
        let refusingCheck = try #require(refusingScheduled)
        let refusingIdle = refusing.idleCheckDue(now: refusingCheck)
        #expect(refusingIdle == .close)
    }

    // MARK: Shutdown

    @Test func aStoppingServerClosesAnIdleConnectionAtOnce() {
        var machine = Self.fresh()
        let closesNow = machine.quiesce()
        #expect(closesNow)
        let reads = machine.readRequested()
        #expect(!reads, "nothing more is read")
        let arrived = machine.partArrived(Self.get(), now: Self.start)
        #expect(arrived == .drain)
        #expect(Self.drain(&machine).isEmpty, "no request starts")
    }

    @Test func aStoppingServerClosesABusyConnectionOnceItsRequestsAreAnswered() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get("/a"), .end(nil), Self.get("/b"), .end(nil)], &machine)
        let closesNow = machine.quiesce()
        #expect(!closesNow)
        _ = machine.requestDone(now: Self.start)
        #expect(Self.drain(&machine) == ["start /b"], "requests already read are answered")
        _ = machine.requestDone(now: Self.start)
        #expect(Self.drain(&machine) == ["close"])
    }

    // MARK: The end

    @Test func aClosedChannelEndsTheBodyAndForgetsWhatWaits() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        let endsBody = machine.channelClosed()
        #expect(endsBody)
        #expect(machine.waiting.isEmpty && !machine.bodyEndAwaited)
        let arrived = machine.partArrived(Self.get(), now: Self.start)
        #expect(arrived == .none)
        let reads = machine.readRequested()
        #expect(!reads)
    }
}
