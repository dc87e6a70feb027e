#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one hidden folder a served folder may be read through: the data folder the kubelet writes a
/// ConfigMap, Secret or projected volume into (Docs/Kubernetes.md, "How the kubelet mounts a
/// folder").
///
/// The kubelet's atomic writer puts the files in a folder named for the time of the write,
/// `..2026_11_28_12_00_00.123456789`, points the symlink `..data` at it, and gives every top-level
/// name a symlink into `..data` (`home.json -> ..data/home.json`, `guides -> ..data/guides`). An
/// update writes a new timestamped folder, swaps `..data` to it with one rename, and removes the
/// old folder. A served file is therefore really in a dot-folder, which the folder rules otherwise
/// refuse (`.git/`, `.env`): that folder, as the first segment below a root that has `..data`, is
/// the exception, and nothing else is. A dot-name inside it is still hidden, and a request can
/// never name it (request paths refuse dot-segments before any file is opened).
package enum KubeletDataFolder {
    /// The symlink the kubelet swaps to the current data folder.
    package static let currentLink = "..data"

    /// Whether `name` is named as the kubelet names its data folders: `..`, the UTC time of the
    /// write as `YYYY_MM_DD_HH_MM_SS`, a `.` and the decimal digits its temporary-folder call adds.
    package static func isDataFolderName(_ name: some Collection<UInt8>) -> Bool {
        // "..", then 4 digits, then five "_" with 2 digits each, then "." and 1 or more digits.
        let shape = Array("..DDDD_DD_DD_DD_DD_DD.".utf8)
        guard name.count > shape.count else { return false }
        var bytes = name.makeIterator()
        for expected in shape {
            guard let byte = bytes.next() else { return false }
            let matches = expected == UInt8(ascii: "D") ? isDigit(byte) : byte == expected
            guard matches else { return false }
        }
        while let byte = bytes.next() {
            guard isDigit(byte) else { return false }
        }
        return true
    }

    /// Whether the folder at `root` is laid out by the kubelet: it holds the `..data` symlink.
    package static func isMounted(at root: String) -> Bool {
        var status = stat()
        let path = root.hasSuffix("/") ? root + currentLink : root + "/" + currentLink
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
