import BeagleScreens
import Foundation
import Testing

/// `beagle-mock validate` and path parameters (Docs/ScreensFolder.md, "Path parameters").
@Suite struct PathParameterValidationTests {
    let validator = ScreenValidator()
    let folder = ScreenFolder(
        root: URL(fileURLWithPath: "/srv/app/screens"),
        relativePaths: ["home.json", "product/[id].json", "users/[uid]/orders.json", "cart/[id].put.json"])

    static func screen(navigatingTo route: String) -> Data {
        Data(
            #"""
            {"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"beagle:button","text":"Go",
              "onPress":[{"_beagleAction_":"beagle:pushView","route":{"url":"\#(route)"}}]}}
            """#.utf8)
    }

    @Test(arguments: ["/product/42", "/users/7/orders", "/product/new?from=home"])
    func navigationMatchedByAPatternIsFine(route: String) {
        #expect(validator.validate(screen: Self.screen(navigatingTo: route), at: "home.json", in: folder).isEmpty)
    }

    @Test func navigationMatchingNothingSuggestsThePattern() {
        let diagnostics = validator.validate(screen: Self.screen(navigatingTo: "/prodct/42"), at: "home.json", in: folder)
        #expect(
            diagnostics.map(\.message) == [
                "beagle:pushView route '/prodct/42' matches no file in the folder; did you mean '/product/[id]'?"
            ])
        #expect(!validator.validate(screen: Self.screen(navigatingTo: "/product/42/more"), at: "home.json", in: folder).isEmpty)
    }

    @Test func parameterFilesAreValidatedLikeOthers() {
        let diagnostics = validator.validate(
            screen: Self.screen(navigatingTo: "/nowhere"), at: "product/[id].json", in: folder)
        #expect(diagnostics.map(\.message) == ["beagle:pushView route '/nowhere' matches no file in the folder"])
    }

    @Test(arguments: ["[].json", "[a b].json", "shop/[a b]/index.json", "[v1.2].json", "[é].ios.json"])
    func invalidParameterNamesAreErrors(file: String) throws {
        let diagnostics = validator.validate(screen: Self.screen(navigatingTo: "/home"), at: file, in: folder)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.line == 1 && diagnostic.column == 1)
        #expect(diagnostic.message.contains("is not a valid path parameter"))
        #expect(diagnostic.message.contains("letters, digits, '_' or '-'"))
    }

    @Test func aNameUsedTwiceIsAnError() {
        let diagnostics = validator.validate(screen: Self.screen(navigatingTo: "/home"), at: "a/[id]/b/[id].json", in: folder)
        #expect(
            diagnostics.map(\.message) == [
                "the path parameter 'id' appears more than once in the route '/a/[id]/b/[id]': only the last value is kept; give each its own name"
            ])
    }

    @Test func theWholeFolderReportsInvalidNames() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("params-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let screens = base.appendingPathComponent("screens")
        try FileManager.default.createDirectory(at: screens.appendingPathComponent("product"), withIntermediateDirectories: true)
        let text = Data(#"{"_beagleComponent_":"beagle:text","text":"x"}"#.utf8)
        try text.write(to: screens.appendingPathComponent("product/[id].json"))
        try text.write(to: screens.appendingPathComponent("product/[a b].json"))
        try text.write(to: screens.appendingPathComponent("[].json"))
        let report = ScreenValidator().validate(try ScreenFolder(contentsOf: screens))
        #expect(report.summary.files == 3)
        #expect(report.diagnostics.map(\.file) == ["[].json", "product/[a b].json"])
        #expect(report.diagnostics.allSatisfy { $0.severity == .error })
    }
}
