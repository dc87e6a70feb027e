import BeagleScreens
import ConformanceData
import Foundation
import Testing

/// Screen JSON from Beagle iOS's own test suite (`beagle-ios-fixtures` in the conformance data),
/// read in place: never copied into the project.
@Suite(ConformanceData.available) struct ConformanceFixtureTests {
    static var folder: URL {
        get throws { try ConformanceData.url("beagle-ios-fixtures") }
    }

    static func fixtures() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: try folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The root's type name and kind, if it has one.
    static func rootType(of node: JSONNode) -> (String, BeagleTypeKind)? {
        for kind in BeagleTypeKind.allCases {
            if let name = node[kind.typeKey]?.string { return (name, kind) }
        }
        return nil
    }

    @Test func everyFixtureParses() throws {
        let files = try Self.fixtures()
        #expect(files.count >= 49)
        for file in files {
            #expect(throws: Never.self, "\(file.lastPathComponent)") { try JSONReader().parse(Data(contentsOf: file)) }
        }
    }

    @Test func fixturesWithABeagle2RootHaveNoError() throws {
        var checked = 0
        for file in try Self.fixtures() {
            let data = try Data(contentsOf: file)
            let root = try JSONReader().parse(data)
            guard let (name, kind) = Self.rootType(of: root),
                case .builtIn = BeagleCatalogue.beagle2.lookup(name, as: kind)
            else { continue }
            checked += 1
            let errors = ScreenValidator().validate(screen: data, file: file.lastPathComponent).filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(file.lastPathComponent): \(errors.map(\.description))")
        }
        // Most fixtures have a beagle: root; a handful of passes would mean the filter is broken.
        #expect(checked >= 35)
    }

    @Test func theDeliberatelyInvalidPageViewIsReported() throws {
        let file = try Self.folder.appendingPathComponent("PageView--PageViewInvalid.json")
        let diagnostics = ScreenValidator().validate(screen: try Data(contentsOf: file), file: file.lastPathComponent)
        #expect(
            diagnostics.map(\.description) == [
                "PageView--PageViewInvalid.json:3:26: error: unknown component 'beagle:component:pageView': Beagle 2.x has no such type; did you mean 'beagle:pageView'?"
            ])
    }

    @Test func theWholeFolderValidatesWithoutStructuralErrors() throws {
        // As a folder, only the invalid page view and the lazy component's path (a route the
        // folder does not have) are errors.
        let report = ScreenValidator().validate(try ScreenFolder(contentsOf: Self.folder))
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.file) == ["Lazy--lazyComponent.json", "PageView--PageViewInvalid.json"])
        #expect(report.summary.files == (try Self.fixtures()).count)
    }
}
