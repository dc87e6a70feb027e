import ConformanceData
import Foundation
import Testing

@testable import BeagleNetworking

/// Decoding then encoding every fixture of Beagle iOS's own test suite keeps every value that
/// Beagle iOS 2.x's types keep (Docs/ClientLibrary.md, "Faithful to Beagle iOS 2.x").
@Suite(ConformanceData.available) struct CoderRoundTripTests {
    /// The values each fixture loses, and why: each one is a key that Beagle 2.x's declaration does
    /// not read, so Beagle drops it too.
    static let droppedAsBeagleDrops: [String: Set<String>] = [
        // `GridView` declares `spanCount` and no `numColumns` (Beagle iOS 2.x GridView.swift).
        "GridView--gridViewSpanCount.json": ["$.numColumns"],
        // `ListView` declares neither `children` nor `useParentScroll`: they are 1.x fields
        // (Beagle iOS 2.x ListView.swift, `CodingKeys`). (`children` is null here: see below.)
        "ListView--listViewWithTemplate.json": ["$.useParentScroll"],
        // `ImagePath.local` reads only `mobileId` (Beagle iOS 2.x Image.swift, `ImagePath.init(from:)`).
        "Image--ImageComponent.json": ["$.path.url"],
        // `Route.NewPath.fallback` is a `Screen`, decoded and encoded as a plain struct, without its
        // type key (Beagle iOS 2.x Navigate.swift, `Route.NewPath`).
        "Service--PushStack-1.json": ["$.route.fallback._beagleComponent_"],
        "Service--PushStack-2.json": ["$.route.fallback._beagleComponent_"],
        // `TabBarItem.icon` reads only the `mobileId` of the icon (Beagle iOS 2.x TabBar.swift,
        // `LocalImageCodingKey`).
        "TabBar--TabBar.json": ["$.items[0].icon.url", "$.items[1].icon.url", "$.items[2].icon.url"],
    ]

    /// The fixtures that are not a component or action of their own (see CoderConformanceTests).
    static let skipped: Set<String> = [CoderConformanceTests.invalidPageView, CoderConformanceTests.notAComponent]

    @Test func everyFixtureKeepsWhatBeagleKeeps() throws {
        let coder = Coder()
        coder.registerFixtureTypes()
        var report: [String] = []
        for file in try CoderConformanceTests.fixtures() where !Self.skipped.contains(file.lastPathComponent) {
            let name = file.lastPathComponent
            let data = try Data(contentsOf: file)
            let decoded = try CoderConformanceTests.decodeRoot(data, with: coder)
            let encoded = try coder.encode(value: decoded)
            let before = try JSONLeaves.of(data)
            let after = try JSONLeaves.of(encoded)
            // A null decodes as an absent optional, in Beagle as here, and is not written back.
            let lost = Set(before.filter { $0.value != "null" }.keys).subtracting(after.keys)
            let expectedLoss = Self.droppedAsBeagleDrops[name] ?? []
            for path in lost.subtracting(expectedLoss).sorted() {
                report.append("\(name): lost \(path) = \(before[path] ?? "")")
            }
            for path in expectedLoss.subtracting(lost).sorted() {
                report.append("\(name): kept \(path), which Beagle drops (update the expectation)")
            }
            for (path, value) in before where after[path] != nil && after[path] != value {
                report.append("\(name): \(path) was \(value), is \(after[path] ?? "")")
            }
        }
        #expect(report.isEmpty, Comment(rawValue: "\n" + report.joined(separator: "\n")))
    }
}
