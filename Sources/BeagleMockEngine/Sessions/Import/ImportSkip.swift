/// An entry the import did not make into a file, and why (Docs/Sessions.md, "What is skipped").
///
/// Some entries are no answer of the BFF's routes by design (another origin, a WebSocket, a
/// preflight, an answer without a body): they are *skipped*. The others are answers of the BFF
/// that could not be written (a body the archive did not keep or that cannot be decoded, a path
/// the folder rules refuse, a screen that is not JSON): they are *not imported*, and make the
/// import's exit code 1.
struct ImportSkip: Error, Sendable, Equatable {
    /// The entry's place in the archive (`log.entries[index]`).
    let index: Int
    /// `GET https://bff.example.com/api/home`, as the archive has it (cut when long).
    let request: String
    let reason: Reason

    /// Why an entry is not in the folder.
    enum Reason: Error, Sendable, Equatable, CustomStringConvertible {
        /// An entry to another origin than the base URL's.
        case otherOrigin(String)
        /// An entry to the base URL's origin, outside its path.
        case outsideBasePath
        /// A URL that is not `http` or `https` (`data:`, `blob:`), with its scheme.
        case notHTTP(String)
        /// A WebSocket: `ws:`, a 101 answer, or Chrome's `_resourceType: websocket`.
        case webSocket
        /// A `CONNECT` tunnel, which a proxy records when it does not decrypt.
        case connect
        /// A method no file answers (`OPTIONS`, `HEAD`).
        case method(String)
        /// No answer: status 0 (blocked, failed, cancelled) or an informational status.
        case noAnswer(Int)
        /// An answer without a body (`204`, `304`, an empty `200`).
        case noBody(Int)
        /// The entry could not be read from the archive.
        case unreadable(String)
        /// An `http` URL whose host or port cannot be read.
        case malformedURL
        /// A path the server's path rules refuse (`..`, `%2e%2e`, an encoded `/`, NUL, `\`).
        case unsafePath(String)
        /// A path no file of the folder may have (a hidden name, a `[name]`, the config's name),
        /// or that names no file a GET answers.
        case unsafeName(String)
        /// A name longer than a file system takes.
        case nameTooLong(String)
        /// A name that another file of the import, or the folder, has as a file or a folder.
        case nameTaken(String)
        /// The archive holds no body, though the answer had one of `size` bytes.
        case bodyNotKept(Int)
        /// `content.encoding` is neither absent nor `base64`.
        case encoding(String)
        /// `content.encoding` is `base64` and the text is not.
        case notBase64
        /// The body is still compressed with this `Content-Encoding`.
        case compressed(String)
        /// The body is larger than `--max-body-size`.
        case tooLarge(Int, limit: Int)
        /// A screen or method file's answer of another type than JSON.
        case notJSONType(String)
        /// A screen or method file's answer that is not JSON, with the place of the mistake.
        case notJSON(String)

        /// Whether the entry is no answer of the BFF's routes by design: skipped, not a failure.
        var isByDesign: Bool {
            switch self {
            case .otherOrigin, .outsideBasePath, .notHTTP, .webSocket, .connect, .method, .noAnswer, .noBody: true
            default: false
            }
        }

        var description: String {
            switch self {
            case .otherOrigin(let origin): "another origin (\(origin))"
            case .outsideBasePath: "outside the base URL's path"
            case .notHTTP(let scheme): scheme.isEmpty ? "not an HTTP URL" : "a \(scheme): URL, not HTTP"
            case .webSocket: "a WebSocket"
            case .connect: "a CONNECT tunnel (the tool did not decrypt it)"
            case .method(let method): "no file answers \(method)"
            case .noAnswer(let status):
                status == 0 ? "no answer (status 0: blocked, failed or cancelled)" : "no answer (status \(status))"
            case .noBody(let status): "no response body (status \(status))"
            case .unreadable(let problem): "the entry cannot be read: \(problem)"
            case .malformedURL: "its URL has no host or port that can be read"
            case .unsafePath(let why): "the path is refused: \(why)"
            case .unsafeName(let what): "the path would make \(what)"
            case .nameTooLong(let name): "the file name \(SpecError.quote(name)) is longer than 255 bytes"
            case .nameTaken(let what): what
            case .bodyNotKept(let size):
                "the archive kept no body\(size > 0 ? " (\(size) bytes were sent)" : ""): the tool did not save it"
            case .encoding(let encoding):
                "content.encoding \(SpecError.quote(encoding)) is not base64, which is all an import decodes"
            case .notBase64: "content.encoding is base64, and the text is not base64"
            case .compressed(let coding):
                "the body is still \(coding)-compressed (Content-Encoding: \(coding)) and cannot be read"
            case .tooLarge(let size, let limit): "the body of \(size) bytes is over --max-body-size (\(limit) bytes)"
            case .notJSONType(let type): "its file is a JSON screen, and the answer is \(type.isEmpty ? "of no type" : type)"
            case .notJSON(let problem): "its file is a JSON screen, and the body is not JSON: \(problem)"
            }
        }
    }
}
