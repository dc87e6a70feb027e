import BeagleMockHTTP

/// What goes wrong with one response (Docs/LatencyAndFaults.md), or ``none``.
///
/// Names (case-insensitive): `status:CODE`, `empty-response`, `reset`, `reset-mid-body`, `garbage`,
/// `truncate`, `malformed-chunk`, `malformed-json`, `corrupt`, `hang`, `none`; and WireMock's
/// `EMPTY_RESPONSE`, `CONNECTION_RESET_BY_PEER`, `RANDOM_DATA_THEN_CLOSE`,
/// `MALFORMED_RESPONSE_CHUNK`. `CODE` is a final status, 200–599: 1xx are interim responses that
/// cannot end an exchange. 204, 205 and 304 are sent without a body (HTTP forbids one), see
/// ``statusAllowsBody(_:)``.
package enum Fault: Sendable, Hashable, CustomStringConvertible {
    /// An HTTP response with this status and a JSON body `{"error": …, "injected": true}`.
    case status(Int)
    /// The request is read and the connection closed with no byte sent.
    case emptyResponse
    /// A TCP reset before any byte.
    case reset
    /// Status, headers and part of the body, then a TCP reset.
    case resetMidBody
    /// Random bytes where the status line belongs, then close.
    case garbage
    /// The full Content-Length declared, about half the body sent, then close.
    case truncate
    /// 200 with chunked encoding, then bytes that break the chunk framing, then close.
    case malformedChunk
    /// 200 with correct framing and a body that is not valid JSON.
    case malformedJSON
    /// 200 with correct framing and bytes no decoder accepts.
    case corrupt
    /// The request is read and never answered, until the hang limit closes the connection.
    case hang
    /// No fault.
    case none

    /// Statuses an injected fault may carry.
    package static let statusRange = 200...599

    private static let namedFaults: [(names: [String], fault: Fault)] = [
        (["none"], .none),
        (["empty-response", "empty_response"], .emptyResponse),
        (["reset", "connection_reset_by_peer"], .reset),
        (["reset-mid-body"], .resetMidBody),
        (["garbage", "random_data_then_close"], .garbage),
        (["truncate"], .truncate),
        (["malformed-chunk", "malformed_response_chunk"], .malformedChunk),
        (["malformed-json"], .malformedJSON),
        (["corrupt"], .corrupt),
        (["hang"], .hang),
    ]

    /// Every name a fault may be written with, for error messages and suggestions.
    static let knownNames = ["status:CODE"] + namedFaults.flatMap(\.names)

    /// Parses a fault name: `status:503`, `reset`, `CONNECTION_RESET_BY_PEER`, `none`…
    package init(spec text: String) throws(SpecError) {
        let trimmed = text.trimmingSpecWhitespace()
        let names =
            "status:CODE, empty-response, reset, reset-mid-body, garbage, truncate, malformed-chunk, malformed-json, corrupt, hang or none"
        guard !trimmed.isEmpty else {
            throw SpecError("empty fault; use \(names)")
        }
        let lowered = trimmed.lowercased()
        if lowered.hasPrefix("status") {
            let rest = lowered.dropFirst("status".count).trimmingSpecWhitespace()
            guard rest.hasPrefix(":") else {
                throw SpecError("fault \(SpecError.quote(trimmed)) needs a status code after a colon, like status:503")
            }
            self = .status(try Self.parseStatus(rest.dropFirst().trimmingSpecWhitespace(), in: trimmed))
            return
        }
        if let match = Self.namedFaults.first(where: { $0.names.contains(lowered) }) {
            self = match.fault
            return
        }
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCIIDigit) {
            throw SpecError("unknown fault \(SpecError.quote(trimmed)); to inject a status write status:\(trimmed)")
        }
        var hint = ""
        if lowered == "ok" {
            hint = " (\"ok\" is for sequences; in a fault rule write none)"
        } else if let suggestion = closestName(to: lowered, among: Self.namedFaults.flatMap(\.names)) {
            hint = " (did you mean \(suggestion)?)"
        }
        throw SpecError("unknown fault \(SpecError.quote(trimmed))\(hint); use \(names)")
    }

    /// Parses a status code for `status:CODE` or a response override: three digits, 200–599.
    static func parseStatus(_ text: String, in whole: String, example: String = "status:503") throws(SpecError) -> Int {
        guard !text.isEmpty else {
            throw SpecError("missing status code in \(SpecError.quote(whole)); write it like \(example)")
        }
        guard text.count <= 3, text.allSatisfy(\.isASCIIDigit), let code = Int(text) else {
            throw SpecError("status code \(SpecError.quote(text)) is not a 3-digit number; write it like \(example)")
        }
        guard statusRange.contains(code) else {
            if (100...199).contains(code) {
                throw SpecError(
                    "status \(code) is an interim (1xx) response and cannot end a request; use a final status from 200 to 599")
            }
            throw SpecError("status \(code) is out of range; use a final status from 200 to 599")
        }
        return code
    }

    /// True for faults after which the connection cannot carry another request, so a response that
    /// might get one must say `Connection: close` (Docs/LatencyAndFaults.md).
    package var endsConnection: Bool {
        switch self {
        case .emptyResponse, .reset, .resetMidBody, .garbage, .truncate, .malformedChunk, .hang:
            return true
        case .status, .malformedJSON, .corrupt, .none:
            return false
        }
    }

    /// False for statuses HTTP forbids a body on (204, 205, 304): the server sends those empty.
    package static func statusAllowsBody(_ status: Int) -> Bool {
        !(status == 204 || status == 205 || status == 304 || (100...199).contains(status))
    }

    /// The canonical name (`status:503`, `reset`, `none`…), as accepted by ``init(spec:)``.
    /// The names of the faults' kinds, by ``kindIndex``: a metric's label (`status`, `reset`, `none`).
    static let kindNames = [
        "none", "status", "empty-response", "reset", "reset-mid-body", "garbage", "truncate", "malformed-chunk",
        "malformed-json", "corrupt", "hang",
    ]

    /// The fault's kind, without its status, as an index of ``kindNames``.
    var kindIndex: UInt8 {
        switch self {
        case .none: 0
        case .status: 1
        case .emptyResponse: 2
        case .reset: 3
        case .resetMidBody: 4
        case .garbage: 5
        case .truncate: 6
        case .malformedChunk: 7
        case .malformedJSON: 8
        case .corrupt: 9
        case .hang: 10
        }
    }

    package var description: String {
        switch self {
        case .status(let code): return "status:\(code)"
        case .emptyResponse: return "empty-response"
        case .reset: return "reset"
        case .resetMidBody: return "reset-mid-body"
        case .garbage: return "garbage"
        case .truncate: return "truncate"
        case .malformedChunk: return "malformed-chunk"
        case .malformedJSON: return "malformed-json"
        case .corrupt: return "corrupt"
        case .hang: return "hang"
        case .none: return "none"
        }
    }
}
