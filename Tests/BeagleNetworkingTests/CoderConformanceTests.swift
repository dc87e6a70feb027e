import ConformanceData
import Foundation
import Testing

@testable import BeagleNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every screen and action of Beagle iOS's own test suite, decoded through the Coder.
@Suite(ConformanceData.available) struct CoderConformanceTests {
    /// Fixtures whose root is one of Beagle's own types, and the type it must decode to.
    static let builtInRoots: [String: any BeagleCodable.Type] = [
        "Button--buttonComponent.json": Button.self,
        "Container--Container.json": Container.self,
        "Container--ContainerWithoutChildren.json": Container.self,
        "GridView--gridViewSpanCount.json": GridView.self,
        "Image--ImageComponent.json": Image.self,
        "Lazy--lazyComponent.json": LazyComponent.self,
        "ListView--listUsingCustomIndexName.json": ListView.self,
        "ListView--listUsingIndex.json": ListView.self,
        "ListView--listViewUpdatingDataSource.json": Container.self,
        "ListView--listViewWithTemplate.json": ListView.self,
        "PageView--PageViewWith3Pages.json": PageView.self,
        "PullToRefresh--PullToRefresh.json": PullToRefresh.self,
        "Renderer--declarativeText1.json": Screen.self,
        "Renderer--declarativeText2.json": Screen.self,
        "Screen--screen.json": Screen.self,
        "Scroll--HorizontalScrollView.json": ScrollView.self,
        "Scroll--ScrollViewComponent.json": ScrollView.self,
        "SimpleForm--simpleFormComponent.json": SimpleForm.self,
        "TabBar--TabBar.json": TabBar.self,
        "Text--TextComponent.json": Text.self,
        "TextInput--TextInputComponent.json": TextInput.self,
        "Touchable--TouchableDecoderTest.json": Touchable.self,
        "WebView--WebView.json": WebView.self,
        "Widget--widgetWithAllAttributes.json": Text.self,
        "Service--AddChildren-1.json": AddChildren.self,
        "Service--Alert-1.json": Alert.self,
        "Service--Condition-1.json": Condition.self,
        "Service--Confirm-1.json": Confirm.self,
        "Service--SendRequest-1.json": SendRequest.self,
        "Service--SetContext-1.json": SetContext.self,
    ]

    /// Fixtures whose root is a navigation, and the case it must decode to.
    static let navigationRoots: [String: String] = [
        "Service--OpenNativeRoute-1.json": "openNativeRoute",
        "Service--PopView-1.json": "popView",
        "Service--PushStack-1.json": "pushStack",
        "Service--PushStack-2.json": "pushStack",
        "Types--opennativeroute.json": "openNativeRoute",
        "Types--pushViewWithAdditionalData.json": "pushView",
        "Types--pushview.json": "pushView",
    ]

    /// Fixtures whose root is a `custom:` type, and the type the test registers for it.
    static let customRoots: [String: any BeagleCodable.Type] = [
        "Decoding--PolymorphicComponent.json": PolymorphicComponent.self,
        "Decoding--PolymorphicComponentWithoutWrapper.json": PolymorphicComponentWithoutWrapper.self,
        "PageIndicator--CustomPageIndicator.json": CustomPageIndicator.self,
        "Tests--CustomActionableContainer.json": CustomActionableContainer.self,
        "Tests--SingleCustomActionableContainer.json": SingleCustomActionableContainer.self,
        "Tests--SingleTextContainer.json": SingleTextContainer.self,
        "Tests--SingleTextContainerWithoutActions.json": SingleTextContainer.self,
        "Tests--TextContainer.json": TextContainer.self,
        "Tests--TextContainerMissingSecondAction.json": TextContainerWithAction.self,
        "Tests--TextContainerWithAction.json": TextContainerWithAction.self,
    ]

