import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// `when:` and `file:` errors in the config file, each at its line and column
/// (Docs/Configuration.md, "Request matching").
@Suite struct RequestMatchConfigTests {
    func error(_ yaml: String) throws -> ConfigError {
        try #require(throws: ConfigError.self) { try ConfigLoader.parse(yaml: yaml, file: "beagle-mock.yml") }
    }

    @Test func anUnknownConditionKindIsRefusedWhereItIs() throws {
        let found = try error("routes:\n  - path: /x\n    when: {cookies: {a: b}}\n")
        #expect(found.line == 3)
        #expect(found.column == 12)
        #expect(found.message.contains("unknown key \"cookies\""), "\(found)")
    }

    @Test func anUnknownConditionKeyIsRefused() throws {
        let found = try error("routes:\n  - path: /x\n    when:\n      query:\n        page: {matchez: \"[0-9]+\"}\n")
        #expect(found.line == 5)
        #expect(found.column == 16)
        #expect(found.description.hasPrefix("beagle-mock.yml:5:16: routes[0].when.query.page: unknown key \"matchez\""))
        #expect(found.message.contains("did you mean matches?"), "\(found)")
    }

    @Test func aRegexThatDoesNotCompileIsRefused() throws {
        let found = try error("routes:\n  - path: /x\n    when: {headers: {X-A: {matches: \"(unclosed\"}}}\n")
        #expect(found.line == 3)
        #expect(found.column == 37)
        #expect(found.message.contains("routes[0].when.headers.X-A.matches: regular expression \"(unclosed\" does not compile"))
    }

    @Test func bothMatchesAndPresentIsRefused() throws {
        let found = try error("routes:\n  - path: /x\n    when: {query: {a: {matches: x, present: true}}}\n")
        #expect(found.line == 3)
        #expect(found.message.contains("write one of matches or present"))
    }

    @Test(arguments: [
        ("/etc/passwd", "absolute path"), ("../secret.json", "leaves the screens folder"),
        ("carts/../../x.json", "leaves the screens folder"), (".hidden.json", "not a plain relative path"),
        ("a//b.json", "not a plain relative path"),
    ])
    func aFileOutsideTheFolderIsRefused(file: String, reason: String) throws {
        let found = try error("routes:\n  - path: /x\n    file: \"\(file)\"\n")
        #expect(found.line == 3)
        #expect(found.column == 11)
        #expect(found.message.contains("routes[0].file:"))
        #expect(found.message.contains(reason), "\(found)")
    }

    @Test func aValidRuleKeepsItsConditionsAndFile() throws {
        let config = try ConfigLoader.parse(
            yaml: """
                routes:
                  - path: /cart
                    methods: [GET]
                    when:
                      query: {page: "2"}
                      headers: {X-Tier: {present: true}}
                      body: {user.id: 7}
                    file: carts/filled.json
                """)
        let rule = try #require(config.routes.first)
        #expect(rule.file == "carts/filled.json")
        #expect(rule.fileLine == 8)
        #expect(rule.match?.query == [.init(name: "page", condition: .equals("2"))])
        #expect(rule.match?.headers == [.init(name: "X-Tier", condition: .present(true))])
        #expect(rule.match?.body == [.init(name: "user.id", condition: .equalsJSON(.number("7")))])
    }

    @Test func conditionsChangeTheFingerprintSoCountersRestart() throws {
        let plain = try ConfigLoader.parse(yaml: "routes:\n  - path: /a\n")
        let conditional = try ConfigLoader.parse(yaml: "routes:\n  - path: /a\n    when: {query: {a: \"1\"}}\n")
        #expect(plain.routes[0].fingerprint != conditional.routes[0].fingerprint)
    }
}
