import BeagleMock
import Testing

@Suite struct VersionTests {
    @Test func versionIsSemantic() {
        let parts = beagleMockVersion.split(separator: ".")
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { Int($0) != nil })
    }
}
