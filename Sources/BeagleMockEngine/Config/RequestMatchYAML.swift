import BeagleMockHTTP
import Yams

/// Reads a route rule's `when:`, `file:` (Docs/Configuration.md, "Request matching") and
/// `scenario:` ("Scenarios"), each error placed on its node like every other config error.
enum RequestMatchYAML {
    /// The keys of `when:`.
    static let whenKeys = ["query", "headers", "body"]
    /// The keys of a condition written as a mapping.
    static let conditionKeys = ["matches", "present"]

    /// `when: {query: {…}, headers: {…}, body: {…}}`.
    static func match(from value: YAMLValue) throws(ConfigError) -> RequestMatch {
        let mapping = try value.mapping(
            expected: "conditions like {headers: {X-Tier: premium}, query: {page: \"2\"}}", allowed: whenKeys)
        var match = RequestMatch()
        if let query = try mapping.optional("query") {
            match.query = try entries(from: query, isBody: false, example: "query: {page: \"2\"}")
        }
        if let headers = try mapping.optional("headers") {
            match.headers = try entries(from: headers, isBody: false, example: "headers: {X-Tier: premium}")
        }
        if let body = try mapping.optional("body") {
            match.body = try entries(from: body, isBody: true, example: "body: {user.id: 42}")
        }
        return match
    }

    /// `scenario: {name: cart, state: start, next: filled}`; `state` defaults to start.
    static func scenario(from value: YAMLValue) throws(ConfigError) -> RouteScenario {
        let example = "scenario: {name: cart, state: start, next: filled}"
        let mapping = try value.mapping(
            expected: "a scenario like {name: cart, state: start, next: filled}",
            allowed: [
                "name", "state", "next",
            ])
        func text(_ found: YAMLValue) throws(ConfigError) -> String {
            let text = try found.scalar(expected: "a name like cart")
            guard !text.trimmingSpecWhitespace().isEmpty else { throw found.error("is empty; write a name, like \(example)") }
            return text
        }
        let name = try text(try mapping.required("name", example: example))
        let state = try mapping.optional("state").map { found throws(ConfigError) in try text(found) }
        let next = try mapping.optional("next").map { found throws(ConfigError) in try text(found) }
        return RouteScenario(name: name, state: state ?? RouteScenario.start, next: next)
    }

    /// `file: cart-filled.json`: a path relative to the screens folder that stays inside it.
    static func file(from value: YAMLValue) throws(ConfigError) -> String {
        let text = try value.scalar(expected: "a file of the screens folder like cart-filled.json")
        if text.hasPrefix("/") || text.hasPrefix("\\") {
            throw value.error(
                "\(SpecError.quote(text)) is an absolute path; name a file relative to the screens folder, like cart-filled.json")
        }
        let segments = text.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0 == ".." }) {
            throw value.error(
                "\(SpecError.quote(text)) leaves the screens folder with '..'; name a file inside it, like cart-filled.json")
        }
        if segments.contains(where: { $0.isEmpty || $0 == "." || $0.hasPrefix(".") }) || text.contains("\\") {
            throw value.error(
                "\(SpecError.quote(text)) is not a plain relative path (empty, '.', hidden or '\\' parts are never served); write it like carts/filled.json"
            )
        }
        return text
    }

    /// The `name: condition` entries of `query:`, `headers:` or `body:`.
    private static func entries(from value: YAMLValue, isBody: Bool, example: String) throws(ConfigError)
        -> [RequestMatch.Entry]
    {
        guard case .mapping(let mapping) = value.node else {
            throw value.error("expected names and conditions like \(example), found \(value.kind)")
        }
        var entries: [RequestMatch.Entry] = []
        for (keyNode, valueNode) in mapping {
            let keyValue = YAMLValue(node: keyNode, path: value.path)
            guard case .scalar(let keyScalar) = keyNode, !keyValue.isNull, !keyScalar.string.isEmpty else {
                throw keyValue.error("a name must be plain text, found \(keyValue.kind)")
            }
            let name = keyScalar.string
            let item = YAMLValue(node: valueNode, path: "\(value.path).\(name)")
            entries.append(RequestMatch.Entry(name: name, condition: try condition(from: item, isBody: isBody)))
        }
        return entries
    }

    /// A value, `{matches: REGEX}` or `{present: true|false}`.
    private static func condition(from value: YAMLValue, isBody: Bool) throws(ConfigError) -> RequestCondition {
        switch value.node {
        case .mapping:
            let mapping = try value.mapping(expected: "{matches: REGEX} or {present: true}", allowed: conditionKeys)
            guard mapping.entries.count == 1 else {
                throw value.error("write one of matches or present, like {matches: \"^p.*\"} or {present: true}")
            }
            if let matches = mapping["matches"] {
                return .matches(
                    try matches.parseScalar(expected: "a regular expression like ^[0-9]+$") { text throws(SpecError) in
                        try ConditionRegex(text)
                    })
            }
            let present = try mapping.required("present", example: "{present: true}")
            return .present(try ConfigLoader.bool(from: present))
        case .scalar(let scalar):
            if isBody { return .equalsJSON(bodyScalar(value, scalar)) }
            guard !value.isNull else {
                throw value.error("has no value; write the value to compare, {present: true} or {present: false}")
            }
            return .equals(scalar.string)
        case .sequence, .alias:
            throw value.error("expected a value, {matches: REGEX} or {present: true|false}, found \(value.kind)")
        }
    }

    /// A body scalar as JSON sees it: a plain `42` is a number, `true` a boolean, `null` null; a
    /// quoted scalar is always a string.
    private static func bodyScalar(_ value: YAMLValue, _ scalar: Node.Scalar) -> BodyScalar {
        guard scalar.style == .plain || scalar.style == .any else { return .string(scalar.string) }
        if value.isNull { return .null }
        if let bool = value.node.bool { return .bool(bool) }
        if value.node.int != nil || (value.node.float.map(\.isFinite) ?? false), Double(scalar.string) != nil {
            return .number(scalar.string)
        }
        return .string(scalar.string)
    }
}
