import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that it is either absent, its old self, or complete: the bytes go to a
/// temporary dot-file in the same folder (which the mock never serves), are flushed to disk,
/// and the temporary file is renamed over the destination in one step. An interrupted write
/// leaves at most a `.probe-…` file behind, never a half-written screen.
enum AtomicFile {
    /// Writes `data` to `url`, creating its folder if needed.
    static func write(_ data: Data, to url: URL) throws(AtomicFileError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw AtomicFileError(path: url.path, reason: "cannot create its folder: \(Self.reason(of: error))")
        }
        var template = Array((folder.path + "/.probe-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else {
            throw AtomicFileError(path: url.path, reason: "cannot create a temporary file: \(Self.lastError())")
        }
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let written = Glue.write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = "cannot write: \(Self.lastError())"
                    return
                }
                offset += written
            }
        }
        if failure == nil, fchmod(descriptor, 0o644) != 0 { failure = "cannot set permissions: \(Self.lastError())" }
        if failure == nil, fsync(descriptor) != 0 { failure = "cannot flush to disk: \(Self.lastError())" }
        if close(descriptor) != 0, failure == nil { failure = "cannot close: \(Self.lastError())" }
        if failure == nil, rename(temporaryPath, url.path) != 0 { failure = "cannot rename into place: \(Self.lastError())" }
        if let failure {
            unlink(temporaryPath)
            throw AtomicFileError(path: url.path, reason: failure)
        }
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }

    private static func reason(of error: any Error) -> String {
        (error as NSError).localizedDescription
    }

    /// The C library's calls under names that do not clash with Swift's.
    private enum Glue {
        static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
            #if canImport(Darwin)
            return Darwin.write(descriptor, bytes, count)
            #elseif canImport(Musl)
            return Musl.write(descriptor, bytes, count)
            #else
            return Glibc.write(descriptor, bytes, count)
            #endif
        }
    }
}
