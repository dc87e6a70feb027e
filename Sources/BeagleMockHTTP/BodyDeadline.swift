import NIOCore

/// The deadline of a request body (`--body-timeout`, Docs/Configuration.md): a body that has not
/// arrived in full by then makes its read fail with ``Expired``, which the read stage answers with
/// 408. Without it, one byte every few seconds would hold a connection for minutes: body reads
/// wait for as long as bytes keep coming, and the idle timeout never fires while they do.
///
/// It counts from the moment the request starts, that is once the requests pipelined before it are
/// answered: until then the server reads only so far ahead, and a client is not late with bytes the
/// server has not read. ``HTTPConnectionHandler`` runs it as its ``ConnectionStateMachine`` says: from
/// the request's start until the body's end arrives, whether or not the request has read that far
/// yet. Once it passes, the connection closes after
/// the request's answer (a 408 when the request was reading the body), and it keeps running after a
/// request answered without reading its body: nothing waits for a body's rest past it.
package struct BodyDeadline {
    /// The error a body read fails with when the deadline passed first.
    package struct Expired: Error, Sendable {
        /// The deadline, counted from the request's start.
        package let timeout: Duration
    }

    /// How long a body may take.
    package let timeout: Duration
    private var timer: Scheduled<Void>?

    package init(timeout: Duration) {
        self.timeout = timeout
    }

    /// Starts the deadline on `loop`, where `expired` runs unless the deadline is stopped first.
    package mutating func start(on loop: any EventLoop, expired: @escaping (Expired) -> Void) {
        stop()
        let error = Expired(timeout: timeout)
        timer = loop.assumeIsolated().scheduleTask(in: TimeAmount(timeout)) { expired(error) }
    }

    /// Stops the deadline: the body's end arrived, or the connection is over.
    package mutating func stop() {
        timer?.cancel()
        timer = nil
    }
}
