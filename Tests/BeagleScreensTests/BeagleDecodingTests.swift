import BeagleScreens
import Foundation
import Testing

/// `validate` reads a screen as Beagle iOS 2.1.3 decodes it; each test cites the declaration.
@Suite struct BeagleDecodingTests {
    func diagnostics(_ json: String) -> [Diagnostic] {
        ScreenValidator().validate(screen: Data(json.utf8), file: "s.json")
    }

    func messages(_ json: String, _ severity: Diagnostic.Severity) -> [String] {
        diagnostics(json).filter { $0.severity == severity }.map(\.message)
    }

    /// Coder.swift: a name the Coder has not registered decodes to `UnknownComponent` (or
    /// `UnknownAction`), which keeps the name and reads nothing else of the object.
    @Test func nothingBelowAnUnknownTypeIsChecked() {
        let screen = #"""
            {"_beagleComponent_": "beagle:container", "children": [
              {"_beagleComponent_": "beagle:carousel", "children": [{"_beagleComponent_": "beagle:bogus"}],
               "style": {"flex": {"alignItems": "center"}}},
              {"_beagleComponent_": "acme:banner", "child": {"_beagleComponent_": "beagle:text"}},
              {"_beagleComponent_": "beagle:button", "text": "b",
               "onPress": [{"_beagleAction_": "beagle:alerte", "onPressOk": [{"_beagleAction_": "beagle:nope"}]}]}]}
            """#
        // Only the names: not the bogus types below them, the style or the text's missing `text`.
        #expect(
            messages(screen, .error) == [
                "unknown component 'beagle:carousel': Beagle 2.x has no such type",
                "unknown namespace 'acme' in 'acme:banner': Beagle knows beagle: (built-in types) and custom: (types the app registers)",
                "unknown action 'beagle:alerte': Beagle 2.x has no such type; did you mean 'beagle:alert'?",
            ])
    }

    /// Inside a `custom:` type, which the app registers, type keys are still checked (the app's
    /// own Codable decodes its children through Beagle's).
    @Test func insideACustomTypeTypeKeysAreChecked() {
        let screen = #"{"_beagleComponent_": "custom:rating", "body": {"_beagleComponent_": "beagle:bogus"}}"#
        #expect(messages(screen, .error) == ["unknown component 'beagle:bogus': Beagle 2.x has no such type"])
    }

    /// NavigationBar.swift: `let title: String`; `NavigationBarItem` has `let text: String` and
    /// `@AutoCodable var onPress: [Action]`, none optional.
    @Test func aNavigationBarNeedsItsTitleAndAnItemItsTextAndOnPress() {
        let screen = #"""
            {"_beagleComponent_": "beagle:screenComponent", "navigationBar": {"navigationBarItems": [{"image": "i"}]},
             "child": {"_beagleComponent_": "beagle:text", "text": "x"}}
            """#
        #expect(
            messages(screen, .error) == [
                "navigationBar needs title: Beagle 2.x cannot decode a navigation bar without one",
                "navigationBarItems[0] needs onPress: Beagle 2.x cannot decode a navigation bar item without one",
                "navigationBarItems[0] needs text: Beagle 2.x cannot decode a navigation bar item without one",
            ])
    }

    /// GridView.swift `let spanCount: Int`; Image.swift `ImagePath.local` reads `mobileId` with
    /// `decode(String.self)`; Text.swift `let text: Expression<String>`.
    @Test func requiredFieldsWithoutADefaultAreReported() {
        let screen = #"""
            {"_beagleComponent_": "beagle:container", "children": [
              {"_beagleComponent_": "beagle:gridView", "dataSource": [], "templates": []},
              {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "local", "url": "/logo.png"}},
              {"_beagleComponent_": "beagle:text", "text": null}]}
            """#
        #expect(
            messages(screen, .error) == [
                "beagle:gridView needs spanCount: Beagle 2.x cannot decode it without one",
                "a local image path needs a mobileId string (the image's name in the app)",
                "beagle:text needs text: Beagle 2.x cannot decode it without one",
            ])
    }

    /// Expression.swift: an `Expression<T>` is a string with `@{…}` or a `T`; Button.swift
    /// `enabled: Expression<Bool>?`, Text.swift `text: Expression<String>`, PageView.swift
    /// `currentPage: Expression<Int>?`.
    @Test func expressionsStandWhereBeagleDeclaresThem() {
        let accepted = #"""
            {"_beagleComponent_": "beagle:container", "children": [
              {"_beagleComponent_": "beagle:button", "text": "Hi @{user.name}", "enabled": "@{form.valid}"},
              {"_beagleComponent_": "beagle:pageView", "currentPage": 2.0},
              {"_beagleComponent_": "beagle:pageView", "currentPage": "@{tab}"}]}
            """#
        #expect(diagnostics(accepted).isEmpty)
        let refused = #"""
            {"_beagleComponent_": "beagle:container", "children": [
              {"_beagleComponent_": "beagle:button", "text": 5, "enabled": "yes"},
              {"_beagleComponent_": "beagle:pageView", "currentPage": 1.5}]}
            """#
        #expect(
            messages(refused, .error) == [
                "text must be a string, not a number: Beagle 2.x cannot decode it",
                "enabled must be a boolean or an expression, not a string: Beagle 2.x cannot decode it",
                "currentPage must be a whole number or an expression, not a number: Beagle 2.x cannot decode it",
            ])
    }

    /// Beagle 1.9's ListView read `template` and `children`, its TextInput `disabled` and
    /// `hidden`, its PageView `pageIndicator`, its NavigationBarItem `action`; Beagle 2.x's
    /// declarations (ListView.swift, TextInput.swift, PageView.swift, NavigationBar.swift) do not.
    @Test func aBeagle1FieldThat2IgnoresIsAWarningThatSaysWhatTheAppShows() {
        let screen = #"""
            {"_beagleComponent_": "beagle:container", "children": [
              {"_beagleComponent_": "beagle:listView", "dataSource": [1], "template": {"_beagleComponent_": "beagle:text", "text": "x"}},
              {"_beagleComponent_": "beagle:textInput", "disabled": true},
              {"_beagleComponent_": "beagle:pageView", "pageIndicator": {"_beagleComponent_": "beagle:pageIndicator"}}]}
            """#
        let warnings = messages(screen, .warning)
        #expect(warnings.count == 3)
        #expect(warnings[0].hasPrefix("template is a Beagle 1.x field of beagle:listView that 2.x ignores"))
        #expect(warnings[0].hasSuffix("without templates the list shows no items"))
        #expect(warnings[1].hasSuffix("the input stays enabled"))
        #expect(warnings[2].contains("draws no indicator"))
        #expect(messages(screen, .error).isEmpty)
    }

    /// What is inside an ignored field is never read by Beagle 2.x: a type it does not know there
    /// is no error.
    @Test func whatAnIgnoredFieldHoldsIsNotChecked() {
        let screen = #"""
            {"_beagleComponent_": "beagle:screenComponent", "child": {"_beagleComponent_": "beagle:text", "text": "a"},
             "navigationBar": {"title": "t", "navigationBarItems": [
               {"text": "x", "onPress": [], "action": {"_beagleAction_": "beagle:openNativeRoute1x"}}]}}
            """#
        let warnings = messages(screen, .warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("action is a Beagle 1.x field of a navigation bar item that 2.x ignores") == true)
        #expect(messages(screen, .error).isEmpty)
    }
}
