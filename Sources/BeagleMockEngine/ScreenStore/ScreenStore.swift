import BeagleMockHTTP
import BeagleScreens
import HTTPTypes
import NIOCore

/// Resolves request paths to files in the screens and images folders (Docs/ScreensFolder.md): route
/// rules, platform variants and filtering, method files, path safety, and cached contents that
/// are revalidated on every request, against the file the request opened or the one kept for
/// its route while the folders are unchanged (``FolderLookups``).
package final class ScreenStore: Sendable {
    /// What the store found for a request.
    enum Answer: Sendable {
        case file(ServedFile)
        /// Nothing answers this method, but the route answers these.
        case methodNotAllowed(allowed: [HTTPRequest.Method])
        case notFound
        /// The file changed during every read: it is being written (``FileCache``).
        case changing(relativePath: String)
    }

    /// What the folders serve, shared with the listing in `snapshot`.
    package let served: ServedFiles

    /// Finds the first served file answering a route for a method (nil for GET and HEAD), with
    /// the values of its path parameters, as ``firstFile(route:platform:method:served:snapshot:)``
    /// does; a parameter so that a test can replay a file appearing between two lookups without
    /// racing the disk.
    package typealias RouteLookup =
        @Sendable (_ route: String, _ platform: BeaglePlatform?, _ method: String?) -> (
            RouteCandidates.Candidate, OpenedFile, RouteBinding
        )?

    private let lookup: RouteLookup

    private let cache: FileCache
    /// The files found for routes and images, kept while the folders are unchanged.
    private let lookups: FolderLookups
    /// A listing of the folders for suggestions, inventories and where `[name]` entries are;
    /// never the source of a file served.
    let snapshot: FolderSnapshot
    /// The screens folder's files served as they are, never rendered (recorded ones).
    package let verbatim: VerbatimList

    /// Creates a store over `screens` and `images`, never serving the file at `configPath` nor what
    /// `withheld` covers, that keeps what it finds once it has made `lookupsBeforeWatching` lookups
    /// (``FolderLookups``); each file read holds its route's meter of `metrics`, when given;
    /// `lookup` replaces the disk lookup of routes (tests only).
    package init(
        screens: ContainedRoot, images: ContainedRoot?, configPath: String?, withheld: WithheldPaths = .none,
        cache: FileCache? = nil, metrics: RequestMetrics? = nil, lookupsBeforeWatching: Int = 32,
        lookup: RouteLookup? = nil
    ) {
        let served = ServedFiles(screens: screens, images: images, configPath: configPath, withheld: withheld)
        self.served = served
        if let cache {
            self.cache = cache
        } else if let metrics {
            let imagesRoot = images?.path
            self.cache = FileCache(meters: { opened in metrics.meter(forFile: opened, imagesRoot: imagesRoot) })
        } else {
            self.cache = FileCache()
        }
        let lookups = FolderLookups(
            roots: [screens.path] + (images.map { [$0.path] } ?? []), watchingAfter: lookupsBeforeWatching)
        self.lookups = lookups
        let snapshot = FolderSnapshot(served: served, changes: lookups)
        self.snapshot = snapshot
        self.verbatim = VerbatimList(root: screens.path)
        self.lookup =
            lookup ?? { route, platform, method in
                lookups.route(FolderLookups.RouteKey(route: route, platform: platform, method: method)) {
                    Self.firstFile(route: route, platform: platform, method: method, served: served, snapshot: snapshot)
                }
            }
    }

    /// Finds what answers `method` on `path` for a client on `platform`; with `templates`, a screen
    /// file with `{{` comes back to be rendered (Docs/Templates.md). Without `tellsAllowed`, a
    /// miss is `.notFound` even where another method has a file: the caller (a proxy, which sends
    /// 404 and 405 alike to the upstream) does not need the methods, whose lookups cost a few
    /// file opens each.
    func resolve(
        _ path: RequestPath, method: HTTPRequest.Method, platform: BeaglePlatform?, templates: Bool, tellsAllowed: Bool = true
    ) async -> Answer {
        if path.isHidden { return .notFound }
        let readsContent = method == .get || method == .head
        if readsContent, path.segments.count > 1, path.segments[0] == "images",
            let found = imageFile(at: String(Substring(path.path.utf8.dropFirst("/images/".utf8.count))))
        {
            return await serve(
                found, isScreen: false, platform: nil, chosenByPlatform: false, parameters: [:], templates: false)
        }
        let route = ScreenFolder.stem(ofPath: path.path)
        if path.segments.count == 1, ServedFiles.isConfigName(path.segments[0]) { return .notFound }
        let bodyMethod: String?
        if readsContent {
            bodyMethod = nil
        } else if ScreenFileName.bodyMethods.contains(method.rawValue) {
            bodyMethod = method.rawValue
        } else {
            guard tellsAllowed else { return .notFound }
            let allowed = allowedMethods(route: route, platform: platform)
            return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
        }
        if let (candidate, found, binding) = lookup(route, platform, bodyMethod) {
            return await serve(candidate, found, binding, platform: platform, templates: templates)
        }
        guard tellsAllowed else { return .notFound }
        let allowed = allowedMethods(route: route, platform: platform)
        if allowed.contains(method) {
            // The file appeared between the two lookups (replaced during this request). A 405
            // whose Allow names this very method would contradict itself: look once more, and
            // answer 404 if the folder still cannot make up its mind.
            guard let (candidate, found, binding) = lookup(route, platform, bodyMethod) else { return .notFound }
            return await serve(candidate, found, binding, platform: platform, templates: templates)
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }

    /// The image at `relative` in the images folder, kept while the folders are unchanged.
    private func imageFile(at relative: String) -> OpenedFile? {
        lookups.image(relative) { served.imageFile(at: relative) }
    }

    /// The file a route rule names (`file: cart-filled.json`), or nil when it is not served. For a
    /// JSON file, a client on a platform gets its variant first (`cart-filled.ios.json`, then
    /// `cart-filled.mobile.json`), as a route would; the body is filtered for the platform.
    func ruleFile(_ relativePath: String, platform: BeaglePlatform?, templates: Bool) async -> ServedFile? {
        let isJSON = relativePath.hasSuffix(".json")
        var candidates: [(path: String, variant: Bool)] = []
        if isJSON, let platform {
            let stem = relativePath.dropLast(".json".count)
            candidates += platform.variantSuffixes.map { ("\(stem).\($0).json", true) }
        }
        candidates.append((relativePath, false))
        for candidate in candidates {
            guard let found = served.screenFile(at: candidate.path) else { continue }
            guard
                case .file(let file) = await serve(
                    found, isScreen: isJSON, platform: isJSON ? platform : nil, chosenByPlatform: candidate.variant,
                    parameters: [:], templates: templates)
            else { return nil }
            return file
        }
        return nil
    }

    /// Serves a route's file: a screen filtered for `platform`, an asset as is, with the values
    /// its path parameters took.
    private func serve(
        _ candidate: RouteCandidates.Candidate, _ found: OpenedFile, _ binding: RouteBinding, platform: BeaglePlatform?,
        templates: Bool
    ) async -> Answer {
        let isScreen = !candidate.isAsset
        return await serve(
            found, isScreen: isScreen, platform: isScreen ? platform : nil, chosenByPlatform: candidate.platform != nil,
            parameters: binding.parameters, templates: templates)
    }

    /// The first served file answering `route` for `method`: by the route's own names, then, when
    /// the folder has `[name]` entries, through them in the order of Docs/ScreensFolder.md ("Path
    /// parameters"). Which folders hold `[name]` entries comes from the snapshot, so a folder
    /// without any lists nothing per request; every file is still opened through `served`.
    static func firstFile(
        route: String, platform: BeaglePlatform?, method: String?, served: ServedFiles, snapshot: FolderSnapshot
    ) -> (RouteCandidates.Candidate, OpenedFile, RouteBinding)? {
        let exact = RouteBinding.exact(route)
        if let (candidate, found) = served.firstFile(binding: exact, platform: platform, method: method) {
            return (candidate, found, exact)
        }
        guard let index = snapshot.current()?.parameterIndex, !index.isEmpty else { return nil }
        for binding in index.bindings(for: route).dropFirst() {
            if let (candidate, found) = served.firstFile(binding: binding, platform: platform, method: method) {
                return (candidate, found, binding)
            }
        }
        return nil
    }

    /// The methods some file answers on `route` (for 405's `Allow`).
    func allowedMethods(route: String, platform: BeaglePlatform?) -> [HTTPRequest.Method] {
        var allowed: [HTTPRequest.Method] = []
        if lookup(route, platform, nil) != nil { allowed += [.get, .head] }
        for name in ScreenFileName.bodyMethods where lookup(route, platform, name) != nil {
            if let method = HTTPRequest.Method(name) { allowed.append(method) }
        }
        return allowed
    }

    private func serve(
        _ found: OpenedFile, isScreen: Bool, platform: BeaglePlatform?, chosenByPlatform: Bool, parameters: [String: String],
        templates: Bool
    ) async -> Answer {
        let file: CachedFile
        switch await cache.file(found) {
        case .file(let read): file = read
        case .unreadable: return .notFound
        case .changing: return .changing(relativePath: found.relativePath)
        }
        let contentType = found.contentType
        // A template is filtered for the platform after it is rendered, by the source stage.
        let template =
            templates && contentType == ContentType.json
            ? pendingTemplate(file, at: found.relativePath, platform: platform) : nil
        var body: OutgoingResponse.Body
        var version = file.version
        var filtered = false
        if let bytes = file.bytes {
            body = .buffer(bytes)
            if template == nil, let platform, contentType == ContentType.json, let rendition = file.rendition(for: platform) {
                filtered = rendition.bytes != bytes
                body = .buffer(rendition.bytes)
                version = rendition.version
            }
        } else {
            body = .file(found, size: file.status.size, hash: file.version.hash)
        }
        return .file(
            ServedFile(
                body: body, relativePath: found.relativePath, meter: file.meter.map(Unmanaged.passUnretained), version: version,
                modifiedSeconds: file.status.modifiedSeconds, isScreen: isScreen,
                chosenByPlatform: chosenByPlatform || filtered, parameters: parameters, template: template))
    }

    /// The file as a template to render, or nil when it has no `{{` or the ``VerbatimList`` names
    /// it (templates are files of the screens folder, to which its paths are relative).
    private func pendingTemplate(_ file: CachedFile, at relativePath: String, platform: BeaglePlatform?)
        -> ServedFile.PendingTemplate?
    {
        let compiled: Result<ScreenTemplate, TemplateProblem>
        switch file.template {
        case .plain: return nil
        case .template(let template): compiled = .success(template)
        case .unrenderable(let problem): compiled = .failure(problem)
        }
        if verbatim.contains(relativePath, digest: { file.digest }) { return nil }
        return ServedFile.PendingTemplate(compiled: compiled, platform: platform)
    }
}

extension ScreenStore {
    /// The 404 body for `path` asked by a client on `platform`: the variants that answer the path
    /// for other platforms, if any, and up to three existing routes close to it.
    func notFound(_ path: RequestPath, platform: BeaglePlatform?) -> ErrorBody {
        let folder = snapshot.current()
        let suggestions = folder?.suggestions(for: path.path, platform: platform, orAnyPlatform: true) ?? []
        let platforms = (folder?.platforms(answering: path.path) ?? []).filter { $0 != platform }
        guard let first = platforms.first else {
            return ErrorBody(error: "no screen or file answers this path", path: path.path, suggestions: suggestions)
        }
        let names = platforms.map(\.rawValue)
        let client = platform.map { "for beagle-platform: \($0.rawValue)" } ?? "for a client that sends no beagle-platform"
        return ErrorBody(
            error:
                "no screen answers this path \(client); it has variants for \(names.joined(separator: ", ")): send the header beagle-platform: \(first.rawValue), as a Beagle app does",
            path: path.path, suggestions: suggestions, platforms: names)
    }

    /// Counts the screens and images now on disk.
    package func inventory() -> ServerInventory? {
        snapshot.current().map(ServerInventory.init)
    }
}
