import Foundation

/// The header fields that describe one connection, not the message (RFC 9110, section 7.6.1):
/// `Connection`, `Keep-Alive`, `Proxy-*`, `TE`, `Trailer`, `Transfer-Encoding`, `Upgrade`, and every
/// name the message's `Connection` header lists. Header echo never echoes them and the proxy never
/// forwards them, in either direction (Docs/Proxy.md).
package struct HopByHopHeaders: Sendable {
    private static let fixed: Set<String> = ["connection", "keep-alive", "te", "trailer", "transfer-encoding", "upgrade"]

    /// The names listed by the message's `Connection` header, lower case.
    private let named: Set<String>

    /// The hop-by-hop names of a message whose `Connection` header values are `connection`.
    package init(connection values: some Sequence<String>) {
        var named: Set<String> = []
        for value in values {
            for token in value.split(separator: ",") {
                let name = token.trimmingCharacters(in: .whitespaces).lowercased()
                if !name.isEmpty { named.insert(name) }
            }
        }
        self.named = named
    }

    /// Whether the field `name` belongs to the connection only.
    package func contains(_ name: String) -> Bool {
        let lower = name.lowercased()
        return Self.fixed.contains(lower) || lower.hasPrefix("proxy-") || named.contains(lower)
    }
}
