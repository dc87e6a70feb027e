import BeagleMockHTTP
import Foundation
import Logging
import Synchronization

/// Keeps the ``SettingsStore`` in step with its config file while the server runs
/// (Docs/Configuration.md, "Reloading").
///
/// Polls rather than watches: file events never arrive through many Docker volume mounts, and one
/// `stat` a second is nothing. A change of the (symlink-resolved) file's modification or
/// status-change time (to the nanosecond), size, inode or device makes it re-read the file, and so
/// does a file modified within the last two seconds (coarse file-system clocks can give two quick
/// same-size edits the same time); the text is then
/// compared with what was last applied, so touching a file does not reload it. A valid new file is
/// swapped into the settings at once; an invalid one leaves the old in force and is logged as
/// `file:line:column: message`; a deleted file means an empty config.
///
/// Run it as a task: `Task { await reloader.run() }`, cancelled at shutdown (with
/// swift-service-lifecycle, inside `cancelWhenGracefulShutdown`). Tests call ``checkNow()``.
package final class ConfigReloader: Sendable {
    /// The file watched.
    package let file: URL
    /// The settings it updates.
    package let settings: SettingsStore
    /// Time between checks.
    package let interval: Duration
    private let logger: Logger
    private let onChange: (@Sendable (ReloadResult) -> Void)?
    private let state: Mutex<State>

    /// What one check found.
    package enum ReloadResult: Sendable, Equatable {
        /// Nothing changed.
        case unchanged
        /// A new valid config is in force.
        case reloaded
        /// The new file is invalid; the previous config stays in force. Reported once per broken text.
        case rejected(ConfigError)
        /// The file is gone; an empty config is in force.
        case removed
    }

    private struct State: Sendable {
        var signature: FileStatus?
        /// The text last read, valid or not, so that an unchanged file is not parsed (or its error logged) again.
        var lastText: Data?
        var lastError: ConfigError?
    }

    /// Creates a reloader for settings built from `file` (or from nothing, when it does not exist yet).
    /// The first check reads the file; if it says what the settings already have, nothing is reloaded.
    /// `onChange` hears every outcome but ``ReloadResult/unchanged`` (to refresh what depends on the
    /// config, such as the journal's size).
    package init(
        file: URL,
        settings: SettingsStore,
        interval: Duration = .seconds(1),
        logger: Logger = Logger(label: "beagle-mock.config"),
        onChange: (@Sendable (ReloadResult) -> Void)? = nil
    ) {
        self.file = file
        self.settings = settings
        self.interval = interval
        self.logger = logger
        self.onChange = onChange
        self.state = Mutex(State())
    }

    /// Checks every `interval` until the task is cancelled. The first check comes one interval
    /// after the start, as the settings were just built from the file: a check made at the start
    /// would race with a caller of ``checkNow()`` for the first change.
    package func run() async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            checkNow()
        }
    }

    /// Checks the file once: reloads it if it changed, and says what happened.
    @discardableResult
    package func checkNow() -> ReloadResult {
        let outcome = check()
        if outcome != .unchanged { onChange?(outcome) }
        return outcome
    }

    private func check() -> ReloadResult {
        let signature = Self.signature(of: file)
        let (previousSignature, lastText) = state.withLock { ($0.signature, $0.lastText) }
        guard let signature else {
            // Gone: an empty config, logged once (the next check finds the settings empty already).
            state.withLock { $0 = State() }
            guard settings.snapshot.configuration != .empty else { return .unchanged }
            settings.replaceConfiguration(.empty)
            logger.warning("config file removed; running with an empty config", metadata: ["file": "\(file.path)"])
            return .removed
        }
        let recentlyModified = signature.modified + 2_000_000_000 > HTTPDate.nowNanoseconds()
        guard signature != previousSignature || recentlyModified else { return .unchanged }
        guard let data = try? Data(contentsOf: file) else {
            // Replaced between stat and read; the next check will see the new file.
            return .unchanged
        }
        let sameText = data == lastText
        state.withLock { $0.signature = signature }
        guard !sameText else { return .unchanged }
        do {
            let configuration = try ConfigLoader.parse(data: data, file: file.path)
            let hadError = state.withLock { state in
                defer {
                    state.lastText = data
                    state.lastError = nil
                }
                return state.lastError != nil
            }
            guard configuration != settings.snapshot.configuration else {
                if hadError {
                    logger.info("config file is valid again and matches the config in force", metadata: ["file": "\(file.path)"])
                }
                return .unchanged
            }
            let changedRules = settings.replaceConfiguration(configuration)
            logger.info(
                "config reloaded",
                metadata: ["file": "\(file.path)", "routes": "\(configuration.routes.count)", "changedRoutes": "\(changedRules)"]
            )
            return .reloaded
        } catch {
            // Log a given broken file once, not every second; keep the old config.
            let isNew = state.withLock { state in
                defer { state.lastError = error; state.lastText = data }
                return state.lastError != error
            }
            guard isNew else { return .unchanged }
            logger.error("config not reloaded, keeping the previous one: \(error.description)")
            return .rejected(error)
        }
    }

    /// What `stat` says about the file; any difference (device, inode, size, link count,
    /// modification or status-change time to the nanosecond) means "look again". `stat` follows
    /// symlinks to the end: Kubernetes mounts a ConfigMap as a link into a folder link that it
    /// swaps on update, so the link itself never changes. One system call, and no user or group
    /// lookup (Foundation's file attributes read `/etc/passwd` and `/etc/group` for the owner's
    /// names on every call).
    static func signature(of file: URL) -> FileStatus? {
        FileStatus.stat(file.path)
    }
}
