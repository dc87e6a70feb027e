import NIOEmbedded

extension NIOAsyncTestingEventLoop {
    /// Shuts the loop down once the work other threads handed it has run. A timer cancelled from
    /// a test's thread completes its promise through the loop; a loop that begins to shut down
    /// first drops that work, and NIO then reports the promise as leaked.
    public func shutDownAfterPendingWork() async {
        await run()
        await shutdownGracefully()
    }
}
