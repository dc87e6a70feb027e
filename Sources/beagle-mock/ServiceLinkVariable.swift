/// Kubernetes gives every container in a namespace variables for each Service there, as Docker's
/// links did: a Service named `beagle-mock` sets `BEAGLE_MOCK_PORT=tcp://10.96.0.10:80`, one named
/// `beagle-mock-tls` sets `BEAGLE_MOCK_TLS_PORT`. Such a value is another Service's address, not a
/// port to listen on or to ask, so it is taken as unset (Docs/Kubernetes.md).
enum ServiceLinkVariable {
    /// Whether `value` is a service link's address: `tcp://`, `udp://` or `sctp://` and the rest.
    static func isServiceLink(_ value: String) -> Bool {
        ["tcp://", "udp://", "sctp://"].contains { value.hasPrefix($0) }
    }
}
