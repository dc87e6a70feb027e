import BeagleMockHTTP
import NIOPosix

/// The thread that renders the templates too heavy to render on a request's own task
/// (Docs/Templates.md, "Limits"): a rendering that goes past ``TemplateLimits/inline`` starts
/// again here, with the whole of its limits.
///
/// Requests run on Swift's global executor, which has a thread per core: two heavy renderings
/// there would hold up every other request, the admin API's health among them. Here they wait
/// for each other instead, and the server's other requests keep their pace. One thread for the
/// process, started on first use and never stopped, like NIO's own singleton pool.
enum TemplateRenderThread {
    /// The pool of one thread.
    static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        return pool
    }()

    /// `work`'s result, run on the render thread; nil when the pool does not run.
    static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result? {
        try? await pool.runIfActive(work)
    }
}
