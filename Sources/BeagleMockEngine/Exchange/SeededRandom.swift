import BeagleMockHTTP

/// A SplitMix64 generator: small, fast, and the same sequence for the same seed on every platform
/// and in every process.
///
/// Fault draws must replay exactly from a seed, so nothing here may use Swift's `Hasher` (seeded
/// randomly per process) or the system generator.
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose output is a pure function of `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A uniform double in [0, 1), from the top 53 bits (every value a double can hold exactly).
    package mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// SplitMix64's finaliser: a bijection on 64 bits that spreads every input bit over the output.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Combines a running key with one more 64-bit part, order-sensitively.
    static func combine(_ key: UInt64, _ part: UInt64) -> UInt64 {
        mix(key &+ 0x9E37_79B9_7F4A_7C15 ^ part)
    }
}

/// 64-bit FNV-1a over a string's UTF-8 bytes: stable across processes and platforms, unlike `Hasher`,
/// and good enough as an input to ``SeededRandom/mix(_:)``, which does the avalanching.
func stableHash(_ text: some StringProtocol) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01B3
    }
    return hash
}
