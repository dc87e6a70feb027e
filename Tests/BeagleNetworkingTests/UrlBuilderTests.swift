import ConformanceData
import Foundation
import Testing

@testable import BeagleNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct UrlBuilderTests {
    struct SpecCase: Decodable, CustomTestStringConvertible {
        let base: String?
        let path: String
        let result: String?

        var testDescription: String { "base \(base ?? "nil"), path '\(path)'" }
    }

    static func specCases() throws -> [SpecCase] {
        let file = try ConformanceData.url("UrlBuilderTestSpec.json")
        return try JSONDecoder().decode([SpecCase].self, from: Data(contentsOf: file))
    }

    @Test(ConformanceData.available) func passesBeaglesUrlBuilderTestSpec() throws {
        let cases = try Self.specCases()
        #expect(cases.count == 27, "Beagle's spec has 27 cases")
        for spec in cases {
            let builder = UrlBuilder(baseUrl: spec.base.flatMap(URL.init(string:)))
            #expect(builder.build(path: spec.path)?.absoluteString == spec.result, "\(spec.testDescription)")
        }
    }

    @Test func pathsWithEscapesAreNotEncodedAgain() {
        let builder = UrlBuilder(baseUrl: URL(string: "http://127.0.0.1:8080"))
        // Skipping the encoding step, Foundation's own encoding of invalid characters applies
        // (as on iOS 17 and later).
        #expect(builder.build(path: "/100%")?.absoluteString == "http://127.0.0.1:8080/100%25")
        #expect(builder.build(path: "/a%20b")?.absoluteString == "http://127.0.0.1:8080/a%20b")
    }

    @Test func theMocksControlQueriesPassThroughUnencoded() {
        let builder = UrlBuilder(baseUrl: URL(string: "http://127.0.0.1:8080"))
        #expect(
            builder.build(path: "/home?__fault=status:503&__latency=2s")?.absoluteString
                == "http://127.0.0.1:8080/home?__fault=status:503&__latency=2s"
        )
    }

    @Test func theBaseUrlCanChange() {
        let builder = UrlBuilder()
        #expect(builder.build(path: "/home")?.absoluteString == "/home")
        builder.baseUrl = URL(string: "http://10.0.2.2:8080/")
        #expect(builder.build(path: "/home")?.absoluteString == "http://10.0.2.2:8080/home")
        #expect(builder.build(path: "https://cdn.example.com/a.png")?.absoluteString == "https://cdn.example.com/a.png")
    }
}
