/// A 64-bit FNV-1a hash of the bytes sent, the basis of strong ETags and `beagle-hash`.
///
/// Not cryptographic: it only has to tell two versions of a file apart, and it is computed
/// once per version (the store caches it).
struct ContentHash: Sendable, Hashable {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}

    /// The hash of one buffer of bytes.
    init(of bytes: some Sequence<UInt8>) {
        update(with: bytes)
    }

    /// Feeds more bytes, for files hashed in chunks.
    mutating func update(with bytes: some Sequence<UInt8>) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        value = hash
    }

    /// Sixteen lowercase hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The strong entity tag of these bytes, quotes included (`"0123456789abcdef"`).
    var entityTag: String { "\"" + hex + "\"" }
}
