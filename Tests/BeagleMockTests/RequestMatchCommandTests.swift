import Foundation
import MockTestSupport
import Testing

/// `file:` through the command line: `validate` reports one that is missing, and `serve` refuses
/// one outside the folder (Docs/Configuration.md, "Request matching").
@Suite struct RequestMatchCommandTests {
    @Test func validateReportsAMissingRuleFileAtItsLineAndColumn() async throws {
        let folder = try TemporaryScreens([
            "screens/cart.json": #"{"_beagleComponent_": "beagle:text", "text": "cart"}"#,
            "screens/cart-filled.json": #"{"_beagleComponent_": "beagle:text", "text": "filled"}"#,
            "screens/beagle-mock.yml": """
            routes:
              - path: /cart
                file: cart-filled.json
              - path: /cart
                file: carts/gone.json
            """,
        ])
        defer { folder.remove() }
        let result = try await CommandRunner.run(["validate", "screens"], in: folder.root)
        #expect(result.status == 1)
        #expect(
            result.output.contains(
                "screens/beagle-mock.yml:5:11: error: routes[1].file: carts/gone.json is not in the screens folder"),
            "\(result.output)")
        #expect(!result.output.contains("cart-filled.json is not"))
    }

    @Test func serveRefusesAFileOutsideTheFolderWithExit2() async throws {
        let folder = try TemporaryScreens([
            "screens/home.json": "{}", "screens/beagle-mock.yml": "routes:\n  - path: /home\n    file: ../secret.json\n",
        ])
        defer { folder.remove() }
        let result = try await CommandRunner.run(["serve", "screens", "--port", "0"], in: folder.root)
        #expect(result.status == 2)
        #expect(result.error.contains("beagle-mock.yml:3:11: routes[0].file:"), "\(result.error)")
    }
}
