import BeagleProbe
import Foundation
import Testing

/// What `probe --compare` reports between two screens, and where: components matched by `id`,
/// else in order among their siblings; texts, images and navigation targets by their place in
/// the component.
@Suite struct ScreenDiffTests {
    /// The differences from the BFF's `bff` to the folder's `folder`.
    func diff(_ bff: String, _ folder: String) -> [ScreenDifference] {
        ScreenDiff.differences(bff: Data(bff.utf8), folder: Data(folder.utf8))
    }

    /// A difference as one line: kind, change, then each side's pointer and value.
    func line(_ difference: ScreenDifference) -> String {
        DriftFolders.line(ScreenDifferenceLine(difference))
    }

    @Test func theSameScreenHasNoDifferenceWhateverItsSpacing() {
        let screen = ScreenJSON.screen(ScreenJSON.text("Hello"), ScreenJSON.link("/profile"), ScreenJSON.image("/images/a.png"))
        let spaced = screen.replacingOccurrences(of: ", ", with: ",\n    ")
        #expect(diff(screen, spaced).isEmpty)
    }

    @Test func aChangedTextIsFoundAtItsPointerOnBothSides() {
        let found = diff(
            ScreenJSON.screen(ScreenJSON.text("Hello"), ScreenJSON.text("Same")),
            ScreenJSON.screen(ScreenJSON.text("Welcome"), ScreenJSON.text("Same")))
        #expect(found.map(line) == [#"text changed | bff /child/children/0/text Hello | folder /child/children/0/text Welcome"#])
    }

    @Test func aComponentRemovedInTheMiddleDoesNotShiftItsSiblings() {
        let found = diff(
            ScreenJSON.screen(ScreenJSON.text("A"), ScreenJSON.text("C"), ScreenJSON.text("D")),
            ScreenJSON.screen(ScreenJSON.text("A"), ScreenJSON.text("B"), ScreenJSON.text("C"), ScreenJSON.text("D")))
        #expect(found.map(line) == ["component removed | bff - | folder /child/children/1 beagle:text"])
    }

    @Test func aComponentAddedOnTheBFFIsOneDifferenceWhateverItHolds() {
        let card =
            #"{"_beagleComponent_": "beagle:container", "children": [\#(ScreenJSON.text("new")), \#(ScreenJSON.image("/x.png"))]}"#
        let found = diff(
            ScreenJSON.screen(ScreenJSON.text("A"), card, ScreenJSON.text("B")),
            ScreenJSON.screen(ScreenJSON.text("A"), ScreenJSON.text("B")))
        #expect(found.map(line) == ["component added | bff /child/children/1 beagle:container | folder -"])
    }

    @Test func anotherTypeAtTheSamePlaceIsATypeChange() {
        let found = diff(
            ScreenJSON.screen(ScreenJSON.text("A"), ScreenJSON.component("beagle:button")),
            ScreenJSON.screen(ScreenJSON.text("A"), ScreenJSON.image("/a.png")))
        #expect(
            found.map(line) == ["component changed | bff /child/children/1 beagle:button | folder /child/children/1 beagle:image"]
        )
    }

    @Test func componentsWithAnIdAreMatchedByItWhereverTheyMoved() {
        let first = #"{"_beagleComponent_": "beagle:text", "id": "first", "text": "One"}"#
        let second = #"{"_beagleComponent_": "beagle:text", "id": "second", "text": "Two"}"#
        let secondChanged = #"{"_beagleComponent_": "beagle:text", "id": "second", "text": "Deux"}"#
        let found = diff(ScreenJSON.screen(secondChanged, first), ScreenJSON.screen(first, second))
        #expect(found.map(line) == ["text changed | bff /child/children/0/text Deux | folder /child/children/1/text Two"])
        // Different ids are different components, even of the same type at the same place.
        let other = #"{"_beagleComponent_": "beagle:text", "id": "other", "text": "One"}"#
        #expect(
            diff(ScreenJSON.screen(other), ScreenJSON.screen(first)).map(line) == [
                "component added | bff /child/children/0 beagle:text | folder -",
                "component removed | bff - | folder /child/children/0 beagle:text",
            ])
    }

    @Test func imagesAndNavigationTargetsAreComparedWhereTheyAre() {
        let local = #"{"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "local", "mobileId": "logo"}}"#
        let localChanged =
            #"{"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "local", "mobileId": "logo-v2"}}"#
        let found = diff(
            ScreenJSON.screen(
                ScreenJSON.image("/images/hero-v2.png"), localChanged, ScreenJSON.link("/catalog"),
                ScreenJSON.button(ScreenJSON.navigate("resetStack", "/start")), ScreenJSON.lazy("/fragments/b")),
            ScreenJSON.screen(
                ScreenJSON.image("/images/hero.png"), local, ScreenJSON.link("/profile"),
                ScreenJSON.button(ScreenJSON.navigate("resetStack", "/start")), ScreenJSON.lazy("/fragments/a")))
        #expect(
            found.map(line) == [
                "navigation changed | bff /child/children/2/onPress/0/route/url /catalog | folder /child/children/2/onPress/0/route/url /profile",
                "navigation changed | bff /child/children/4/path /fragments/b | folder /child/children/4/path /fragments/a",
                "image changed | bff /child/children/0/path/url /images/hero-v2.png | folder /child/children/0/path/url /images/hero.png",
                "image changed | bff /child/children/1/path/mobileId logo-v2 | folder /child/children/1/path/mobileId logo",
            ])
    }

    @Test func aTextOnOneSideOnlyIsAddedOrRemoved() {
        let titled =
            #"{"_beagleComponent_": "beagle:screenComponent", "navigationBar": {"title": "Shop"}, "child": \#(ScreenJSON.text("A"))}"#
        let untitled = #"{"_beagleComponent_": "beagle:screenComponent", "child": \#(ScreenJSON.text("A"))}"#
        #expect(diff(titled, untitled).map(line) == ["text added | bff /navigationBar/title Shop | folder -"])
        #expect(diff(untitled, titled).map(line) == ["text removed | bff - | folder /navigationBar/title Shop"])
    }

    @Test func pointersEscapeTildeAndSlashAsRFC6901Says() {
        let bff = #"{"_beagleComponent_": "custom:card", "a/b~c": \#(ScreenJSON.text("new"))}"#
        let folder = #"{"_beagleComponent_": "custom:card", "a/b~c": \#(ScreenJSON.text("old"))}"#
        #expect(diff(bff, folder).map(line) == ["text changed | bff /a~1b~0c/text new | folder /a~1b~0c/text old"])
        #expect(JSONPointer([]).description == "")
        #expect(JSONPointer(["~1", "0"]).description == "/~01/0")
    }

    @Test func aBodyThatIsNotJSONIsComparedAsBytes() {
        #expect(diff("<html>", "<html>").isEmpty)
        let found = diff("<html>", ScreenJSON.text("A"))
        #expect(found.map(\.kind) == [.body])
        #expect(found.first?.bff?.pointer.description == "")
        #expect(found.first?.bff?.value == "not JSON (6 bytes)")
    }
}
