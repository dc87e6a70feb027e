import BeagleScreens
import Synchronization

/// Which screen the devices show (Docs/LivePreview.md): the route pinned, if one is, else the
/// route of the screen file saved last; the frame each platform was last sent; and why the last
/// attempt to send the screen failed, if it did.
package final class LiveScreen: Sendable {
    private struct State {
        var pinned: String?
        var saved: String?
        var problem: String?
        var shown: [BeaglePlatform: String] = [:]
    }

    private let state = Mutex(State())
    private let pinsContinuation: AsyncStream<Void>.Continuation
    /// An element each time a route is pinned or unpinned, for the door that sends the screen.
    package let pins: AsyncStream<Void>

    /// Whether the server serves Live Preview (`--live-preview`): without it, nothing is pinned.
    package let isOn: Bool

    /// Nothing shown yet; `isOn` when the server serves Live Preview.
    package init(isOn: Bool = false) {
        self.isOn = isOn
        (pins, pinsContinuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// The route on the devices: the one pinned, else the one saved last.
    package var route: String? { state.withLock { $0.pinned ?? $0.saved } }
    /// The route pinned, if one is.
    package var pinned: String? { state.withLock { $0.pinned } }
    /// Why the current screen was not sent, if it was not.
    package var problem: String? { state.withLock { $0.problem } }

    /// The frame `platform`'s devices were last sent, if any.
    package func shown(on platform: BeaglePlatform) -> String? {
        state.withLock { $0.shown[platform] }
    }

    /// `frame` was sent to `platform`'s devices.
    package func show(_ frame: String, on platform: BeaglePlatform) {
        state.withLock { $0.shown[platform] = frame }
    }

    /// Pins `route`, or unpins with nil.
    func pin(_ route: String?) {
        state.withLock {
            $0.pinned = route
            $0.problem = nil
        }
        pinsContinuation.yield()
    }

    /// The screen file of `route` was saved.
    func saved(_ route: String) {
        state.withLock { $0.saved = route }
    }

    /// The current screen could not be sent because of `problem`, or could with nil.
    package func note(problem: String?) {
        state.withLock { $0.problem = problem }
    }
}
