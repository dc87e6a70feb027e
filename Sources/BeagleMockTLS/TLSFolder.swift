import BeagleMockHTTP
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder that keeps the local CA and the certificate it issued (`--tls-dir`): made with mode
/// 0700, written one whole file at a time (a temporary file renamed over the old one), and held
/// under a lock while it is read or changed, so that two servers starting together (compose starts
/// several) make one CA between them.
package struct TLSFolder: Sendable {
    /// The folder's path as given.
    package let path: String

    /// The default: `~/.beagle-mock/tls`.
    package static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) throws(TLSError)
        -> String
    {
        guard let home = environment["HOME"], !home.isEmpty else {
            throw TLSError(file: nil, problem: "HOME is not set, so there is no default --tls-dir; give one with --tls-dir")
        }
        return home + "/.beagle-mock/tls"
    }

    /// The folder `directory`, or the default one when it is nil; made when it does not exist.
    package static func prepare(orDefault directory: String?) throws(TLSError) -> TLSFolder {
        if let directory { return try prepare(directory) }
        return try prepare(try defaultPath())
    }

    /// The folder at `path`, made (with its missing parents, mode 0700) when it does not exist.
    package static func prepare(_ path: String) throws(TLSError) -> TLSFolder {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw TLSError(file: path, problem: "is not a folder (--tls-dir)") }
        } else {
            // Each missing folder on the way, so that the error is the system's own (errno).
            var partial = path.hasPrefix("/") ? "" : "."
            for component in path.split(separator: "/") {
                partial += "/" + component
                if mkdir(partial, 0o700) != 0, errno != EEXIST {
                    throw TLSError(file: path, problem: "cannot make the folder: \(String(cString: strerror(errno)))")
                }
            }
        }
        return TLSFolder(path: path)
    }

    /// The path of the file `name` in the folder.
    package func file(_ name: String) -> String { path + "/" + name }

    /// Runs `body` holding the folder's lock (`.lock`, an advisory `flock`).
    package func locked<T>(_ body: () throws(TLSError) -> T) throws(TLSError) -> T {
        let lockPath = file(".lock")
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw TLSError(file: path, problem: "cannot write to the folder (--tls-dir): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw TLSError(file: lockPath, problem: "cannot lock: \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// The key files kept in the folder.
    package static let keyFileNames = [LocalCertificateAuthority.keyFileName, IssuedCertificate.keyFileName]

    /// Makes the folder's keys 0600 where they are readable by others, and warns of a folder that
    /// others can write to; what it did and found, for the user. Throws when a key cannot be made
    /// private (a file of another owner), as ssh refuses such a key.
    package func securePermissions() throws(TLSError) -> [String] {
        var notices: [String] = []
        if let mode = Self.permissions(path), mode & 0o022 != 0 {
            notices.append(
                "the TLS folder \(path) can be written by others (mode \(Self.octal(mode))): whoever writes there can replace the CA; chmod 700 \(path)"
            )
        }
        for name in Self.keyFileNames {
            let key = file(name)
            guard let mode = Self.permissions(key), mode & 0o077 != 0 else { continue }
            guard chmod(key, 0o600) == 0 else {
                throw TLSError(
                    file: key,
                    problem:
                        "is readable by others (mode \(Self.octal(mode))) and cannot be made 0600 (\(String(cString: strerror(errno)))); chmod 600 it"
                )
            }
            notices.append("\(key) was readable by others (mode \(Self.octal(mode))); it is 0600 now")
        }
        return notices
    }

    /// The permission bits of what `path` names (links followed), nil when it cannot be read.
    package static func permissions(_ path: String) -> UInt32? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.posixPermissions] as? NSNumber).map { $0.uint32Value & 0o7777 }
    }

    /// A warning when the key file at `path`, the user's own, is readable by others.
    package static func keyWarning(_ path: String) -> String? {
        guard let mode = permissions(path), mode & 0o077 != 0 else { return nil }
        return "the key \(path) is readable by others (mode \(octal(mode))); chmod 600 \(path)"
    }

    /// Permission bits as `ls` and chmod write them in octal (`0644`).
    private static func octal(_ permissions: UInt32) -> String {
        let text = String(permissions, radix: 8)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    /// The text of the file `name`; nil when there is none.
    package func read(_ name: String) throws(TLSError) -> String? {
        let path = file(name)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TLSError(file: path, problem: "cannot be read: \(String(cString: strerror(errno)))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes `text` as the file `name` with `mode`, whole: a reader sees the old file or the new.
    package func write(_ name: String, _ text: String, mode: mode_t) throws(TLSError) {
        let target = file(name)
        let temporary = file(".\(name).\(getpid()).tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else {
            throw TLSError(file: target, problem: "cannot be written: \(String(cString: strerror(errno)))")
        }
        var failure: String?
        do {
            try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: Data(text.utf8))
            if fchmod(descriptor, mode) != 0 || fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        } catch {
            failure = Self.reason(of: error)
        }
        close(descriptor)
        if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw TLSError(file: target, problem: "cannot be written: \(failure)")
        }
    }

    private static func reason(of error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(code)))
        }
        return error.localizedDescription
    }
}
