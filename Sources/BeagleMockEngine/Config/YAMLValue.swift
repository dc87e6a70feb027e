import BeagleMockHTTP
import Yams

/// A YAML node with the key path that led to it, so that every error can say where it is
/// (`file:line:column`) and what it is (`routes[1].faults[0].rate`).
struct YAMLValue {
    /// The node.
    let node: Node
    /// The dotted path from the top of the file, like `routes[1].latency`.
    let path: String

    /// An error pointing at this node.
    func error(_ message: String) -> ConfigError {
        ConfigError(line: node.mark?.line, column: node.mark?.column, message: path.isEmpty ? message : "\(path): \(message)")
    }

    /// A spec error from parsing this node's text, placed on this node.
    func error(_ error: SpecError) -> ConfigError {
        self.error(error.message)
    }

    /// What kind of node this is, for "expected …, found …".
    var kind: String {
        switch node {
        case .scalar(let scalar):
            if node.null != nil, scalar.style == .plain || scalar.style == .any { return "nothing (null)" }
            return "a value"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    /// True for `~`, `null` and an empty value.
    var isNull: Bool {
        if case .scalar(let scalar) = node, node.null != nil, scalar.style == .plain || scalar.style == .any { return true }
        return false
    }

    /// The text of a scalar; refuses mappings, lists and null with the expected shape in the message.
    func scalar(expected: String) throws(ConfigError) -> String {
        guard case .scalar(let scalar) = node, !isNull else {
            throw error("expected \(expected), found \(kind)")
        }
        return scalar.string
    }

    /// Parses a scalar's text with a spec parser, placing its error on this node.
    func parseScalar<T>(expected: String, _ parse: (String) throws(SpecError) -> T) throws(ConfigError) -> T {
        let text = try scalar(expected: expected)
        do {
            return try parse(text)
        } catch {
            throw self.error(error)
        }
    }

    /// The items of a list; refuses anything else.
    func sequence(expected: String) throws(ConfigError) -> [YAMLValue] {
        guard case .sequence(let sequence) = node else {
            throw error("expected \(expected), found \(kind)")
        }
        return sequence.enumerated().map { YAMLValue(node: $1, path: "\(path)[\($0)]") }
    }

    /// The entries of a mapping, checking every key against `allowed` (with a "did you mean" for
    /// near misses) and refusing keys that are not plain strings.
    func mapping(expected: String, allowed: [String], misplaced: [String: String] = [:]) throws(ConfigError) -> YAMLMapping {
        guard case .mapping(let mapping) = node else {
            throw error("expected \(expected), found \(kind)")
        }
        var entries: [(key: String, keyValue: YAMLValue, value: YAMLValue)] = []
        for (keyNode, valueNode) in mapping {
            let keyValue = YAMLValue(node: keyNode, path: path)
            guard case .scalar(let keyScalar) = keyNode, !keyValue.isNull else {
                throw keyValue.error("a key must be a plain name, found \(keyValue.kind)")
            }
            let key = keyScalar.string
            guard allowed.contains(key) else {
                let quoted = SpecError.quote(key)
                if let note = misplaced[key] {
                    throw keyValue.error("unknown key \(quoted) here; \(note)")
                }
                if let suggestion = closestName(to: key, among: allowed) {
                    throw keyValue.error("unknown key \(quoted); did you mean \(suggestion)?")
                }
                throw keyValue.error("unknown key \(quoted); allowed keys are \(allowed.joined(separator: ", "))")
            }
            let childPath = path.isEmpty ? key : "\(path).\(key)"
            entries.append((key, keyValue, YAMLValue(node: valueNode, path: childPath)))
        }
        return YAMLMapping(value: self, entries: entries)
    }
}

/// A mapping whose keys have been checked.
struct YAMLMapping {
    /// The mapping node itself.
    let value: YAMLValue
    /// Entries in file order.
    let entries: [(key: String, keyValue: YAMLValue, value: YAMLValue)]

    /// The value under `key`, if present.
    subscript(key: String) -> YAMLValue? {
        entries.first { $0.key == key }?.value
    }

    /// The value under `key`, refusing its absence and an explicit null.
    func required(_ key: String, example: String) throws(ConfigError) -> YAMLValue {
        guard let found = self[key] else {
            throw value.error("missing \(key); write it like \(example)")
        }
        return found
    }

    /// The value under `key` when present; refuses an explicit null, which is usually an
    /// unfinished edit (say what you mean: `faults: []`, `latency: 0`…).
    func optional(_ key: String, clearHint: String? = nil) throws(ConfigError) -> YAMLValue? {
        guard let found = self[key] else { return nil }
        if found.isNull {
            let hint = clearHint.map { "; \($0)" } ?? "; give it a value or remove the key"
            throw found.error("has no value\(hint)")
        }
        return found
    }
}
