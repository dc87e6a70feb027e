import BeagleScreens
import Testing

@Suite struct ScreenReferencesTests {
    static let screen = """
        {
          "_beagleComponent_": "beagle:screenComponent",
          "navigationBar": {"title": "Home", "navigationBarItems": [
            {"text": "Next", "onPress": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/details"}}]}]},
          "child": {"_beagleComponent_": "beagle:container", "children": [
            {"_beagleComponent_": "beagle:button", "text": "Buy", "onPress": [
              {"_beagleAction_": "beagle:PUSHSTACK", "route": {"url": "/checkout?step=1",
                "httpAdditionalData": {"method": "post"}, "fallback": {"child": {"_beagleComponent_": "beagle:text", "text": "x"}}}},
              {"_beagleAction_": "beagle:resetApplication", "route": {"url": "https://bff.example.com/start"}},
              {"_beagleAction_": "beagle:resetStack", "route": {"url": "@{context.next}"}},
              {"_beagleAction_": "beagle:pushView", "route": {"screen": {"child": {"_beagleComponent_": "beagle:lazyComponent",
                "path": "/lazy/part", "initialState": {"_beagleComponent_": "beagle:text", "text": "…"}}}}},
              {"_beagleAction_": "beagle:sendRequest", "url": "/api/cart", "method": "PUT",
                "onSuccess": [{"_beagleAction_": "beagle:submitForm", "url": "/api/form"}]},
              {"_beagleAction_": "beagle:sendRequest", "url": "/search?q=@{q}"},
              {"_beagleAction_": "beagle:openExternalURL", "url": "https://example.com"},
              {"_beagleAction_": "beagle:popToView", "route": "/home"}
            ]},
            {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "/images/beach%20day.jpg",
              "placeholder": {"mobileId": "ph"}}},
            {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "local", "mobileId": "logo"}},
            {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "@{item.image}"}},
            {"beaglePlatform": "IOS", "child": {"_beagleComponent_": "beagle:lazyComponent", "path": "/ios/extra"}},
            {"beaglePlatform": "MOBILE", "child": {"beaglePlatform": "ANDROID", "child":
              {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote", "url": "schema://pic"}}}}
          ]}
        }
        """

    @Test func collectsEveryFetchInFileOrder() throws {
        let references = ScreenReferences(in: try JSONReader().parse(Self.screen)).all
        #expect(
            references.map(\.url) == [
                "/details", "/checkout?step=1", "https://bff.example.com/start", "/lazy/part", "/api/cart", "/api/form",
                "/images/beach%20day.jpg", "/ios/extra", "schema://pic",
            ])
        #expect(
            references.map(\.kind) == [
                .navigation(action: "beagle:pushView"), .navigation(action: "beagle:pushStack"),
                .navigation(action: "beagle:resetApplication"), .lazyComponent, .request(action: "beagle:sendRequest"),
                .request(action: "beagle:submitForm"), .image, .lazyComponent, .image,
            ])
        #expect(references.map(\.method) == ["GET", "POST", "GET", "GET", "PUT", "GET", "GET", "GET", "GET"])
        #expect(references.map(\.hasFallback) == [false, true, false, false, false, false, false, false, false])
    }

    @Test func positionsPointAtTheURLString() throws {
        let references = ScreenReferences(in: try JSONReader().parse(Self.screen)).all
        #expect(references[0].position.description == "4:89")
        #expect(references[1].position.description == "7:63")
        #expect(references[3].position.description == "12:17")
    }

    @Test func classifiesTargets() throws {
        let references = ScreenReferences(in: try JSONReader().parse(Self.screen)).all
        #expect(references[0].target == .local(path: "/details"))
        #expect(references[1].target == .local(path: "/checkout"))
        #expect(references[2].target == .absolute("https://bff.example.com/start"))
        #expect(references[6].target == .local(path: "/images/beach day.jpg"))
        #expect(references[8].target == .other("schema://pic"))
        #expect(ReferenceTarget.classify("HTTP://x.y/z") == .absolute("HTTP://x.y/z"))
        #expect(ReferenceTarget.classify("home") == .other("home"))
        #expect(ReferenceTarget.classify("//double/slash#frag") == .local(path: "//double/slash"))
        #expect(ReferenceTarget.classify("/bad%zz") == .local(path: "/bad%zz"))
    }

    @Test func platformWrappersNarrowWhoSeesAReference() throws {
        let references = ScreenReferences(in: try JSONReader().parse(Self.screen)).all
        #expect(references[0].platforms == [.ios, .android, .web])
        #expect(references[7].platforms == [.ios])
        #expect(references[8].platforms == [.android])
        let unknown = try JSONReader().parse(
            #"{"beaglePlatform": "TV", "child": {"_beagleComponent_": "beagle:lazyComponent", "path": "/x"}}"#)
        #expect(ScreenReferences(in: unknown).all.first?.platforms == [])
    }

    @Test func splitsRoutesFromImages() throws {
        let references = ScreenReferences(in: try JSONReader().parse(Self.screen))
        #expect(references.routes.count == 7)
        #expect(references.images.map(\.url) == ["/images/beach%20day.jpg", "schema://pic"])
    }

    @Test func expressionsAreSkippedEvenInTheMethod() throws {
        let node = try JSONReader().parse(
            #"[{"_beagleAction_": "beagle:sendRequest", "url": "/a", "method": "@{m}"}, {"_beagleAction_": "beagle:pushView", "route": {"url": "/b", "httpAdditionalData": {"method": "@{m}"}}}]"#
        )
        #expect(ScreenReferences(in: node).all.isEmpty)
        #expect(ScreenReferences.isExpression("/x/@{id}"))
        #expect(!ScreenReferences.isExpression("/x/{id}"))
    }
}
