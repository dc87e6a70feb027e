import BeagleScreens
import Testing

@Suite struct BeagleCatalogueTests {
    let catalogue = BeagleCatalogue.beagle2

    @Test func hasBeagle2sSeventeenComponentsAndSixteenActions() {
        #expect(catalogue.components.count == 17)
        #expect(catalogue.actions.count == 16)
        #expect(Set(catalogue.types.map(\.key)).count == 33)
        #expect(
            catalogue.components.map(\.key) == [
                "beagle:button", "beagle:container", "beagle:gridview", "beagle:image", "beagle:lazycomponent",
                "beagle:listview", "beagle:pageindicator", "beagle:pageview", "beagle:pulltorefresh",
                "beagle:screencomponent", "beagle:scrollview", "beagle:simpleform", "beagle:tabbar", "beagle:text",
                "beagle:textinput", "beagle:touchable", "beagle:webview",
            ])
        #expect(
            catalogue.actions.map(\.key) == [
                "beagle:addchildren", "beagle:alert", "beagle:condition", "beagle:confirm", "beagle:openexternalurl",
                "beagle:opennativeroute", "beagle:popstack", "beagle:poptoview", "beagle:popview", "beagle:pushstack",
                "beagle:pushview", "beagle:resetapplication", "beagle:resetstack", "beagle:sendrequest",
                "beagle:setcontext", "beagle:submitform",
            ])
    }

    @Test(arguments: ["beagle:Button", "beagle:button", "BEAGLE:BUTTON", "Beagle:screenComponent", "beagle:screencomponent"])
    func builtInNamesMatchInAnyCase(name: String) throws {
        let lookup = catalogue.lookup(name, as: .component)
        guard case .builtIn(let type) = lookup else {
            Issue.record("\(name) looked up as \(lookup)")
            return
        }
        #expect(type.kind == .component)
        #expect(type.key == name.lowercased())
    }

    @Test func customNamesAreAlwaysAccepted() {
        #expect(catalogue.lookup("custom:MyCard", as: .component) == .custom("custom:MyCard"))
        #expect(catalogue.lookup("Custom:Whatever", as: .action) == .custom("Custom:Whatever"))
        #expect(catalogue.lookup("custom:x").isKnown)
    }

    @Test func theWrongKindIsReported() throws {
        let pushView = try #require(catalogue.type(named: "beagle:pushview"))
        #expect(catalogue.lookup("beagle:pushView", as: .component) == .wrongKind(pushView))
        #expect(catalogue.lookup("beagle:pushView", as: .action) == .builtIn(pushView))
        #expect(catalogue.lookup("beagle:pushView") == .builtIn(pushView))
        #expect(!catalogue.lookup("beagle:pushView", as: .component).isKnown)
    }

    @Test func beagle1OnlyNamesAreKnownAsSuch() {
        for name in ["beagle:form", "beagle:formSubmit", "beagle:formInput", "beagle:tabView"] {
            guard case .legacy(let type) = catalogue.lookup(name, as: .component) else {
                Issue.record("\(name) is not legacy")
                continue
            }
            #expect(type.kind == .component)
        }
        for name in ["beagle:formValidation", "beagle:formLocalAction", "beagle:formRemoteAction"] {
            guard case .legacy(let type) = catalogue.lookup(name, as: .action) else {
                Issue.record("\(name) is not legacy")
                continue
            }
            #expect(type.kind == .action)
        }
        #expect(catalogue.legacyTypes.count == 7)
    }

    @Test func unknownBeagleNamesSuggestTheClosest() throws {
        let pushView = try #require(catalogue.type(named: "beagle:pushView"))
        let pageView = try #require(catalogue.type(named: "beagle:pageView"))
        #expect(catalogue.lookup("beagle:pushVew", as: .action) == .unknownBeagleType(suggestion: pushView))
        #expect(catalogue.lookup("beagle:component:pageView", as: .component) == .unknownBeagleType(suggestion: pageView))
        #expect(catalogue.lookup("beagle:carousel", as: .component) == .unknownBeagleType(suggestion: nil))
        // A near-miss of an action is not suggested for a component.
        #expect(catalogue.lookup("beagle:pushVew", as: .component) == .unknownBeagleType(suggestion: nil))
    }

    @Test func otherNamespacesAreUnknown() {
        #expect(catalogue.lookup("acme:banner", as: .component) == .unknownNamespace("acme", suggestion: nil))
        #expect(catalogue.lookup("android:text", as: .component) == .unknownNamespace("android", suggestion: "beagle:text"))
        #expect(catalogue.lookup("button", as: .component) == .unknownNamespace("", suggestion: "beagle:button"))
        #expect(catalogue.lookup("button", as: .action) == .unknownNamespace("", suggestion: nil))
    }

    @Test func fieldsSayWhereComponentsAndActionsGo() throws {
        let screen = try #require(catalogue.type(named: "beagle:screenComponent"))
        #expect(screen.fields["child"] == .component)
        #expect(screen.fields["navigationBar"] == .navigationBar)
        #expect(catalogue.type(named: "beagle:container")?.fields["children"] == .components)
        #expect(catalogue.type(named: "beagle:sendRequest")?.fields["onError"] == .actions)
        #expect(catalogue.type(named: "beagle:pushStack")?.fields["route"] == .route)
        // Beagle iOS 2.x Text.swift: every field, the widget's among them, with what it decodes.
        #expect(
            catalogue.type(named: "beagle:text")?.fields == [
                "text": .value(.expression(.string)), "styleId": .value(.string),
                "alignment": .enumeration(["LEFT", "RIGHT", "CENTER"], expression: true),
                "textColor": .value(.expression(.string)), "id": .value(.string), "style": .style,
                "accessibility": .accessibility,
            ])
        #expect(catalogue.type(named: "beagle:text")?.required == ["text"])
        #expect(BeagleTypeKind.component.typeKey == "_beagleComponent_")
        #expect(BeagleTypeKind.action.typeKey == "_beagleAction_")
    }
}
