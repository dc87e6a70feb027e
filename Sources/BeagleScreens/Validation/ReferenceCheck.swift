/// Checks the URLs a screen references against the folder the mock serves.
struct ReferenceCheck {
    let file: String
    let folder: ScreenFolder?
    /// The platforms that get the file being checked.
    let filePlatforms: Set<BeaglePlatform>
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String, folder: ScreenFolder?, filePlatforms: Set<BeaglePlatform>) {
        self.file = file
        self.folder = folder
        self.filePlatforms = filePlatforms
    }

    mutating func report(_ severity: Diagnostic.Severity, _ message: String, at position: JSONPosition) {
        diagnostics.append(Diagnostic(file: file, at: position, severity: severity, message: message))
    }

    mutating func check(_ reference: ScreenReference) {
        // In request-platform order, so messages list IOS, ANDROID, WEB.
        let platforms = BeaglePlatform.requestPlatforms.filter { reference.platforms.contains($0) && filePlatforms.contains($0) }
        guard !platforms.isEmpty else { return }  // no platform ever sees it
        switch reference.target {
        case .absolute:
            return
        case .other(let url):
            report(
                .warning,
                "'\(url)' is neither an http(s) URL nor a path starting with '/': Beagle fetches it as is, without the BFF's base URL",
                at: reference.position)
        case .local(let path):
            guard let folder else { return }
            if reference.kind == .image {
                checkImage(path, reference: reference, in: folder)
            } else {
                checkRoute(path, reference: reference, platforms: platforms, in: folder)
            }
        }
    }

    mutating func checkImage(_ path: String, reference: ScreenReference, in folder: ScreenFolder) {
        guard folder.resolve(path).match == nil else { return }
        let place =
            path.hasPrefix("/images/") && folder.imagesRoot == nil
            ? "there is no images folder next to the screens folder" : "no such file"
        report(.warning, "image '\(path)' is not in the folder (\(place)): the app shows its placeholder", at: reference.position)
    }

    mutating func checkRoute(_ path: String, reference: ScreenReference, platforms: [BeaglePlatform], in folder: ScreenFolder) {
        let method = reference.method
        let results = platforms.map { ($0, folder.resolve(path, platform: $0, method: method)) }
        let missing = results.filter { $0.1.match == nil }
        guard !missing.isEmpty else { return }
        let route = ScreenFolder.route(forPath: path)
        let subject: String
        switch reference.kind {
        case .navigation(let action): subject = "\(action) route '\(path)'"
        case .lazyComponent: subject = "beagle:lazyComponent path '\(path)'"
        case .request(let action): subject = "\(action) url '\(path)'"
        case .image: subject = "image '\(path)'"
        }
        let status = { (resolution: ScreenResolution) -> String in
            if case .methodNotAllowed = resolution { return "405" }
            return "404"
        }

        if missing.count < results.count {
            let found = results.filter { $0.1.match != nil }.map(\.0.rawValue).joined(separator: ", ")
            let statuses = Set(missing.map { status($0.1) })
            let lost =
                if let only = statuses.first, statuses.count == 1 {
                    missing.map(\.0.rawValue).joined(separator: " and ") + (missing.count == 1 ? " gets " : " get ") + only
                } else {
                    missing.map { "\($0.0.rawValue) gets \(status($0.1))" }.joined(separator: ", ")
                }
            report(.warning, "\(subject) matches a file only for \(found); \(lost)", at: reference.position)
            return
        }

        let severity: Diagnostic.Severity = reference.hasFallback ? .warning : .error
        let fallback = reference.hasFallback ? " (the app shows the route's fallback)" : ""
        var message: String
        if method == "GET" {
            message = "\(subject) matches no file in the folder"
            if let suggestion = folder.suggestions(for: path, platform: platforms.first, limit: 1).first {
                message += "; did you mean '\(suggestion)'?"
            }
        } else {
            let stem = route == "/" ? "index" : String(route.dropFirst())
            message =
                "\(subject) has no file for \(method): add \(stem).\(method.lowercased()).json (the mock answers \(status(missing[0].1)))"
        }
        report(severity, message + fallback, at: reference.position)
    }
}
