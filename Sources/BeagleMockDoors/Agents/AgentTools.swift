import BeagleMockEngine
import BeagleMockHTTP
import BeagleScreens
import Foundation
import MCP

/// The tools a coding agent calls over the Model Context Protocol (Docs/Agents.md), and the
/// screens it reads as resources: the MCP door over ``MockOperations``. Each tool reads its
/// arguments, performs one operation and writes its result as the tool's structured content and
/// text; an ``OperationError`` becomes a tool error. The gate of the admin API applies to the
/// transport: the HTTP endpoint sits behind it, and standard input is the agent's own process.
package struct AgentTools: Sendable {
    let operations: MockOperations

    package init(operations: MockOperations) {
        self.operations = operations
    }

    /// The longest `wait_for_request` waits, in seconds.
    static let longestWait = Double(MockOperations.longestWait.components.seconds)

    // MARK: - Calls

    /// Runs the tool `name`: a result (an error result for arguments it refuses), or
    /// `MCPError.invalidParams` for a tool it does not have.
    func call(_ name: String, _ arguments: [String: Value]) async throws -> CallTool.Result {
        guard let tool = AgentTool(rawValue: name) else {
            let names = AgentTool.allCases.map(\.rawValue).joined(separator: ", ")
            throw MCPError.invalidParams("unknown tool '\(name.prefix(80))'; the tools are \(names)")
        }
        do {
            let arguments = try ToolArguments(arguments, allowed: tool.argumentNames)
            return try await run(tool, arguments)
        } catch let refusal as ToolRefusal {
            return Self.failure(refusal.message, detail: refusal.detail)
        } catch let refusal as OperationError {
            return Self.failure(refusal)
        }
    }

    private func run(_ tool: AgentTool, _ arguments: ToolArguments) async throws -> CallTool.Result {
        switch tool {
        case .listRoutes:
            let routes = try operations.routes()
            // The text is a line a route: the structured content holds the whole list.
            let lines = routes.routes.map { route in
                let problems = route.diagnostics.count
                return "\(route.path)  \(route.file ?? "-")" + (problems == 0 ? "" : "  (\(problems) diagnostics)")
            }
            return Self.success(try Self.value(routes), text: lines.joined(separator: "\n"))
        case .getScreen:
            let preview = try screen(arguments)
            guard case .object(var answer) = try Self.value(preview) else { throw ToolRefusal("no preview") }
            answer["etag"] = .string(ContentHash(of: Array(preview.body.utf8)).entityTag)
            return Self.success(.object(answer), text: preview.body)
        case .outlineScreen:
            let (preview, outline) = try operations.outline(
                route: try arguments.requiredString("route"), platform: try arguments.string("platform")?.uppercased())
            let answer: [String: Value] = [
                "route": .string(preview.route), "platform": preview.platform.map(Value.string) ?? .null,
                "file": .string(preview.file), "outline": .string(outline.text),
            ]
            return Self.success(.object(answer), text: outline.text)
        case .validate:
            return Self.report(try operations.validate(file: try arguments.string("file")))
        case .writeScreen:
            return try write(arguments)
        case .setNetwork:
            var patch: [String: Value] = [:]
            for key in AgentTool.networkKeys {
                if let value = arguments.values[key] { patch[key] = value }
            }
            return Self.settings(try operations.patchRuntimeSettings(json: Self.json(.object(patch))))
        case .clearNetwork:
            let patch = Dictionary(uniqueKeysWithValues: AgentTool.networkKeys.map { ($0, Value.null) })
            return Self.settings(try operations.patchRuntimeSettings(json: Self.json(.object(patch))))
        case .readJournal:
            let page = try operations.requests(limit: try arguments.integer("limit") ?? 20, filter: try journalFilter(arguments))
            return .init(try Self.value(page))
        case .exportHar:
            let har = try operations.har(
                limit: try arguments.integer("limit") ?? 100, before: try arguments.integer("beforeId"),
                filter: try journalFilter(arguments))
            let text = String(decoding: har.data(), as: UTF8.self)
            return Self.success(Value(try JSONReader().parse(text)), text: text)
        case .waitForRequest:
            let seconds = try arguments.number("timeoutSeconds") ?? 10
            guard seconds > 0, seconds <= Self.longestWait else {
                throw ToolRefusal("timeoutSeconds must be more than 0 and at most \(Int(Self.longestWait))")
            }
            let found = try await operations.waitForRequest(
                path: try arguments.requiredString("path"), method: try arguments.string("method"),
                after: try arguments.integer("afterId"), timeout: .milliseconds(Int64((seconds * 1000).rounded())))
            return .init(try Self.value(found))
        case .reset:
            let text = ErrorBody.encode(operations.reset())
            return Self.success(Value(try JSONReader().parse(text)), text: text)
        case .showOnDevices:
            return .init(try Self.value(try operations.pinLiveScreen(try arguments.string("route"))))
        case .startTimeline:
            let request = String(decoding: Self.json(.object(arguments.values)), as: UTF8.self)
            return .init(try Self.value(try operations.startTimeline(json: request)))
        case .stopTimeline:
            return .init(try Self.value(operations.stopTimeline()))
        case .getTimelines:
            return .init(try Self.value(operations.timelines()))
        }
    }

    /// The preview of the route and platform the arguments name.
    private func screen(_ arguments: ToolArguments) throws -> ScreenPreview {
        try operations.screen(
            route: try arguments.requiredString("route"), platform: try arguments.string("platform")?.uppercased())
    }

    /// The journal filter of `read_journal` and `export_har`, from the arguments the tool takes.
    private func journalFilter(_ arguments: ToolArguments) throws -> JournalFilter {
        try JournalFilter(
            path: try arguments.string("path"), method: try arguments.string("method"),
            status: try arguments.integer("status"), platform: try arguments.string("platform"),
            from: try arguments.string("from"), to: try arguments.string("to"))
    }

    private func write(_ arguments: ToolArguments) throws -> CallTool.Result {
        let written = try operations.writeScreen(
            try arguments.requiredJSONText("json"), to: try arguments.requiredString("path"))
        let warnings = written.warnings.map(\.description)
        let text =
            "wrote \(written.file) (\(written.bytes) bytes)" + (warnings.isEmpty ? "" : "; warnings:\n")
            + warnings.joined(separator: "\n")
        return Self.success(try Self.value(written), text: text)
    }

    // MARK: - Resources

    /// Every screen file of the folder, as a resource.
    func resources() -> [Resource] {
        operations.screenFiles().map { file in
            Resource(
                name: file.relativePath, uri: Self.resourcePrefix + file.relativePath,
                description: "The screen file behind \(file.name.route)", mimeType: "application/json")
        }
    }

    /// The text of the screen file `uri` names.
    func read(_ uri: String) throws -> ReadResource.Result {
        guard uri.hasPrefix(Self.resourcePrefix) else {
            throw MCPError.invalidParams("a screen's URI starts with \(Self.resourcePrefix)")
        }
        let data: Data
        do {
            data = try operations.readScreenFile(String(uri.dropFirst(Self.resourcePrefix.count)))
        } catch {
            throw MCPError.invalidParams(error.message)
        }
        return .init(contents: [.text(String(decoding: data, as: UTF8.self), uri: uri, mimeType: "application/json")])
    }

    /// The scheme and host of a screen's resource URI.
    static let resourcePrefix = "beagle-mock://screens/"

    // MARK: - Results

    private static func success(_ value: Value, text: String) -> CallTool.Result {
        CallTool.Result(
            content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: value as Value?, isError: nil)
    }

    private static func failure(_ message: String, detail: Value?) -> CallTool.Result {
        CallTool.Result(content: [.text(text: message, annotations: nil, _meta: nil)], structuredContent: detail, isError: true)
    }

    /// An operation's refusal as a tool error: its words (with `validate`'s diagnostics, when
    /// they are why) as text, and its fields as structured content.
    private static func failure(_ refusal: OperationError) -> CallTool.Result {
        let text = refusal.description + refusal.diagnostics.map { "\n" + $0.description }.joined()
        guard refusal.diagnostics.isEmpty else {
            return failure(text, detail: .object(["diagnostics": (try? value(refusal.diagnostics)) ?? .null]))
        }
        var detail: [String: Value] = ["error": .string(refusal.description)]
        if let field = refusal.field { detail["field"] = .string(field) }
        if !refusal.suggestions.isEmpty { detail["suggestions"] = .array(refusal.suggestions.map(Value.string)) }
        return failure(text, detail: .object(detail))
    }

    private static func report(_ report: ValidationReport) -> CallTool.Result {
        let value = (try? JSONReader().parse(report.json)).map(Value.init) ?? .null
        return success(value, text: report.text)
    }

    private static func settings(_ settings: RuntimeSettings) -> CallTool.Result {
        let json = settings.jsonData()
        let value = (try? JSONReader().parse(json)).map(Value.init) ?? .null
        return success(value, text: String(decoding: json, as: UTF8.self))
    }

    /// `result` as a tool's structured content: written as JSON once, read by the package's reader.
    static func value(_ result: some Encodable) throws -> Value {
        Value(try JSONReader().parse(Data(ErrorBody.encode(result).utf8)))
    }

    /// A tool's arguments as the JSON an operation reads.
    private static func json(_ value: Value) -> Data {
        var bytes: [UInt8] = []
        value.writeJSON(into: &bytes)
        return Data(bytes)
    }
}

extension CallTool.Result {
    /// A tool's JSON answer, as structured content and as its text (keys sorted).
    init(_ value: Value) {
        var text: [UInt8] = []
        value.writeJSON(into: &text)
        self.init(
            content: [.text(text: String(decoding: text, as: UTF8.self), annotations: nil, _meta: nil)],
            structuredContent: value as Value?, isError: nil)
    }
}
