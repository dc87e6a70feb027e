import BeagleMockHTTP
import HTTPTypes
import Logging
import ServiceLifecycle

/// The journal stage: one journal entry, one access-log line and one count in the metrics per
/// request, with one outcome (Docs/AdminAPI.md, "The request journal" and "Metrics").
///
/// An entry is written when the request has been read (so a hang shows while it hangs) and
/// completed when the exchange ends, however it ends: a client that left, a cut at shutdown and a
/// server-side failure are told apart, and the last is also logged as an error naming the file.
package struct RequestJournaler: Sendable {
    let journal: RequestJournal
    let accessLog: AccessLog
    /// Where server-side failures are reported.
    let logger: Logger
    /// The requests' metrics.
    let metrics: RequestMetrics
    private let clock = ContinuousClock()

    package init(journal: RequestJournal, accessLog: AccessLog, logger: Logger, metrics: ServerMetrics) {
        self.journal = journal
        self.accessLog = accessLog
        self.logger = logger
        self.metrics = metrics.requests
    }

    /// One request's exchange, journaled from the moment it arrived.
    struct Exchange: Sendable {
        let started: ContinuousClock.Instant
        var line: AccessLog.Line
        var journalID: Int?
        /// The meter the metrics count the request with (unretained: ``AnswerOrigin``).
        var meter: Unmanaged<RouteMeter>?
        /// Whether the request came over TLS.
        var tls = false
        /// The kind of fault drawn for the request (``Fault/kindIndex``), for the metrics.
        var faultKind: UInt8 = 0
    }

    /// Starts journaling the exchange of a request that arrived at `started`, over TLS when `tls`.
    func start(_ head: HTTPRequest, at started: ContinuousClock.Instant, tls: Bool = false) -> Exchange {
        Exchange(
            started: started,
            line: AccessLog.Line(method: head.method, target: head.path ?? "", status: nil, bytes: 0, duration: .zero),
            tls: tls)
    }

    /// Writes `entry` to the journal: the request has been read.
    func journal(_ entry: consuming JournalEntry, in exchange: inout Exchange) {
        // Taken, not copied: the entry is set in place and moved into the journal.
        entry.tls = exchange.tls
        let id = journal.begin(entry)
        exchange.journalID = id
        exchange.line.journalID = id
    }

    /// Notes what the plan stage drew, for the log line.
    func note(_ plan: RequestPlan, in exchange: inout Exchange) {
        // Its descriptions are made for the log line only.
        guard accessLog.isOn else { return }
        exchange.line.latency = plan.latencyDescription
        exchange.line.fault = plan.faultDescription
        if plan.pacing != .unpaced { exchange.line.note = "\(plan.pacing)" }
    }

    /// Notes what answered the request (the source stage's `response`) and what `plan` drew, for
    /// the metrics.
    func note(
        answeredBy response: borrowing OutgoingResponse, plan: borrowing RequestPlan, echo: Bool, in exchange: inout Exchange
    ) {
        let meter =
            response.answeredBy ?? metrics.meter(upstream: response.upstream != nil, echo: echo, rule: plan.rule)
        // Known now, and not kept until the end: the latency injected. Most requests have none,
        // which the histogram counts without being told (``LatencyHistogram/write(name:labels:observations:into:)``).
        if plan.latency != .zero {
            let nanoseconds = RequestMetrics.nanoseconds(plan.latency)
            meter._withUnsafeGuaranteedRef { $0.injected.record(nanoseconds: nanoseconds) }
        }
        exchange.meter = meter
        exchange.faultKind = plan.fault.kindIndex
    }

    /// Notes why a request was refused, for the log line and the metrics.
    func note(refusal reason: String, in exchange: inout Exchange) {
        exchange.line.note = reason
        exchange.meter = .passUnretained(metrics.meter(for: .refused))
    }

    /// Completes the exchange with what went out; `upstream` says what the proxy did, when the
    /// answer came from the upstream.
    func finish(_ exchange: Exchange, _ delivery: Delivery, upstream: UpstreamTrace? = nil) {
        var exchange = exchange
        let duration = clock.now - exchange.started
        if let id = exchange.journalID {
            journal.complete(
                id, status: delivery.status, bytes: delivery.bytes, duration: duration, outcome: delivery.outcome,
                response: delivery.response, untilHead: delivery.headDue.map { $0 - exchange.started })
            if let upstream { journal.noteProxied(id, recorded: upstream.recorded) }
            // An answer that failed before its source stage counts as nothing answering.
            let meter = exchange.meter ?? metrics.meter(upstream: false, echo: false, rule: nil)
            meter._withUnsafeGuaranteedRef {
                $0.record(
                    status: delivery.status ?? 0, faultKind: exchange.faultKind, served: RequestMetrics.nanoseconds(duration))
            }
        }
        if let upstream {
            exchange.line.append("proxied")
            if let recorded = upstream.recorded { exchange.line.append("recorded=\(recorded)") }
        }
        exchange.line.status = delivery.status
        exchange.line.bytes = delivery.bytes
        if delivery.outcome != .ok { exchange.line.append("outcome=\(delivery.outcome.rawValue)") }
        exchange.line.duration = duration
        accessLog.write(exchange.line)
    }

    /// Completes the exchange of a request whose answer failed with `error` after `status` was
    /// (or would have been) sent; returns the outcome.
    @discardableResult
    func finish(_ exchange: Exchange, failure error: any Error, status: Int?, upstream: UpstreamTrace? = nil) -> Outcome {
        let outcome = Self.outcome(of: error)
        if let failure = error as? any BodySourceFailure {
            logger.error("\(failure)", metadata: failure.logMetadata)
        }
        finish(
            exchange, Delivery(status: outcome == .serverError ? status : nil, bytes: 0, outcome: outcome), upstream: upstream)
        return outcome
    }

    /// What an error thrown while answering says about how the exchange ended.
    static func outcome(of error: any Error) -> Outcome {
        if error is any BodySourceFailure { return .serverError }
        if error is CancellationError || Task.isCancelled { return .shutdown }
        return .clientGone
    }
}
