import NIOCore

/// Closes a connection left idle: `timeout` after the last part of a request arrived or the last
/// answer ended, unless a request read in full is still being answered then (its end starts the
/// count again). The rule of Hummingbird's `HTTPConnectionStateHandler`, held by
/// ``RequestDispatcher`` instead of a handler of its own, which every part of every request and
/// response crossed.
struct IdleTimeout {
    /// How long a connection may stay idle.
    let timeout: Duration
    private var lastActive = NIODeadline.now()
    private var timer: Scheduled<Void>?

    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// Something arrived or was answered: the idle time starts again.
    mutating func noteActivity() {
        lastActive = .now()
    }

    /// Whether the connection has been idle for the whole timeout.
    var hasPassed: Bool { NIODeadline.now() >= lastActive + TimeAmount(timeout) }

    /// Whether a check is due.
    var isScheduled: Bool { timer != nil }

    /// Runs `check` on `loop` when the timeout may have passed, unless a check is already due.
    mutating func schedule(on loop: any EventLoop, check: @escaping () -> Void) {
        guard timer == nil else { return }
        timer = loop.assumeIsolated().scheduleTask(deadline: lastActive + TimeAmount(timeout)) { check() }
    }

    /// The due check ran: the next needs scheduling.
    mutating func checked() {
        timer = nil
    }

    /// Stops watching: the connection is over.
    mutating func stop() {
        timer?.cancel()
        timer = nil
    }
}