    /// Beagle 1.0's naming, invalid on purpose: never a page view.
    static let invalidPageView = "PageView--PageViewInvalid.json"
    /// A JSON array of context values, for expression tests, not the Coder.
    static let notAComponent = "Expression--testDictionarySnapShot.json"

    static func fixtures() throws -> [URL] {
        let folder = try ConformanceData.url("beagle-ios-fixtures")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Decodes the root as a component or an action, by the key it carries.
    static func decodeRoot(_ data: Data, with coder: Coder) throws -> any BeagleCodable {
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        if object?["_beagleAction_"] != nil {
            let action: any Action = try coder.decode(from: data)
            return action
        }
        let component: any ServerDrivenComponent = try coder.decode(from: data)
        return component
    }

    @Test func everyFixtureHasAnExpectation() throws {
        let files = try Self.fixtures().map(\.lastPathComponent)
        #expect(files.count >= 49, "the fixture folder looks incomplete: \(files.count) files")
        let known = Set(Self.builtInRoots.keys).union(Self.navigationRoots.keys).union(Self.customRoots.keys)
            .union([Self.invalidPageView, Self.notAComponent])
        for file in files {
            #expect(known.contains(file), "no expectation for fixture \(file)")
        }
        for file in known {
            #expect(files.contains(file), "expected fixture \(file) is missing")
        }
    }

    @Test func builtInRootsDecodeToTheirBeagleType() throws {
        let coder = Coder()
        for file in try Self.fixtures() where Self.builtInRoots[file.lastPathComponent] != nil {
            let expected = try #require(Self.builtInRoots[file.lastPathComponent])
            let decoded = try Self.decodeRoot(Data(contentsOf: file), with: coder)
            #expect(
                ObjectIdentifier(type(of: decoded)) == ObjectIdentifier(expected),
                "\(file.lastPathComponent) decoded to \(type(of: decoded)), expected \(expected)"
            )
        }
    }

    @Test func navigationRootsDecodeToTheirCase() throws {
        let coder = Coder()
        for file in try Self.fixtures() where Self.navigationRoots[file.lastPathComponent] != nil {
            let decoded = try Self.decodeRoot(Data(contentsOf: file), with: coder)
            let navigate = try #require(decoded as? Navigate, "\(file.lastPathComponent) is \(type(of: decoded))")
            let caseName = String(String(describing: navigate).prefix { $0 != "(" })
            #expect(caseName == Self.navigationRoots[file.lastPathComponent], "\(file.lastPathComponent): \(navigate)")
        }
    }

