import Foundation
import HTTPTypes
import Synchronization

/// `--record-latency` (Docs/Proxy.md, "Keep the upstream's latency"): each route recorded gets a
/// route rule in the config file with the latency the upstream took to answer it, so that the
/// folder, served alone, feels like the real BFF.
///
/// The rule goes at the end of the file's `routes:` (the key is added when there is none), as one
/// line, `- {path: "/home", methods: [GET], latency: 143ms}`, so the rest of the file, comments
/// included, stays as it was. A route that a rule of the file already names for that method keeps
/// its rule. The new text is parsed before it is written and written whole (a temporary file,
/// then a rename), one addition at a time; the config reload then applies it.
final class RecordedLatencyRules: Sendable {
    /// The config file.
    let file: URL
    private let lock = Mutex(())

    init(file: URL) {
        self.file = file
    }

    /// What an addition did.
    enum Outcome: Sendable, Equatable {
        /// The rule, as written.
        case added(String)
        /// A rule of the file already applies to the route for the method (an added rule, last,
        /// would never be reached).
        case exists
        /// The file could not take the rule (why).
        case refused(String)
    }

    /// Adds a rule giving `method` requests to `path` a latency of `latency`.
    func add(method: HTTPRequest.Method, path: String, latency: Duration) -> Outcome {
        if path.contains(where: { "*[]{}".contains($0) }) {
            return .refused("the path holds a character route patterns read as a pattern")
        }
        let milliseconds = max(1, Int(AccessLog.millisecondsValue(latency).rounded()))
        let rule = #"{path: "\#(Self.escaped(path))", methods: [\#(method.rawValue)], latency: \#(milliseconds)ms}"#
        return lock.withLock { _ in
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if let current = try? ConfigLoader.parse(data: Data(text.utf8), file: file.path),
                current.routes.contains(where: { $0.applies(to: path, method: method) })
            {
                return .exists
            }
            guard let updated = Self.appending(rule, to: text) else {
                return .refused("its routes: is not a block list (write it as lines starting with -)")
            }
            do throws(ConfigError) {
                _ = try ConfigLoader.parse(data: Data(updated.utf8), file: file.path)
            } catch {
                return .refused("the file would not read: \(error.description)")
            }
            do {
                try Data(updated.utf8).write(to: file, options: .atomic)
            } catch {
                return .refused("writing it failed: \(error.localizedDescription)")
            }
            return .added(rule)
        }
    }

    /// `text` with `rule` as the last item of its `routes:`; nil when `routes:` is written in a
    /// way a line cannot be added to (a flow list with items).
    static func appending(_ rule: String, to text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let key = lines.firstIndex(where: { $0.hasPrefix("routes:") }) else {
            return (lines + ["routes:", "  - " + rule]).joined(separator: "\n") + "\n"
        }
        let value = lines[key].dropFirst("routes:".count).trimmingCharacters(in: .whitespaces)
        if value == "[]" || value == "~" || value == "null" {
            lines[key] = "routes:"
        } else if !value.isEmpty, !value.hasPrefix("#") {
            return nil
        }
        // The items: the lines after the key up to the next line at the left margin that is not a comment.
        var end = key + 1
        while end < lines.count,
            lines[end].isEmpty || lines[end].first == " " || lines[end].first == "#" || lines[end].hasPrefix("- ")
        {
            end += 1
        }
        var last = end
        while last > key + 1, lines[last - 1].trimmingCharacters(in: .whitespaces).isEmpty || lines[last - 1].first == "#" {
            last -= 1
        }
        let firstItem = lines[(key + 1)..<last].first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("- ") }
        let indent = firstItem.map { String($0.prefix { $0 == " " }) } ?? "  "
        lines.insert(indent + "- " + rule, at: last)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func escaped(_ path: String) -> String {
        path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}

extension RouteRule {
    /// Whether the rule is the first candidate for `method` requests to `path`, whatever their
    /// headers, query or body.
    fileprivate func applies(to path: String, method: HTTPRequest.Method) -> Bool {
        glob.matches(path: path) && (methods?.contains(method) ?? true)
    }
}
