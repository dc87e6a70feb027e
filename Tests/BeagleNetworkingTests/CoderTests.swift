import Foundation
import Testing

@testable import BeagleNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct CoderTests {
    /// The smallest valid JSON for each of Beagle 2.x's 17 components, with the type named in
    /// an unusual letter case to check the lookup ignores case.
    static let componentSamples: [(name: String, type: any BeagleCodable.Type, json: String)] = [
        ("Button", Button.self, #"{"_beagleComponent_":"beagle:Button","text":"OK"}"#),
        ("CONTAINER", Container.self, #"{"_beagleComponent_":"beagle:CONTAINER"}"#),
        ("gridView", GridView.self, #"{"_beagleComponent_":"beagle:gridView","dataSource":[],"templates":[]}"#),
        ("image", Image.self, #"{"_beagleComponent_":"beagle:image","path":{"_beagleImagePath_":"remote","url":"/a.png"}}"#),
        (
            "lazyComponent", LazyComponent.self,
            #"{"_beagleComponent_":"beagle:lazyComponent","path":"/p","initialState":{"_beagleComponent_":"beagle:text","text":"…"}}"#
        ),
        ("listView", ListView.self, #"{"_beagleComponent_":"beagle:listView","dataSource":"@{items}","templates":[]}"#),
        ("pageIndicator", PageIndicator.self, #"{"_beagleComponent_":"beagle:pageIndicator"}"#),
        ("pageView", PageView.self, #"{"_beagleComponent_":"beagle:pageView"}"#),
        (
            "pullToRefresh", PullToRefresh.self,
            #"{"_beagleComponent_":"beagle:pullToRefresh","child":{"_beagleComponent_":"beagle:text","text":"x"}}"#
        ),
        (
            "screenComponent", Screen.self,
            #"{"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"beagle:text","text":"x"}}"#
        ),
        ("scrollView", ScrollView.self, #"{"_beagleComponent_":"beagle:scrollView"}"#),
        ("simpleForm", SimpleForm.self, #"{"_beagleComponent_":"beagle:simpleForm"}"#),
        ("tabBar", TabBar.self, #"{"_beagleComponent_":"beagle:tabBar","items":[]}"#),
        ("text", Text.self, #"{"_beagleComponent_":"beagle:text","text":"x"}"#),
        ("textInput", TextInput.self, #"{"_beagleComponent_":"beagle:textInput"}"#),
        (
            "touchable", Touchable.self,
            #"{"_beagleComponent_":"beagle:touchable","onPress":[],"child":{"_beagleComponent_":"beagle:text","text":"x"}}"#
        ),
        ("webView", WebView.self, #"{"_beagleComponent_":"beagle:webView","url":"https://example.com"}"#),
    ]

    /// The smallest valid JSON for each of Beagle 2.x's 16 action names.
    static let actionSamples: [(name: String, type: any BeagleCodable.Type, json: String)] = [
        ("addChildren", AddChildren.self, #"{"_beagleAction_":"beagle:addChildren","componentId":"c","value":[]}"#),
        ("alert", Alert.self, #"{"_beagleAction_":"beagle:alert","message":"m"}"#),
        ("condition", Condition.self, #"{"_beagleAction_":"beagle:condition","condition":"@{ok}"}"#),
        ("confirm", Confirm.self, #"{"_beagleAction_":"beagle:confirm","message":"m"}"#),
        ("openExternalURL", Navigate.self, #"{"_beagleAction_":"beagle:openExternalURL","url":"https://e.com"}"#),
        ("openNativeRoute", Navigate.self, #"{"_beagleAction_":"beagle:openNativeRoute","route":"deeplink"}"#),
        ("popStack", Navigate.self, #"{"_beagleAction_":"beagle:popStack"}"#),
        ("popToView", Navigate.self, #"{"_beagleAction_":"beagle:popToView","route":"/home"}"#),
        ("popView", Navigate.self, #"{"_beagleAction_":"beagle:POPVIEW"}"#),
        ("pushStack", Navigate.self, #"{"_beagleAction_":"beagle:pushStack","route":{"url":"/next"}}"#),
        ("pushView", Navigate.self, #"{"_beagleAction_":"beagle:pushView","route":{"url":"/next"}}"#),
        (
            "resetApplication", Navigate.self,
            #"{"_beagleAction_":"beagle:resetApplication","route":{"url":"/next"},"controllerId":"main"}"#
        ),
        (
            "resetStack", Navigate.self,
            #"{"_beagleAction_":"beagle:resetStack","route":{"screen":{"child":{"_beagleComponent_":"beagle:text","text":"x"}}}}"#
        ),
        ("sendRequest", SendRequest.self, #"{"_beagleAction_":"beagle:sendRequest","url":"/api"}"#),
        ("setContext", SetContext.self, #"{"_beagleAction_":"beagle:setContext","contextId":"c","value":1}"#),
        ("submitForm", SubmitForm.self, #"{"_beagleAction_":"beagle:submitForm"}"#),
    ]

    @Test func beagleRegistersSeventeenComponentsAndSixteenActions() {
        #expect(Self.componentSamples.count == 17)
        #expect(Self.actionSamples.count == 16)
        let coder = Coder()
        for sample in Self.componentSamples {
            let type = coder.type(for: "beagle:\(sample.name)", baseType: .component)
            #expect(type.map(ObjectIdentifier.init) == ObjectIdentifier(sample.type), "beagle:\(sample.name)")
            #expect(coder.type(for: "beagle:\(sample.name)", baseType: .action) == nil)
        }
        for sample in Self.actionSamples {
            let type = coder.type(for: "beagle:\(sample.name)".uppercased(), baseType: .action)
            #expect(type.map(ObjectIdentifier.init) == ObjectIdentifier(sample.type), "beagle:\(sample.name)")
        }
    }

    @Test func everyBuiltInComponentDecodesToItsType() throws {
        let coder = Coder()
        for sample in Self.componentSamples {
            let component: any ServerDrivenComponent = try coder.decode(from: Data(sample.json.utf8))
            #expect(ObjectIdentifier(type(of: component)) == ObjectIdentifier(sample.type), "\(sample.name): \(component)")
        }
    }

    @Test func everyBuiltInActionDecodesToItsType() throws {
        let coder = Coder()
        for sample in Self.actionSamples {
            let action: any Action = try coder.decode(from: Data(sample.json.utf8))
            #expect(ObjectIdentifier(type(of: action)) == ObjectIdentifier(sample.type), "\(sample.name): \(action)")
        }
    }

    @Test func unknownTypesDecodeToUnknownComponentAndAction() throws {
        let coder = Coder()
        let component: any ServerDrivenComponent = try coder.decode(
            from: Data(#"{"_beagleComponent_":"custom:Chart","points":[1,2]}"#.utf8)
        )
        #expect(component as? UnknownComponent == UnknownComponent(_beagleComponent_: "custom:Chart"))
        let action: any Action = try coder.decode(from: Data(#"{"_beagleAction_":"beagle:formRemoteAction"}"#.utf8))
        #expect(action as? UnknownAction == UnknownAction(_beagleAction_: "beagle:formRemoteAction"))

        // An unknown child does not break its parent.
        let screen: any ServerDrivenComponent = try coder.decode(
            from: Data(
                #"{"_beagleComponent_":"beagle:container","children":[{"_beagleComponent_":"beagle:tabView"},{"_beagleComponent_":"beagle:text","text":"ok"}]}"#
                    .utf8)
        )
        let children = try #require((screen as? Container)?.children)
        #expect(children.first is UnknownComponent)
        #expect(children.last is Text)
    }

    @Test func aMissingTypeKeyIsADecodingError() throws {
        let coder = Coder()
        #expect {
            let _: any ServerDrivenComponent = try coder.decode(from: Data(#"{"text":"no type"}"#.utf8))
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _)? = error as? DecodingError else { return false }
            return key.stringValue == "_beagleComponent_"
        }
        // Nested, too: an action without `_beagleAction_`.
        #expect {
            let _: any ServerDrivenComponent = try coder.decode(
                from: Data(#"{"_beagleComponent_":"beagle:button","text":"x","onPress":[{"route":{"url":"/a"}}]}"#.utf8)
            )
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _)? = error as? DecodingError else { return false }
            return key.stringValue == "_beagleAction_"
        }
    }

    @Test func aDecodingErrorIsLogged() throws {
        let logger = RecordingLogger()
        let coder = Coder(logger: logger)
        #expect(throws: DecodingError.self) {
            let _: any ServerDrivenComponent = try coder.decode(from: Data("not json".utf8))
        }
        let logs = logger.logs.values
        #expect(logs.count == 1)
        #expect(logs.first?.hasPrefix("Decoding|error|Could not decode:") == true)
    }

    @Test func customTypesRegisterUnderCustomNamespaceInAnyCase() throws {
        let coder = Coder()
        coder.register(type: CustomPageIndicator.self)
        coder.register(type: ActionDummyDefault.self, named: "Dummy")
        #expect(coder.name(for: CustomPageIndicator.self) == "custom:custompageindicator")
        #expect(coder.name(for: ActionDummyDefault.self) == "custom:dummy")
        #expect(coder.type(for: "CUSTOM:CustomPageIndicator", baseType: .component) != nil)
        #expect(coder.type(for: "custom:dummy", baseType: .action) != nil)
        #expect(coder.type(for: "custom:dummy", baseType: .component) == nil)

        let indicator: any ServerDrivenComponent = try coder.decode(
            from: Data(##"{"_beagleComponent_":"custom:customPageIndicator","selectedColor":"#FFF"}"##.utf8)
        )
        #expect((indicator as? CustomPageIndicator)?.selectedColor == "#FFF")
        let action: any Action = try coder.decode(from: Data(#"{"_beagleAction_":"Custom:DUMMY"}"#.utf8))
        #expect(action is ActionDummyDefault)

        // Registration is per coder.
        let other: any ServerDrivenComponent = try Coder().decode(
            from: Data(#"{"_beagleComponent_":"custom:customPageIndicator"}"#.utf8)
        )
        #expect(other is UnknownComponent)
    }

    @Test func unknownFieldsAreIgnored() throws {
        let component: any ServerDrivenComponent = try Coder().decode(
            from: Data(
                #"{"_beagleComponent_":"beagle:text","text":"x","style":{"flex":{"grow":1}},"brandNewField":[1,{"a":null}]}"#.utf8
            )
        )
        #expect((component as? Text)?.text == .value("x"))
    }

    @Test func concreteTypesDecodeDirectly() throws {
        let route: Route = try Coder().decode(from: Data(#"{"url":"/next","shouldPrefetch":true}"#.utf8))
        guard case .remote(let path) = route else {
            Issue.record("not a remote route: \(route)")
            return
        }
        #expect(path.shouldPrefetch == true)
        #expect(throws: BeagleCodableError.self) {
            let _: () -> Void = try Coder().decode(from: Data("{}".utf8))
        }
    }

    @Test func imagePathsAreLocalOrRemote() throws {
        let coder = Coder()
        let remote: any ServerDrivenComponent = try coder.decode(
            from: Data(
                #"{"_beagleComponent_":"beagle:image","path":{"_beagleImagePath_":"remote","url":"/images/beach.jpg","placeholder":{"mobileId":"placeholderAsset"}},"mode":"CENTER_CROP"}"#
                    .utf8)
        )
        let image = try #require(remote as? Image)
        #expect(image.path == .value(.remote(Image.Remote(url: "/images/beach.jpg", placeholder: "placeholderAsset"))))
        #expect(image.mode == .centerCrop)

        let expression: any ServerDrivenComponent = try coder.decode(
            from: Data(#"{"_beagleComponent_":"beagle:image","path":"@{item.image}"}"#.utf8)
        )
        #expect((expression as? Image)?.path == .expression("@{item.image}"))

        #expect(throws: DecodingError.self) {
            let _: any ServerDrivenComponent = try coder.decode(
                from: Data(#"{"_beagleComponent_":"beagle:image","path":{"_beagleImagePath_":"REMOTE","url":"/a.png"}}"#.utf8)
            )
        }
    }

    @Test func expressionsAndValuesAreToldApart() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Expression<String>.self, from: Data(#""plain""#.utf8)) == .value("plain"))
        #expect(
            try decoder.decode(Expression<String>.self, from: Data(#""Hi @{user.name}!""#.utf8))
                == .expression("Hi @{user.name}!"))
        #expect(try decoder.decode(Expression<String>.self, from: Data(#""price \\@{not}""#.utf8)) == .value(#"price \@{not}"#))
        #expect(try decoder.decode(Expression<Bool>.self, from: Data("true".utf8)) == .value(true))
        #expect(
            try decoder.decode(DynamicObject.self, from: Data(#"{"a":[1,2.5,"@{x}",null,false]}"#.utf8))
                == ["a": [1, 2.5, "@{x}", nil, false]])
        #expect(DynamicObject.expression("@{x}") == "@{x}")
    }

    @Test func encodingRoundTripsThroughTheCoder() throws {
        let coder = Coder()
        coder.registerFixtureTypes()
        let screen = Screen(
            id: "home",
            navigationBar: NavigationBar(
                title: "Home",
                navigationBarItems: [
                    NavigationBarItem(
                        text: "Next", onPress: [Navigate.pushView(.remote(.init(url: .value("/next"), shouldPrefetch: true)))])
                ]
            ),
            child: Container(children: [
                Text(text: .value("Hello")),
                Button(text: .value("Send"), onPress: [SendRequest(url: .value("/api"), method: .value(.post), data: ["a": 1])]),
                Image(path: .value(.remote(Image.Remote(url: "/images/a.png", placeholder: "ph")))),
                UnknownComponent(_beagleComponent_: "custom:Chart"),
                BeagleSchemaTestsComponent(),
            ])
        )
        let data = try coder.encode(value: screen)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""_beagleComponent_":"beagle:screencomponent""#))
        #expect(json.contains(#""_beagleAction_":"beagle:pushview""#))
        #expect(json.contains(#""_beagleComponent_":"custom:Chart""#))

        let decoded: any ServerDrivenComponent = try coder.decode(from: data)
        let again = try #require(decoded as? Screen)
        #expect(again.id == "home")
        let children = try #require((again.child as? Container)?.children)
        #expect(children.count == 5)
        #expect(children[0] is Text)
        #expect((children[1] as? Button)?.onPress?.first is SendRequest)
        #expect(children[2] is Image)
        #expect((children[3] as? UnknownComponent)?._beagleComponent_ == "custom:Chart")
        #expect(children[4] is BeagleSchemaTestsComponent)
        guard
            case .pushView(.remote(let path), _, _)? = again.navigationBar?.navigationBarItems?.first?.onPress?.first as? Navigate
        else {
            Issue.record("the navigation bar item lost its pushView")
            return
        }
        #expect(path.url == .value("/next"))
    }

    @Test func encodingAnUnregisteredTypeFails() {
        #expect(throws: BeagleCodableError.unableToRepresentAsBeagleTypeForEncoding) {
            _ = try Coder().encode(value: Container(children: [BeagleSchemaTestsComponent()]))
        }
    }
}
