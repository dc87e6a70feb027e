import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// The hash behind ETags and `beagle-hash`: the same bytes give the same hash however they are fed,
/// and a change anywhere, or in the length, gives another.
@Suite struct ContentHashTests {
    static let bytes: [UInt8] = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

    @Test(arguments: [1, 3, 7, 8, 13, 64, 999])
    func piecesOfAnySizeHashAsTheWhole(size: Int) {
        var hash = ContentHash()
        var start = 0
        while start < Self.bytes.count {
            let end = min(start + size, Self.bytes.count)
            hash.update(with: Self.bytes[start..<end])
            start = end
        }
        #expect(hash.hex == ContentHash(of: Self.bytes).hex)
    }

    @Test func bytesWithoutContiguousStorageHashTheSame() {
        #expect(ContentHash(of: Self.bytes.lazy.map { $0 }).hex == ContentHash(of: Self.bytes).hex)
    }

    @Test func everyByteAndTheLengthCount() {
        var seen: Set<String> = [ContentHash(of: Self.bytes).hex]
        for index in stride(from: 0, to: Self.bytes.count, by: 37) {
            var changed = Self.bytes
            changed[index] ^= 1
            #expect(seen.insert(ContentHash(of: changed).hex).inserted, "byte \(index)")
        }
        #expect(ContentHash(of: [0]) != ContentHash(of: [0, 0]))
        #expect(ContentHash(of: []) != ContentHash(of: [0]))
    }
}
