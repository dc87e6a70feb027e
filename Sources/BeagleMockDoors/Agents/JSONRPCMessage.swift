import BeagleMockEngine
import BeagleMockHTTP
import BeagleScreens
import Foundation

/// A JSON-RPC 2.0 message read with the package's JSON reader: the agents' transports read each
/// message once, to tell the requests answered directly (``ToolRequest``) from those the SDK's
/// server answers, and to answer what the SDK would not (SPEC: every request with an id gets an
/// answer).
enum JSONRPCMessage {
    /// Why bytes are not a JSON-RPC 2.0 message the server reads: the error that answers them,
    /// with `id: null`, as JSON-RPC answers a message whose id it cannot read.
    struct Refusal: Error {
        /// -32700 (parse error) for bytes that are not JSON, -32600 (invalid request) otherwise.
        let code: Int
        let reason: String

        static func invalid(_ reason: String) -> Refusal { Refusal(code: -32600, reason: reason) }

        /// The JSON-RPC error that answers the bytes.
        var errorJSON: String {
            var message: [UInt8] = []
            JSONWriter.writeString(reason, into: &message)
            let quoted = String(decoding: message, as: UTF8.self)
            return #"{"error":{"code":\#(code),"message":\#(quoted)},"id":null,"jsonrpc":"2.0"}"#
        }
    }

    /// The largest integer id: the SDK reads a numeric id as a 64-bit integer, and a request whose
    /// id it cannot read would get no answer.
    static let idRange = Int64.min...Int64.max

    /// The message `bytes` hold: an object with `"jsonrpc": "2.0"` and a method, a result or an
    /// error, its `params` (MCP's are named) an object and its `id` a string or a whole number
    /// within 64 bits. A batch (an array) is refused: MCP has sent one message at a time since
    /// its 2025-06-18 revision.
    static func read(_ bytes: Data) -> Result<JSONNode, Refusal> {
        let message: JSONNode
        do {
            message = try JSONReader().parse(bytes)
        } catch {
            return .failure(Refusal(code: -32700, reason: "Parse error: the message is not JSON (\(error))"))
        }
        if message.elements != nil {
            return .failure(.invalid("a batch (a JSON array) is not read: MCP sends one message at a time"))
        }
        guard message.members != nil, message["jsonrpc"]?.string == "2.0" else {
            return .failure(.invalid(#"a JSON-RPC message is an object with "jsonrpc": "2.0""#))
        }
        guard message["method"]?.string != nil || message["result"] != nil || message["error"] != nil else {
            return .failure(.invalid("a JSON-RPC message has a method, a result or an error"))
        }
        if let params = message["params"], params.members == nil {
            return .failure(.invalid("a message's params is an object"))
        }
        if let id = message["id"], !isIdentifier(id) {
            return .failure(
                .invalid("a message's id is a string, or a whole number from \(idRange.lowerBound) to \(idRange.upperBound)"))
        }
        return .success(message)
    }

    /// Whether `id` is an id the server reads and writes back as it came: a string, or a whole
    /// number in ``idRange`` (`1.0` and `1e3` are not whole numbers as written).
    static func isIdentifier(_ id: JSONNode) -> Bool {
        switch id.value {
        case .string: true
        case .number(let text): Int64(text) != nil
        default: false
        }
    }
}
