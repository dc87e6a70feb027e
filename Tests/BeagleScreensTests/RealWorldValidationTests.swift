import BeagleScreens
import ConformanceData
import Foundation
import Testing

/// `validate` on Beagle screens published by others (the conformance data's `realworld/`): it
/// reports an error exactly where Beagle iOS 2.x fails to decode, and nowhere else
/// (RealWorldExpectations says where, and by which declaration).
@Suite(ConformanceData.available) struct RealWorldValidationTests {
    static func files() throws -> [String] {
        let root = try ConformanceData.url("realworld")
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json" else { continue }
            files.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
        }
        return files.sorted()
    }

    @Test func errorsAreExactlyWhereBeagleFailsToDecode() throws {
        let root = try ConformanceData.url("realworld")
        let files = try Self.files()
        #expect(files.count == 45, "the realworld folder looks different: \(files.count) JSON files")
        var found: [String: Diagnostic] = [:]
        for file in files {
            let data = try Data(contentsOf: root.appendingPathComponent(file))
            for diagnostic in ScreenValidator().validate(screen: data, file: file) where diagnostic.severity == .error {
                found["\(file):\(diagnostic.line):\(diagnostic.column)"] = diagnostic
            }
        }
        let expected = Dictionary(
            uniqueKeysWithValues: RealWorldExpectations.errors.map { ("\($0.file):\($0.line):\($0.column)", $0) })
        for key in Set(found.keys).subtracting(expected.keys).sorted() {
            Issue.record("an error Beagle 2.x would not have: \(found[key]?.description ?? key)")
        }
        for key in Set(expected.keys).subtracting(found.keys).sorted() {
            Issue.record("no error at \(key), where Beagle 2.x fails: \(expected[key]?.because ?? "")")
        }
    }

    @Test func everyExpectationCitesADeclaration() {
        for error in RealWorldExpectations.errors {
            #expect(error.because.contains("Beagle iOS 2.x"), "\(error.file):\(error.line)")
        }
    }

    /// Beagle iOS 2.x NavigationBar.swift: `NavigationBarItem` is a plain `Codable` struct
    /// (`image: StringOrExpression?`, `let text: String`, `@AutoCodable var onPress: [Action]`),
    /// so a type key on it is ignored and `onPress` may not be missing.
    @Test func aTypeKeyOnANavigationBarItemIsNotAnError() {
        let screen = #"""
            {"_beagleComponent_": "beagle:screenComponent",
             "navigationBar": {"title": "T", "navigationBarItems": [
               {"_beagleComponent_": "beagle:navigationBarItem", "text": "i",
                "onPress": [{"_beagleAction_": "beagle:popView"}]}]},
             "child": {"_beagleComponent_": "beagle:text", "text": "x"}}
            """#
        #expect(ScreenValidator().validate(screen: Data(screen.utf8), file: "s.json").isEmpty)
    }

    @Test func stylesContextsAndAccessibilityAreCheckedAsBeagleDecodesThem() {
        let screen = #"""
            {"_beagleComponent_": "beagle:container",
             "context": {"id": "c"},
             "style": {"size": {"width": {"value": 10}}, "flex": {"alignItems": "center"}, "display": "@{d}",
                       "margin": {"all": {"value": "@{m}", "type": "REAL"}}},
             "children": [{"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "local", "mobileId": "a"},
                           "accessibility": {"accessibilityLabel": "x"}},
                          {"_beagleComponent_": "beagle:text", "text": "t", "alignment": "center"},
                          {"_beagleComponent_": "beagle:text", "text": "t", "alignment": "@{align}"},
                          {"_beagleComponent_": "beagle:button", "text": "b", "onPress": [{"_beagleAction_": "beagle:pushView",
                           "route": {"url": "/next", "httpAdditionalData": {"method": "post", "headers": {"X-A": 1}}}}]}]}
            """#
        let messages = ScreenValidator().validate(screen: Data(screen.utf8), file: "s.json").map(\.message)
        #expect(messages.count == 7, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("httpAdditionalData.method must be one of GET") })
        #expect(messages.contains { $0.hasPrefix("httpAdditionalData.headers.X-A must be a string, not a number") })
        #expect(messages.contains { $0.hasPrefix("alignment must be one of LEFT, RIGHT, CENTER or an expression, not 'center'") })
        #expect(messages.contains { $0.hasPrefix("context needs value") })
        #expect(messages.contains { $0.hasPrefix("style.size.width needs type") })
        #expect(messages.contains { $0.hasPrefix("style.flex.alignItems must be one of") })
        #expect(messages.contains { $0.hasPrefix("accessibility needs accessible") })
    }
}
