import BeagleScreens
import Foundation
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine

/// Docs/AdminAPI.md and Docs/ScreenAuthoring.md: `GET /__admin/schema.json`, the schema
/// `beagle-mock schema` writes, open to editors whatever the admin API's gate.
@Suite struct SchemaEndpointTests {
    static let files = ["screens/home.json": #"{"_beagleComponent_":"beagle:text","text":"home"}"#]

    @Test func theSchemaIsServedAsTheCommandWritesIt() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            let answer = try await client.request("GET", "/__admin/schema.json")
            #expect(answer.status == 200)
            #expect(answer.header("Content-Type") == "application/schema+json")
            #expect(String(decoding: answer.body, as: UTF8.self) == (try ScreenSchema().text()))
            #expect(try await client.request("GET", "/__admin/schema.json?beagle=2.x").status == 200)
            #expect(try await client.request("POST", "/__admin/schema.json").status == 405)
        }
    }

    @Test func anUnknownVersionOrFormatIsAClearError() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            let version = try await client.request("GET", "/__admin/schema.json?beagle=1.9")
            #expect(version.status == 400)
            #expect((try version.jsonObject()["error"] as? String)?.hasPrefix("unknown Beagle version '1.9'") == true)
            let format = try await client.request("GET", "/__admin/schema.yaml")
            #expect(format.status == 404)
            #expect((try format.jsonObject()["error"] as? String)?.hasPrefix("unknown schema format 'yaml'") == true)
            #expect(try format.jsonObject()["suggestions"] as? [String] == ["/__admin/schema.json"])
        }
    }

    @Test func beyondLoopbackTheSchemaNeedsNoToken() async throws {
        try await withMockServer(files: Self.files, configure: { $0.host = "0.0.0.0" }) { server, _ in
            #expect(server.server.adminAccess == .off)
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            #expect(try await client.request("GET", "/__admin/schema.json").status == 200)
            #expect(try await client.request("GET", "/__admin/settings").status == 403)
        }
    }
}
