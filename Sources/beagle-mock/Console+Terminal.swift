#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Console {
    /// Whether standard error is a terminal (a live progress line).
    static var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// The width of the terminal on standard error, 80 when unknown.
    static var errorTerminalWidth: Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Replaces the current line of standard error with `text` (carriage return, the text, then
    /// erase to the end of the line), without a newline.
    static func errorInPlace(_ text: String) {
        var bytes = Array("\r".utf8) + Array(text.utf8) + Array("\u{1B}[K".utf8)
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes.removeFirst(written)
        }
    }
}
