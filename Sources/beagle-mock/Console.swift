#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole lines to standard output and standard error, one `write` each, so that lines
/// from concurrent requests never interleave.
enum Console {
    /// Prints a line to standard output.
    static func out(_ line: String) {
        emit(line, to: STDOUT_FILENO)
    }

    /// Prints a line to standard error.
    static func error(_ line: String) {
        emit(line, to: STDERR_FILENO)
    }

    /// Whether standard output is a terminal (colour, progress lines).
    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    private static func emit(_ line: String, to descriptor: Int32) {
        var bytes = Array(line.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