    @Test func customRootsAreUnknownUntilRegistered() throws {
        let plain = Coder()
        let registered = Coder()
        registered.registerFixtureTypes()
        for file in try Self.fixtures() where Self.customRoots[file.lastPathComponent] != nil {
            let data = try Data(contentsOf: file)
            let unknown = try Self.decodeRoot(data, with: plain)
            let unknownComponent = try #require(unknown as? UnknownComponent, "\(file.lastPathComponent): \(unknown)")
            #expect(unknownComponent._beagleComponent_.hasPrefix("custom:"))

            let expected = try #require(Self.customRoots[file.lastPathComponent])
            let decoded = try Self.decodeRoot(data, with: registered)
            #expect(
                ObjectIdentifier(type(of: decoded)) == ObjectIdentifier(expected),
                "\(file.lastPathComponent) decoded to \(type(of: decoded)) after registration, expected \(expected)"
            )
        }
    }

    @Test func oldPageViewNameNeverDecodesToAPageView() throws {
        let folder = try ConformanceData.url("beagle-ios-fixtures")
        let data = try Data(contentsOf: folder.appendingPathComponent(Self.invalidPageView))
        let component: any ServerDrivenComponent = try Coder().decode(from: data)
        #expect(!(component is PageView))
        #expect((component as? UnknownComponent)?._beagleComponent_ == "beagle:component:pageView")
    }

    @Test func nestedContentOfFixturesIsReachable() throws {
        let folder = try ConformanceData.url("beagle-ios-fixtures")
        let coder = Coder()
        coder.registerFixtureTypes()

        let pushView: any Action = try coder.decode(
            from: Data(contentsOf: folder.appendingPathComponent("Types--pushViewWithAdditionalData.json"))
        )
        guard case .pushView(.remote(let path), _, _)? = pushView as? Navigate else {
            Issue.record("not a remote pushView: \(pushView)")
            return
        }
        #expect(path.url == .value("http://localhost:8080/test/example"))
        #expect(path.shouldPrefetch == false)
        #expect(path.httpAdditionalData?.method == .post)
        #expect(path.httpAdditionalData?.headers == ["test": "test"])
        #expect(
            path.httpAdditionalData?.body == [
                "email": "john@email.com", "password": "password", "confirmPassword": "password", "name": "John",
            ])

        let pushViewWithFallback: any Action = try coder.decode(
            from: Data(contentsOf: folder.appendingPathComponent("Types--pushview.json"))
        )
        guard case .pushView(.remote(let fallbackPath), _, _)? = pushViewWithFallback as? Navigate else {
            Issue.record("not a remote pushView: \(pushViewWithFallback)")
            return
        }
        #expect(fallbackPath.shouldPrefetch == true)
        #expect(fallbackPath.fallback?.child is BeagleSchemaTestsComponent)

        let pushStack: any Action = try coder.decode(
            from: Data(contentsOf: folder.appendingPathComponent("Service--PushStack-1.json"))
        )
        guard case .pushStack(.remote(let stackPath), let controllerId, _, _)? = pushStack as? Navigate else {
            Issue.record("not a remote pushStack: \(pushStack)")
            return
        }
        #expect(stackPath.url == .expression("@{context.remoteRoute}"))
        #expect(controllerId == "controller ID - remote")
        #expect(stackPath.fallback?.navigationBar?.title == "Fallback Screen Title")

        let screen: any ServerDrivenComponent = try coder.decode(
            from: Data(contentsOf: folder.appendingPathComponent("Screen--screen.json"))
        )
        let item = try #require((screen as? Screen)?.navigationBar?.navigationBarItems?.first)
        #expect(item.text == "imageText")
        guard case .pushView(.remote(let itemPath), _, _)? = item.onPress?.first as? Navigate else {
            Issue.record("navigation bar item does not push a remote view")
            return
        }
        #expect(itemPath.url == .value("http://localhost:8080/test/example"))

        let image: any ServerDrivenComponent = try coder.decode(
            from: Data(contentsOf: folder.appendingPathComponent("Image--ImageComponent.json"))
        )
        #expect((image as? Image)?.path == .value(.local("test_image_square-x")))

        let polymorphic: any ServerDrivenComponent = try coder.decode(
            from: Data(contentsOf: folder.appendingPathComponent("Decoding--PolymorphicComponent.json"))
        )
        let decoded = try #require(polymorphic as? PolymorphicComponent)
        #expect((decoded.component as? Text)?.text == .value("component"))
        #expect((decoded.optionalComponent as? Text)?.text == .value("optionalComponent"))
        #expect(decoded.arrayComponent.count == 1)
        #expect(decoded.optionalArrayComponent == nil)
        #expect(decoded.optionalArrayAction == nil)
        #expect(decoded.action is Navigate)

        let missingSecondAction: any ServerDrivenComponent = try coder.decode(
            from: Data(contentsOf: folder.appendingPathComponent("Tests--TextContainerMissingSecondAction.json"))
        )
        #expect((missingSecondAction as? TextContainerWithAction)?.secondAction == nil)

        let sendRequest: any Action = try coder.decode(
            from: Data(contentsOf: folder.appendingPathComponent("Service--SendRequest-1.json"))
        )
        let request = try #require(sendRequest as? SendRequest)
        #expect(request.method == .value(.delete))
        #expect(request.headers == .expression("@{context.headers}"))
        #expect(request.url == .expression("/search?q=@{context.query}"))
    }
}
