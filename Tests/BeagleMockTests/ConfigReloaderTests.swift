import Foundation
import Logging
import Synchronization
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// Collects log lines so tests can check what a user would read.
final class LogRecorder: Sendable {
    let lines = Mutex<[String]>([])

    var logger: Logger {
        Logger(label: "test") { _ in Handler(recorder: self) }
    }

    struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            let suffix = merged.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
            recorder.lines.withLock { $0.append("\(event.level) \(event.message)\(suffix)") }
        }
    }
}

@Suite struct ConfigReloaderTests {
    /// A temporary screens folder, removed when the test ends.
    final class Folder {
        let url: URL
        var file: URL { url.appendingPathComponent(ConfigLoader.fileName) }

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("beagle-mock-reload-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        /// Writes in place (same inode), as `echo > file` does.
        func write(_ text: String) throws {
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(text.utf8))
        }

        /// Replaces by rename, as editors save.
        func replace(_ text: String) throws {
            try Data(text.utf8).write(to: file, options: .atomic)
        }
    }

    func makePlan(_ folder: Folder, seed: UInt64 = 1) throws -> SettingsStore {
        SettingsStore(configuration: try ConfigLoader.loadIfPresent(file: folder.file), randomSeed: seed)
    }

    @Test func aValidChangeIsApplied() throws {
        let folder = try Folder()
        try folder.replace("latency: 10ms\n")
        let plan = try makePlan(folder)
        let reloader = ConfigReloader(file: folder.file, settings: plan, logger: LogRecorder().logger)
        #expect(reloader.checkNow() == .unchanged)
        try folder.replace("latency: 20ms\nfaults: [\"status:503\"]\n")
        #expect(reloader.checkNow() == .reloaded)
        let decision = plan.requestPlan(method: "GET", path: "/home")
        #expect(decision.latency == .milliseconds(20))
        #expect(decision.fault == .status(503))
        #expect(reloader.checkNow() == .unchanged)
    }

    @Test func aQuickSameSizeEditInPlaceIsSeen() throws {
        let folder = try Folder()
        try folder.replace("latency: 10ms\n")
        let plan = try makePlan(folder)
        let reloader = ConfigReloader(file: folder.file, settings: plan)
        reloader.checkNow()
        // Same size, same inode, probably the same coarse modification time.
        try folder.write("latency: 90ms\n")
        #expect(reloader.checkNow() == .reloaded)
        #expect(plan.requestPlan(method: "GET", path: "/").latency == .milliseconds(90))
    }

