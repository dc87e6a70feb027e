/// Where an answer came from, when it was not the mock's own making: a file of the folders, with
/// its route's meter for the metrics (Docs/AdminAPI.md, "Metrics"), or the upstream, with what
/// the proxy did. One reference either way, so that every response carries it at little cost in
/// size. The meter is not counted as a reference: the metrics keep every meter for the server's
/// life (``RequestMetrics``), and a request copies its response a few times on its way.
enum AnswerOrigin: Sendable {
    /// Made by the mock: an error, the echo, a fault's answer.
    case mock
    /// A file of the folders, and its route's meter.
    case file(Unmanaged<RouteMeter>)
    /// The upstream (Docs/Proxy.md).
    case upstream(UpstreamTrace)
}
