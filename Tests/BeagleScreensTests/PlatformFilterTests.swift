import BeagleScreens
import Foundation
import Testing

@Suite struct PlatformFilterTests {
    func filtered(_ text: String, for platform: BeaglePlatform) -> String {
        String(decoding: PlatformFilter(platform: platform).filter(Data(text.utf8)), as: UTF8.self)
    }

    static let screen = """
        {"_beagleComponent_": "beagle:container", "children": [
          {"beaglePlatform": "ALL", "child": {"_beagleComponent_": "beagle:text", "text": "all"}},
          {"beaglePlatform": "MOBILE", "child": {"_beagleComponent_": "beagle:text", "text": "mobile"}},
          {"beaglePlatform": "IOS", "child": {"_beagleComponent_": "beagle:text", "text": "ios"}},
          {"beaglePlatform": "ANDROID", "child": {"_beagleComponent_": "beagle:text", "text": "android"}},
          {"beaglePlatform": "WEB", "child": {"_beagleComponent_": "beagle:text", "text": "web"}},
          {"_beagleComponent_": "beagle:text", "text": "plain", "size": 1.0}
        ]}
        """

    @Test(arguments: [
        (BeaglePlatform.ios, ["all", "mobile", "ios", "plain"]),
        (.android, ["all", "mobile", "android", "plain"]),
        (.web, ["all", "web", "plain"]),
        (.all, ["all", "mobile", "ios", "android", "web", "plain"]),
    ])
    func keepsWhatThePlatformIncludesAndUnwrapsIt(platform: BeaglePlatform, texts: [String]) throws {
        let output = filtered(Self.screen, for: platform)
        let children = try #require(try JSONReader().parse(output)["children"]?.elements)
        #expect(children.compactMap { $0["text"]?.string } == texts)
        #expect(children.allSatisfy { $0["_beagleComponent_"]?.string == "beagle:text" })
        #expect(!output.contains("beaglePlatform"))
        #expect(output.contains(#""size":1.0"#))
    }

