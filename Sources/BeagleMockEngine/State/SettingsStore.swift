import BeagleMockHTTP
import NIOCore
import NIOPosix
import Synchronization

/// The settings in force, as one ``SettingsSnapshot`` replaced whole on every change: a config
/// reload, `PUT /__admin/settings`, `POST /__admin/reset`. A request reads ``snapshot`` once.
///
/// It also keeps the sequence counters (``RequestCounters``), which belong to the rules: a reload
/// drops the counters of rules it changed or removed, and a reset drops them all; and the
/// timelines that run (``TimelineRuns``), which a reload gives their new stages and a reset stops.
package final class SettingsStore: Sendable {
    /// Requests counted per (rule, method, path), for sequences and the seeded draw.
    package let counters: RequestCounters
    /// The scenarios' states (Docs/Configuration.md, "Scenarios"), reset with the counters.
    package let scenarios = ScenarioStates()
    /// The network timelines running now (Docs/Timelines.md).
    package let timelines: TimelineRuns
    private let current: Mutex<SettingsSnapshot>

    /// A store starting from these layers. `randomSeed` is used only when no runtime override,
    /// `--seed` or `seed:` sets one; by default it is drawn from the system generator. Timelines
    /// run on `timelineLoop`'s clock.
    package init(
        configuration: MockConfiguration = .empty,
        commandLine: CommandLineSettings = CommandLineSettings(),
        runtime: RuntimeSettings = .none,
        randomSeed: UInt64 = UInt64.random(in: .min ... .max),
        counterKeyLimit: Int = RequestCounters.maximumKeys,
        timelineLoop: any EventLoop = ServerEventLoops.group.next()
    ) {
        counters = RequestCounters(keyLimit: counterKeyLimit)
        timelines = TimelineRuns(loop: timelineLoop)
        current = Mutex(
            SettingsSnapshot(configuration: configuration, runtime: runtime, flags: commandLine, fallbackSeed: randomSeed))
    }

    /// The settings in force now.
    package var snapshot: SettingsSnapshot { current.withLock { $0 } }

    /// Swaps in a new config file (live reload). Counters of rules that are unchanged stay; those
    /// of changed or removed rules (and of the globals, when they changed) are dropped.
    /// Returns how many route rules are new or changed.
    @discardableResult
    package func replaceConfiguration(_ configuration: MockConfiguration) -> Int {
        let (old, new) = current.withLock { snapshot in
            let old = snapshot
            snapshot = old.replacing(configuration: configuration)
            return (old, snapshot)
        }
        counters.keep(rules: new.fingerprints)
        scenarios.keep(names: Set(configuration.scenarioCatalogue.map(\.name)))
        timelines.reload(configuration.timelines)
        return configuration.routes.filter { !old.fingerprints.contains($0.fingerprint) }.count
    }

    /// Replaces the runtime overrides (`PUT /__admin/settings`); counters are kept.
    package func replaceRuntime(_ settings: RuntimeSettings) {
        current.withLock { $0 = $0.replacing(runtime: settings) }
    }

    /// Clears the runtime overrides and the sequence counters, puts every scenario back in its
    /// start state and stops every timeline (`POST /__admin/reset`).
    package func reset() {
        current.withLock { $0 = $0.replacing(runtime: .none) }
        counters.removeAll()
        scenarios.resetAll()
        timelines.stopAll()
    }
}
