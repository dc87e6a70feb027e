import BeagleMockHTTP

/// Beagle 1.x's cache protocol (`beagle-hash`, `Cache-Control: max-age`), on when the config has
/// `beagleCache: {maxAge: 30s}`.
package struct BeagleCacheSettings: Sendable, Hashable {
    /// The `max-age` sent, in whole seconds.
    package let maxAge: Duration

    /// `max-age`'s value.
    package var maxAgeSeconds: Int64 { maxAge.components.seconds }

    /// Creates the setting, refusing a max-age that is not whole seconds (`max-age` has no fractions).
    package init(maxAge: Duration) throws(SpecError) {
        guard maxAge.components.attoseconds == 0 else {
            throw SpecError(
                "maxAge \(maxAge.specDescription) is not whole seconds; Cache-Control max-age counts seconds, so write e.g. 30s")
        }
        self.maxAge = maxAge
    }
}
