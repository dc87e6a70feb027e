import BeagleMockHTTP
import Foundation

/// Which request headers come back as `X-Echo-<Name>` (Docs/AdminAPI.md).
///
/// YAML and JSON: `true` (every header but hop-by-hop ones), `false`, or a list of header names
/// (`[Authorization, beagle-platform]`, matched case-insensitively).
package enum EchoSetting: Sendable, Hashable, CustomStringConvertible {
    /// No echo.
    case off
    /// Every request header, hop-by-hop headers excepted.
    case allHeaders
    /// Only these headers (as written; compare case-insensitively).
    case headers([String])

    /// Creates a list setting, refusing names that are not HTTP header names.
    package static func validatedHeaders(_ names: [String]) throws(SpecError) -> EchoSetting {
        for name in names where name.isEmpty || !name.utf8.allSatisfy(ResponseOverride.isTokenByte) {
            throw SpecError(
                "echo header name \(SpecError.quote(name)) is not a valid HTTP header name; use letters, digits and - like beagle-platform"
            )
        }
        return .headers(names)
    }

    /// True when `name` is echoed.
    package func echoes(_ name: String) -> Bool {
        switch self {
        case .off: return false
        case .allHeaders: return true
        case .headers(let names): return names.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
        }
    }

    /// `off`, `all` or the list.
    package var description: String {
        switch self {
        case .off: return "off"
        case .allHeaders: return "all"
        case .headers(let names): return names.joined(separator: ",")
        }
    }
}
