/// How one proxied request is recorded (Docs/Proxy.md, "Grow your mock from the real BFF"): the
/// record mode and the size limit in force when it came.
struct RecordPolicy: Sendable, Hashable {
    /// Whether an existing file is replaced.
    let mode: RecordMode
    /// The largest body saved; a larger one is logged and not saved.
    let maxSize: ByteSize
    /// Whether a saved answer's upstream latency becomes a route rule (`--record-latency`).
    var keepsLatency = false
}
