#if canImport(Glibc)
import BeagleMockHTTP
import Glibc
// timespec's members are declared there; release builds with MemberImportVisibility need it named.
import SwiftOverlayShims
// …or CoreFoundation, when a module that imports Foundation is loaded first.
import CoreFoundation
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a file, reduced to what serving and cache validation need.
package struct FileStatus: Sendable, Equatable {
    package enum Kind: Sendable, Equatable { case regular, directory, symlink, other }

    package let kind: Kind
    let device: UInt64
    let inode: UInt64
    let size: Int64
    /// The number of hard links to the file.
    let linkCount: UInt64
    /// The permission bits (`0o644`).
    let permissions: UInt32
    /// Modification time in nanoseconds since 1970.
    let modified: Int64
    /// Status-change time in nanoseconds since 1970 (changes on every write and rename too).
    let changed: Int64

    /// Whether the two describe the same version of the same file.
    func sameVersion(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode && size == other.size
            && modified == other.modified && changed == other.changed
    }

    /// The same file, whatever its version (hard links and renames included).
    func sameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }

    /// `lstat`: the link itself when `path` is a symlink; nil when nothing is there.
    static func lstat(_ path: String) -> FileStatus? { read(path, followLinks: false) }

    /// `stat`: follows symlinks; nil when nothing is there or a link dangles.
    package static func stat(_ path: String) -> FileStatus? { read(path, followLinks: true) }

    /// `fstat` on an open descriptor.
    static func fstat(_ descriptor: Int32) -> FileStatus? {
        var info = StatBuffer()
        guard callFstat(descriptor, &info) == 0 else { return nil }
        return FileStatus(info)
    }

    private static func read(_ path: String, followLinks: Bool) -> FileStatus? {
        var info = StatBuffer()
        let result = followLinks ? callStat(path, &info) : callLstat(path, &info)
        guard result == 0 else { return nil }
        return FileStatus(info)
    }

    private init(_ info: StatBuffer) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        default: kind = .other
        }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        linkCount = UInt64(info.st_nlink)
        permissions = UInt32(info.st_mode) & 0o7777
        #if canImport(Darwin)
        modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
    }

    /// Whether the file was last changed long enough before `now` (nanoseconds since 1970) that a
    /// later write would show in its times: file times tick coarsely (a few milliseconds), so two
    /// writes within one tick leave the same times, and a same-size edit made right after a read
    /// could otherwise hide behind them.
    func isSettled(at now: Int64) -> Bool {
        now - modified > Self.settleTime && now - changed > Self.settleTime
    }

    /// How long after a change a file's times are trusted to show the next one: 2 seconds.
    static let settleTime: Int64 = 2_000_000_000

    /// Whole seconds of the modification time, as `Last-Modified` shows it.
    var modifiedSeconds: Int64 { modified / 1_000_000_000 }
}

#if canImport(Darwin)
private typealias StatBuffer = Darwin.stat
private func callStat(_ path: String, _ info: inout Darwin.stat) -> Int32 { stat(path, &info) }
private func callLstat(_ path: String, _ info: inout Darwin.stat) -> Int32 { lstat(path, &info) }
private func callFstat(_ fd: Int32, _ info: inout Darwin.stat) -> Int32 { fstat(fd, &info) }
#elseif canImport(Musl)
private typealias StatBuffer = Musl.stat
private func callStat(_ path: String, _ info: inout Musl.stat) -> Int32 { stat(path, &info) }
private func callLstat(_ path: String, _ info: inout Musl.stat) -> Int32 { lstat(path, &info) }
private func callFstat(_ fd: Int32, _ info: inout Musl.stat) -> Int32 { fstat(fd, &info) }
#else
private typealias StatBuffer = Glibc.stat
private func callStat(_ path: String, _ info: inout Glibc.stat) -> Int32 { stat(path, &info) }
private func callLstat(_ path: String, _ info: inout Glibc.stat) -> Int32 { lstat(path, &info) }
private func callFstat(_ fd: Int32, _ info: inout Glibc.stat) -> Int32 { fstat(fd, &info) }
#endif
