import Foundation

/// The files of a screens folder and its images folder, and the route resolution of
/// Docs/ScreensFolder.md over them.
///
/// A `ScreenFolder` is a snapshot: ``init(contentsOf:images:configFile:)`` lists the disk once,
/// and everything else is a pure function of that listing (no disk access, no cache, same
/// answer for the same listing). The server keeps its own cache and decides when to rescan.
///
/// Resolution of a request for `path` (already percent-decoded, without its query):
/// 1. empty segments collapse (`//a` is `/a`) and a trailing `.json` is dropped
///    (`/home.json` is `/home`), giving the route R;
/// 2. a GET for `/images/<p>` is answered by the file `<p>` of the images folder, if there is
///    one (then the screens folder is searched as for any path);
/// 3. a non-JSON file at R (an image, a PDF…) is served as is;
/// 4. with a platform p: `R.<p>.json`, then for IOS and ANDROID `R.mobile.json`, then the same
///    under `R/index`;
/// 5. `R.json`, then `R/index.json`;
/// 6. otherwise nothing (404).
///
/// Steps 3 to 5 read the route's segments by their own names first, then through the folder's
/// `[name]` entries (``ParameterIndex``): `product/[id].json` answers `/product/42` with `id` →
/// `42` when no exact name answers. The first reading that finds a file wins.
///
/// POST, PUT, PATCH and DELETE look for `R.<method>.json` the same way (`cart.post.ios.json`,
/// `cart.post.mobile.json`, `cart/index.post.ios.json`…, then `cart.post.json`,
/// `cart/index.post.json`); a route that exists for other methods only gives 405. HEAD is GET.
/// Variant and method files are not routes by their own name: `/home.ios` finds nothing.
package struct ScreenFolder: Sendable {
    /// The screens folder.
    package let root: URL
    /// The images folder, if there is one.
    package let imagesRoot: URL?
    /// The files of the screens folder, sorted by relative path.
    package let files: [ScreenFile]
    /// The files of the images folder, sorted by relative path.
    package let images: [ScreenFile]

    /// Where the screens folder has `[name]` entries.
    package let parameterIndex: ParameterIndex

    private let filesByPath: [String: ScreenFile]
    private let imagesByPath: [String: ScreenFile]

    /// A folder from a listing of relative paths (`/` separators), without touching the disk.
    package init(root: URL, relativePaths: [String], imagesRoot: URL? = nil, imagePaths: [String] = []) {
        self.root = root
        self.imagesRoot = imagesRoot
        files = Set(relativePaths).sorted().map { ScreenFile(location: .screens, relativePath: $0, in: root) }
        images =
            if let imagesRoot {
                Set(imagePaths).sorted().map { ScreenFile(location: .images, relativePath: $0, in: imagesRoot) }
            } else {
                []
            }
        filesByPath = Dictionary(files.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
        imagesByPath = Dictionary(images.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
        parameterIndex = ParameterIndex(relativePaths: files.map(\.relativePath))
    }

    /// The file at `relativePath` in the screens folder, if listed.
    package func file(atRelativePath relativePath: String) -> ScreenFile? {
        filesByPath[relativePath]
    }

    // MARK: - Routes

    /// The route a request path names: empty segments collapsed, a trailing `/` and a trailing
    /// `.json` dropped (`//catalog/` is `/catalog`, `/home.json` is `/home`, `` is `/`).
    package static func route(forPath path: String) -> String {
        "/" + stem(ofPath: path)
    }

    /// The route without its leading `/`.
    package static func stem(ofPath path: String) -> String {
        var stem: String
        if isPlain(path, leadingSlash: true) {
            // What the split below gives for a path without empty segments (every request's,
            // as the read stage builds it), without splitting.
            stem = String(Substring(path.utf8.dropFirst()))
        } else {
            // Split on the `/` scalar, not the `/` Character: a `/` followed by a combining mark or
            // an emoji modifier is one Character but still a separator.
            let segments = path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true)
            stem = segments.map { String($0) }.joined(separator: "/")
        }
        if stem.utf8.count >= 5, stem.utf8.suffix(5).elementsEqual(".json".utf8) {
            stem = String(decoding: stem.utf8.dropLast(5), as: UTF8.self)
        }
        return stem
    }

    /// Whether `path` has no empty segment: no `//`, no trailing `/` (but the root's), and a leading
    /// `/` exactly when `leadingSlash` (a stem has none). Compared as UTF-8 bytes, where a `/` is a
    /// separator whatever follows it.
    static func isPlain(_ path: String, leadingSlash: Bool) -> Bool {
        let bytes = path.utf8
        if leadingSlash != (bytes.first == UInt8(ascii: "/")) { return false }
        var previousWasSlash = true
        for byte in bytes.dropFirst(leadingSlash ? 1 : 0) {
            let isSlash = byte == UInt8(ascii: "/")
            if isSlash && previousWasSlash { return false }
            previousWasSlash = isSlash
        }
        // A trailing `/`; the root `/` alone, and the empty stem, are plain.
        return !(previousWasSlash && bytes.count > (leadingSlash ? 1 : 0))
    }

    /// Resolves a request for `path` (percent-decoded, no query) from a client announcing
    /// `platform` (nil without a `beagle-platform` header) with `method` (any case).
    package func resolve(_ path: String, platform: BeaglePlatform? = nil, method: String = "GET") -> ScreenResolution {
        let method = method.uppercased() == "HEAD" ? "GET" : method.uppercased()
        let route = Self.route(forPath: path)
        if let match = find(path, platform: platform, method: method) { return .found(match) }
        guard method != "GET" else { return .notFound(route: route) }
        let allowed = allowedMethods(path, platform: platform)
        return allowed.isEmpty ? .notFound(route: route) : .methodNotAllowed(route: route, allowed: allowed)
    }

    /// The methods that find a file at `path` for `platform`, as an `Allow` header lists them.
    package func allowedMethods(_ path: String, platform: BeaglePlatform? = nil) -> [String] {
        var allowed: [String] = []
        if find(path, platform: platform, method: "GET") != nil { allowed += ["GET", "HEAD"] }
        for method in ScreenFileName.bodyMethods where find(path, platform: platform, method: method) != nil {
            allowed.append(method)
        }
        return allowed
    }

    /// The file for `method` (GET or a body method), or nil.
    private func find(_ path: String, platform: BeaglePlatform?, method: String) -> ScreenMatch? {
        let segments = path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true).map { String($0) }
        let stem = Self.stem(ofPath: path)
        let route = "/" + stem
        let isGet = method == "GET"
        if isGet, segments.count > 1, segments[0] == "images",
            let image = imagesByPath[segments.dropFirst().joined(separator: "/")]
        {
            return ScreenMatch(file: image, route: "/" + segments.joined(separator: "/"), platform: nil, variesByPlatform: false)
        }
        let methodFileMethod: String? = isGet ? nil : method
        guard isGet || ScreenFileName.bodyMethods.contains(method) else { return nil }
        for binding in parameterIndex.bindings(for: stem) {
            for candidate in RouteCandidates(route: binding.stem, platform: platform, method: methodFileMethod) {
                guard !(candidate.isAsset && binding.endsInParameter), let file = filesByPath[candidate.relativePath],
                    candidate.accepts(file.name)
                else { continue }
                if candidate.isAsset {
                    return ScreenMatch(
                        file: file, route: route, platform: nil, variesByPlatform: false, parameters: binding.parameters)
                }
                let varies = candidate.platform != nil || hasVariants(stem: binding.stem, method: methodFileMethod)
                return ScreenMatch(
                    file: file, route: route, platform: candidate.platform, variesByPlatform: varies,
                    parameters: binding.parameters)
            }
        }
        return nil
    }

    /// Whether any platform variant answers the route `stem` for `method`.
    private func hasVariants(stem: String, method: String?) -> Bool {
        let bases = stem.isEmpty ? ["index"] : [stem, stem + "/index"]
        return BeaglePlatform.allCases.contains { variant in
            bases.contains { jsonFile(base: $0, method: method, platform: variant) != nil }
        }
    }

    /// The JSON file `base[.method][.platform].json`, if listed and if it means exactly that:
    /// a candidate whose name reads otherwise (`cart.post.json` asked for as the plain file of
    /// `/cart.post`) does not count.
    private func jsonFile(base: String, method: String?, platform: BeaglePlatform?) -> ScreenFile? {
        var path = base
        if let method { path += "." + method.lowercased() }
        if let platform { path += "." + platform.fileSuffix }
        path += ".json"
        guard let file = filesByPath[path], file.name.method == method, file.name.platform == platform else {
            return nil
        }
        return file
    }

    /// Every route of the folder with the files that answer it, sorted by route: screens,
    /// their variants and method files, assets, and images under `/images/`.
    package var routes: [ScreenRoute] {
        var grouped: [String: [ScreenFile]] = [:]
        for file in files + images { grouped[file.name.route, default: []].append(file) }
        return grouped.keys.sorted().map { ScreenRoute(path: $0, files: grouped[$0] ?? []) }
    }
}
