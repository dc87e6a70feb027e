/// What the handlers that read the wire (``OpeningRefusal``, ``HTTP1Framing``, ``PlainHTTPRefusal``)
/// tell ``HTTPConnectionHandler`` about a connection, as inbound user events, in order with the
/// request parts. They decide nothing about the connection's life: its
/// ``ConnectionStateMachine`` does, and only its actions close a channel.
package enum FramingEvent {
    /// The next request head is HTTP/1.0's: without `keepsAlive` (no `Connection: keep-alive`) it
    /// is the connection's last (RFC 9112 §9.3), and an answer of unknown length ends with the
    /// connection (§6.3).
    case http10Request(keepsAlive: Bool)
    /// What arrived is refused: the answer goes out after the answers owed to the requests before
    /// it, and the connection then closes.
    case refused(FramingRefusal)
    /// What arrived can get no answer a client would read (a TLS handshake on the HTTP port,
    /// HTTP/0.9): the connection closes at once.
    case unanswerable
}
