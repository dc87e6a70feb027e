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
}
