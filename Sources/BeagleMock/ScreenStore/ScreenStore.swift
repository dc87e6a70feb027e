import BeagleScreens
import HTTPTypes
import NIOCore

/// Resolves request paths to files in the screens and images folders (Docs/ScreensFolder.md): route
/// rules, platform variants and filtering, method files, path safety, and cached contents that
/// are revalidated on every request.
final class ScreenStore: Sendable {
    /// What the store found for a request.
    enum Answer: Sendable {
        case file(ServedFile)
        /// Nothing answers this method, but the route answers these.
        case methodNotAllowed(allowed: [HTTPRequest.Method])
        case notFound
    }

    /// The screens folder.
    let screens: ContainedRoot
    /// The images folder served under `/images`, if there is one.
    let images: ContainedRoot?
    /// The config file, never served whatever it is called.
    let configPath: String?

    private let cache: FileCache
    /// A listing of the folders for suggestions, inventories and where `[name]` entries are;
    /// never the source of a file served.
    let snapshot: FolderSnapshot

    /// Names that are never served from the screens root, in case the config in force is another.
    static let configNames: Set<String> = ["beagle-mock.yml", "beagle-mock.yaml"]

    init(screens: ContainedRoot, images: ContainedRoot?, configPath: String?, cache: FileCache = FileCache()) {
        self.screens = screens
        self.images = images
        self.configPath = configPath
        self.cache = cache
        self.snapshot = FolderSnapshot(screens: screens.path, images: images?.path, config: configPath)
    }

    /// Finds what answers `method` on `path` for a client on `platform`.
    func resolve(_ path: RequestPath, method: HTTPRequest.Method, platform: BeaglePlatform?) async -> Answer {
        if path.isHidden { return .notFound }
        let readsContent = method == .get || method == .head
        if readsContent, let images, path.segments.count > 1, path.segments[0] == "images",
            let found = images.regularFile(at: path.segments.dropFirst().joined(separator: "/")),
            !isConfig(found)
        {
            return await serve(found, isScreen: false, platform: nil, chosenByPlatform: false, parameters: [:])
        }
        let route = ScreenFolder.stem(ofPath: path.path)
        if path.segments.count == 1, Self.configNames.contains(path.segments[0]) { return .notFound }
        let bodyMethod: String?
        if readsContent {
            bodyMethod = nil
        } else if ScreenFileName.bodyMethods.contains(method.rawValue) {
            bodyMethod = method.rawValue
        } else {
            let allowed = allowedMethods(route: route, platform: platform)
            return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
        }
        if let (candidate, found, binding) = firstFile(route: route, platform: platform, method: bodyMethod) {
            let isScreen = !candidate.isAsset
            let filter = isScreen ? platform : nil
            return await serve(
                found, isScreen: isScreen, platform: filter, chosenByPlatform: candidate.platform != nil,
                parameters: binding.parameters)
        }
        let allowed = allowedMethods(route: route, platform: platform)
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }

    /// The first file answering `route` for `method`: by the route's own names, then, when the
    /// folder has `[name]` entries, through them in the order of Docs/ScreensFolder.md ("Path
    /// parameters"). Which folders hold `[name]` entries comes from the snapshot, so a folder
    /// without any lists nothing per request; every file is still opened through `screens`.
    private func firstFile(route: String, platform: BeaglePlatform?, method: String?)
        -> (RouteCandidates.Candidate, OpenedFile, RouteBinding)?
    {
        let exact = RouteBinding.exact(route)
        if let (candidate, found) = firstFile(binding: exact, platform: platform, method: method) {
            return (candidate, found, exact)
        }
        guard let index = snapshot.current()?.parameterIndex, !index.isEmpty else { return nil }
        for binding in index.bindings(for: route).dropFirst() {
            if let (candidate, found) = firstFile(binding: binding, platform: platform, method: method) {
                return (candidate, found, binding)
            }
        }
        return nil
    }

    private func firstFile(binding: RouteBinding, platform: BeaglePlatform?, method: String?)
        -> (RouteCandidates.Candidate, OpenedFile)?
    {
        for candidate in RouteCandidates(route: binding.stem, platform: platform, method: method) {
            guard !(candidate.isAsset && binding.endsInParameter),
                candidate.accepts(ScreenFileName(relativePath: candidate.relativePath)),
                let found = screens.regularFile(at: candidate.relativePath), !isConfig(found)
            else { continue }
            return (candidate, found)
        }
        return nil
    }

    /// The methods some file answers on `route` (for 405's `Allow`).
    func allowedMethods(route: String, platform: BeaglePlatform?) -> [HTTPRequest.Method] {
        var allowed: [HTTPRequest.Method] = []
        if firstFile(route: route, platform: platform, method: nil) != nil { allowed += [.get, .head] }
        for name in ScreenFileName.bodyMethods where firstFile(route: route, platform: platform, method: name) != nil {
            if let method = HTTPRequest.Method(name) { allowed.append(method) }
        }
        return allowed
    }

    /// Whether `found` is the config file, under any name. It is either found by its own real
    /// path, or it has another name: a hard link (more than one link) or a symlink (then `found`
    /// is its real path). Only the hard-link case needs a `stat`, so serving costs nothing extra.
    private func isConfig(_ found: OpenedFile) -> Bool {
        guard let configPath else { return false }
        if found.path == configPath { return true }
        guard found.status.linkCount > 1, let config = FileStatus.stat(configPath) else { return false }
        return config.sameFile(as: found.status)
    }

    private func serve(
        _ found: OpenedFile, isScreen: Bool, platform: BeaglePlatform?, chosenByPlatform: Bool, parameters: [String: String]
    ) async -> Answer {
        guard let file = await cache.file(found) else { return .notFound }
        let name = found.relativePath.split(separator: "/").last ?? ""
        let contentType = ContentType.forFile(named: name)
        var body: OutgoingResponse.Body
        var hash = file.hash
        var filtered = false
        if let bytes = file.bytes {
            body = .buffer(bytes)
            if let platform, contentType == ContentType.json, let rendition = file.rendition(for: platform) {
                filtered = rendition.bytes != bytes
                body = .buffer(rendition.bytes)
                hash = rendition.hash
            }
        } else {
            body = .file(found, size: file.status.size)
        }
        return .file(
            ServedFile(
                body: body, relativePath: found.relativePath, hash: hash, lastModified: file.lastModified,
                modifiedSeconds: file.status.modifiedSeconds, contentType: contentType, isScreen: isScreen,
                chosenByPlatform: chosenByPlatform || filtered, parameters: parameters))
    }
}

extension ScreenStore {
    /// Up to three existing routes close to `path`, for the 404 body.
    func suggestions(for path: RequestPath, platform: BeaglePlatform?) -> [String] {
        snapshot.current()?.suggestions(for: path.path, platform: platform) ?? []
    }

    /// Counts the screens and images now on disk.
    func inventory() -> ServerInventory? {
        snapshot.current().map(ServerInventory.init)
    }
}
