import BeagleMockHTTP
import BeagleScreens
import Foundation
import HTTPTypes

/// Where `--record` saves a proxied success: the file that answers the same request next time
/// (Docs/Proxy.md, "Grow your mock from the real BFF"), or why there is none.
///
/// The name comes from the request alone, never from what the upstream sent, and only from a path
/// the read stage already checked (no `.` or `..` segment, no encoded `/`, no control character);
/// hidden names, `[name]` patterns and the config file's names are refused here besides.
struct RecordTarget: Sendable, Equatable {
    /// Which folder the file goes into.
    enum Folder: Sendable, Equatable {
        case screens
        case images
    }

    let folder: Folder
    /// The path below the folder, `/`-separated, its segments safe names.
    let segments: [String]

    /// The path below the folder (`catalog/item-1.ios.json`).
    var relativePath: String { segments.joined(separator: "/") }

    /// The target of a `method` request to `path` from a client on `platform`, whose answer has
    /// `contentType`; `hasImages` says whether an images folder is served under `/images`.
    static func target(
        method: HTTPRequest.Method, path: RequestPath, platform: BeaglePlatform?, contentType: String?, hasImages: Bool
    ) -> Result<RecordTarget, RecordRefusal> {
        if path.isHidden { return .failure(.unsafeName("a hidden name")) }
        if path.segments.contains(where: { $0.contains("[") || $0.contains("]") }) {
            return .failure(.unsafeName("a bracketed name, which would be a path parameter"))
        }
        if path.segments.count == 1, ServedFiles.isConfigName(path.segments[0]) {
            return .failure(.unsafeName("the config file's name"))
        }
        let methodName: String?
        if method == .get {
            methodName = nil
            if hasImages, path.segments.count > 1, path.segments[0] == "images" {
                return .success(RecordTarget(folder: .images, segments: Array(path.segments.dropFirst())))
            }
        } else if ScreenFileName.bodyMethods.contains(method.rawValue) {
            methodName = method.rawValue
        } else {
            return .failure(.method(method.rawValue))
        }
        let route = ScreenFolder.stem(ofPath: path.path)
        let candidates = RouteCandidates(route: route, platform: platform, method: methodName)
        let isAsset = methodName == nil && !path.path.hasSuffix(".json") && (path.segments.last?.contains(".") ?? false)
        if isAsset {
            // `/banner.png`: the file at the path, served as is whatever it holds.
            return .success(RecordTarget(folder: .screens, segments: route.split(separator: "/").map(String.init)))
        }
        guard ContentTypeKind.isJSON(contentType) else { return .failure(.notJSON(contentType ?? "")) }
        let stem = route.isEmpty ? "index" : route
        let methodPart = methodName.map { "." + $0.lowercased() } ?? ""
        let platformPart = platform.map { "." + $0.fileSuffix } ?? ""
        let relativePath = stem + methodPart + platformPart + ".json"
        guard
            let candidate = candidates.first(where: { $0.relativePath == relativePath }),
            candidate.accepts(ScreenFileName(relativePath: relativePath))
        else { return .failure(.unsafeName("a name that would not answer this route")) }
        return .success(RecordTarget(folder: .screens, segments: relativePath.split(separator: "/").map(String.init)))
    }
}

/// Why a proxied success is not recorded, for the log line.
enum RecordRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request's path cannot name a file that answers it.
    case unsafeName(String)
    /// A method no file answers (OPTIONS…).
    case method(String)
    /// The route has no extension, so its file is a JSON screen, and the upstream sent something else.
    case notJSON(String)
    /// The body is compressed; the folder would serve it without `Content-Encoding`.
    case encoded(String)
    /// The body is larger than the limit.
    case tooLarge(Int64, limit: Int64)
    /// The body, of no announced length, grew past the limit.
    case grewTooLarge(limit: Int64)

    var description: String {
        switch self {
        case .unsafeName(let what): "the path would make \(what)"
        case .method(let method): "no file answers \(method)"
        case .notJSON(let type):
            "the route's file is a JSON screen, and the upstream sent \(type.isEmpty ? "no content type" : type)"
        case .encoded(let encoding): "the body is \(encoding)-encoded"
        case .tooLarge(let size, let limit): "\(size) bytes is over the recording limit of \(limit) bytes"
        case .grewTooLarge(let limit): "the body grew past the recording limit of \(limit) bytes"
        }
    }
}

/// What a `Content-Type` says about a body, for recording.
enum ContentTypeKind {
    /// JSON, or no type at all: `application/json`, `text/json`, `application/problem+json`,
    /// `text/plain` (which some BFFs send their JSON as).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return true }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.isEmpty || type.hasSuffix("/json") || type.hasSuffix("+json") || type == "text/plain"
    }
}
