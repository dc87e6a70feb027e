/// A screen as a few lines a person or an agent reads at a glance: one line a component, indented
/// by depth, with its type, `id`, texts, images and navigation targets (Docs/Agents.md,
/// `outline_screen`). `beaglePlatform` wrappers and plain data are left out.
///
/// ```
/// beagle:screenComponent  "Home"
///   beagle:container
///     beagle:text  "Welcome"
///     beagle:image  image /images/logo.png
///     beagle:button #buy  "Buy"  → /checkout
/// ```
package struct ScreenOutline: Sendable {
    /// The lines, without line ends.
    package private(set) var lines: [String] = []

    /// The outline of `root`.
    package init(_ root: JSONNode) {
        visit(root, depth: 0)
        if lines.isEmpty { lines = ["(no component)"] }
    }

    /// The lines joined, one a line.
    package var text: String { lines.joined(separator: "\n") }

    private static let componentKey = BeagleTypeKind.component.typeKey
    private static let actionKey = BeagleTypeKind.action.typeKey
    /// The keys whose strings are texts a person reads.
    private static let textKeys: Set<String> = ["text", "title", "placeholder", "message"]

    private mutating func visit(_ node: JSONNode, depth: Int) {
        switch node.value {
        case .object(let members):
            if let type = node[Self.componentKey]?.string {
                var line = String(repeating: "  ", count: depth) + type
                if let id = node["id"]?.string { line += " #" + id }
                var details: [String] = []
                describe(members, of: type.lowercased(), into: &details)
                if !details.isEmpty { line += "  " + details.joined(separator: "  ") }
                lines.append(line)
                for member in members { visit(member.value, depth: depth + 1) }
            } else {
                for member in members { visit(member.value, depth: depth) }
            }
        case .array(let elements):
            for element in elements { visit(element, depth: depth) }
        default:
            return
        }
    }

    /// A component's own texts, image and navigation targets: those of its members down to the
    /// next component.
    private func describe(_ members: [JSONMember], of type: String, into details: inout [String]) {
        for member in members {
            if Self.textKeys.contains(member.key), let text = member.value.string {
                details.append("\"\(text)\"")
            } else if type == "beagle:lazycomponent", member.key == "path", let path = member.value.string {
                details.append("loads " + path)
            } else if (type == "beagle:image" && member.key == "path") || member.key == "image" || member.key == "icon" {
                if let image = Self.image(member.value) { details.append("image " + image) }
            } else {
                collectActions(member.value, into: &details)
            }
        }
    }

    /// The navigation targets and request URLs of the actions inside `node`, down to the next
    /// component.
    private func collectActions(_ node: JSONNode, into details: inout [String]) {
        switch node.value {
        case .object(let members):
            if node[Self.componentKey] != nil { return }
            if let action = node[Self.actionKey]?.string {
                let route = node["route"]
                if let url = route?["url"]?.string ?? route?.string ?? node["url"]?.string {
                    details.append("\(Self.arrow(action)) \(url)")
                } else if route?["screen"] != nil {
                    details.append("\(Self.arrow(action)) (a screen of its own)")
                }
            }
            for member in members where member.key != "route" || node[Self.actionKey] == nil {
                collectActions(member.value, into: &details)
            }
        case .array(let elements):
            for element in elements { collectActions(element, into: &details) }
        default:
            return
        }
    }

    /// `→` for a navigation, the action's name otherwise (`beagle:sendRequest`).
    private static func arrow(_ action: String) -> String {
        ScreenReferences.navigationActions[action.lowercased()] != nil ? "→" : action
    }

    /// An image path's URL, its `mobileId`, a plain name or an expression.
    private static func image(_ node: JSONNode) -> String? {
        if let text = node.string { return text }
        return node["url"]?.string ?? node["mobileId"]?.string
    }
}
