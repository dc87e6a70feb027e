import BeagleMockHTTP
import BeagleScreens
import Foundation

extension MockOperations {
    /// How the route list, previews and `validate` read a template: rendered with sample values
    /// within the config's limits, when templates are on.
    var sampleRenderer: ScreenRendering.Renderer? {
        let snapshot = settings.snapshot
        return snapshot.templates
            ? TemplateSample.renderer(honouring: store.verbatim, limits: snapshot.templateLimits) : nil
    }

    /// The folders as listed now.
    private func folder() throws(OperationError) -> ScreenFolder {
        guard let folder = store.snapshot.fresh() else {
            throw OperationError(
                .unavailable, "the screens folder \(store.served.screens.path) cannot be listed (was it removed?)")
        }
        return folder
    }

    /// `GET /__admin/routes`: every route, its files and what `validate` says of them.
    package func routes() throws(OperationError) -> RouteReport {
        routeReports.report(of: try folder(), validator: ScreenValidator(renderer: sampleRenderer))
    }

    /// `GET /__admin/screen?route=&platform=`: the screen at `route` as a client on `platform`
    /// (`IOS`, `ANDROID`, `WEB`; nil or empty for none) gets it.
    package func screen(route: String, platform: String?) throws(OperationError) -> ScreenPreview {
        guard route.utf8.first == UInt8(ascii: "/") else {
            throw OperationError(.invalid, field: "route", value: route, "route must be a path like /home")
        }
        var known: BeaglePlatform?
        if let platform, !platform.isEmpty {
            guard let named = BeaglePlatform(rawValue: platform), BeaglePlatform.requestPlatforms.contains(named) else {
                throw OperationError(
                    .invalid, field: "platform", value: platform, "platform must be IOS, ANDROID or WEB, or empty for none")
            }
            known = named
        }
        let folder = try folder()
        do {
            return try ScreenPreview(
                route: route, platform: known, folder: folder, served: store.served, renderer: sampleRenderer)
        } catch {
            throw OperationError(.notFound, value: route, error.message)
        }
    }

    /// The screen at `route` for `platform`, as lines: each component's type, id, texts, images
    /// and navigation targets, indented by depth.
    package func outline(route: String, platform: String?) throws(OperationError) -> (
        preview: ScreenPreview, outline: ScreenOutline
    ) {
        let preview = try screen(route: route, platform: platform)
        do {
            return (preview, ScreenOutline(try JSONReader().parse(Data(preview.body.utf8))))
        } catch {
            throw OperationError(.invalid, "the screen's body is not JSON (\(error.message)): there is no outline")
        }
    }

    /// `beagle-mock validate` on the folder, or on one file of it (its path below the folder).
    package func validate(file: String?) throws(OperationError) -> ValidationReport {
        let validator = ScreenValidator(renderer: sampleRenderer)
        guard let file else { return validator.validate(try folder()) }
        let data = try readScreenFile(file)
        let relative = try Self.relativePath(file)
        let diagnostics =
            if let folder = store.snapshot.fresh() {
                validator.validate(screen: data, at: relative, in: folder)
            } else {
                validator.validate(screen: data, file: relative)
            }
        return ValidationReport(diagnostics: diagnostics, files: 1)
    }

    /// Writes `text` as the screen file `path` below the folder, once `validate` finds no error in
    /// it (``ScreenWriter``: JSON only, atomic, where the server would serve it). JSON is written
    /// indented as the sample app's screens are, its keys in the order given
    /// (`JSONWriter.prettyString(_:)`), so the same screen gives the same bytes, and a file's
    /// history shows only what changed; text that is not JSON is checked as it came.
    package func writeScreen(_ text: String, to path: String) throws(OperationError) -> ScreenWriter.Written {
        let formatted = (try? JSONReader().parse(text)).map(JSONWriter.prettyString) ?? text
        do {
            return try ScreenWriter(served: store.served).write(formatted, to: path)
        } catch {
            // The message names the path itself.
            var refusal = OperationError(.invalid, value: path, error.message)
            refusal.diagnostics = error.diagnostics
            throw refusal
        }
    }

    /// The screen files of the folder (JSON), as the server serves them.
    package func screenFiles() -> [ScreenFile] {
        guard let folder = store.snapshot.fresh() else { return [] }
        return store.served.servedPart(of: folder).files.filter(\.name.isJSON)
    }

    /// The bytes of the screen file at `path` below the folder, at most ``ScreenWriter/largestScreen``.
    package func readScreenFile(_ path: String) throws(OperationError) -> Data {
        let relative = try Self.relativePath(path)
        guard let opened = store.served.screenFile(at: relative) else {
            throw OperationError(
                .notFound, value: path, "no file \(path) in the screens folder (give its path below it, like catalog/index.json)")
        }
        guard opened.status.size <= ScreenWriter.largestScreen, let data = opened.readAll() else {
            throw OperationError(
                .invalid, value: path, "\(path) cannot be read, or is larger than \(ScreenWriter.largestScreen) bytes")
        }
        return data
    }

    /// `path` below the screens folder as a request path reads it, under the rules a screen is
    /// written by (`..`, hidden segments and the like refused).
    private static func relativePath(_ path: String) throws(OperationError) -> String {
        do {
            return try ScreenWriter.servedPath(path).segments.joined(separator: "/")
        } catch {
            throw OperationError(.invalid, field: "path", value: path, error.message)
        }
    }
}
