import Foundation
import HTTPTypes
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// Docs/AdminAPI.md: the admin API against a live server on loopback (open).
@Suite struct AdminAPITests {
    static let home = #"{"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"beagle:text","text":"home"}}"#
    static let files = [
        "screens/home.json": home,
        "screens/home.ios.json": #"{"_beagleComponent_":"beagle:text","text":"ios"}"#,
        "screens/cart.post.json": #"{"ok":true}"#,
        "screens/broken.json": "{\n  \"_beagleComponent_\": \"beagle:text\",\n  oops\n}",
        "screens/banner.png": "PNG",
        "screens/__admin.json": #"{"shadowed":"admin"}"#,
        "screens/__admin/requests.json": #"{"shadowed":"requests"}"#,
        "screens/__echo.json": #"{"shadowed":"echo"}"#,
        "images/logo.png": "LOGO",
    ]

    @Test func healthSaysOkWithVersionRoutesAndUptime() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            let (status, health) = try await client.json("GET", "/__admin/health")
            #expect(status == 200)
            #expect(health["status"] as? String == "ok")
            #expect(health["version"] as? String == beagleMockVersion)
            // home, broken: the shadowed __admin.json and __echo.json are not routes.
            #expect(health["routes"] as? Int == 2)
            #expect((health["uptimeSeconds"] as? Int).map { $0 >= 0 } == true)
            let head = try await client.request("HEAD", "/__admin/health")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            let post = try await client.request("POST", "/__admin/health")
            #expect(post.status == 405)
            #expect(post.header("Allow") == "GET, HEAD")
        }
    }

    @Test(arguments: [
        "/__admin/nope", "/__admin.json", "/__admin/requests/1/more", "/__admin/health.json",
    ])
    func unknownAdminPathIs404JSON(path: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: path))
            #expect(response.status == 404)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            let body = try response.jsonObject()
            #expect(body["error"] is String)
            #expect((body["suggestions"] as? [String])?.contains("/__admin/requests") == true)
            #expect(!response.text.contains("shadowed"))
        }
    }

    @Test(arguments: [
        ("POST", "/__admin/requests", "GET, HEAD, DELETE"),
        ("PUT", "/__admin/requests/1", "GET, HEAD"),
        ("DELETE", "/__admin/settings", "GET, HEAD, PUT"),
        ("GET", "/__admin/reset", "POST"),
        ("PATCH", "/__admin/routes", "GET, HEAD"),
        ("POST", "/__admin/openapi.json", "GET, HEAD"),
    ])
    func wrongMethodIs405WithAllow(method: String, path: String, allow: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, method: method, target: path))
            #expect(response.status == 405)
            #expect(response.header("Allow") == allow)
            let body = try response.jsonObject()
            #expect(body["method"] as? String == method)
            #expect(body["allowed"] as? [String] == allow.components(separatedBy: ", "))
        }
    }

    @Test func optionsWithoutPreflightListsTheMethods() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(
                try await HTTPProbe.request(port: server.port, method: "OPTIONS", target: "/__admin/settings"))
            #expect(response.status == 204)
            #expect(response.header("Allow") == "GET, HEAD, PUT, OPTIONS")
        }
    }

    @Test func settingsPutValidatesAndReplaces() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            let (_, initial) = try await client.json("GET", "/__admin/settings")
            #expect(initial.keys.sorted() == ["bandwidth", "echo", "faults", "latency", "profile", "seed"])
            #expect(initial.values.allSatisfy { $0 is NSNull })

            let put = try await client.json(
                "PUT", "/__admin/settings",
                body: Array(#"{"faults": ["status:503"], "latency": "5ms", "echo": ["beagle-platform"], "seed": 7}"#.utf8))
            #expect(put.status == 200)
            #expect(put.object["faults"] as? [String] == ["status:503"])
            #expect(put.object["latency"] as? String == "5ms")
            #expect(put.object["echo"] as? [String] == ["beagle-platform"])
            #expect(put.object["seed"] as? Int == 7)
            // Bandwidths read as written, not as 64KiB\/s.
            let bandwidth = try await client.request("PUT", "/__admin/settings", body: Array(#"{"bandwidth": "64KiB/s"}"#.utf8))
            #expect(bandwidth.text.contains(#""bandwidth":"64KiB/s""#))
            _ = try await client.request("PUT", "/__admin/settings", body: Array(#"{"faults": ["status:503"]}"#.utf8))
            #expect(try await client.request("GET", "/home").status == 503)

            // Replaces, not merges: a PUT without faults drops them.
            let second = try await client.json("PUT", "/__admin/settings", body: Array(#"{"latency": "1ms"}"#.utf8))
            #expect(second.object["faults"] is NSNull)
            #expect(try await client.request("GET", "/home").status == 200)
            let (_, now) = try await client.json("GET", "/__admin/settings")
            #expect(now["latency"] as? String == "1ms")
        }
    }

    @Test(arguments: [
        (#"{"latency": "5 parsecs"}"#, "latency" as String?),
        (#"{"faults": ["status:503", "boom"]}"#, "faults[1]"),
        (#"{"faults": ["status:503@0.8", "reset@0.5"]}"#, "faults"),
        (#"{"echo": ["bad header"]}"#, "echo"),
        (#"{"seed": -1}"#, "seed"),
        (#"{"latncy": "5ms"}"#, "latncy"),
        ("not json", nil),
        ("[1, 2]", nil),
        ("", nil),
    ])
    func invalidSettingsAre400AndChangeNothing(body: String, field: String?) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            _ = try await client.json("PUT", "/__admin/settings", body: Array(#"{"latency": "2ms"}"#.utf8))
            let response = try await client.json("PUT", "/__admin/settings", body: Array(body.utf8))
            #expect(response.status == 400)
            #expect(response.object["field"] as? String == field)
            let error = try #require(response.object["error"] as? String)
            if let field { #expect(error.hasPrefix(field + ": ")) }
            let (_, settings) = try await client.json("GET", "/__admin/settings")
            #expect(settings["latency"] as? String == "2ms")
        }
    }

    @Test func resetClearsJournalCountersAndOverrides() async throws {
        let files = Self.files.merging([
            "screens/flaky.json": #"{"ok":true}"#,
            "screens/beagle-mock.yml": "routes:\n  - path: /flaky\n    sequence: [\"status:500\", ok]\n",
        ]) { $1 }
        try await withMockServer(files: files) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            #expect(try await client.request("GET", "/flaky").status == 500)
            #expect(try await client.request("GET", "/flaky").status == 200)
            #expect(try await client.request("GET", "/flaky").status == 200)
            _ = try await client.json("PUT", "/__admin/settings", body: Array(#"{"latency": "3ms"}"#.utf8))

            let (status, reset) = try await client.json("POST", "/__admin/reset")
            #expect(status == 200)
            #expect(reset["journalCleared"] as? Int == 3)
            let settings = try #require(reset["settings"] as? [String: Any])
            #expect(settings.values.allSatisfy { $0 is NSNull })

            let (_, journal) = try await client.json("GET", "/__admin/requests")
            #expect(journal["total"] as? Int == 0)
            // The sequence starts over.
            #expect(try await client.request("GET", "/flaky").status == 500)
            let (_, after) = try await client.json("GET", "/__admin/settings")
            #expect(after["latency"] is NSNull)
        }
    }

    @Test func routesListFilesVariantsMethodsAndValidity() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/routes"))
            #expect(response.status == 200)
            let body = try response.jsonObject()
            let routes = try #require(body["routes"] as? [[String: Any]])
            let byPath = Dictionary(
                uniqueKeysWithValues: routes.compactMap { route in (route["path"] as? String).map { ($0, route) } })
            #expect(byPath.keys.sorted() == ["/banner.png", "/broken", "/cart", "/home", "/images/logo.png"])

            let home = try #require(byPath["/home"])
            #expect(home["kind"] as? String == "screen")
            #expect(home["file"] as? String == "home.json")
            #expect(home["size"] as? Int == Self.home.utf8.count)
            #expect(home["valid"] as? Bool == true)
            let platforms = try #require(home["platforms"] as? [[String: String]])
            #expect(platforms == [["platform": "IOS", "file": "home.ios.json"]])
            #expect((home["diagnostics"] as? [Any])?.isEmpty == true)

            let cart = try #require(byPath["/cart"])
            #expect(cart["file"] is NSNull)
            #expect(cart["size"] is NSNull)
            let methods = try #require(cart["methods"] as? [[String: Any]])
            #expect(methods.count == 1)
            #expect(methods.first?["method"] as? String == "POST")
            #expect(methods.first?["file"] as? String == "cart.post.json")

            let broken = try #require(byPath["/broken"])
            #expect(broken["valid"] as? Bool == false)
            let diagnostics = try #require(broken["diagnostics"] as? [[String: Any]])
            let first = try #require(diagnostics.first)
            #expect(first["file"] as? String == "broken.json")
            #expect(first["severity"] as? String == "error")
            #expect(first["line"] as? Int == 3)

            #expect(byPath["/banner.png"]?["kind"] as? String == "asset")
            #expect(byPath["/images/logo.png"]?["kind"] as? String == "image")
            #expect(byPath["/images/logo.png"]?["file"] as? String == "images/logo.png")

            let shadowed = try #require(body["shadowed"] as? [[String: String]])
            #expect(Set(shadowed.compactMap { $0["file"] }) == ["__admin.json", "__admin/requests.json", "__echo.json"])
            #expect(shadowed.first { $0["file"] == "__echo.json" }?["route"] == "/__echo")
        }
    }

    @Test func routesSeeAFileAddedJustNow() async throws {
        try await withMockServer(files: Self.files) { server, folder in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            _ = try await client.request("GET", "/__admin/routes")
            try folder.write("screens/new.json", "{}")
            let body = try await client.request("GET", "/__admin/routes").jsonObject()
            let paths = (body["routes"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? []
            #expect(paths.contains("/new"))
        }
    }

    @Test func shadowedScreensAreNeverServed() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            for path in ["/__admin.json", "/__admin/requests.json"] {
                let response = try await client.request("GET", path)
                #expect(response.status == 404)
                #expect(!response.text.contains("shadowed"))
            }
            let requests = try await client.request("GET", "/__admin/requests")
            #expect(requests.status == 200)
            #expect(!requests.text.contains("\"shadowed\":\"requests\""))
            let echo = try await client.request("GET", "/__echo.json")
            #expect(echo.status == 200)
            #expect(try echo.jsonObject()["method"] as? String == "GET")
        }
    }

    @Test func adminAnswersAreNeverDelayedOrFaulted() async throws {
        let flags = CommandLineSettings(latency: .fixed(.seconds(30)), faults: try FaultRules(spec: "reset"))
        try await withMockServer(files: Self.files, configure: { $0.flags = flags }) { server, _ in
            for (target, headers) in [
                ("/__admin/health", []), ("/__admin/settings", [("X-Mock-Fault", "hang")]),
                ("/__admin/requests?__latency=20s&__fault=garbage", []), ("/__admin/nope", [("X-Mock-Latency", "20s")]),
            ] {
                let connection = try await RawConnection.connect(port: server.port)
                var head = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                for (name, value) in headers { head += "\(name): \(value)\r\n" }
                try await connection.send(head + "\r\n")
                // Far below the 30 s latency every other route gets.
                let response = try #require(await connection.readResponse(timeout: .seconds(10)), "no answer to \(target)")
                #expect(response.status == 200 || response.status == 404)
                await connection.close()
            }
        }
    }

    @Test func openAPIDocumentDescribesEveryEndpointAndMethod() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/openapi.json"))
            #expect(response.status == 200)
            let document = try response.jsonObject()
            #expect(document["openapi"] as? String == "3.1.0")
            let info = try #require(document["info"] as? [String: Any])
            #expect(info["version"] as? String == beagleMockVersion)
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            #expect(Set(paths.keys) == Set(AdminAPI.Endpoint.allCases.map(\.path)))
            for endpoint in AdminAPI.Endpoint.allCases {
                let operations = try #require(paths[endpoint.path])
                let documented = Set(operations.keys.map { $0.uppercased() })
                let answered = Set(endpoint.methods.map(\.rawValue)).subtracting(["HEAD"])
                #expect(documented == answered, "\(endpoint.path)")
                for (method, operation) in operations {
                    let responses = try #require((operation as? [String: Any])?["responses"] as? [String: Any])
                    #expect(responses["405"] != nil, "\(method) \(endpoint.path) lacks 405")
                    // The page loads without a token and asks for it (Docs/Dashboard.md).
                    if !endpoint.isAlwaysOpen, endpoint != .dashboard {
                        #expect(responses["401"] != nil, "\(method) \(endpoint.path) lacks 401")
                        #expect(responses["403"] != nil, "\(method) \(endpoint.path) lacks 403")
                    }
                }
            }
            for endpoint in AdminAPI.Endpoint.allCases where endpoint.isAlwaysOpen {
                let operation = try #require(paths[endpoint.path]?["get"] as? [String: Any])
                #expect((operation["security"] as? [Any])?.isEmpty == true, "\(endpoint.path)")
            }
            let components = try #require(document["components"] as? [String: Any])
            let schemes = try #require(components["securitySchemes"] as? [String: [String: String]])
            #expect(
                schemes["bearer"] == ["type": "http", "scheme": "bearer", "description": schemes["bearer"]?["description"] ?? ""])
            // On loopback the token is optional: an empty requirement comes first.
            let security = try #require(document["security"] as? [[String: Any]])
            #expect(security.contains { $0.isEmpty })
        }
    }

    @Test(arguments: [AdminAccess.open, .tokenRequired, .off])
    func openAPIDocumentIsValidJSONForEveryAccess(access: AdminAccess) throws {
        let data = Data(OpenAPIDocument.json(access: access).utf8)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let security = try #require(document["security"] as? [[String: Any]])
        #expect(security.contains { $0.isEmpty } == (access == .open))
        #expect(security.contains { $0["bearer"] != nil })
    }
}