    @Test func anInvalidChangeKeepsTheOldConfigAndLogsWhere() throws {
        let folder = try Folder()
        try folder.replace("latency: 10ms\n")
        let plan = try makePlan(folder)
        let recorder = LogRecorder()
        let reloader = ConfigReloader(file: folder.file, settings: plan, logger: recorder.logger)
        try folder.replace("latency: 10ms\r\nbandwidth: 5 parsecs/s\r\n")
        guard case .rejected(let error) = reloader.checkNow() else {
            Issue.record("an invalid file must be rejected")
            return
        }
        #expect(error.file == folder.file.path)
        #expect(error.line == 2 && error.column == 12)
        #expect(plan.requestPlan(method: "GET", path: "/").latency == .milliseconds(10))
        #expect(plan.configuration.globals.bandwidth == nil)
        let logged = recorder.lines.withLock { $0 }
        #expect(logged.count == 1)
        #expect(
            logged.first?.hasPrefix(
                "error config not reloaded, keeping the previous one: \(folder.file.path):2:12: bandwidth: unknown bandwidth unit"
            ) == true)
        // The same broken file is not reported again every second.
        #expect(reloader.checkNow() == .unchanged)
        #expect(recorder.lines.withLock { $0.count } == 1)
        // Fixed: applied.
        try folder.replace("latency: 30ms\n")
        #expect(reloader.checkNow() == .reloaded)
        #expect(plan.requestPlan(method: "GET", path: "/").latency == .milliseconds(30))
    }

    @Test func aChangedRuleStartsItsCounterOverAndOthersKeepTheirs() throws {
        let folder = try Folder()
        let rules = """
            routes:
              - path: /kept
                sequence: ["status:500", "status:501", "status:502"]
              - path: /edited
                sequence: ["status:500", "status:501", "status:502"]

            """
        try folder.replace(rules)
        let plan = try makePlan(folder)
        let reloader = ConfigReloader(file: folder.file, settings: plan)
        #expect(reloader.checkNow() == .unchanged)
        for path in ["/kept", "/edited"] {
            #expect(plan.requestPlan(method: "GET", path: path).fault == .status(500))
            #expect(plan.requestPlan(method: "GET", path: path).fault == .status(501))
        }
        try folder.replace(
            rules.replacingOccurrences(
                of: "  - path: /edited\n    sequence: [\"status:500\"", with: "  - path: /edited\n    sequence: [\"status:404\""))
        #expect(reloader.checkNow() == .reloaded)
        #expect(plan.requestPlan(method: "GET", path: "/kept").fault == .status(502))
        #expect(plan.requestPlan(method: "GET", path: "/edited").fault == .status(404))
    }

    @Test func aDeletedFileMeansAnEmptyConfig() throws {
        let folder = try Folder()
        try folder.replace("latency: 10ms\n")
        let plan = try makePlan(folder)
        let recorder = LogRecorder()
        let reloader = ConfigReloader(file: folder.file, settings: plan, logger: recorder.logger)
        reloader.checkNow()
        try FileManager.default.removeItem(at: folder.file)
        #expect(reloader.checkNow() == .removed)
        #expect(plan.configuration == .empty)
        #expect(plan.requestPlan(method: "GET", path: "/").latency == .zero)
        #expect(recorder.lines.withLock { $0 }.contains { $0.hasPrefix("warning config file removed") })
        #expect(reloader.checkNow() == .unchanged)
        try folder.replace("latency: 40ms\n")
        #expect(reloader.checkNow() == .reloaded)
        #expect(plan.requestPlan(method: "GET", path: "/").latency == .milliseconds(40))
    }

    @Test func aSwappedSymlinkFolderIsSeenAsKubernetesUpdatesConfigMaps() throws {
        let folder = try Folder()
        let manager = FileManager.default
        let past = Date(timeIntervalSinceNow: -3_600)
        for (name, latency) in [("data1", "10ms"), ("data2", "20ms")] {
            let dataFolder = folder.url.appendingPathComponent(name)
            try manager.createDirectory(at: dataFolder, withIntermediateDirectories: true)
            let target = dataFolder.appendingPathComponent(ConfigLoader.fileName)
            try Data("latency: \(latency)\n".utf8).write(to: target)
            // Old files: only the swap can tell the reloader that something changed.
            try manager.setAttributes([.modificationDate: past], ofItemAtPath: target.path)
        }
        let current = folder.url.appendingPathComponent("current")
        try manager.createSymbolicLink(atPath: current.path, withDestinationPath: "data1")
        try manager.createSymbolicLink(atPath: folder.file.path, withDestinationPath: "current/\(ConfigLoader.fileName)")
        let plan = try makePlan(folder)
        let reloader = ConfigReloader(file: folder.file, settings: plan)
        #expect(reloader.checkNow() == .unchanged)
        #expect(plan.requestPlan(method: "GET", path: "/").latency == .milliseconds(10))
        let before = ConfigReloader.signature(of: folder.file)
        try manager.removeItem(at: current)
        try manager.createSymbolicLink(atPath: current.path, withDestinationPath: "data2")
        // The link named in the config path is untouched; what it leads to changed.
        #expect(ConfigReloader.signature(of: folder.file) != before)
        #expect(reloader.checkNow() == .reloaded)
        #expect(plan.requestPlan(method: "GET", path: "/").latency == .milliseconds(20))
    }

    @Test func aFileRemovedBeforeTheFirstCheckStillEmptiesThePlan() throws {
        let folder = try Folder()
        try folder.replace("latency: 10ms\n")
        let plan = try makePlan(folder)
        let reloader = ConfigReloader(file: folder.file, settings: plan)
        try FileManager.default.removeItem(at: folder.file)
        #expect(reloader.checkNow() == .removed)
        #expect(plan.configuration == .empty)
        #expect(reloader.checkNow() == .unchanged)
    }

    @Test func aFileThatAppearsLaterIsLoaded() throws {
        let folder = try Folder()
        let plan = try makePlan(folder)
        let reloader = ConfigReloader(file: folder.file, settings: plan)
        #expect(reloader.checkNow() == .unchanged)
        try folder.replace("\u{FEFF}seed: 5\r\n")
        #expect(reloader.checkNow() == .reloaded)
        #expect(plan.seed == 5)
    }

    @Test func theRunLoopChecksAndStopsWhenCancelled() async throws {
        let folder = try Folder()
        try folder.replace("latency: 10ms\n")
        let plan = try makePlan(folder)
        let (outcomes, continuation) = AsyncStream.makeStream(of: ConfigReloader.ReloadResult.self)
        let reloader = ConfigReloader(file: folder.file, settings: plan, interval: .milliseconds(20)) { continuation.yield($0) }
        try folder.replace("latency: 50ms\n")
        let task = Task { await reloader.run() }
        var iterator = outcomes.makeAsyncIterator()
        #expect(await iterator.next() == .reloaded)
        #expect(plan.requestPlan(method: "GET", path: "/").latency == .milliseconds(50))
        try folder.replace("latency: 60ms\n")
        #expect(await iterator.next() == .reloaded)
        task.cancel()
        await task.value
        #expect(plan.requestPlan(method: "GET", path: "/").latency == .milliseconds(60))
    }

    @Test func cancellingEndsARunThatIsWaiting() async {
        let plan = SettingsStore()
        let reloader = ConfigReloader(
            file: URL(fileURLWithPath: "/nonexistent/beagle-mock.yml"), settings: plan, interval: .seconds(3_600))
        let task = Task { await reloader.run() }
        task.cancel()
        await task.value
        #expect(plan.configuration == .empty)
    }
}
