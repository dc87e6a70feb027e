import NIOCore

/// The connection a request came on, as the pipeline sees it: it writes the parts of the answer,
/// asks for the connection to close or reset, and learns when the client has left. Nothing else of
/// the channel is in the pipeline's reach: every byte goes out one way, through the connection's
/// ``HTTPConnectionHandler``, whose ``ConnectionStateMachine`` sees each part and decides the
/// close, then ``HTTP1Framing``.
package struct ClientConnection: Sendable {
    private let channel: any Channel
    private let dispatcher: NIOLoopBound<HTTPConnectionHandler>

    /// The connection of `channel`, served by `dispatcher`.
    package init(channel: any Channel, dispatcher: NIOLoopBound<HTTPConnectionHandler>) {
        self.channel = channel
        self.dispatcher = dispatcher
    }

    /// The connection's event loop, for timers that end with the connection (``LatencyWait``).
    package var eventLoop: any EventLoop { channel.eventLoop }

    /// Which connection this is, the same for every request it carries.
    package var id: ObjectIdentifier { ObjectIdentifier(channel) }

    /// Hands `part` to the dispatcher on the event loop, which writes and flushes it. Waits until
    /// it is written when `waiting`, or when the connection is backed up (more unsent bytes than
    /// NIO's high watermark: a slow reader; or closed), and then throws if writing failed;
    /// otherwise returns at once, with no promise to complete: a long body is held back rather
    /// than piling up in memory, and a short answer costs no trip back from the event loop.
    package func write(_ part: ResponsePart, waiting: Bool = false) async throws {
        let dispatcher = self.dispatcher
        guard waiting || channel.isBackedUp else {
            return channel.eventLoop.execute { dispatcher.value.send(part, promise: nil) }
        }
        let written = channel.eventLoop.makePromise(of: Void.self)
        channel.eventLoop.execute { dispatcher.value.send(part, promise: written) }
        try await written.futureResult.get()
    }

    /// Waits until everything written before, by anyone, has left for the kernel.
    package func flush() async throws {
        try await write(.barrier, waiting: true)
    }

    /// Closes the connection in order (FIN) once what was written has left, and returns once it
    /// has closed.
    package func close() async {
        await end(reset: false)
    }

    /// Resets the connection (RST) once what was written has left, and returns once it has closed.
    package func reset() async {
        await end(reset: true)
    }

    /// Ends `connections` at once, a network lost under them (Docs/Timelines.md): what was
    /// written and has not left is lost, and a request in flight gets no answer. One task on each
    /// event loop ends all of that loop's connections, first each one's output (a FIN, cheap, so
    /// that the last client learns soon), then each one whole (a reset).
    package static func drop(_ connections: [ClientConnection]) {
        let byLoop = Dictionary(grouping: connections) { ObjectIdentifier($0.channel.eventLoop) }
        for group in byLoop.values {
            guard let loop = group.first?.channel.eventLoop else { continue }
            let dispatchers = group.map(\.dispatcher)
            loop.execute {
                for dispatcher in dispatchers { dispatcher.value.shutOutputNow() }
                for dispatcher in dispatchers { dispatcher.value.networkLost() }
            }
        }
    }

    private func end(reset: Bool) async {
        let dispatcher = self.dispatcher
        channel.eventLoop.execute { dispatcher.value.closeAsked(reset: reset) }
        try? await channel.closeFuture.get()
    }

    /// Runs `departed` on the event loop once the client has closed its side (a FIN: Hummingbird
    /// allows half-closure, so the channel stays open) or the connection has ended: at once when
    /// that has happened already.
    package func whenDeparted(_ departed: @escaping @Sendable () -> Void) {
        let (dispatcher, channel) = (self.dispatcher, self.channel)
        channel.eventLoop.execute {
            (dispatcher.value.departure ?? channel.closeFuture).whenComplete { _ in departed() }
        }
    }
}
