import BeagleMockEngine
import BeagleMockHTTP
import BeagleScreens
import Logging
import ServiceLifecycle

/// Beagle's Live Preview (`--live-preview`, Docs/LivePreview.md): every client of the listener
/// gets the screen on the devices (``LiveScreen``) as it connects, and again after each burst of
/// changes to a served file, as its platform gets the screen over HTTP. A screen that is not JSON
/// or that `validate` finds an error in is not sent: the devices keep what they show, and the
/// log and `GET /__admin/live-preview` say why.
package struct LivePreviewDoor: Service {
    package let clients: PushClients
    package let changes: ServedFileChanges
    package let operations: MockOperations
    package let logger: Logger

    /// The port Beagle's apps connect to unless told otherwise.
    package static let defaultPort = 9721

    package init(clients: PushClients, changes: ServedFileChanges, operations: MockOperations, logger: Logger) {
        self.clients = clients
        self.changes = changes
        self.operations = operations
        self.logger = logger
    }

    /// The platform a client's upgrade path names: its first segment, `android`, `ios` or `web`
    /// in any case. Any other path is iOS's: Beagle iOS's client always asks for `/`, and
    /// Android's can be given `ws://10.0.2.2:9721/android`.
    package static func platform(forPath path: String) -> BeaglePlatform {
        let first = path.split(separator: "/").first.map { $0.uppercased() } ?? ""
        return BeaglePlatform.requestPlatforms.first { $0.rawValue == first } ?? .ios
    }

    /// What a client that asked for `path` gets as it connects: the screen on the devices, or,
    /// when it cannot be sent, the last one its platform was sent.
    package static func greeting(_ operations: MockOperations) -> @Sendable (String) -> String? {
        { path in
            let platform = platform(forPath: path)
            return ((try? operations.liveFrame(for: platform)) ?? nil) ?? operations.live.shown(on: platform)
        }
    }

    package func run() async throws {
        let updates = changes.follow()
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await _ in updates {
                        operations.noteSavedScreens()
                        push()
                    }
                }
                group.addTask {
                    for await _ in operations.live.pins { push() }
                }
                await group.waitForAll()
            }
        }
    }

    /// Sends the screen on the devices to every client whose platform does not show it yet, a
    /// frame made once for each platform; or, when it cannot be sent, notes and logs why.
    func push() {
        var frames: [BeaglePlatform: String?] = [:]
        var problem: String?
        func frame(for platform: BeaglePlatform) -> String? {
            if let made = frames[platform] { return made }
            var made: String?
            do {
                made = try operations.liveFrame(for: platform)
                // What the platform's devices show already is not sent again (a save of another
                // screen while one is pinned, a save that changes nothing).
                if made == operations.live.shown(on: platform) {
                    made = nil
                } else if let made {
                    operations.live.show(made, on: platform)
                }
            } catch {
                problem = problem ?? error.message
            }
            frames[platform] = made
            return made
        }
        clients.broadcast { path in frame(for: Self.platform(forPath: path)) }
        // With no client connected, the screen is still checked, so that the log says at once.
        if frames.isEmpty { _ = frame(for: .ios) }
        operations.live.note(problem: problem)
        if let problem, let route = operations.live.route {
            logger.warning("live preview: \(route) not sent to the devices: \(problem)")
        }
    }
}
