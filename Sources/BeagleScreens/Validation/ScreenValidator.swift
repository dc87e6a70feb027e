import Foundation

/// Checks screen JSON the way a Beagle 2.x app will read it, and a screens folder the way the
/// mock will serve it.
///
/// Every JSON file of the screens folder is checked (screens, platform variants and method
/// files; the images folder holds assets and is not). What is checked, and how severe it is —
/// **errors** break the app, **warnings** leave it working but probably not as meant:
///
/// | check | severity |
/// |---|---|
/// | JSON syntax (with line and column) | error: nothing decodes |
/// | `_beagleComponent_` / `_beagleAction_`: unknown `beagle:` type, a Beagle 1.x-only type, an unknown namespace, a component named as an action or the reverse, a type that is not a string | error: Beagle decodes an "unknown component" or an action that does nothing |
/// | a component or action missing where Beagle 2.x decodes one (`child`, elements of `children`, `onPress`…, a template's `view`, a route's `screen.child`), the wrong JSON type there (an object where an array of actions belongs) | error: the whole screen fails to decode |
/// | a field the type's Beagle 2.x declaration requires, missing (`text` of a text, `child` of a touchable, `dataSource` of a list); a `style`, `context`, `accessibility` or `safeArea` Beagle cannot decode (a unit without `type`, `SPACE-BETWEEN` for `SPACE_BETWEEN`, a context without `value`) | error: the whole screen fails to decode |
/// | a route with neither `url` nor `screen`; an image `path` that is not an image path or an expression; `_beagleImagePath_` other than `local`/`remote`; a remote image without `url` | error: decoding fails |
/// | a `beaglePlatform` wrapper with an unknown platform or without a `child` object | error: it is removed for every platform |
/// | a navigation route (`pushView`, `pushStack`, `resetApplication`, `resetStack`) or a `lazyComponent` path that resolves to no screen in the folder | error (the app shows its error view); a warning when the route has a `fallback`, which the app shows instead |
/// | a `sendRequest`/`submitForm` url with no file for its method (`cart.post.json`) | error: the request fails (405 or 404) |
/// | a route that resolves for some platforms only (only `promo.ios.json` exists) | warning naming the platforms that get 404 |
/// | a remote image under the mock's own URL (a path starting with `/`) that is not there | warning: the app shows the placeholder |
/// | a URL that is neither `http(s)://` nor a path starting with `/` | warning: Beagle fetches it without the base URL |
/// | a `[name]` file or folder whose name is not letters, digits, `_` or `-` (`[].json`, `[a b].json`), or a parameter name used twice in one route | error: the file is not a pattern (Docs/ScreensFolder.md, "Path parameters") |
/// | a screen whose root is not a component (an action, plain data, an array), a root `beaglePlatform` wrapper, duplicate keys | warning: maybe intended (data for a request), maybe not |
///
/// A file that a server renders per request (a beagle-mock template, with `{{`) is checked as the
/// `renderer` renders it with sample values; JSON positions are then those of the rendered text.
///
/// What Beagle ignores is not reported: a type key on a navigation bar item (a plain struct in
/// Beagle), a field a type does not declare.
///
/// Routes are checked for the platforms that can see them: a reference inside a
/// `beaglePlatform: IOS` wrapper, or in `home.ios.json`, is checked for IOS only. Absolute
/// URLs and expressions (`@{…}`) are not checked.
package struct ScreenValidator: Sendable {
    /// The types Beagle knows.
    package let catalogue: BeagleCatalogue
    /// Renders files that are not sent as they are; nil checks every file's bytes.
    package let renderer: ScreenRendering.Renderer?

    /// A validator for the given catalogue (Beagle 2.x by default), reading files through
    /// `renderer` when there is one.
    package init(catalogue: BeagleCatalogue = .beagle2, renderer: ScreenRendering.Renderer? = nil) {
        self.catalogue = catalogue
        self.renderer = renderer
    }

    /// Checks every JSON file of `folder`, or those of `only` (paths below it), reading them from
    /// disk. Each file is checked on its own, so the files are spread over the machine's cores;
    /// the diagnostics come in the folder's order of its files whatever the order they were found.
    package func validate(_ folder: ScreenFolder, only: Set<String>? = nil) -> ValidationReport {
        let screens = folder.files.filter { $0.name.isJSON && (only?.contains($0.relativePath) ?? true) }
        let diagnostics = screens.concurrentMap { check($0, of: folder) }
        return ValidationReport(diagnostics: diagnostics.flatMap { $0 }, files: screens.count)
    }

    /// Checks `file` of `folder`, read from disk.
    private func check(_ file: ScreenFile, of folder: ScreenFolder) -> [Diagnostic] {
        do {
            return validate(screen: try Data(contentsOf: file.url), at: file.relativePath, in: folder)
        } catch {
            return [
                Diagnostic(
                    file: file.relativePath, line: 1, column: 1, severity: .error,
                    message: "cannot read the file: \(error.localizedDescription)")
            ]
        }
    }

    /// Checks one screen's bytes alone: syntax, types and shapes, and URLs that can reach no
    /// BFF. Routes are not resolved (there is no folder). `file` names it in the diagnostics.
    /// A `file` named like a method file (`cart.post.json`) is read as data, not as a screen.
    package func validate(screen data: Data, file: String) -> [Diagnostic] {
        check(data, file: file, folder: nil)
    }

    /// Checks one file of `folder` (its bytes given, as the server has them): everything
    /// ``validate(screen:file:)`` checks, plus the routes and images it references, resolved in
    /// `folder` for the platforms that get this file. `relativePath` is the file's path in the
    /// screens folder.
    package func validate(screen data: Data, at relativePath: String, in folder: ScreenFolder) -> [Diagnostic] {
        check(data, file: relativePath, folder: folder)
    }

    private func check(_ data: Data, file: String, folder: ScreenFolder?) -> [Diagnostic] {
        let nameDiagnostics = ParameterNameCheck.diagnostics(for: file)
        var checked = data
        var rendered = false
        switch renderer?(data, file) ?? .asIs {
        case .asIs: break
        case .rendered(let bytes):
            checked = bytes
            rendered = true
        case .unrenderable(let diagnostic):
            return (nameDiagnostics + [diagnostic]).sorted()
        }
        let root: JSONNode
        do {
            root = try JSONReader().parse(checked)
        } catch {
            let message = rendered ? "\(error.message) (in the file as rendered with sample values)" : error.message
            return (nameDiagnostics + [Diagnostic(file: file, at: error.position, severity: .error, message: message)])
                .sorted()
        }
        let name = ScreenFileName(relativePath: file)
        var structure = StructureCheck(catalogue: catalogue, file: file)
        structure.check(root: root, isScreen: name.method == nil)
        var references = ReferenceCheck(file: file, folder: folder, filePlatforms: Self.platforms(getting: name, in: folder))
        for reference in ScreenReferences(in: root).all {
            references.check(reference)
        }
        return (nameDiagnostics + structure.diagnostics + references.diagnostics).sorted()
    }

    /// The request platforms that get this file when they ask for its route: all of them when
    /// that cannot be told (no folder, or a file no platform gets).
    static func platforms(getting name: ScreenFileName, in folder: ScreenFolder?) -> Set<BeaglePlatform> {
        let all = Set(BeaglePlatform.requestPlatforms)
        guard let folder else { return all }
        let getting = all.filter {
            folder.resolve(name.route, platform: $0, method: name.method ?? "GET").match?.file.relativePath == name.relativePath
        }
        return getting.isEmpty ? all : getting
    }
}
