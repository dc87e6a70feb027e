import BeagleMockEngine
import BeagleMockHTTP
import BeagleScreens
import Foundation
import MCP

/// A `tools/call` or `tools/list` request, over HTTP or standard input, answered here rather
/// than through the SDK's `Server`, which would make an agent's commonest request cost three times
/// as much: the server tries to decode the message as each kind of message in turn, then turns the
/// tool's result into its generic `Value` by encoding and decoding it (matching every string
/// against a data-URL regular expression on the way) and encodes that once more
/// (Docs/Benchmarks.md, MCP).
///
/// The answer is the JSON the SDK's server writes, with its keys in the same order
/// (`AgentEndpointTests` compares the two for each tool, a tool's error and an unknown tool).
/// Every other message goes to the SDK, as does a request the SDK would read differently: an id
/// that is not a string or a whole number, or a call without a tool's name or with arguments that
/// are not an object.
struct ToolRequest {
    enum Kind {
        case list
        case call(name: String, arguments: [String: Value])
    }

    /// The request's id, written back as it came.
    let id: JSONNode
    let kind: Kind

    /// The tools request `message` is; nil for any other message.
    init?(_ message: JSONNode) {
        guard let id = message["id"], JSONRPCMessage.isIdentifier(id), let method = message["method"]?.string else { return nil }
        switch method {
        case ListTools.name:
            kind = .list
        case CallTool.name:
            guard let params = message["params"], let name = params["name"]?.string else { return nil }
            switch params["arguments"] {
            case nil:
                kind = .call(name: name, arguments: [:])
            case let arguments? where arguments.isNull:
                kind = .call(name: name, arguments: [:])
            case let arguments?:
                guard case .object(var fields) = Value(arguments) else { return nil }
                // A screen to write keeps its keys' order, which a `Value` object would lose.
                if name == AgentTool.writeScreen.rawValue, let screen = arguments["json"],
                    screen.members != nil || screen.elements != nil
                {
                    fields["json"] = .string(JSONWriter.compactString(screen))
                }
                kind = .call(name: name, arguments: fields)
            }
        default:
            return nil
        }
        self.id = id
    }

    /// The request's id as JSON text, which names it in a cancellation.
    var key: String { JSONWriter.compactString(id) }

    /// The id, as JSON text, of the request `message` cancels (`notifications/cancelled`); nil
    /// for any other message.
    static func cancelledKey(in message: JSONNode) -> String? {
        guard message["method"]?.string == CancelledNotification.name, let id = message["params"]?["requestId"] else {
            return nil
        }
        return JSONWriter.compactString(id)
    }

    /// The JSON-RPC response to the request, as the SDK's server writes it: the result, or the
    /// error the tools threw (an unknown tool's is `invalidParams`).
    func answer(with tools: AgentTools) async -> Data {
        do {
            switch kind {
            case .list:
                guard let list = Self.toolList else { throw MCPError.internalError("the tools could not be written") }
                return response(result: list)
            case .call(let name, let arguments):
                return try response(result: Self.bytes(of: try await tools.call(name, arguments)))
            }
        } catch {
            let refusal = error as? MCPError ?? .internalError(error.localizedDescription)
            // An error object of a code and two strings encodes; should it not, the id still goes back.
            let object = (try? Self.encoded(refusal)) ?? Array(#"{"code":-32603,"message":"Internal error"}"#.utf8)
            return response(error: object)
        }
    }

    // MARK: - Writing

    /// The tools as `tools/list` answers, written once (nil should they not encode).
    private static let toolList = try? encoded(ListTools.Result(tools: AgentTool.allCases.map(\.tool)))

    private func response(result: [UInt8]) -> Data {
        var output: [UInt8] = []
        output.reserveCapacity(result.count + 64)
        output.append(contentsOf: #"{"id":"#.utf8)
        output.append(contentsOf: JSONWriter.compactBytes(id))
        output.append(contentsOf: #","jsonrpc":"2.0","result":"#.utf8)
        output.append(contentsOf: result)
        output.append(UInt8(ascii: "}"))
        return Data(output)
    }

    private func response(error: [UInt8]) -> Data {
        var output = Array(#"{"error":"#.utf8)
        output.append(contentsOf: error)
        output.append(contentsOf: #","id":"#.utf8)
        output.append(contentsOf: JSONWriter.compactBytes(id))
        output.append(contentsOf: #","jsonrpc":"2.0"}"#.utf8)
        return Data(output)
    }

    /// A tool's result in JSON, its members in the order the SDK's sorted keys put them.
    static func bytes(of result: CallTool.Result) throws -> [UInt8] {
        var output: [UInt8] = [UInt8(ascii: "{")]
        if let meta = result._meta {
            output.append(contentsOf: #""_meta":"#.utf8)
            output.append(contentsOf: try encoded(meta))
            output.append(UInt8(ascii: ","))
        }
        output.append(contentsOf: #""content":["#.utf8)
        for (index, content) in result.content.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if case .text(let text, nil, nil) = content {
                output.append(contentsOf: #"{"text":"#.utf8)
                JSONWriter.writeString(text, into: &output)
                output.append(contentsOf: #","type":"text"}"#.utf8)
            } else {
                output.append(contentsOf: try encoded(content))
            }
        }
        output.append(UInt8(ascii: "]"))
        if let isError = result.isError {
            output.append(contentsOf: #","isError":"#.utf8)
            output.append(contentsOf: (isError ? "true" : "false").utf8)
        }
        if let structured = result.structuredContent {
            output.append(contentsOf: #","structuredContent":"#.utf8)
            structured.writeJSON(into: &output)
        }
        output.append(UInt8(ascii: "}"))
        return output
    }

    /// `value` as the SDK's server encodes a message.
    private static func encoded<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }
}
