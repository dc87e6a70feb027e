import BeagleMockHTTP
import BeagleScreens

/// A route rule's `when:`: conditions on the query, the headers and a JSON body, all of which must
/// hold for the rule to match (Docs/Configuration.md, "Request matching").
package struct RequestMatch: Sendable, Hashable, CustomStringConvertible {
    /// One condition on one name (a query parameter, a header) or body path.
    package struct Entry: Sendable, Hashable {
        /// The query parameter or header name as written, or the dotted body path.
        package let name: String
        /// What it asks.
        package let condition: RequestCondition

        /// Creates an entry.
        package init(name: String, condition: RequestCondition) {
            self.name = name
            self.condition = condition
        }
    }

    /// `query:`, names compared exactly.
    package var query: [Entry] = []
    /// `headers:`, names compared case-insensitively.
    package var headers: [Entry] = []
    /// `body:`, dotted paths into a JSON body (`user.id`, `items.0.sku`).
    package var body: [Entry] = []

    /// Creates a match; no conditions always holds.
    package init(query: [Entry] = [], headers: [Entry] = [], body: [Entry] = []) {
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// Whether every condition holds for `facts`. The body is parsed only when a body condition
    /// asks, and a body that is not JSON fails every body condition (it is not an error: the next
    /// rule may match).
    package func holds(for facts: RequestFacts) -> Bool {
        for entry in query where !entry.condition.holds(for: facts.query.values(entry.name)) { return false }
        for entry in headers where !entry.condition.holds(for: facts.headerValues(entry.name)) { return false }
        guard !body.isEmpty else { return true }
        guard let json = facts.jsonBody() else { return false }
        for entry in body where !entry.condition.holds(forJSON: Self.value(at: entry.name, in: json)) { return false }
        return true
    }

    /// The value at a dotted path: object keys by name (the first member of that name), array
    /// items by a 0-based index; nil when the path leads nowhere.
    static func value(at path: String, in root: JSONValue) -> JSONValue? {
        var current = root
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            switch current {
            case .object(let members):
                guard let member = members.first(where: { $0.key == part }) else { return nil }
                current = member.value.value
            case .array(let items):
                guard part.allSatisfy(\.isASCIIDigit), let index = Int(part), index < items.count else { return nil }
                current = items[index].value
            default:
                return nil
            }
        }
        return current
    }

    /// `query.page="2" headers.x-tier={matches: "p.*"}`, for fingerprints.
    package var description: String {
        let parts =
            query.map { "query.\($0.name.debugDescription)=\($0.condition)" }
            + headers.map { "headers.\($0.name.lowercased().debugDescription)=\($0.condition)" }
            + body.map { "body.\($0.name.debugDescription)=\($0.condition)" }
        return parts.joined(separator: " ")
    }
}
