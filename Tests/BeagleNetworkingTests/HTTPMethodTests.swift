import BeagleNetworking
import Foundation
import Testing

@Suite struct HTTPMethodTests {
    @Test func encodesAsBeagleDoes() throws {
        let data = try JSONEncoder().encode([HTTPMethod.post, .patch])
        #expect(String(decoding: data, as: UTF8.self) == #"["POST","PATCH"]"#)
    }
}
