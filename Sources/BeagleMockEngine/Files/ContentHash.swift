import BeagleMockHTTP

/// A 64-bit hash of the bytes sent, the basis of strong ETags and `beagle-hash`.
///
/// Not cryptographic: it only has to tell two versions of a body apart. The bytes are taken eight
/// at a time, as little-endian words, each mixed in by a multiplication and a shift, and the
/// result goes through MurmurHash3's finalizer with the length. A file is hashed once per version
/// (the store caches it), but a rendered template is hashed on every request, where hashing a byte
/// at a time (FNV-1a, until 2026-11-26) cost a fifth of the rendering. The bytes may come in pieces
/// of any size: the hash is that of all of them in order.
package struct ContentHash: Sendable, Hashable {
    /// The words mixed in so far.
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The bytes that do not make a whole word yet, the first in the lowest byte.
    private var pending: UInt64 = 0
    /// How many bytes were fed.
    private var count: UInt64 = 0

    init() {}

    /// The hash of one buffer of bytes.
    package init(of bytes: some Sequence<UInt8>) {
        update(with: bytes)
    }

    /// Feeds more bytes, for files hashed in chunks.
    mutating func update(with bytes: some Sequence<UInt8>) {
        let done = bytes.withContiguousStorageIfAvailable { buffer -> Bool in
            // A word left incomplete by the last piece is completed first; then whole words.
            let topUp = min(Int((8 - count % 8) % 8), buffer.count)
            for byte in buffer[..<topUp] { add(byte) }
            let rest = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[topUp...])
            let words = rest.count / 8
            var state = self.state
            for index in 0..<words {
                state = Self.mix(state, UInt64(littleEndian: rest.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)))
            }
            self.state = state
            count += UInt64(words * 8)
            for byte in rest[(words * 8)...] { add(byte) }
            return true
        }
        if done == true { return }
        for byte in bytes { add(byte) }
    }

    private mutating func add(_ byte: UInt8) {
        pending |= UInt64(byte) << (8 * (count % 8))
        count += 1
        if count % 8 == 0 {
            state = Self.mix(state, pending)
            pending = 0
        }
    }

    private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let product = (state ^ word) &* 0x9e37_79b9_7f4a_7c15
        return product ^ (product >> 32)
    }

    /// The hash of the bytes fed so far.
    var value: UInt64 {
        var hash = Self.mix(state, pending) ^ count
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash &*= 0xc4ce_b9fe_1a85_ec53
        return hash ^ (hash >> 33)
    }

    package static func == (left: ContentHash, right: ContentHash) -> Bool { left.value == right.value }

    package func hash(into hasher: inout Hasher) { hasher.combine(value) }

    /// Sixteen lowercase hex digits.
    var hex: String { digits(quoted: false) }

    /// The strong entity tag of these bytes, quotes included (`"0123456789abcdef"`).
    package var entityTag: String { digits(quoted: true) }

    /// The value's sixteen hex digits, in quotes or not, written straight into the string's
    /// storage (every served file's answer needs them).
    private func digits(quoted: Bool) -> String {
        let value = self.value
        let quote = quoted ? 1 : 0
        return String(unsafeUninitializedCapacity: 16 + 2 * quote) { text in
            if quoted {
                text[0] = UInt8(ascii: "\"")
                text[17] = UInt8(ascii: "\"")
            }
            for place in 0..<16 {
                let digit = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * place)) & 0xF
                text[quote + place] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
            }
            return 16 + 2 * quote
        }
    }
}
