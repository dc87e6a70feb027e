import BeagleMockHTTP
import BeagleScreens
import Foundation

extension MockOperations {
    /// What Live Preview shows (`GET /__admin/live-preview`, Docs/LivePreview.md).
    package struct LiveStatus: Encodable, Sendable {
        /// The route on the devices; nil before any screen is saved or pinned.
        package let route: String?
        /// Whether `route` is pinned (saves then change nothing on the devices).
        package let pinned: Bool
        /// Why the current screen is not on the devices, when it is not (it does not validate).
        package let problem: String?
        /// Bursts of changes to the served files seen since the server started.
        package let saves: Int

        private enum CodingKeys: String, CodingKey { case route, pinned, problem, saves }

        /// Every key, `null` for none, so that every status has one shape.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(route, forKey: .route)
            try container.encode(pinned, forKey: .pinned)
            try container.encode(problem, forKey: .problem)
            try container.encode(saves, forKey: .saves)
        }
    }

    /// The screen on the devices and whether it is pinned.
    package func liveStatus() -> LiveStatus {
        LiveStatus(route: live.route, pinned: live.pinned != nil, problem: live.problem, saves: live.saves)
    }

    /// Pins `route` on the devices (a concrete path, `/product/42` for `product/[id].json`), or
    /// unpins with nil; refused when no screen answers the route.
    @discardableResult
    package func pinLiveScreen(_ route: String?) throws(OperationError) -> LiveStatus {
        guard live.isOn else {
            throw OperationError(
                .unavailable, "Live Preview is off: start the server with --live-preview (Docs/LivePreview.md)")
        }
        if let route {
            guard route.utf8.first == UInt8(ascii: "/"), !route.utf8.contains(UInt8(ascii: "?")) else {
                throw OperationError(.invalid, field: "route", value: route, "route must be a path like /home")
            }
            guard let folder = store.snapshot.fresh(),
                folder.resolve(route).match?.file.name.isJSON == true
                    || BeaglePlatform.requestPlatforms.contains(where: { folder.resolve(route, platform: $0).match != nil })
            else {
                throw OperationError(.notFound, field: "route", value: route, "no screen answers \(route)")
            }
        }
        live.pin(route)
        return liveStatus()
    }

    /// Takes the screen file changed last as the one on the devices (unless one is pinned): the
    /// route of the served screen file with the latest modification time; and counts the burst.
    package func noteSavedScreens() {
        let newest = screenFiles().compactMap { file -> (route: String, modified: Int64)? in
            guard let status = FileStatus.stat(file.url.path) else { return nil }
            return (file.name.route, status.modified)
        }.max { $0.modified < $1.modified }
        live.saved(newest?.route)
    }

    /// The Live Preview frame of the screen on the devices for a client on `platform`: the
    /// screen as a plain GET of its route gets it, compact, `Welcome` escaped (``LiveFrame``).
    /// Nil when there is no screen yet; throws why when it is not JSON or `validate` finds an
    /// error in it (it is then not pushed, and the devices keep what they show).
    package func liveFrame(for platform: BeaglePlatform?) throws(OperationError) -> String? {
        guard let route = live.route else { return nil }
        guard let folder = store.snapshot.fresh() else {
            throw OperationError(.unavailable, "the screens folder \(store.served.screens.path) cannot be listed")
        }
        let snapshot = settings.snapshot
        let parameters = folder.resolve(route, platform: platform).match?.parameters ?? [:]
        let renderer =
            snapshot.templates
            ? PlainGetRendering.renderer(
                route: route, parameters: parameters, platform: platform, seed: snapshot.seed, verbatim: store.verbatim,
                limits: snapshot.templateLimits) : nil
        let preview: ScreenPreview
        do {
            preview = try ScreenPreview(
                route: route, platform: platform, folder: folder, served: store.served, renderer: renderer)
        } catch {
            throw OperationError(.notFound, value: route, error.message)
        }
        guard preview.isJSON else {
            throw OperationError(.invalid, value: route, "\(preview.file) is not JSON")
        }
        if let error = preview.diagnostics.first(where: { $0.severity == .error }) {
            var refusal = OperationError(
                .invalid, value: route, "\(error.file):\(error.line):\(error.column): \(error.message)")
            refusal.diagnostics = preview.diagnostics.filter { $0.severity == .error }
            throw refusal
        }
        return LiveFrame.text(compacting: Array(preview.body.utf8))
    }
}
