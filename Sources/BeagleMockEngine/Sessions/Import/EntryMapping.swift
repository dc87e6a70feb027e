import BeagleMockHTTP
import BeagleScreens
import HTTPTypes
import Synchronization

/// What one entry of the archive gives the folder (Docs/Sessions.md, "Which file an entry
/// becomes"): the file that answers the same request, named by `--record`'s rules
/// (``RecordTarget``), with the answer's status, kept headers, the digest of its bytes and its wait;
/// or why it gives nothing (``ImportSkip``).
///
/// The route is the URL's path below the base URL, judged by the server's own path rules
/// (``RequestPath``) before anything else is done with it, so no URL can name a file outside the
/// folder. The body is decoded to find its digest and thrown away: it is decoded again when it
/// is written, so the import never holds more than one body at a time (one a core: entries are
/// mapped on every core).
struct EntryMapping: Sendable {
    /// The BFF.
    let base: ImportBaseURL
    /// The largest body imported.
    let limit: Int
    /// The JSON check of each screen body already seen, by digest: nil when it is JSON.
    private let checked = JSONChecks()

    init(base: ImportBaseURL, limit: Int) {
        self.base = base
        self.limit = limit
    }

    /// Maps the entry at `index`, whose URL reads as `url`.
    func map(_ entry: HAR.Entry, index: Int, url: Result<EntryURL, EntryURL.Refusal>) -> Result<
        EntryAnswer, ImportSkip
    > {
        func skip(_ reason: ImportSkip.Reason) -> Result<EntryAnswer, ImportSkip> {
            .failure(ImportSkip(index: index, request: Self.shown(entry.request), reason: reason))
        }
        let parsed: EntryURL
        switch url {
        case .success(let found): parsed = found
        case .failure(.webSocket): return skip(.webSocket)
        case .failure(.notHTTP(let scheme)): return skip(.notHTTP(scheme))
        case .failure(.malformed): return skip(.malformedURL)
        }
        if entry.response.status == 101 || entry.resourceType?.lowercased() == "websocket" { return skip(.webSocket) }
        if entry.request.method.uppercased() == "CONNECT" { return skip(.connect) }
        guard parsed.origin == base.origin else { return skip(.otherOrigin(parsed.origin.description)) }
        let requestPath: RequestPath
        do {
            requestPath = try RequestPath(target: parsed.target)
        } catch {
            return skip(.unsafePath(error.description))
        }
        guard let route = base.route(of: requestPath, at: parsed.origin) else { return skip(.outsideBasePath) }
        guard let method = HTTPRequest.Method(entry.request.method),
            method == .get || ScreenFileName.bodyMethods.contains(method.rawValue)
        else { return skip(.method(entry.request.method)) }
        let status = entry.response.status
        guard (200...599).contains(status) else { return skip(.noAnswer(status)) }
        let content = entry.response.content
        // No text and no size, or an empty text whatever the size says: no body. No text with a
        // size: a body the tool did not keep (EntryBody says so).
        if (content.text ?? "").isEmpty, content.text != nil || content.size <= 0 { return skip(.noBody(status)) }
        let contentType = Self.contentType(of: entry.response)
        let path = RequestPath(checkedSegments: route)
        let platform = KeptHeaders.value(of: "beagle-platform", in: entry.request.headers).flatMap(
            BeaglePlatform.init(headerValue:))
        let target: RecordTarget
        switch Self.target(method: method, path: path, platform: platform, contentType: contentType) {
        case .success(let found): target = found
        case .failure(let reason): return skip(reason)
        }
        if let long = target.segments.first(where: { $0.utf8.count > 255 }) { return skip(.nameTooLong(long)) }
        let bytes: [UInt8]
        switch EntryBody.bytes(
            of: content, contentEncoding: KeptHeaders.value(of: "Content-Encoding", in: entry.response.headers),
            contentType: contentType, limit: limit)
        {
        case .success(let found): bytes = found
        case .failure(let reason): return skip(reason)
        }
        let digest = VerbatimList.digest(of: bytes)
        let isScreen = target.relativePath.hasSuffix(".json")
        if isScreen, let problem = check(bytes, digest: digest) { return skip(.notJSON(problem)) }
        let fileName = target.segments.last ?? ""
        return .success(
            EntryAnswer(
                index: index, method: method.rawValue, route: "/" + ScreenFolder.stem(ofPath: path.path), target: target,
                platform: ScreenFileName(relativePath: target.relativePath).platform, status: status,
                headers: KeptHeaders.headers(of: entry.response, fileName: fileName, contentType: contentType, base: base),
                digest: digest, size: bytes.count, wait: entry.timings.wait >= 0 ? entry.timings.wait : nil,
                holdsTemplateMarks: isScreen && ScreenTemplate.isTemplate(bytes)))
    }

