/// The cart of Docs/Configuration.md's "Scenarios", for tests of scenarios: `POST /cart` moves
/// the `cart` scenario from `start` to `filled`, then `GET /cart` answers `cart-filled.json`.
public enum CartScenario {
    /// The two route rules, as the `routes:` entries of a `beagle-mock.yml` (indented for it).
    public static let rules = """
          - path: /cart
            methods: [POST]
            scenario: {name: cart, state: start, next: filled}
          - path: /cart
            methods: [GET]
            scenario: {name: cart, state: filled}
            file: cart-filled.json
        """

    /// A whole `beagle-mock.yml` with the two rules and `more` entries after them.
    public static func config(more: String = "") -> String {
        "routes:\n" + rules + (more.isEmpty ? "" : "\n" + more)
    }
}
