/// A platform as Beagle names it in the `beagle-platform` request header and in the
/// `beaglePlatform` wrapper of screen JSON.
package enum BeaglePlatform: String, Sendable, CaseIterable, Hashable {
    case ios = "IOS"
    case android = "ANDROID"
    case web = "WEB"
    /// Both mobile platforms (IOS and ANDROID); only meaningful in files and wrappers.
    case mobile = "MOBILE"
    /// Every platform; only meaningful in wrappers.
    case all = "ALL"

    /// The platforms a client can announce in its `beagle-platform` header.
    package static let requestPlatforms: [BeaglePlatform] = [.ios, .android, .web]

    /// Reads a `beagle-platform` header value, in any letter case; nil for anything but
    /// IOS, ANDROID and WEB (surrounding spaces allowed).
    package init?(headerValue: some StringProtocol) {
        let trimmed = headerValue.trimmingSpaces.uppercased()
        guard let platform = BeaglePlatform(rawValue: trimmed),
            BeaglePlatform.requestPlatforms.contains(platform)
        else { return nil }
        self = platform
    }

    /// The suffix a variant file carries for this platform (`home.ios.json`).
    package var fileSuffix: String { rawValue.lowercased() }

    /// Whether content marked for `self` is kept for a client on `platform`:
    /// ALL keeps for everyone, MOBILE for IOS and ANDROID, any other only for itself.
    package func includes(_ platform: BeaglePlatform) -> Bool {
        switch self {
        case .all: true
        case .mobile: platform == .ios || platform == .android || platform == .mobile
        default: self == platform
        }
    }

    /// The variant files a request from `self` looks for, most specific first
    /// (`ios`, then `mobile` for IOS and ANDROID).
    package var variantSuffixes: [String] {
        switch self {
        case .ios, .android: [fileSuffix, BeaglePlatform.mobile.fileSuffix]
        case .web: [fileSuffix]
        case .mobile: [fileSuffix]
        case .all: []
        }
    }
}

extension StringProtocol {
    var trimmingSpaces: Substring {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
