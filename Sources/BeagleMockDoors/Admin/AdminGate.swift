import BeagleMockEngine
import BeagleMockHTTP
import HTTPTypes

/// Lets a request into the admin API, or answers why not (Docs/AdminAPI.md): open on loopback to
/// requests addressed to this server and not sent by a page of another origin (``AdminAudience``),
/// else 403; beyond loopback, `Authorization: Bearer <token>` or 401, and 403 when the server has
/// no token at all. A valid token is proof enough: no web page has it.
///
/// The 401 challenge is `Bearer`, never `Basic`: URLSession on Linux hangs past its timeout on a
/// Basic challenge it has no credentials for. The token is compared in time that does not depend
/// on where a guess first differs.
package struct AdminGate: Sendable {
    /// Who may come in.
    package let access: AdminAccess
    /// Who an open admin API answers.
    let audience: AdminAudience
    private let token: [UInt8]

    /// A gate for a server bound to `host`, started with `token` (nil or empty: none).
    package init(host: String, token: String?) {
        let token = token.flatMap { $0.isEmpty ? nil : $0 }
        access = AdminAccess(host: host, token: token)
        audience = AdminAudience(boundHost: host)
        self.token = Array((token ?? "").utf8)
    }

    /// nil when the request may go on; otherwise the 401 or 403 to send.
    func refusal(for head: HTTPRequest) -> OutgoingResponse? {
        switch access {
        case .open:
            guard let reason = audience.refusal(for: head) else { return nil }
            return ErrorBody(error: reason, path: head.path).response(.forbidden, headers: [.cacheControl: "no-store"])
        case .off:
            return ErrorBody(
                error: "the admin API is off: this server listens beyond this machine and was started without a token; "
                    + "start it with --admin-token TOKEN (or BEAGLE_MOCK_ADMIN_TOKEN) and send Authorization: Bearer TOKEN",
                path: head.path
            ).response(.forbidden, headers: [.cacheControl: "no-store"])
        case .tokenRequired:
            let sent = head.headerFields[values: .authorization]
            guard sent.count == 1, let credentials = Self.bearerCredentials(sent[0]) else {
                return challenge(
                    head, error: "the admin API needs Authorization: Bearer TOKEN, with the server's --admin-token",
                    parameters: #"realm="beagle-mock""#)
            }
            guard Self.constantTimeEquals(token, credentials) else {
                return challenge(
                    head, error: "the admin token is not the server's --admin-token",
                    parameters: #"realm="beagle-mock", error="invalid_token""#)
            }
            return nil
        }
    }

    private func challenge(_ head: HTTPRequest, error: String, parameters: String) -> OutgoingResponse {
        ErrorBody(error: error, path: head.path).response(
            .unauthorized, headers: [.wwwAuthenticate: "Bearer \(parameters)", .cacheControl: "no-store"])
    }

    /// The credentials of `Bearer <credentials>` (scheme in any case), or nil for another scheme.
    static func bearerCredentials(_ value: String) -> [UInt8]? {
        let bytes = Array(value.utf8)
        let scheme = Array("bearer".utf8)
        guard bytes.count > scheme.count + 1, bytes[scheme.count] == UInt8(ascii: " ") else { return nil }
        for (byte, expected) in zip(bytes.prefix(scheme.count), scheme) where byte | 0x20 != expected {
            return nil
        }
        let credentials = bytes.dropFirst(scheme.count).drop { $0 == UInt8(ascii: " ") }
        let trimmed = credentials.reversed().drop { $0 == UInt8(ascii: " ") }.reversed()
        return trimmed.isEmpty ? nil : Array(trimmed)
    }

    /// Compares every byte of `expected` whatever `given` is, so the time taken says nothing about
    /// how much of a guess was right.
    static func constantTimeEquals(_ expected: [UInt8], _ given: [UInt8]) -> Bool {
        var difference: UInt8 = expected.count == given.count ? 0 : 1
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0 && !expected.isEmpty
    }
}
