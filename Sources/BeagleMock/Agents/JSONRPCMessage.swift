import BeagleScreens
import Foundation

/// A JSON-RPC 2.0 message, or a batch of them, read with the package's JSON reader: the agents'
/// transports read each message once, to tell the requests answered directly (``ToolRequest``)
/// from those the SDK's server answers.
enum JSONRPCMessage {
    /// Why bytes are not a JSON-RPC 2.0 message, in a JSON string's escapes.
    struct Refusal: Error {
        let reason: String

        /// The JSON-RPC error that answers the bytes: an invalid request (-32600), with no id.
        var errorJSON: String {
            #"{"error":{"code":-32600,"message":"\#(reason)"},"id":null,"jsonrpc":"2.0"}"#
        }
    }

    /// The message (or batch) `bytes` hold: every message an object with `"jsonrpc": "2.0"` and a
    /// method, a result or an error, its `params` (MCP's are named) an object and its `id` a
    /// string or a number.
    static func read(_ bytes: Data) -> Result<JSONNode, Refusal> {
        guard let root = try? JSONReader().parse(bytes) else { return .failure(Refusal(reason: "the body is not JSON")) }
        let messages = root.elements ?? [root]
        guard !messages.isEmpty else { return .failure(Refusal(reason: "an empty batch")) }
        for message in messages {
            guard message.members != nil, message["jsonrpc"]?.string == "2.0" else {
                return .failure(Refusal(reason: "a JSON-RPC message is an object with \\\"jsonrpc\\\": \\\"2.0\\\""))
            }
            guard message["method"]?.string != nil || message["result"] != nil || message["error"] != nil else {
                return .failure(Refusal(reason: "a JSON-RPC message has a method, a result or an error"))
            }
            if let params = message["params"], params.members == nil {
                return .failure(Refusal(reason: "a message's params is an object"))
            }
            if let id = message["id"] {
                switch id.value {
                case .string, .number: break
                default: return .failure(Refusal(reason: "a message's id is a string or a number"))
                }
            }
        }
        return .success(root)
    }
}
