import BeagleNetworking
import Foundation
import Testing

/// The fields of Beagle iOS 2.x's declarations that no fixture carries, decoded and encoded back.
@Suite struct CoderFieldsTests {
    static let screen = #"""
        {"_beagleComponent_": "beagle:screenComponent", "id": "s",
         "safeArea": {"top": true, "bottom": false},
         "style": {"backgroundColor": "#fff", "size": {"width": {"value": 100, "type": "PERCENT"}, "aspectRatio": 1.5},
                   "flex": {"flexDirection": "ROW", "grow": 1, "basis": {"value": "@{w}", "type": "REAL"}},
                   "margin": {"all": {"value": 8, "type": "REAL"}}, "positionType": "ABSOLUTE", "display": "@{show}",
                   "borderWidth": 2, "cornerRadius": {"topLeft": 4}},
         "context": {"id": "ctx", "value": {"a": [1, 2.5, "x", null, true]}},
         "navigationBar": {"title": "T", "backButtonAccessibility": {"accessibilityLabel": "Back", "accessible": true},
           "navigationBarItems": [{"id": "i", "text": "Go", "image": "asset",
             "accessibility": {"accessible": false, "isHeader": true},
             "onPress": [{"_beagleAction_": "beagle:popView", "navigationContext": {"path": "p.q", "value": 1},
                          "analytics": false}]}]},
         "child": {"_beagleComponent_": "beagle:simpleForm", "id": "f",
           "onValidationError": [{"_beagleAction_": "beagle:alert", "message": "bad", "analytics": true}],
           "onSubmit": [{"_beagleAction_": "beagle:pushView", "route": {"url": "/next"},
                         "navigationContext": {"value": "@{form}"},
                         "analytics": {"attributes": ["route.url"], "additionalEntries": {"k": "v"}}}],
           "children": [
             {"_beagleComponent_": "beagle:textInput", "placeholder": "@{hint}", "enabled": false, "readOnly": "@{ro}",
              "type": "EMAIL", "error": "required", "showError": "@{err}", "id": "t", "style": {"padding": {"top": {"value": 1, "type": "REAL"}}},
              "accessibility": {"accessible": true}},
             {"_beagleComponent_": "beagle:listView", "dataSource": "@{items}", "key": "id", "scrollEndThreshold": 80,
              "isScrollIndicatorVisible": false, "context": {"id": "items", "value": []}},
             {"_beagleComponent_": "beagle:gridView", "dataSource": [], "templates": [], "spanCount": 2, "key": "k",
              "scrollEndThreshold": 10, "isScrollIndicatorVisible": true},
             {"_beagleComponent_": "beagle:text", "text": "t", "alignment": "CENTER"},
             {"_beagleComponent_": "beagle:container", "styleId": "card", "context": {"id": "c", "value": 0}},
             {"_beagleComponent_": "beagle:pageView", "context": {"id": "page", "value": 0}},
             {"_beagleComponent_": "beagle:scrollView", "context": {"id": "sv", "value": 0}},
             {"_beagleComponent_": "beagle:webView", "url": "https://x", "id": "w"},
             {"_beagleComponent_": "beagle:button", "text": "b",
              "onPress": [{"_beagleAction_": "beagle:pushStack", "route": {"url": "/s"}, "controllerId": "c",
                           "navigationContext": {"value": 1}, "analytics": true},
                          {"_beagleAction_": "beagle:openExternalURL", "url": "https://x", "analytics": false},
                          {"_beagleAction_": "beagle:submitForm", "analytics": false},
                          {"_beagleAction_": "beagle:sendRequest", "url": "/r", "analytics": true},
                          {"_beagleAction_": "beagle:setContext", "contextId": "c", "value": 1, "analytics": true}]}]}}
        """#

    @Test func everyDeclaredFieldSurvivesARoundTrip() throws {
        let coder = Coder()
        let data = Data(Self.screen.utf8)
        let component: any ServerDrivenComponent = try coder.decode(from: data)
        let before = try JSONLeaves.of(data).filter { $0.value != "null" }
        let after = try JSONLeaves.of(try coder.encode(value: component))
        let lost = Set(before.keys).subtracting(after.keys).sorted()
        #expect(lost.isEmpty, "lost: \(lost)")
        for (path, value) in before {
            #expect(after[path] == value, "\(path)")
        }
    }

    @Test func navigationCasesCarryBeaglesAssociatedValues() throws {
        let json =
            #"{"_beagleAction_": "beagle:pushView", "route": {"url": "/a"}, "navigationContext": {"path": "x", "value": 2}, "analytics": false}"#
        let action: any Action = try Coder().decode(from: Data(json.utf8))
        guard case .pushView(.remote(let path), let context?, .disabled?)? = action as? Navigate else {
            Issue.record("decoded \(action)")
            return
        }
        #expect(path.url == .value("/a"))
        #expect(context == NavigationContext(path: "x", value: 2))
        #expect(Navigate.popView().navigationContext == nil)
    }

    @Test func aListViewWithoutTemplatesDecodesAsBeagleDoes() throws {
        let json = #"{"_beagleComponent_": "beagle:listView", "dataSource": [], "children": []}"#
        let component: any ServerDrivenComponent = try Coder().decode(from: Data(json.utf8))
        #expect((component as? ListView)?.templates.isEmpty == true)
    }
}
