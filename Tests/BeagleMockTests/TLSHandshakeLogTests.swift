import Logging
import MockTestSupport
import NIOCore
import NIOEmbedded
import NIOTLS
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// A handshake that stalls is closed after its time, on the event loop's clock (advanced here, not
/// waited for); a failed one is logged by its cause, the trust hint only for the certificate's,
/// and a scan's repeats are counted rather than printed one by one.
@Suite struct TLSHandshakeLogTests {
    func connected(_ handler: TLSHandshakeLog) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: handler)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 4433)).wait()
        return channel
    }

    @Test func aStalledHandshakeIsClosedAtItsTimeAndLogged() throws {
        let log = LogCapture()
        let channel = try connected(TLSHandshakeLog(logger: log.logger, failures: TLSHandshakeFailures()))
        channel.embeddedEventLoop.advanceTime(by: TLSHandshakeLog.defaultTimeout - .milliseconds(1))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive)
        let line = try #require(log.entries.first?.message)
        #expect(line.contains("no handshake within 10 s"), "\(line)")
        #expect(!line.contains("beagle-mock ca"), "\(line)")
    }

    @Test func aFinishedHandshakeIsNotTimed() throws {
        let channel = try connected(TLSHandshakeLog(logger: LogCapture().logger, failures: TLSHandshakeFailures()))
        channel.pipeline.fireUserInboundEventTriggered(TLSUserEvent.handshakeCompleted(negotiatedProtocol: "http/1.1"))
        channel.embeddedEventLoop.advanceTime(by: .hours(1))
        #expect(channel.isActive)
        _ = try channel.finish()
    }

    @Test func repeatsOfOneCauseAreCountedAndToldOnceAMinute() {
        let failures = TLSHandshakeFailures()
        let start = NIODeadline.uptimeNanoseconds(1_000_000_000)
        let first = failures.line(reason: "TLSV1_ALERT_UNKNOWN_CA", peer: "10.0.0.1:5000", at: start)
        #expect(first?.contains("failed (TLSV1_ALERT_UNKNOWN_CA); a client that does not trust the CA") == true)
        for index in 1...999 {
            #expect(failures.line(reason: "TLSV1_ALERT_UNKNOWN_CA", peer: "p", at: start + .milliseconds(Int64(index))) == nil)
        }
        let other = failures.line(reason: "WRONG_VERSION_NUMBER", peer: "10.0.0.2:5000", at: start + .seconds(1))
        #expect(other == "TLS handshake from 10.0.0.2:5000 failed (WRONG_VERSION_NUMBER)")
        let told = failures.line(reason: "TLSV1_ALERT_UNKNOWN_CA", peer: "10.0.0.3:5000", at: start + .seconds(61))
        #expect(told?.contains("failed 1000 more times (TLSV1_ALERT_UNKNOWN_CA)") == true, "\(told ?? "nothing")")
        #expect(told?.contains("the last from 10.0.0.3:5000") == true)
        #expect(failures.line(reason: "TLSV1_ALERT_UNKNOWN_CA", peer: "p", at: start + .seconds(62)) == nil)
    }

    /// The causes a client that does not trust the CA shows: an alert over TLS 1.2, the record an
    /// OpenSSL client sends over TLS 1.3 (curl, Python); a scanner's broken hello is no such cause.
    @Test(arguments: [
        ("TLSV1_ALERT_UNKNOWN_CA", true), ("SSLV3_ALERT_CERTIFICATE_UNKNOWN", true),
        ("BAD_PACKET_LENGTH, DECRYPTION_FAILED_OR_BAD_RECORD_MAC", true), ("WRONG_VERSION_NUMBER", false),
        ("UNSUPPORTED_PROTOCOL", false), ("no handshake within 10 s", false), ("NO_SHARED_CIPHER", false),
    ])
    func theTrustHintIsForTheCertificatesCausesOnly(reason: String, blames: Bool) {
        #expect(TLSHandshakeFailures.blamesCertificate(reason) == blames)
    }
}