    @Test func dropsTheFieldOfAnExcludedObjectMember() {
        let text =
            #"{"_beagleComponent_": "beagle:screenComponent", "child": {"beaglePlatform": "WEB", "child": {"_beagleComponent_": "beagle:webView"}}, "id": "s"}"#
        #expect(filtered(text, for: .ios) == #"{"_beagleComponent_":"beagle:screenComponent","id":"s"}"#)
        #expect(
            filtered(text, for: .web)
                == #"{"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"beagle:webView"},"id":"s"}"#
        )
    }

    @Test func filtersInsideActionsAndDeepStructures() {
        let text =
            #"{"onPress": [{"_beagleAction_": "beagle:alert", "onPressOk": [{"beaglePlatform": "ANDROID", "child": {"_beagleAction_": "beagle:popView"}}, {"_beagleAction_": "beagle:popStack"}]}]}"#
        #expect(
            filtered(text, for: .ios)
                == #"{"onPress":[{"_beagleAction_":"beagle:alert","onPressOk":[{"_beagleAction_":"beagle:popStack"}]}]}"#
        )
        #expect(
            filtered(text, for: .android)
                == #"{"onPress":[{"_beagleAction_":"beagle:alert","onPressOk":[{"_beagleAction_":"beagle:popView"},{"_beagleAction_":"beagle:popStack"}]}]}"#
        )
    }

    @Test func wrappersInsideWrappersUnwrapFully() {
        let text = #"[{"beaglePlatform": "MOBILE", "child": {"beaglePlatform": "IOS", "child": {"t": 1}}}]"#
        #expect(filtered(text, for: .ios) == #"[{"t":1}]"#)
        #expect(filtered(text, for: .android) == "[]")
        #expect(filtered(text, for: .web) == "[]")
    }

    @Test func platformValuesAreReadInAnyCaseAndUnknownOnesIncludeNothing() {
        #expect(filtered(#"[{"beaglePlatform": "ios", "child": {"a": 1}}]"#, for: .ios) == #"[{"a":1}]"#)
        #expect(filtered(#"[{"beaglePlatform": "TV", "child": {"a": 1}}, 2]"#, for: .ios) == "[2]")
        #expect(filtered(#"[{"beaglePlatform": 7, "child": {"a": 1}}, 2]"#, for: .web) == "[2]")
        #expect(PlatformFilter.wrapperPlatform(JSONNode(.string("Mobile"))) == .mobile)
    }

    @Test func aWrapperWithNothingToShowIsRemoved() {
        #expect(filtered(#"[{"beaglePlatform": "ALL"}, {"beaglePlatform": "ALL", "child": "text"}, 1]"#, for: .ios) == "[1]")
        // The inner wrapper is removed for IOS, which leaves the outer one empty.
        let nested = #"{"a": {"beaglePlatform": "ALL", "child": {"beaglePlatform": "WEB", "child": {"x": 1}}}, "b": 2}"#
        #expect(filtered(nested, for: .ios) == #"{"b":2}"#)
    }

    @Test func anExcludedRootIsUnwrappedAndKeptLikeTheKotlinBFF() {
        let text = #"{"beaglePlatform": "IOS", "child": {"_beagleComponent_": "beagle:text", "text": "iOS only"}}"#
        let outcome = PlatformFilter(platform: .android).apply(to: Data(text.utf8))
        #expect(outcome.changed)
        #expect(outcome.rootExcluded)
        #expect(String(decoding: outcome.data, as: UTF8.self) == #"{"_beagleComponent_":"beagle:text","text":"iOS only"}"#)
        let forIOS = PlatformFilter(platform: .ios).apply(to: Data(text.utf8))
        #expect(!forIOS.rootExcluded)
        #expect(forIOS.data == outcome.data)
    }

    @Test func bytesWithoutTheKeyAreReturnedUntouched() {
        let text = "{ \"_beagleComponent_\" : \"beagle:text\",\n  \"text\": \"1.0\", \"n\": 1.0 }"
        let data = Data(text.utf8)
        let outcome = PlatformFilter(platform: .ios).apply(to: data)
        #expect(outcome.data == data)
        #expect(!outcome.changed)
        #expect(!PlatformFilter.mayContainWrapper(data))
        #expect(PlatformFilter.mayContainWrapper(Data(#"{"beaglePlatform":1}"#.utf8)))
        #expect(!PlatformFilter.mayContainWrapper(Data(#"{"beaglePlatforms":1}"#.utf8)))
        #expect(!PlatformFilter.mayContainWrapper(Data()))
    }

    @Test func bytesThatMentionTheKeyButNeedNoChangeAreReturnedUntouched() {
        let text = "{\n  \"text\": \"\\\"beaglePlatform\\\" is a key\",\n  \"list\": [ \"beaglePlatform\" ]\n}"
        let data = Data(text.utf8)
        #expect(PlatformFilter.mayContainWrapper(data))
        let outcome = PlatformFilter(platform: .ios).apply(to: data)
        #expect(outcome.data == data)
        #expect(!outcome.changed)
    }

    @Test func invalidJSONIsReturnedUntouched() {
        let data = Data(#"{"beaglePlatform": "IOS", "child": {"a": 1},}"#.utf8)
        #expect(PlatformFilter(platform: .web).filter(data) == data)
    }

    @Test func filtersAParsedTree() throws {
        let tree = try JSONReader().parse(
            #"[{"beaglePlatform": "WEB", "child": {"w": 1}}, {"beaglePlatform": "MOBILE", "child": {"m": 1}}]"#)
        #expect(JSONWriter.compactString(PlatformFilter(platform: .web).filter(tree)) == #"[{"w":1}]"#)
        #expect(JSONWriter.compactString(PlatformFilter(platform: .android).filter(tree)) == #"[{"m":1}]"#)
    }

    @Test func filtersByteArraysForTheServerCache() {
        let bytes = Array(#"[{"beaglePlatform": "IOS", "child": {"i": 1}}, {"beaglePlatform": "WEB", "child": {"w": 1}}]"#.utf8)
        #expect(PlatformFilter.filter(bytes, for: .ios) == Array(#"[{"i":1}]"#.utf8))
        #expect(PlatformFilter.filter(bytes, for: .web) == Array(#"[{"w":1}]"#.utf8))
        let plain = Array("[ 1.0 ]".utf8)
        #expect(PlatformFilter.filter(plain, for: .android) == plain)
    }
}