    /// The file a request names, as `--record` names it; a GET whose route has no extension and
    /// whose answer is not JSON (an image at `/avatar/42`) is the file at its path, served as is.
    static func target(method: HTTPRequest.Method, path: RequestPath, platform: BeaglePlatform?, contentType: String?)
        -> Result<RecordTarget, ImportSkip.Reason>
    {
        switch RecordTarget.target(method: method, path: path, platform: platform, contentType: contentType, hasImages: false) {
        case .success(let target):
            return .success(target)
        case .failure(.notJSON(let type)) where method == .get && !path.segments.isEmpty:
            let segments = ScreenFolder.stem(ofPath: path.path).split(separator: "/").map(String.init)
            guard !segments.isEmpty else { return .failure(.notJSONType(type)) }
            return .success(RecordTarget(folder: .screens, segments: segments))
        case .failure(.notJSON(let type)):
            return .failure(.notJSONType(type))
        case .failure(.unsafeName(let what)):
            return .failure(.unsafeName(what))
        case .failure(.method(let method)):
            return .failure(.method(method))
        case .failure(let refusal):
            return .failure(.unsafeName("\(refusal)"))
        }
    }

    /// The place of the first JSON mistake in a screen's bytes, nil when they are JSON; each
    /// distinct body is read once (or twice, when two cores meet it at once).
    private func check(_ bytes: [UInt8], digest: String) -> String? {
        if let known = checked.result(for: digest) { return known }
        let problem: String?
        do {
            _ = try JSONReader().parse(bytes)
            problem = nil
        } catch {
            problem = error.description
        }
        checked.note(problem, for: digest)
        return problem
    }

    /// The answer's type: its `Content-Type` header, else `content.mimeType`; nil when neither.
    static func contentType(of response: HAR.Response) -> String? {
        let type = KeptHeaders.value(of: "Content-Type", in: response.headers) ?? response.content.mimeType
        return type.isEmpty ? nil : type
    }

    /// `GET https://bff.example.com/home`, control characters escaped, cut to 200 characters:
    /// an archive's text never writes lines of its own into the report.
    static func shown(_ request: HAR.Request) -> String {
        let text = "\(request.method) \(request.url)"
        let escaped =
            text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            ? String(text.debugDescription.dropFirst().dropLast()) : text
        return escaped.count <= 200 ? escaped : String(escaped.prefix(200)) + "…"
    }
}

/// One answer of the BFF that the folder will give back: an entry mapped to its file.
struct EntryAnswer: Sendable, Equatable {
    /// The entry's place in the archive.
    let index: Int
    /// `GET`, `POST`…
    let method: String
    /// The route below the base URL, decoded and without `.json` (`/catalog/item-1`): what a
    /// route rule's `path` names.
    let route: String
    /// The file that answers it.
    let target: RecordTarget
    /// The platform its file is for, nil for the plain file.
    let platform: BeaglePlatform?
    let status: Int
    /// The headers kept as a rule's `response: headers`.
    let headers: [ResponseOverride.Header]
    /// The SHA-256 of the body, which tells answers apart.
    let digest: String
    /// The body's length in bytes.
    let size: Int
    /// `timings.wait` in milliseconds, nil when the archive does not know it.
    let wait: Double?
    /// Whether the body is a screen holding `{{`, which must be served as it is, never rendered.
    let holdsTemplateMarks: Bool
}

/// What the JSON check of each screen body found, by the body's digest, shared by the cores.
private final class JSONChecks: Sendable {
    private let found = Mutex<[String: String?]>([:])

    /// The check's result: `.some(nil)` for JSON, `.some(problem)`, or nil when not checked yet.
    func result(for digest: String) -> String?? {
        found.withLock { $0[digest] }
    }

    func note(_ problem: String?, for digest: String) {
        found.withLock { $0[digest] = problem }
    }
}
