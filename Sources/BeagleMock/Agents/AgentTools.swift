import BeagleScreens
import Foundation
import HTTPTypes
import MCP
import NIOCore

/// The tools a coding agent calls over the Model Context Protocol (Docs/Agents.md), and the
/// screens it reads as resources. Each tool is an operation of the admin API, run through
/// ``AdminAPI/answer(_:method:query:segments:body:settings:path:)`` so that its rules (what a
/// setting may be, a journal filter, a route) live in one place; writing a screen goes through
/// ``ScreenWriter``. The gate of the admin API applies to the transport: the HTTP endpoint sits
/// behind it, and standard input is the agent's own process.
struct AgentTools: Sendable {
    let admin: AdminAPI
    let settings: SettingsStore
    let journal: RequestJournal
    let store: ScreenStore

    /// The longest `wait_for_request` waits.
    static let longestWait: Double = 300

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
        }
    }

    private func run(_ tool: AgentTool, _ arguments: ToolArguments) async throws -> CallTool.Result {
        switch tool {
        case .listRoutes:
            // The text is a line a route: the structured content holds the whole list.
            let routes = try adminJSON(.routes)
            let lines = (routes.objectValue?["routes"]?.arrayValue ?? []).map { route in
                let fields = route.objectValue ?? [:]
                let path = fields["path"]?.stringValue ?? "?"
                let file = fields["file"]?.stringValue ?? "-"
                let problems = (fields["diagnostics"]?.arrayValue ?? []).count
                return "\(path)  \(file)" + (problems == 0 ? "" : "  (\(problems) diagnostics)")
            }
            return Self.success(routes, text: lines.joined(separator: "\n"))
        case .getScreen:
            let (preview, body) = try screen(arguments)
            var answer = preview
            answer["etag"] = .string(ContentHash(of: Array(body.utf8)).entityTag)
            return Self.success(.object(answer), text: body)
        case .outlineScreen:
            let (preview, body) = try screen(arguments)
            let outline: String
            do {
                outline = ScreenOutline(try JSONReader().parse(Data(body.utf8))).text
            } catch {
                throw ToolRefusal("the screen's body is not JSON (\(error.message)): there is no outline")
            }
            var answer = preview.filter { $0.key == "route" || $0.key == "platform" || $0.key == "file" }
            answer["outline"] = .string(outline)
            return Self.success(.object(answer), text: outline)
        case .validate:
            return try validate(file: arguments.string("file"))
        case .writeScreen:
            return try write(arguments)
        case .setNetwork:
            return try setNetwork(arguments)
        case .clearNetwork:
            return try putSettings(Self.settingsClearingNetwork(from: settings.snapshot.runtime))
        case .readJournal:
            return try readJournal(arguments)
        case .waitForRequest:
            return try await waitForRequest(arguments)
        case .reset:
            return try adminResult(.reset, method: .post)
        }
    }

    /// The admin API's answer to `endpoint` as a tool's result: its JSON, or its error.
    private func adminResult(
        _ endpoint: AdminAPI.Endpoint, method: HTTPTypes.HTTPRequest.Method = .get, query: [(String, String)] = [],
        body: Data = Data()
    ) throws -> CallTool.Result {
        let answer = try adminAnswer(endpoint, method: method, query: query, body: body)
        // The admin API's own text, rather than the value written out again.
        return Self.success(answer.value, text: String(decoding: answer.bytes, as: UTF8.self))
    }

    /// The admin API's JSON answer to `endpoint`; a refusal carrying its error when it is not 2xx.
    private func adminJSON(
        _ endpoint: AdminAPI.Endpoint, method: HTTPTypes.HTTPRequest.Method = .get, query: [(String, String)] = [],
        body: Data = Data()
    ) throws -> Value {
        try adminAnswer(endpoint, method: method, query: query, body: body).value
    }

    /// The admin API's answer to `endpoint`, as a value and as the bytes it sent.
    private func adminAnswer(
        _ endpoint: AdminAPI.Endpoint, method: HTTPTypes.HTTPRequest.Method, query: [(String, String)], body: Data
    ) throws -> (value: Value, bytes: Data) {
        let response = admin.answer(
            endpoint, method: method, query: QueryParameters(pairs: query.map { (name: $0.0, value: $0.1) }),
            segments: [ReservedRoute.admin.rawValue, endpoint.rawValue], body: ByteBuffer(bytes: body),
            settings: settings.snapshot, path: endpoint.path)
        var bytes = Data()
        if case .buffer(let buffer) = response.body { bytes = Data(buffer.readableBytesView) }
        let value = (try? JSONReader().parse(bytes)).map(Value.init) ?? .string(String(decoding: bytes, as: UTF8.self))
        guard (200..<300).contains(response.head.status.code) else {
            let message = value.objectValue?["error"]?.stringValue ?? "the admin API answered \(response.head.status.code)"
            throw ToolRefusal(message, detail: value)
        }
        return (value, bytes)
    }

    /// `GET /__admin/screen`: the preview's fields and the body as the platform gets it.
    private func screen(_ arguments: ToolArguments) throws -> (preview: [String: Value], body: String) {
        let route = try arguments.requiredString("route")
        var query = [("route", route)]
        if let platform = try arguments.string("platform") { query.append(("platform", platform.uppercased())) }
        let preview = try adminJSON(.screen, query: query).objectValue ?? [:]
        return (preview, preview["body"]?.stringValue ?? "")
    }

    // MARK: - Validate and write

    /// The folder's report, or one file's as `validate FILE` gives it.
    private func validate(file: String?) throws -> CallTool.Result {
        let renderer = admin.sampleRenderer(settings.snapshot)
        guard let file else {
            guard let folder = store.snapshot.fresh() else { throw ToolRefusal("the screens folder cannot be listed") }
            return Self.report(ScreenValidator(renderer: renderer).validate(folder))
        }
        guard let opened = store.served.screenFile(at: try Self.relativePath(file)) else {
            throw ToolRefusal("no file \(file) in the screens folder (give its path below it, like catalog/index.json)")
        }
        guard opened.status.size <= ScreenWriter.largestScreen, let data = opened.readAll() else {
            throw ToolRefusal("\(file) cannot be read, or is larger than \(ScreenWriter.largestScreen) bytes")
        }
        let diagnostics: [Diagnostic]
        if let folder = store.snapshot.fresh() {
            diagnostics = ScreenValidator(renderer: renderer).validate(screen: data, at: opened.relativePath, in: folder)
        } else {
            diagnostics = ScreenValidator(renderer: renderer).validate(screen: data, file: opened.relativePath)
        }
        return Self.report(ValidationReport(diagnostics: diagnostics, files: 1))
    }

    private func write(_ arguments: ToolArguments) throws -> CallTool.Result {
        let path = try arguments.requiredString("path")
        let screen = try arguments.requiredJSONText("json")
        let written: ScreenWriter.Written
        do {
            written = try ScreenWriter(served: store.served).write(screen, to: path)
        } catch {
            let found: [String: [Diagnostic]] = ["diagnostics": error.diagnostics]
            throw ToolRefusal(
                error.message + error.diagnostics.map { "\n" + $0.description }.joined(),
                detail: error.diagnostics.isEmpty ? nil : try? Value(found))
        }
        let warnings = written.warnings.map(\.description)
        let text =
            "wrote \(written.file) (\(written.bytes) bytes)" + (warnings.isEmpty ? "" : "; warnings:\n")
            + warnings.joined(separator: "\n")
        return Self.success(try Value(written), text: text)
    }

    // MARK: - Network

    private func setNetwork(_ arguments: ToolArguments) throws -> CallTool.Result {
        var object = (try? JSONReader().parse(settings.snapshot.runtime.jsonData())).map(Value.init)?.objectValue ?? [:]
        for key in AgentTool.networkKeys {
            if let value = arguments.values[key] { object[key] = value }
        }
        return try putSettings(object)
    }

    private func putSettings(_ object: [String: Value]) throws -> CallTool.Result {
        try adminResult(.settings, method: .put, body: try JSONEncoder().encode(Value.object(object)))
    }

    /// The runtime settings in force with latency, bandwidth, faults, profile and seed cleared;
    /// the echo setting stays.
    static func settingsClearingNetwork(from runtime: RuntimeSettings) -> [String: Value] {
        var object = (try? JSONReader().parse(runtime.jsonData())).map(Value.init)?.objectValue ?? [:]
        for key in AgentTool.networkKeys { object[key] = .null }
        return object
    }

    // MARK: - Journal

    private func readJournal(_ arguments: ToolArguments) throws -> CallTool.Result {
        var query: [(String, String)] = []
        if let path = try arguments.string("path") { query.append(("path", path)) }
        let method = try arguments.string("method")?.uppercased()
        let status = try arguments.integer("status")
        let limit = try arguments.integer("limit") ?? 20
        // The method and status filters read the whole journal, then keep `limit`.
        if method == nil && status == nil { query.append(("limit", String(limit))) }
        guard var page = try adminJSON(.requests, query: query).objectValue else { throw ToolRefusal("no journal") }
        var requests = page["requests"]?.arrayValue ?? []
        requests = requests.filter { entry in
            let fields = entry.objectValue ?? [:]
            return (method == nil || fields["method"]?.stringValue == method)
                && (status == nil || fields["status"]?.intValue == status)
        }
        page["requests"] = .array(Array(requests.prefix(limit)))
        return .init(.object(page))
    }

    /// Waits for a request matching `path` (a route pattern) and `method`, made after the call
    /// (or after the journal id `afterId`), for at most `timeoutSeconds`; returns it once answered.
    private func waitForRequest(_ arguments: ToolArguments) async throws -> CallTool.Result {
        let pattern = try arguments.requiredString("path")
        let glob: RouteGlob
        do {
            glob = try RouteGlob(pattern)
        } catch {
            throw ToolRefusal("path must be a route pattern like /checkout/** or /home: \(error.message)")
        }
        let method = try arguments.string("method")?.uppercased()
        let timeout = try arguments.number("timeoutSeconds") ?? 10
        guard timeout > 0, timeout <= Self.longestWait else {
            throw ToolRefusal("timeoutSeconds must be more than 0 and at most \(Int(Self.longestWait))")
        }
        // A request counts once answered (the journal also tells of it as it arrives).
        let matches = { @Sendable (entry: JournalEntry) in
            entry.outcome != nil && glob.matches(path: entry.path) && (method == nil || entry.method.rawValue == method)
        }
        // Followed first, so that no request slips between the look at the journal and the wait.
        let arrivals = journal.feed.follow()
        if let after = try arguments.integer("afterId"),
            let found = journal.read(matching: glob).entries.reversed().first(where: { $0.id > after && matches($0) })
        {
            return try Self.found(found)
        }
        let found = await JournalFeed.first(of: arrivals, within: .seconds(timeout), where: matches)
        guard let found else {
            throw ToolRefusal(
                "no \(method ?? "") request matching \(pattern) within \(timeout) s".replacingOccurrences(of: "no  ", with: "no ")
            )
        }
        return try Self.found(found)
    }

    private static func found(_ entry: JournalEntry) throws -> CallTool.Result {
        .init(try Value(JSONReader().parse(Data(ErrorBody.encode(entry).utf8))))
    }

    // MARK: - Resources

    /// Every screen file of the folder, as a resource.
    func resources() -> [Resource] {
        guard let folder = store.snapshot.fresh() else { return [] }
        return store.served.servedPart(of: folder).files.filter(\.name.isJSON).map { file in
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
        let relative: String
        do {
            relative = try Self.relativePath(String(uri.dropFirst(Self.resourcePrefix.count)))
        } catch {
            throw MCPError.invalidParams(error.message)
        }
        guard let opened = store.served.screenFile(at: relative) else {
            throw MCPError.invalidParams("no screen \(relative) in the folder")
        }
        guard opened.status.size <= ScreenWriter.largestScreen, let data = opened.readAll() else {
            throw MCPError.invalidParams("\(relative) cannot be read, or is larger than \(ScreenWriter.largestScreen) bytes")
        }
        return .init(contents: [.text(String(decoding: data, as: UTF8.self), uri: uri, mimeType: "application/json")])
    }

    /// The scheme and host of a screen's resource URI.
    static let resourcePrefix = "beagle-mock://screens/"

    /// `path` below the screens folder as a request path reads it, under the rules a screen is
    /// written by (`..`, hidden segments and the like refused).
    private static func relativePath(_ path: String) throws(ToolRefusal) -> String {
        do {
            return try ScreenWriter.servedPath(path).segments.joined(separator: "/")
        } catch {
            throw ToolRefusal(error.message)
        }
    }

    // MARK: - Results

    private static func success(_ value: Value, text: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text)], structuredContent: value as Value?, isError: nil)
    }

    private static func failure(_ message: String, detail: Value?) -> CallTool.Result {
        CallTool.Result(content: [.text(message)], structuredContent: detail, isError: true)
    }

    private static func report(_ report: ValidationReport) -> CallTool.Result {
        let value = (try? JSONReader().parse(report.json)).map(Value.init) ?? .null
        return success(value, text: report.text)
    }
}

extension CallTool.Result {
    /// A tool's JSON answer, as structured content and as its text (keys sorted).
    init(_ value: Value) {
        var text: [UInt8] = []
        value.writeJSON(into: &text)
        self.init(content: [.text(String(decoding: text, as: UTF8.self))], structuredContent: value as Value?, isError: nil)
    }
}

extension OpenedFile {
    /// The whole file, read from its descriptor; nil on an error.
    func readAll() -> Data? {
        var data = Data(count: Int(status.size))
        let complete = data.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]), at: Int64(offset))
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return complete ? data : nil
    }
}
