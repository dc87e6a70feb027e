import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A trust store of a child process's own: `Tests/tools/with-trusted-ca.sh` runs a command in a
/// private mount namespace where the system's CA bundle, which libcurl and so URLSession read on
/// Linux, has a CA added. The host's bundle is never written.
enum PrivateTrust {
    /// The script, beside the sources.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools/with-trusted-ca.sh").path

    /// The bundle the script covers.
    static let bundle = "/etc/ssl/certs/ca-certificates.crt"

    /// Whether this machine lets a process make a private mount namespace (root, or CAP_SYS_ADMIN)
    /// and has the bundle; where it does not, the tests that need it skip.
    static let isAvailable: Bool = {
        #if os(Linux)
        guard FileManager.default.fileExists(atPath: bundle) else { return false }
        return system("unshare --mount --propagation private true >/dev/null 2>&1") == 0
        #else
        return false
        #endif
    }()
}
