import BeagleScreens
import Synchronization

/// Which screen the devices show (Docs/LivePreview.md): the route pinned, if one is, else the
/// route of the screen file saved last; the frame each platform was last sent; why the last
/// attempt to send the screen failed, if it did; and a feed that tells the dashboard of each change.
package final class LiveScreen: Sendable {
    private struct State {
        var pinned: String?
        var saved: String?
        var problem: String?
        var saves = 0
        var shown: [BeaglePlatform: String] = [:]
    }

    private let state = Mutex(State())
    private let pinsContinuation: AsyncStream<Void>.Continuation
    /// An element each time a route is pinned or unpinned, for the door that sends the screen.
    package let pins: AsyncStream<Void>
    /// An element after each attempt to send the screen (a save, a pin) and each device that
    /// connects or leaves: what `GET /__admin/events` follows to tell the dashboard.
    package let changes = Feed<Void>(followerBuffer: 1)

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
    /// How many bursts of changes to the served files were seen: the dashboard redraws its
    /// preview when the count moves.
    package var saves: Int { state.withLock { $0.saves } }

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

    /// A burst of changes to the served files ended; `route`'s screen file is the one saved last.
    func saved(_ route: String?) {
        state.withLock {
            $0.saved = route ?? $0.saved
            $0.saves += 1
        }
    }

    /// The current screen could not be sent because of `problem`, or could with nil; followers
    /// of ``changes`` are told.
    package func note(problem: String?) {
        state.withLock { $0.problem = problem }
        changes.publish(())
    }

    /// A device connected or left; followers of ``changes`` are told.
    package func devicesChanged() {
        changes.publish(())
    }
}
