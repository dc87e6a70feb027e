import NIOCore

extension Channel {
    /// Whether a write on this channel should wait until it is written: the connection is not
    /// writable (more unsent bytes than NIO's high watermark: a slow reader) or has closed. Otherwise
    /// a write returns at once: a long body is held back rather than piling up in memory, and a
    /// short answer costs no trip back from the event loop.
    @inlinable
    package var isBackedUp: Bool { !isWritable || !isActive }
}
