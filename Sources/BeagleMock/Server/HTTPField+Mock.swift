import HTTPTypes

// The names below are valid header names written out, so the failable initialiser cannot fail.
extension HTTPField.Name {
    /// `beagle-platform`: the client's platform (IOS, ANDROID, WEB).
    static let beaglePlatform = HTTPField.Name("beagle-platform")!
    /// `beagle-hash`: Beagle 1.x's cache protocol.
    static let beagleHash = HTTPField.Name("beagle-hash")!
}
