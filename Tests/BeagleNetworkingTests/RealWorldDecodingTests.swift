import ConformanceData
import Foundation
import Testing

@testable import BeagleNetworking

/// The Coder on Beagle screens published by others (the conformance data's `realworld/`): the
/// screens Beagle iOS 2.x decodes decode, the ones it rejects do not (the places and the
/// declarations are in BeagleScreensTests' RealWorldExpectations, which `validate` is held to).
@Suite(ConformanceData.available) struct RealWorldDecodingTests {
    /// Files Beagle 2.x fails to decode as a component.
    static let rejected: Set<String> = [
        "beagle-docs/playground/confirm.json", "beagle-docs/playground/pullToRefresh.json",
        "beagle-docs/playground/pushStack.json", "beagle-docs/playground/resetApplication.json",
        "beagle-docs/playground/send.json", "beagle-docs/playground/gridView.json",
        "beagle-docs/playground/listViewDepreciado.json",
        "beagle-web-core/__tests__/integration/beagle-keep/snapshots/details.before-start.json",
        "beagle-web-core/__tests__/integration/beagle-keep/snapshots/home.before-start.json",
        "beagle-web-core/__tests__/integration/beagle-keep/snapshots/labels.json",
        "beagle-web-react/src/beagle/test.json",
        // Data, not screens, and the pre-1.0 format: no `_beagleComponent_` at the root.
        "beagle-web-react/src/beagle/english.json", "beagle-web-react/src/beagle/portuguese.json",
        "victorrabelozup-beagle/src/main/resources/invoice-view.json",
    ]

    @Test func theCoderAcceptsWhatBeagleAcceptsAndRejectsWhatItRejects() throws {
        let root = try ConformanceData.url("realworld")
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var failing: Set<String> = []
        var count = 0
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json" else { continue }
            count += 1
            let file = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            do {
                let _: any ServerDrivenComponent = try Coder().decode(from: Data(contentsOf: url))
            } catch {
                failing.insert(file)
            }
        }
        #expect(count == 45)
        #expect(
            failing.subtracting(Self.rejected).isEmpty,
            "decoding fails where Beagle decodes: \(failing.subtracting(Self.rejected).sorted())")
        #expect(
            Self.rejected.subtracting(failing).isEmpty,
            "decodes where Beagle fails: \(Self.rejected.subtracting(failing).sorted())")
    }

    /// What a decode-then-encode of each screen Beagle decodes loses: keys Beagle 2.x's types do
    /// not keep either (array indices written `[]`).
    static let droppedAsBeagleDrops: [String: Set<String>] = [
        // `template` (singular) is not a ListView field; Beagle reads `templates` (ListView.swift).
        "beagle-docs/playground/listView.json": [
            "$.template._beagleComponent_", "$.template.children[]._beagleComponent_", "$.template.children[].text",
            "$.template.style.margin.bottom.type", "$.template.style.margin.bottom.value",
        ],
        // A custom type nobody registered decodes to UnknownComponent, which keeps only its type
        // (Beagle iOS 2.x AutoCodable.swift, handleUnknown).
        "beagle-web-core/__tests__/integration/beagle-keep/snapshots/loading.json": ["$.id"],
        // A navigation bar item is a plain struct: its type key is ignored (NavigationBar.swift).
        "beagle-docs/playground/screen.json": ["$.navigationBar.navigationBarItems[]._beagleComponent_"],
        "beagle-docs/playground/navigation.json": ["$.navigationBar.navigationBarItems[]._beagleComponent_"],
        "beagle-docs/playground/pageView.json": ["$.navigationBar.navigationBarItems[]._beagleComponent_"],
        // A route's `screen` is a Screen decoded as a plain struct, without its type key
        // (Navigate.swift, Route.init(from:)).
        "beagle-docs/playground/pushView.json": ["$.child.onPress[].route.screen._beagleComponent_"],
        "beagle-docs/playground/navigationcontext.json": ["$.child.onPress[].route.screen._beagleComponent_"],
        // ImagePath reads `mobileId` only: a local path's `url` and a placeholder's `webUrl` are
        // the web's (Image.swift).
        "beagle-docs/playground/imagePathLocal.json": ["$.path.url"],
        "beagle-docs/playground/imagePath.json": ["$.path.placeholder.webUrl"],
    ]

    @Test func aRoundTripKeepsWhatBeagleKeeps() throws {
        let root = try ConformanceData.url("realworld")
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var report: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json" else { continue }
            let file = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            guard !Self.rejected.contains(file) else { continue }
            let data = try Data(contentsOf: url)
            let coder = Coder()
            let component: any ServerDrivenComponent = try coder.decode(from: data)
            let before = try JSONLeaves.of(data).filter { $0.value != "null" }
            let after = try JSONLeaves.of(try coder.encode(value: component))
            let lost = Set(before.keys).subtracting(after.keys)
            let lostPatterns = Set(lost.map { $0.replacing(/\[[0-9]+\]/, with: "[]") })
            let expected = Self.droppedAsBeagleDrops[file] ?? []
            for path in lostPatterns.subtracting(expected).sorted() { report.append("\(file): lost \(path)") }
            for path in expected.subtracting(lostPatterns).sorted() { report.append("\(file): kept \(path), which Beagle drops") }
            for (path, value) in before where after[path] != nil && after[path] != value {
                report.append("\(file): \(path) was \(value), is \(after[path] ?? "")")
            }
        }
        #expect(report.isEmpty, Comment(rawValue: "\n" + report.joined(separator: "\n")))
    }
}
