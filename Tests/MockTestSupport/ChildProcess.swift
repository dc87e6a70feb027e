import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A child process with its standard output and error on pipes, and its exit status reported
/// once: the launching half of `CommandRunner`.
///
/// On Linux it is started with `posix_spawn` directly, not with Foundation's `Process`: to emulate
/// Darwin's close-on-exec default, `Process.run()` lists `/proc/self/fd` and copies each entry's
/// whole `d_name` (256 bytes) out of `readdir`'s buffer, reading past its end; with the thousands of
/// descriptors the suite holds open, that read sometimes crosses into an unmapped page and the
/// whole test process crashes in `memcpy` (seen in 2 of 3 full runs once the suite started a few
/// dozen processes). Here the child closes every descriptor above 2 with glibc's
/// `posix_spawn_file_actions_addclosefrom_np` instead.
struct ChildProcess: Sendable {
    /// The process id.
    let pid: Int32

    /// Starts `executable` with `arguments`, `environment` (the whole environment) and, when given,
    /// `directory` as its working directory. `onOutput` gets standard output (`error: false`) and
    /// error (`error: true`) as it arrives, then empty data at the end of each; `onExit` gets the
    /// exit status (the signal number for a process killed by a signal) after both ends.
    static func start(
        executable: String, arguments: [String], environment: [String: String], directory: String?,
        onOutput: @escaping @Sendable (Data, _ error: Bool) -> Void,
        onExit: @escaping @Sendable (Int32) -> Void
    ) throws -> ChildProcess {
        #if canImport(Glibc)
        return try spawn(
            executable: executable, arguments: arguments, environment: environment, directory: directory,
            onOutput: onOutput, onExit: onExit)
        #else
        return try launch(
            executable: executable, arguments: arguments, environment: environment, directory: directory,
            onOutput: onOutput, onExit: onExit)
        #endif
    }

    /// Why a process could not be started.
    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    #if canImport(Glibc)
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// A glibc function that Swift's Glibc module does not import (it is declared for _GNU_SOURCE).
    private static func glibcFunction<F>(_ name: String, as type: F.Type) -> F? {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    private static func spawn(
        executable: String, arguments: [String], environment: [String: String], directory: String?,
        onOutput: @escaping @Sendable (Data, _ error: Bool) -> Void,
        onExit: @escaping @Sendable (Int32) -> Void
    ) throws -> ChildProcess {
        guard access(executable, X_OK) == 0 else {
            throw SpawnError(description: "\(executable) is not an executable file (build it first)")
        }
        // pipe2 is not imported either; another thread's spawn between pipe and fcntl is harmless
        // where close-from is available, which closes these in every other child.
        let outputPipe = try makePipe()
        let errorPipe: [Int32]
        do {
            errorPipe = try makePipe()
        } catch {
            close(outputPipe[0])
            close(outputPipe[1])
            throw error
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        // Without it (glibc before 2.34) only descriptors opened without close-on-exec leak.
        if let addCloseFrom = glibcFunction("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self) {
            _ = addCloseFrom(&actions, 3)
        }
        if let directory {
            guard let addChdir = glibcFunction("posix_spawn_file_actions_addchdir_np", as: AddChdir.self) else {
                throw SpawnError(description: "this C library cannot start a process in another directory")
            }
            _ = directory.withCString { addChdir(&actions, $0) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, as Foundation's Process does: a ^C in the terminal reaches the
        // test runner, which stops its children itself.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(outputPipe[1])
        close(errorPipe[1])
        guard result == 0 else {
            close(outputPipe[0])
            close(errorPipe[0])
            throw SpawnError(description: "posix_spawn \(executable): \(String(cString: strerror(result)))")
        }

        let child = pid
        let ends = EndCounter(parts: 2) {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
            let signal = status & 0x7f
            onExit(signal == 0 ? (status >> 8) & 0xff : signal)
        }
        for (descriptor, isError) in [(outputPipe[0], false), (errorPipe[0], true)] {
            Thread {
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { break }
                    onOutput(Data(buffer[0..<count]), isError)
                }
                close(descriptor)
                onOutput(Data(), isError)
                ends.partEnded()
            }.start()
        }
        return ChildProcess(pid: child)
    }

    /// A pipe whose ends close on exec.
    private static func makePipe() throws -> [Int32] {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return ends
    }
    #else
    private static func launch(
        executable: String, arguments: [String], environment: [String: String], directory: String?,
        onOutput: @escaping @Sendable (Data, _ error: Bool) -> Void,
        onExit: @escaping @Sendable (Int32) -> Void
    ) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let exited = ExitBox()
        let ends = EndCounter(parts: 3) { onExit(exited.status) }
        process.terminationHandler = { process in
            exited.status = process.terminationStatus
            ends.partEnded()
        }
        try process.run()
        for (handle, isError) in [(output.fileHandleForReading, false), (error.fileHandleForReading, true)] {
            Thread {
                while true {
                    let data = handle.availableData
                    onOutput(data, isError)
                    if data.isEmpty { break }
                }
                ends.partEnded()
            }.start()
        }
        return ChildProcess(pid: process.processIdentifier)
    }
    #endif
}

/// Runs `action` once every part has ended.
private final class EndCounter: Sendable {
    private let remaining: Mutex<Int>
    private let action: @Sendable () -> Void

    init(parts: Int, action: @escaping @Sendable () -> Void) {
        remaining = Mutex(parts)
        self.action = action
    }

    func partEnded() {
        let last = remaining.withLock { count in
            count -= 1
            return count == 0
        }
        if last { action() }
    }
}

#if !canImport(Glibc)
/// The exit status, set by the termination handler before the readers finish.
private final class ExitBox: Sendable {
    private let value = Mutex<Int32>(-1)
    var status: Int32 {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
#endif
