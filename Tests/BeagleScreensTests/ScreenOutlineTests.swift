import BeagleScreens
import Foundation
import Testing

/// Docs/Agents.md, `outline_screen`: one line a component, its texts, images and targets.
@Suite struct ScreenOutlineTests {
    @Test func componentsTextsImagesAndTargetsByDepth() throws {
        let screen = #"""
            {"_beagleComponent_": "beagle:screenComponent", "navigationBar": {"title": "Home",
              "navigationBarItems": [{"text": "Cart", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/cart"}}]}]},
             "child": {"_beagleComponent_": "beagle:container", "children": [
               {"_beagleComponent_": "beagle:text", "id": "greeting", "text": "Welcome"},
               {"beaglePlatform": "IOS", "child": {"_beagleComponent_": "beagle:image",
                 "path": {"_beagleImagePath_": "remote", "url": "/images/logo.png"}}},
               {"_beagleComponent_": "beagle:button", "text": "Buy",
                "onPress": [{"_beagleAction_": "beagle:sendRequest", "url": "/cart", "method": "POST"}]},
               {"_beagleComponent_": "beagle:lazyComponent", "path": "/fragments/tip",
                "initialState": {"_beagleComponent_": "beagle:text", "text": "Loading"}}]}}
            """#
        let outline = ScreenOutline(try JSONReader().parse(Data(screen.utf8)))
        #expect(
            outline.lines == [
                "beagle:screenComponent  → /cart",
                "  beagle:container",
                "    beagle:text #greeting  \"Welcome\"",
                "    beagle:image  image /images/logo.png",
                "    beagle:button  \"Buy\"  beagle:sendRequest /cart",
                "    beagle:lazyComponent  loads /fragments/tip",
                "      beagle:text  \"Loading\"",
            ])
    }

    @Test func dataWithoutComponentsSaysSo() throws {
        #expect(ScreenOutline(try JSONReader().parse(Data(#"{"items": [1, 2]}"#.utf8))).text == "(no component)")
    }
}
