import NIOCore

extension Channel {
    /// Waits for `written`, a write on this channel, only while the connection is not writable
    /// (more unsent bytes than NIO's high watermark: a slow reader) or has closed, and then throws
    /// if it failed. Otherwise returns at once: a long body is held back rather than piling up in
    /// memory, and a short answer costs no trip back from the event loop.
    func waitIfBackedUp(_ written: EventLoopFuture<Void>) async throws {
        guard isWritable, isActive else { return try await written.get() }
    }
}
