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
            case .startRequest(let head, let deadline): steps.append("start \(head.path ?? "")\(deadline ? " +deadline" : "")")
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
        let answer1 = machine.responseWritten(.whole(closes: false))
        #expect(answer1 == false)
        let done = machine.requestDone(now: Self.start)
        #expect(done == .init(finishBody: false, closeAfterWrites: false, goOn: true))
        #expect(Self.drain(&machine) == ["start /b"])
        #expect(machine.waiting.isEmpty)
    }

    @Test func readingPausesWhenEnoughPartsWait() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get("/a"), .end(nil)], &machine)
        for index in 0..<Machine.readAhead {
            let answer2 = machine.readRequested()
            #expect(answer2, "\(index) parts wait")
            _ = Self.arrive([index.isMultiple(of: 2) ? Self.get() : .end(nil)], &machine)
        }
        let answer3 = machine.readRequested()
        #expect(!answer3)
        _ = machine.requestDone(now: Self.start)
        _ = Self.drain(&machine)
        let answer4 = machine.readIfPending()
        #expect(answer4, "the held-back read happens once parts have gone on")
        let answer5 = machine.readIfPending()
        #expect(!answer5, "once")
    }

    // MARK: Bodies

    @Test func aBodyFlowsUntilItsTaskStopsTakingItThenResumes() {
        var machine = Self.fresh()
        #expect(Self.arrive([Self.post(), Self.piece("ab")], &machine) == ["start /cart +deadline", "yield ab"])
        machine.bodyYielded(wantsMore: false)
        #expect(machine.request?.body == .paused)
        #expect(Self.arrive([Self.piece("cd")], &machine).isEmpty, "held back while the task has not taken what came")
        let answer6 = machine.readRequested()
        #expect(!answer6, "reading pauses with the body")
        machine.bodyDemanded()
        #expect(Self.drain(&machine) == ["yield cd"])
        let answer7 = machine.readIfPending()
        #expect(answer7)
        #expect(Self.arrive([.end(nil)], &machine) == ["stop deadline", "finish"])
        #expect(machine.request?.ended == true)
    }

    @Test func aBodyWhoseEndAlreadyWaitsHasNoDeadline() {
        var machine = Self.fresh()
        let answer8 = machine.partArrived(Self.get("/a"), now: Self.start)
        #expect(answer8 == .drain)
        let answer9 = machine.partArrived(.end(nil), now: Self.start)
        #expect(answer9 == .drain)
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

    // MARK: The body deadline

    @Test func aBodyOutOfTimeFailsItsReaderAndClosesAfterTheAnswer() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        let answer10 = machine.bodyDeadlinePassed(.init(timeout: .seconds(30)))
        #expect(answer10 == .drain)
        #expect(Self.drain(&machine) == ["fail expired"])
        #expect(Self.arrive([Self.piece("cd"), .end(nil)], &machine).isEmpty, "the rest is dropped")
        let answer11 = machine.responseWritten(.whole(closes: false))
        #expect(answer11 == false)
        #expect(machine.requestDone(now: Self.start) == .init(finishBody: false, closeAfterWrites: true, goOn: false))
        let answer12 = machine.readRequested()
        #expect(!answer12)
    }

    @Test func aBodyOutOfTimeWithNoRequestLeftClosesAtOnce() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post()], &machine)
        _ = machine.requestDone(now: Self.start)
        let answer13 = machine.bodyDeadlinePassed(.init(timeout: .seconds(30)))
        #expect(answer13 == .close)
    }

    @Test func aDeadlineWhoseBodyEndedChangesNothing() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("abcd"), .end(nil)], &machine)
        let answer14 = machine.bodyDeadlinePassed(.init(timeout: .seconds(30)))
        #expect(answer14 == .none)
        #expect(machine.requestDone(now: Self.start).goOn)
    }

    // MARK: Idleness

    @Test func anIdleConnectionClosesAfterItsTimeout() throws {
        var machine = Self.fresh()
        let scheduled = machine.idleCheckDeadline()
        let check = try #require(scheduled)
        #expect(check == Self.start + Self.idle)
        let answer15 = machine.idleCheckDeadline()
        #expect(answer15 == nil, "one check at a time")
        let answer16 = machine.idleCheckDue(now: check)
        #expect(answer16 == .close)
    }

    @Test func activityPutsTheIdleCheckOff() throws {
        var machine = Self.fresh()
        let scheduled = machine.idleCheckDeadline()
        let check = try #require(scheduled)
        let later = Self.start + .seconds(30)
        _ = Self.arrive([Self.get(), .end(nil)], &machine, at: later)
        _ = machine.requestDone(now: later)
        let answer17 = machine.idleCheckDue(now: check)
        #expect(answer17 == .checkAgain(at: later + Self.idle))
        let answer18 = machine.idleCheckDue(now: later + Self.idle)
        #expect(answer18 == .close)
    }

    @Test func aRequestReadInFullAndStillAnsweredKeepsTheConnection() throws {
        var machine = Self.fresh()
        let scheduled = machine.idleCheckDeadline()
        let check = try #require(scheduled)
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        let answer19 = machine.idleCheckDue(now: check + .seconds(600))
        #expect(answer19 == .none)
        _ = machine.requestDone(now: check + .seconds(600))
        let answer20 = machine.idleCheckDeadline()
        #expect(answer20 == check + .seconds(600) + Self.idle, "the answer's end starts the count")
    }

    // MARK: Half-close

    @Test func aClientThatClosesItsSideGetsItsAnswerThenTheConnectionCloses() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        let answer21 = machine.inputClosed()
        #expect(answer21 == .drain)
        #expect(Self.drain(&machine).isEmpty, "the answer owed goes out first")
        _ = machine.responseWritten(.whole(closes: false))
        #expect(machine.requestDone(now: Self.start).goOn)
        #expect(Self.drain(&machine) == ["close"])
    }

    @Test func aBodyCutShortByAHalfCloseEndsWithAnError() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        let answer22 = machine.inputClosed()
        #expect(answer22 == .drain)
        #expect(Self.drain(&machine) == ["fail \(ChannelError.eof)"])
    }

    // MARK: Bytes that are not HTTP

    @Test func bytesThatAreNotHTTPAreRefusedAfterTheAnswersOwed() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        let answer23 = machine.errorCaught(HTTPParserError.invalidMethod)
        #expect(answer23 == .drain)
        #expect(Self.drain(&machine).isEmpty)
        let answer24 = machine.errorCaught(HTTPParserError.invalidMethod)
        #expect(answer24 == .none, "later failures of the decoder are ignored")
        _ = machine.responseWritten(.whole(closes: false))
        _ = machine.requestDone(now: Self.start)
        #expect(Self.drain(&machine) == ["refuse 400"])
        let answer25 = machine.readRequested()
        #expect(!answer25, "nothing is read while the refusal goes out")
        machine.refusalWritten()
        let answer26 = machine.readRequested()
        #expect(answer26, "a lingering connection reads and drops")
        let answer27 = machine.inputClosed()
        #expect(answer27 == .close)
    }

    @Test func aHeaderSectionTooLargeIsRefused431AtOnce() {
        var machine = Self.fresh()
        let answer28 = machine.errorCaught(HTTPParserError.headerOverflow)
        #expect(answer28 == .drain)
        #expect(Self.drain(&machine) == ["refuse 431"])
    }

    @Test func aMalformedBodyFailsItsReader() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        let answer29 = machine.errorCaught(HTTPParserError.invalidChunkSize)
        #expect(answer29 == .drain)
        #expect(Self.drain(&machine) == ["fail \(HTTPParserError.invalidChunkSize)"])
    }

    @Test func anErrorThatIsNotHTTPsClosesTheConnection() {
        var machine = Self.fresh()
        let answer30 = machine.errorCaught(ChannelError.connectPending)
        #expect(answer30 == .close)
    }

    // MARK: Connection: close

    @Test func aResponseThatSaysCloseEndsTheConnectionOnceItHasEnded() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get("/a"), .end(nil), Self.get("/b"), .end(nil)], &machine)
        let answer31 = machine.responseWritten(.head(closes: true))
        #expect(answer31 == false, "not before its body")
        let answer32 = machine.responseWritten(.body)
        #expect(answer32 == false)
        let answer33 = machine.responseWritten(.end)
        #expect(answer33 == true)
        #expect(machine.requestDone(now: Self.start) == .init(finishBody: false, closeAfterWrites: false, goOn: false))
        #expect(Self.drain(&machine).isEmpty, "the request behind it never starts")
        let answer34 = machine.readRequested()
        #expect(!answer34)
    }

    @Test func aWholeResponseThatSaysCloseClosesAtOnce() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get(), .end(nil)], &machine)
        let answer35 = machine.responseWritten(.whole(closes: true))
        #expect(answer35 == true)
        let answer36 = machine.responseWritten(.whole(closes: true))
        #expect(answer36 == false, "the close is asked for once")
    }

    // MARK: Shutdown

    @Test func aStoppingServerClosesAnIdleConnectionAtOnce() {
        var machine = Self.fresh()
        let answer37 = machine.quiesce()
        #expect(answer37)
        let answer38 = machine.idleCheckDeadline()
        #expect(answer38 == nil)
    }

    @Test func aStoppingServerClosesABusyConnectionOnceItsRequestsAreAnswered() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.get("/a"), .end(nil), Self.get("/b"), .end(nil)], &machine)
        let answer39 = machine.quiesce()
        #expect(!answer39)
        _ = machine.requestDone(now: Self.start)
        #expect(Self.drain(&machine) == ["start /b"], "requests already read are answered")
        _ = machine.requestDone(now: Self.start)
        #expect(Self.drain(&machine) == ["close"])
    }

    // MARK: The end

    @Test func aClosedChannelEndsTheBodyAndForgetsWhatWaits() {
        var machine = Self.fresh()
        _ = Self.arrive([Self.post(), Self.piece("ab")], &machine)
        let answer40 = machine.channelClosed()
        #expect(answer40)
        #expect(machine.waiting.isEmpty && !machine.bodyEndAwaited)
        let answer41 = machine.partArrived(Self.get(), now: Self.start)
        #expect(answer41 == .none)
        let answer42 = machine.readRequested()
        #expect(!answer42)
    }
}
