import HTTPTypes

// The names below are valid header names written out, so the failable initialiser cannot fail.
extension HTTPField.Name {
    /// `beagle-platform`: the client's platform (IOS, ANDROID, WEB).
    static let beaglePlatform = HTTPField.Name("beagle-platform")!
    /// `beagle-hash`: Beagle 1.x's cache protocol.
    static let beagleHash = HTTPField.Name("beagle-hash")!
}

extension HTTPField.Name {
    /// `Content-Security-Policy`: what the dashboard page may load and run.
    static let contentSecurityPolicy = HTTPField.Name("Content-Security-Policy")!
    /// `X-Content-Type-Options`: `nosniff`, so a browser trusts the declared type.
    static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
}
