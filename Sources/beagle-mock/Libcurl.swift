import ArgumentParser
import CLibcurlOnDemand

/// libcurl, through which URLSession fetches on Linux. The executable loads it on demand
/// (CLibcurlOnDemand), so that `serve` runs without it; a command that fetches requires it first.
enum Libcurl {
    /// Loads libcurl; when it cannot be, says so on standard error and exits 1, before a URLSession
    /// would stop the process.
    static func require(by command: String) throws {
        var failure: UnsafePointer<CChar>?
        let loaded = beagle_libcurl_load(&failure) != 0
        if loaded { return }
        let reason = failure.map { String(cString: $0) } ?? "unknown error"
        Console.error(
            "beagle-mock: \(command) fetches through libcurl, which cannot be loaded: \(reason). "
                + "Install libcurl 4 (Debian and Ubuntu: apt-get install libcurl4).")
        throw ExitCode(1)
    }
}
