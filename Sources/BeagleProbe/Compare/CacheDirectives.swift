import Foundation

/// A `Cache-Control` value as a set of directives, so that order, letter case, spaces and quotes
/// do not count: `public, max-age=300` is `max-age="300", Public`.
struct CacheDirectives: Hashable {
    /// Each directive, `name` or `name=value`, lower-cased and unquoted.
    let directives: Set<String>

    /// The directives of `value`; none for nil.
    init(_ value: String?) {
        var directives: Set<String> = []
        for part in Self.split(value ?? "") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                directives.insert(trimmed.lowercased())
                continue
            }
            let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            var argument = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if argument.count >= 2, argument.hasPrefix("\""), argument.hasSuffix("\"") {
                argument = String(argument.dropFirst().dropLast())
            }
            directives.insert("\(name)=\(argument)".lowercased())
        }
        self.directives = directives
    }

    /// `value` cut at the commas outside quoted strings.
    private static func split(_ value: String) -> [Substring] {
        var parts: [Substring] = []
        var start = value.startIndex
        var quoted = false
        for index in value.indices {
            switch value[index] {
            case "\"": quoted.toggle()
            case "," where !quoted:
                parts.append(value[start..<index])
                start = value.index(after: index)
            default: break
            }
        }
        parts.append(value[start...])
        return parts
    }
}
