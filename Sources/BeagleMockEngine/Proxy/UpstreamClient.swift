import AsyncHTTPClient
import BeagleMockHTTP
import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import NIOSSL

/// The proxy's side of the source stage (Docs/Proxy.md): one HTTP client for the server's life,
/// which sends a request the folders do not answer to the upstream and turns what comes back into
/// an ``OutgoingResponse`` whose body streams from the upstream as the client reads it.
package final class UpstreamClient: Sendable {
    private let client: HTTPClient
    private let recorder: ProxyRecorder
    private let logger: Logger

    /// The most a body without `Content-Length` (chunked) is read ahead before it is sent: one
    /// that ends within it is sent whole, with a length, so that every fault can cut it like a
    /// file's; a longer one streams on, chunked (``UpstreamBody``).
    static let unframedReadAhead = 8 << 20
    /// Bodies up to this length are read whole before they are sent, in one write like a small
    /// file's; longer ones stream.
    static let bufferedBodyLimit = 64 << 10

    /// A client trusting `trust` for `https` upstreams, giving up on a silent upstream after
    /// `readTimeout`.
    package init(trust: UpstreamTrust, readTimeout: Duration, recorder: ProxyRecorder, logger: Logger) {
        var tls = TLSConfiguration.makeClientConfiguration()
        if case .certificates(let certificates) = trust { tls.trustRoots = .certificates(certificates) }
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: TimeAmount(readTimeout)))
        // A mock in front of one BFF sees one host: allow as many connections as its clients make.
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 512)
        // An upstream that refuses connections is down: say so now (502), rather than retrying
        // until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.decompression = .disabled
        // No spans: a no-op tracer still costs each request its span and attributes (2% of a
        // proxied request's CPU time with perf).
        configuration.tracing.tracer = nil
        client = HTTPClient(eventLoopGroup: ServerEventLoops.group, configuration: configuration)
        self.recorder = recorder
        self.logger = logger
    }

    /// Closes every upstream connection; the server calls it once it has stopped.
    package func shutdown() async {
        do {
            try await client.shutdown()
        } catch {
            logger.warning("closing the upstream connections failed: \(error)")
        }
    }

    /// The upstream's answer to `request`: its status, headers (hop-by-hop ones dropped) and body,
    /// or 502/504 when it gives none. `record` saves a success in the folders.
    func answer(_ request: ReadRequest, upstream: UpstreamSettings, record: RecordPolicy?) async -> OutgoingResponse {
        let trace = UpstreamTrace(upstream: upstream.url.description)
        let outgoing = ForwardedRequest.make(request, upstream: upstream, identityEncoding: record != nil)
        var response: OutgoingResponse
        do {
            let sent = ContinuousClock.now
            let received = try await client.execute(
                outgoing, deadline: .now() + TimeAmount(upstream.timeout), logger: nil)
            trace.noteLatency(.now - sent)
            response = try await self.response(received, to: request, upstream: upstream, record: record, trace: trace)
        } catch {
            let failure =
                error as? UpstreamFailure
                ?? UpstreamFailure(error, upstream: upstream.url, path: request.path.path, timeout: upstream.timeout)
            logger.warning(
                "\(request.method.rawValue) \(request.path.path): \(failure.error)",
                metadata: ["upstream": "\(upstream.url)", "status": "\(failure.status.code)"])
            response = failure.response
        }
        response.upstream = trace
        return response
    }

    /// The response for what the upstream sent.
    private func response(
        _ received: HTTPClientResponse, to request: ReadRequest, upstream: UpstreamSettings, record: RecordPolicy?,
        trace: UpstreamTrace
    ) async throws -> OutgoingResponse {
        let hopByHop = HopByHopHeaders(connection: received.headers["connection"])
        var fields = HTTPFields()
        for (name, value) in received.headers where !hopByHop.contains(name) {
            guard let name = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: name, value: value))
        }
        let status = HTTPResponse.Status(code: Int(received.status.code), reasonPhrase: received.status.reasonPhrase)
        var response = OutgoingResponse(status: status, headers: fields)
        let code = status.code
        if code < 200 || code == 204 || code == 304 { return response }
        let length = fields[.contentLength].flatMap { Int64($0) }.flatMap { $0 >= 0 ? $0 : nil }
        let source = UpstreamBodySource(received.body)
        if request.omitsBody {
            // HEAD: no body, and no length where the upstream gave none (not a `Content-Length: 0`).
            if length == nil {
                response.body = .streamed(
                    UpstreamBody(
                        source: source, readAhead: 0, size: nil, limit: nil, recording: nil,
                        upstream: upstream.url.description))
            }
            return response
        }
        let tap = record.flatMap { recorder.tap(for: request, head: response.head, policy: $0, trace: trace) }
        if let length, length > Int64(Self.bufferedBodyLimit) {
            response.body = .streamed(
                UpstreamBody(
                    source: source, readAhead: 0, size: length, limit: nil, recording: tap,
                    upstream: upstream.url.description))
            return response
        }
        // Small, or without a length: read whole (a bounded amount), then sent with a length; a
        // body without a length that goes on streams on from what was read.
        let limit = length.map(Int.init) ?? Self.unframedReadAhead
        var whole = ByteBuffer()
        do {
            while var chunk = try await source.next() {
                if whole.readableBytes + chunk.readableBytes > limit {
                    guard length == nil else {
                        tap?.abandon()
                        throw UpstreamFailure(
                            message: "the upstream sent more than its Content-Length of \(limit) bytes",
                            upstream: upstream.url, path: request.path.path)
                    }
                    // The read-ahead goes back to the source, so that each piece is let go once sent.
                    source.giveBack(whole, chunk)
                    response.head.headerFields[.contentLength] = nil
                    response.body = .streamed(
                        UpstreamBody(
                            source: source, readAhead: limit, size: nil, limit: nil, recording: tap,
                            upstream: upstream.url.description))
                    return response
                }
                whole.writeBuffer(&chunk)
            }
        } catch let failure as UpstreamFailure {
            throw failure
        } catch {
            tap?.abandon()
            throw UpstreamFailure(error, upstream: upstream.url, path: request.path.path, timeout: upstream.timeout)
        }
        tap?.append(whole)
        await tap?.finish()
        if whole.readableBytes > 0 { response.body = .buffer(whole) }
        return response
    }
}

/// Which certificate authorities an `https` upstream is checked against.
package enum UpstreamTrust: Sendable {
    /// The system's.
    case system
    /// Those of a PEM file (`--upstream-ca FILE`).
    case certificates([NIOSSLCertificate])

    /// The trust of `caFile`, or the system's when there is none; throws a sentence naming the file.
    package static func load(caFile: String?) throws(SpecError) -> UpstreamTrust {
        guard let caFile else { return .system }
        guard FileManager.default.fileExists(atPath: caFile) else {
            throw SpecError("the upstream CA file '\(caFile)' does not exist (--upstream-ca names a PEM file of CA certificates)")
        }
        let certificates: [NIOSSLCertificate]
        do {
            certificates = try NIOSSLCertificate.fromPEMFile(caFile)
        } catch {
            throw SpecError(
                "cannot read the upstream CA file '\(caFile)': it is not readable, or not PEM certificates (-----BEGIN CERTIFICATE-----)"
            )
        }
        guard !certificates.isEmpty else {
            throw SpecError("the upstream CA file '\(caFile)' holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        return .certificates(certificates)
    }
}

extension TimeAmount {
    /// The same span as a NIO time amount, to the nanosecond.
    fileprivate init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000)
    }
}
