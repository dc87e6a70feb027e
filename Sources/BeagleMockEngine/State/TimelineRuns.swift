import BeagleMockHTTP
import NIOCore
import Synchronization

/// The timelines running now (Docs/Timelines.md), on the clock of an event loop: a server's real
/// loop, or a testing loop whose time the test moves.
///
/// At most one timeline runs for the server (started by `--timeline`, the admin API, MCP or a
/// test's trait); a second start replaces it. Besides it, a client may run one of its own, named
/// in its `X-Mock-Timeline` header, which wins over the server's for that client. A timeline
/// `per: client` keeps a clock for each client, started at the client's first request.
///
/// A request takes the stage in which it arrives (``stage(for:header:connection:)``). Entering a stage that drops
/// connections ends, at that moment, the connections that carried a request of the clients the
/// clock belongs to since the timeline started: a timer on the loop fires at each such boundary.
package final class TimelineRuns: Sendable {
    /// A run: a timeline and its clocks.
    struct Run: Sendable {
        var timeline: Timeline
        /// When it started (its clock, for `per: server`).
        let started: NIODeadline
        /// Each client's clock, for `per: client`: when its first request arrived.
        var clients: [String: NIODeadline] = [:]
        /// Tells timers of a replaced or stopped run that they are stale.
        let id: Int
    }

    /// What ``start(_:)`` replaced, if anything.
    package struct Started: Sendable {
        /// The timeline that ran before, now stopped.
        package let replaced: String?
    }

    private struct State {
        var server: Run?
        /// Timelines started by a client's header, by client.
        var own: [String: Run] = [:]
        var nextID = 0
        /// Connections that carried a request while a timeline ran, with their client.
        var connections: [ObjectIdentifier: (connection: ClientConnection, client: String)] = [:]
        var timers: [TimerKey: Scheduled<Void>] = [:]
        /// When the runs that are over are looked for next (``purge(at:_:)``).
        var nextPurge = NIODeadline.uptimeNanoseconds(0)
    }

    /// A drop timer: one per clock of a run.
    private struct TimerKey: Hashable {
        let run: Int
        let client: String?
    }

    /// The most clients whose clocks are kept in one run, and the most clients' own timelines;
    /// past it, the earliest started is forgotten (its next request starts it again).
    static let clientLimit = 10_000
    /// How often a request looks for runs that are over, besides its own.
    static let purgeInterval = TimeAmount.milliseconds(100)

    private let state = Mutex(State())
    /// Whether any timeline runs: a request reads this alone when none does.
    private let running = Atomic<Bool>(false)
    /// The loop whose clock timelines run on.
    let loop: any EventLoop

    /// Timelines on `loop`'s clock.
    package init(loop: any EventLoop) {
        self.loop = loop
    }

    /// Whether any timeline runs.
    package var isRunning: Bool { running.load(ordering: .relaxed) }

    // MARK: - Starting and stopping

    /// Starts `timeline` for the server, replacing the one that runs; a stage that drops
    /// connections at its very start drops them at once.
    @discardableResult
    package func start(_ timeline: Timeline) -> Started {
        let now = loop.now
        let replaced = state.withLock { state -> String? in
            let replaced = state.server?.timeline.name
            if let old = state.server { Self.cancelTimers(of: old.id, in: &state) }
            state.nextID += 1
            state.server = Run(timeline: timeline, started: now, id: state.nextID)
            running.store(true, ordering: .relaxed)
            return replaced
        }
        if timeline.scope == .server {
            if timeline.stages.first?.dropsConnections == true { drop(client: nil) }
            scheduleDrop(client: nil, own: false, after: .zero)
        }
        return Started(replaced: replaced)
    }

    /// Stops every timeline, the clients' own too (`DELETE /__admin/timeline`, `POST
    /// /__admin/reset`): the name of the server's, else of a client's, nil when none ran.
    @discardableResult
    package func stopAll() -> String? {
        state.withLock { state in
            let stopped = state.server?.timeline.name ?? state.own.values.first?.timeline.name
            for timer in state.timers.values { timer.cancel() }
            state = State(nextID: state.nextID)
            running.store(false, ordering: .relaxed)
            return stopped
        }
    }

    /// The config file changed: a running timeline that it still names takes its new stages,
    /// on the clock it had.
    package func reload(_ timelines: [Timeline]) {
        state.withLock { state in
            if let run = state.server, let changed = timelines.first(where: { $0.name == run.timeline.name }) {
                state.server?.timeline = changed
            }
            for (client, run) in state.own {
                if let changed = timelines.first(where: { $0.name == run.timeline.name }) {
                    state.own[client]?.timeline = changed
                }
            }
        }
    }

    // MARK: - Requests

    /// The stage a request of `client` meets now, starting the client's clock (`per: client`) and
    /// its own timeline (`header`, from its `X-Mock-Timeline`) when they have not started;
    /// `connection` is kept, to be dropped when the client's network is.
    package func stage(
        for client: String, header: Timeline? = nil, connection: ClientConnection? = nil
    ) -> MetStage? {
        let now = loop.now
        var startedClock: (own: Bool, elapsed: Duration)?
        var isNewConnection = false
        let met = state.withLock { state -> MetStage? in
            purge(at: now, &state)
            // The runs this request may meet, ended now if they are over (others, every so often).
            endOver(at: now, owners: [client], &state)
            if let header, state.own[client]?.timeline.name != header.name {
                if let old = state.own[client] {
                    Self.cancelTimers(of: old.id, in: &state)
                } else if state.own.count >= Self.clientLimit,
                    let oldest = state.own.min(by: { $0.value.started < $1.value.started })
                {
                    Self.cancelTimers(of: oldest.value.id, in: &state)
                    state.own[oldest.key] = nil
                }
                state.nextID += 1
                state.own[client] = Run(timeline: header, started: now, id: state.nextID)
                running.store(true, ordering: .relaxed)
                startedClock = (true, .zero)
            }
            if let connection {
                let known = state.connections.updateValue((connection, client), forKey: connection.id)
                isNewConnection = known == nil
            }
            let own = state.own[client] != nil
            guard var run = own ? state.own[client] : state.server else { return nil }
            var started = run.started
            if run.timeline.scope == .client, !own {
                if let clock = run.clients[client] {
                    started = clock
                } else {
                    if run.clients.count >= Self.clientLimit, let oldest = run.clients.min(by: { $0.value < $1.value }) {
                        run.clients[oldest.key] = nil
                    }
                    run.clients[client] = now
                    state.server = run
                    started = now
                    startedClock = (false, .zero)
                }
            }
            let elapsed = now - started
            guard case .stage(let index, _, _, _) = run.timeline.position(after: .nanoseconds(elapsed.nanoseconds)) else {
                return nil
            }
            return MetStage(timeline: run.timeline.name, index: index, stage: run.timeline.stages[index])
        }
        if let connection, isNewConnection {
            connection.whenDeparted { [weak self] in self?.forget(connection) }
        }
        if let startedClock {
            scheduleDrop(client: client, own: startedClock.own, after: startedClock.elapsed)
        }
        return met
    }

    /// A connection has closed: it is no longer kept.
    package func forget(_ connection: ClientConnection) {
        _ = state.withLock { $0.connections.removeValue(forKey: connection.id) }
    }

    // MARK: - Status

    /// Where a run stands for the admin API.
    package struct Status: Sendable {
        package let timeline: Timeline
        /// Whose clock: the server's, or a client's.
        package let client: String?
        /// Whether the client started it with its `X-Mock-Timeline` header.
        package let own: Bool
        /// Where the clock stands.
        package let position: Timeline.Position
        /// How long the clock has run.
        package let elapsed: Duration
    }

    /// The server's timeline and where its clock stands (for `per: client`, each client's clock),
    /// and the clients' own timelines; empty when none runs.
    package func status() -> [Status] {
        let now = loop.now
        return state.withLock { state in
            purge(at: now, &state, always: true)
            var statuses: [Status] = []
            func add(_ run: Run, client: String?, started: NIODeadline, own: Bool = false) {
                let elapsed = Duration.nanoseconds((now - started).nanoseconds)
                statuses.append(
                    Status(
                        timeline: run.timeline, client: client, own: own,
                        position: run.timeline.position(after: elapsed), elapsed: elapsed))
            }
            if let run = state.server {
                if run.timeline.scope == .client {
                    if run.clients.isEmpty { add(run, client: nil, started: now) }
                    for (client, started) in run.clients.sorted(by: { $0.key < $1.key }) {
                        add(run, client: client, started: started)
                    }
                } else {
                    add(run, client: nil, started: run.started)
                }
            }
            for (client, run) in state.own.sorted(by: { $0.key < $1.key }) {
                add(run, client: client, started: run.started, own: true)
            }
            return statuses
        }
    }

    // MARK: - Dropping connections at a stage's start

    /// Schedules the next drop of `client`'s clock (nil: the server's) after `elapsed` on it.
    private func scheduleDrop(client: String?, own: Bool, after elapsed: Duration) {
        state.withLock { state in
            guard let run = own ? client.flatMap({ state.own[$0] }) : state.server else { return }
            let started = run.timeline.scope == .client && !own ? client.flatMap { run.clients[$0] } : run.started
            guard let started, let next = run.timeline.nextDrop(after: elapsed) else { return }
            let id = run.id
            let timerKey = TimerKey(run: id, client: client)
            state.timers[timerKey]?.cancel()
            state.timers[timerKey] = loop.scheduleTask(deadline: started + TimeAmount(next)) { [weak self] in
                self?.dropped(run: id, client: client, own: own, at: next)
            }
        }
    }

    /// A drop's time has come on a clock of run `id`: its connections end, and the next drop is
    /// scheduled.
    private func dropped(run id: Int, client: String?, own: Bool, at elapsed: Duration) {
        let current = state.withLock { state -> Bool in
            state.timers[TimerKey(run: id, client: client)] = nil
            let run = own ? client.flatMap { state.own[$0] } : state.server
            return run?.id == id
        }
        guard current else { return }
        drop(client: client)
        scheduleDrop(client: client, own: own, after: elapsed)
    }

    /// Ends the connections of `client` (nil: of every client on the server's clock).
    private func drop(client: String?) {
        let doomed = state.withLock { state -> [ClientConnection] in
            let ownClients = Set(state.own.keys)
            let matching = state.connections.filter { _, entry in
                if let client { return entry.client == client }
                // The server's clock: every client that does not run its own timeline.
                return !ownClients.contains(entry.client)
            }
            for key in matching.keys { state.connections[key] = nil }
            return matching.values.map(\.connection)
        }
        ClientConnection.drop(doomed)
    }

    /// Whether `run` is over at `now`: its time to live has passed since it started, or its one
    /// clock (its own, or the server's when not `per: client`) has passed its end.
    private static func isOver(_ run: Run, own: Bool, at now: NIODeadline) -> Bool {
        let sinceStart = Duration.nanoseconds((now - run.started).nanoseconds)
        if let ttl = run.timeline.timeToLive, sinceStart >= ttl { return true }
        guard own || run.timeline.scope == .server else { return false }
        return run.timeline.position(after: sinceStart) == .ended
    }

    /// Ends the runs that are over, at most every ``purgeInterval`` unless `always`.
    private func purge(at now: NIODeadline, _ state: inout State, always: Bool = false) {
        guard always || now >= state.nextPurge else { return }
        state.nextPurge = now + Self.purgeInterval
        endOver(at: now, owners: Array(state.own.keys), &state)
    }

    /// Ends the server's run and the own runs of `owners` that are over at `now`; none is left
    /// running when all have ended.
    private func endOver(at now: NIODeadline, owners: [String], _ state: inout State) {
        if let run = state.server, Self.isOver(run, own: false, at: now) {
            Self.cancelTimers(of: run.id, in: &state)
            state.server = nil
        }
        for client in owners {
            guard let run = state.own[client], Self.isOver(run, own: true, at: now) else { continue }
            Self.cancelTimers(of: run.id, in: &state)
            state.own[client] = nil
        }
        if state.server == nil, state.own.isEmpty { running.store(false, ordering: .relaxed) }
    }

    /// Cancels the drop timers of run `run` (a timer that fires anyway finds the run gone).
    private static func cancelTimers(of run: Int, in state: inout State) {
        for (key, timer) in state.timers where key.run == run {
            timer.cancel()
            state.timers[key] = nil
        }
    }

}
