import BeagleScreens
import Yams

/// The `beagle-mock.yml` an import writes (Docs/Sessions.md, "The rules"): its rules under
/// `routes:`, in the order that makes them answer as the session did (a route's platform variants
/// before its plain file), written through Yams so that every value is quoted as YAML needs.
enum ImportRuleFile {
    /// The file's text: a comment saying where it comes from, then the rules.
    static func text(rules: [ImportRule], comment: String) throws(ImportError) -> String {
        let routes = Node.sequence(Node.Sequence(rules.map(node), .implicit, .block))
        let root = Node.mapping(Node.Mapping([(key("routes"), routes)], .implicit, .block))
        let yaml: String
        do {
            yaml = try Yams.serialize(node: root, width: -1, allowUnicode: true)
        } catch {
            throw ImportError("the rules could not be written as YAML: \(error)")
        }
        let commented = comment.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 }
        return commented.joined(separator: "\n") + "\n" + yaml
    }

    /// One rule as a block mapping, its small values in flow style:
    /// `{path: /feed, methods: [GET], when: {…}, scenario: {…}, file: …, response: {…}, latency: 120ms}`.
    private static func node(_ rule: ImportRule) -> Node {
        var pairs: [(Node, Node)] = [
            (key("path"), text(rule.path)),
            (key("methods"), Node.sequence(Node.Sequence([plain(rule.method)], .implicit, .flow))),
        ]
        if let platform = rule.platform {
            // Whole-value match, in any letter case and with spaces around, as the server reads the header.
            let condition = flow([(key("matches"), text("(?i)\\s*\(platform.rawValue)\\s*"))])
            pairs.append((key("when"), flow([(key("headers"), flow([(key("beagle-platform"), condition)]))])))
        }
        if let step = rule.step {
            var scenario: [(Node, Node)] = [(key("name"), text(step.scenario)), (key("state"), text(step.state))]
            if let next = step.next { scenario.append((key("next"), text(next))) }
            pairs.append((key("scenario"), flow(scenario)))
        }
        if let file = rule.file { pairs.append((key("file"), text(file))) }
        if rule.status != nil || !rule.headers.isEmpty {
            var response: [(Node, Node)] = []
            if let status = rule.status { response.append((key("status"), plain("\(status)"))) }
            if !rule.headers.isEmpty {
                response.append((key("headers"), flow(rule.headers.map { (text($0.name), text($0.value)) })))
            }
            pairs.append((key("response"), flow(response)))
        }
        if let latency = rule.latency { pairs.append((key("latency"), plain("\(latency)ms"))) }
        return Node.mapping(Node.Mapping(pairs, .implicit, .block))
    }

    private static func key(_ name: String) -> Node { plain(name) }

    /// A value written as it is (a number, a duration, a key).
    private static func plain(_ value: String) -> Node { Node.scalar(Node.Scalar(value, .implicit, .plain)) }

    /// A string: plain where YAML reads it back as a string (Yams quotes it where its syntax needs),
    /// in double quotes where it could read as a number, a boolean or null (`"2"`, `"30"`, `"no"`).
    private static func text(_ value: String) -> Node {
        Node.scalar(Node.Scalar(value, .implicit, mayReadAsOtherThanText(value) ? .doubleQuoted : .any))
    }

    /// YAML 1.1's words for booleans and null.
    private static let words: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"]

    /// Whether a plain `value` could read as something else than a string: empty, one of YAML's
    /// words, or starting as a number does (a digit, a sign, a dot). A test of a few bytes instead
    /// of Yams' regular expressions, which took a tenth of an import of many rules.
    static func mayReadAsOtherThanText(_ value: String) -> Bool {
        guard let first = value.utf8.first else { return true }
        if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || "+-.".utf8.contains(first) { return true }
        return value.utf8.count <= 5 && words.contains(value.lowercased())
    }

    private static func flow(_ pairs: [(Node, Node)]) -> Node {
        Node.mapping(Node.Mapping(pairs, .implicit, .flow))
    }
}
