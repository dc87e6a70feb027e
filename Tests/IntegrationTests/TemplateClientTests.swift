import BeagleMock
import BeagleNetworking
import Foundation
import MockTestSupport
import Testing

/// BeagleNetworking's ViewClient against templates and a scenario (Docs/Templates.md): what a
/// Beagle app gets from one file answering every id, and from a cart that a POST fills.
@Suite struct TemplateClientTests {
    static let files = [
        "screens/product/[id].json": Fixtures.text("Product {{request.params.id}} for {{request.headers.x-user}}"),
        "screens/cart.json": Fixtures.text("empty"),
        "screens/cart.post.json": Fixtures.text("added {{request.body.sku}} x{{request.body.qty}}"),
        "screens/cart-filled.json": Fixtures.text("cart: {{#repeat 2}}{{number}}{{^last}},{{/last}}{{/repeat}}"),
        "screens/beagle-mock.yml": CartScenario.config(),
    ]

    @Test func aTemplatedScreenDecodesWithTheRequestsValues() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let view = try Fixtures.clients(port: server.port).view
            let screen = try await view.fetch(url: "/product/42", additionalData: HttpAdditionalData(headers: ["X-User": "ann"]))
            #expect(Fixtures.text(of: screen) == "Product 42 for ann")
            let other = try await view.fetch(url: "/product/7")
            #expect(Fixtures.text(of: other) == "Product 7 for ")
        }
    }

    @Test func aPostMovesTheCartAndTheNextFetchShowsIt() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let view = try Fixtures.clients(port: server.port).view
            #expect(Fixtures.text(of: try await view.fetch(url: "/cart")) == "empty")
            let added = try await view.fetch(
                url: "/cart",
                additionalData: HttpAdditionalData(
                    method: .post, headers: ["Content-Type": "application/json"],
                    body: .dictionary(["sku": .string("book"), "qty": .int(2)])))
            #expect(Fixtures.text(of: added) == "added book x2")
            #expect(Fixtures.text(of: try await view.fetch(url: "/cart")) == "cart: 1,2")
        }
    }
}
