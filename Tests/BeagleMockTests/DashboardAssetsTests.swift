import BeagleScreens
import Foundation
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine

/// The dashboard and the OpenAPI document are files of the module, embedded in the binary: the
/// server serves them as the files say, with only the few marks it fills in.
@Suite struct DashboardAssetsTests {
    @Test func thePageLinksItsStyleSheetAndScriptOnceEach() {
        let page = String(decoding: PackageResources.dashboard_html, as: UTF8.self)
        #expect(page.components(separatedBy: DashboardPage.styleLink).count == 2)
        #expect(page.components(separatedBy: DashboardPage.scriptLink).count == 2)
        #expect(!page.contains("<script>") && !page.contains("<style>"), "the page holds neither itself")
    }

    @Test func theServedPageHoldsTheFilesInPlaceOfTheirLinks() {
        let style = String(decoding: PackageResources.dashboard_css, as: UTF8.self)
        let script = String(decoding: PackageResources.dashboard_js, as: UTF8.self)
        let html = DashboardPage.html
        #expect(!html.contains(DashboardPage.styleLink) && !html.contains(DashboardPage.scriptLink))
        #expect(html.contains("<style>\n" + style + "</style>"))
        #expect(html.contains("<script>\n" + script + "</script>"))
        #expect(html.components(separatedBy: "<script").count == 2, "one script element")
    }

    @Test func theServedPageNamesBeagles2ComponentTypesAndNoOthers() throws {
        let page = String(decoding: PackageResources.dashboard_html, as: UTF8.self)
        #expect(page.components(separatedBy: DashboardPage.componentsMark).count == 2)
        let html = DashboardPage.html
        #expect(!html.contains(DashboardPage.componentsMark))
        let start = try #require(html.range(of: #"data-beagle-components=""#))
        let end = try #require(html.range(of: #"""#, range: start.upperBound..<html.endIndex))
        let names = Set(html[start.upperBound..<end.lowerBound].split(separator: " ").map(String.init))
        #expect(names == Set(BeagleCatalogue.beagle2.components.map(\.identifier)))
        #expect(names.contains("beagle:screenComponent") && names.contains("beagle:webView"))
        #expect(!names.contains("beagle:form"), "a Beagle 1.x type is unknown to Beagle 2.x")
        #expect(!names.contains("beagle:pushView"), "an action is not a component")
    }

    @Test func assemblingPutsEachPartInItsPlace() {
        let page = "<head>\(DashboardPage.styleLink)</head><body>\(DashboardPage.scriptLink)</body>"
        #expect(
            DashboardPage.assemble(page: page, style: "a{}\n", script: "go();\n")
                == "<head><style>\na{}\n</style></head><body><script>\ngo();\n</script></body>")
    }

    @Test func theOpenAPIFileHasEachMarkTheServerFillsInOnce() {
        let file = OpenAPIDocument.file
        #expect(file.components(separatedBy: OpenAPIDocument.versionMark).count == 2)
        #expect(file.components(separatedBy: OpenAPIDocument.tokenSecurity).count == 2)
        #expect(!OpenAPIDocument.json(access: .open).contains(OpenAPIDocument.versionMark))
    }
}
