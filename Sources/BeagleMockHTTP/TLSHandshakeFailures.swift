import NIOCore
import Synchronization

/// What the log says of failed TLS handshakes, shared by a server's connections: the first failure
/// of each cause is logged at once; repeats of it are counted and told once per ``quietPeriod``,
/// so that a scanner's thousand handshakes make a few lines, not a thousand.
package final class TLSHandshakeFailures: Sendable {
    /// How long repeats of one cause are counted before they are told.
    package static let quietPeriod = TimeAmount.seconds(60)

    private struct Tally {
        /// When the last line for the cause was logged.
        var lastLogged: NIODeadline
        /// Failures since then, not yet logged.
        var unlogged = 0
    }

    private let tallies = Mutex<[String: Tally]>([:])

    /// The line to log for a handshake from `peer` that failed for `reason` at `now`; nil while
    /// repeats of that reason are being counted.
    package func line(reason: String, peer: String, at now: NIODeadline) -> String? {
        let repeats: Int? = tallies.withLock { tallies in
            guard var tally = tallies[reason] else {
                tallies[reason] = Tally(lastLogged: now)
                return 0
            }
            tally.unlogged += 1
            defer { tallies[reason] = tally }
            guard now - tally.lastLogged >= Self.quietPeriod else { return nil }
            let count = tally.unlogged
            tally = Tally(lastLogged: now)
            return count
        }
        guard let repeats else { return nil }
        let hint = Self.blamesCertificate(reason) ? "; a client that does not trust the CA fails so: beagle-mock ca" : ""
        if repeats == 0 {
            return "TLS handshake from \(peer) failed (\(reason))\(hint)"
        }
        return "TLS handshakes failed \(repeats) more times (\(reason)) in the last minute or more, the last from \(peer)\(hint)"
    }

    /// Whether `reason` is the client's refusal of the certificate (it does not trust it, or it is
    /// for another name or out of date), the one failure the CA's trust can fix: an alert naming
    /// the certificate, or, over TLS 1.3, the encrypted alert an OpenSSL client (curl, Python) sends when it
    /// gives up after the server's certificate, which BoringSSL cannot decrypt.
    package static func blamesCertificate(_ reason: String) -> Bool {
        ["CERTIFICATE", "UNKNOWN_CA", "BAD_CERT", "DECRYPTION_FAILED_OR_BAD_RECORD_MAC"].contains { reason.contains($0) }
    }
}
