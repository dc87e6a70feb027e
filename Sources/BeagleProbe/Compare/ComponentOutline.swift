import BeagleScreens

/// A component of a screen, reduced to what the drift check compares: its type and `id`, its
/// texts, images and navigation targets, and the components inside it, grouped by where they
/// are (`children`, `child`, a navigation's local `screen`…).
///
/// A component's own part is everything below it down to the next components: the actions it
/// runs and the plain objects it holds (a navigation bar, its items) belong to it. A document
/// whose root is not a component (a lazy fragment that is one, a screen that is not Beagle's)
/// is read the same way, its root standing for a component without a type.
struct ComponentOutline: Sendable {
    /// The components inside a component at one place, in order.
    struct Slot: Sendable {
        /// The path from the parent to the component or array of components (`/children`).
        let path: [String]
        /// The components there, in order.
        var children: [ComponentOutline]
    }

    /// Where the component is in the document.
    let pointer: JSONPointer
    /// `_beagleComponent_`, nil for a root that is not a component.
    let type: String?
    /// The component's `id`, when it is a string.
    let id: String?
    /// The component's JSON, compact: equal for components that are the same to the byte.
    let fingerprint: String
    /// Its texts, images and navigation targets, in document order.
    private(set) var fields: [OutlineField] = []
    /// The components inside it, by place, in document order.
    private(set) var slots: [Slot] = []

    /// The keys whose string values are texts a person reads: a text's or button's `text`, a
    /// navigation bar's or tab's `title`, a text input's `placeholder`.
    static let textKeys: Set<String> = ["text", "title", "placeholder"]

    /// The actions whose route is a navigation target, lower-cased as Beagle's Coder matches
    /// them, with the member that holds the target.
    static let navigationActions: [String: String] = [
        "beagle:pushview": "route", "beagle:pushstack": "route", "beagle:resetapplication": "route",
        "beagle:resetstack": "route", "beagle:poptoview": "route", "beagle:opennativeroute": "route",
        "beagle:openexternalurl": "url",
    ]

    /// The outline of the component at `node`, which is at `pointer` in its document.
    init(_ node: JSONNode, at pointer: JSONPointer = JSONPointer()) {
        self.pointer = pointer
        type = node[BeagleTypeKind.component.typeKey]?.string
        id = node["id"]?.string
        fingerprint = JSONWriter.compactString(node)
        walk(node, path: [], slot: [], isSelf: true)
    }

    /// Collects what `node`, at `path` below this component, holds: the fields of its objects,
    /// and the components below it into the slot `slot`.
    private mutating func walk(_ node: JSONNode, path: [String], slot: [String], isSelf: Bool) {
        switch node.value {
        case .object(let members):
            if !isSelf, node[BeagleTypeKind.component.typeKey]?.string != nil {
                let child = ComponentOutline(node, at: pointer.appending(path))
                if let index = slots.firstIndex(where: { $0.path == slot }) {
                    slots[index].children.append(child)
                } else {
                    slots.append(Slot(path: slot, children: [child]))
                }
                return
            }
            collectFields(of: node, at: path)
            for member in members {
                walk(member.value, path: path + [member.key], slot: path + [member.key], isSelf: false)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                walk(element, path: path + [String(index)], slot: path, isSelf: false)
            }
        case .string, .number, .bool, .null:
            break
        }
    }

    /// The texts, image and navigation target of the object at `path`.
    private mutating func collectFields(of object: JSONNode, at path: [String]) {
        guard let members = object.members else { return }
        for member in members where Self.textKeys.contains(member.key) {
            guard let text = member.value.string else { continue }
            let at = path + [member.key]
            fields.append(
                OutlineField(kind: .text, key: JSONPointer(at).description, pointer: pointer.appending(at), value: text))
        }
        let holder = JSONPointer(path).description
        if let imagePath = object["_beagleImagePath_"]?.string {
            let member = imagePath == "local" ? "mobileId" : "url"
            if let value = object[member]?.string {
                fields.append(
                    OutlineField(kind: .image, key: holder + "#image", pointer: pointer.appending(path + [member]), value: value))
            }
        }
        if let target = Self.navigationTarget(of: object) {
            fields.append(
                OutlineField(
                    kind: .navigation, key: holder + "#navigation", pointer: pointer.appending(path + target.path),
                    value: target.value))
        }
    }

    /// Where a navigation action, or a `lazyComponent`, goes: a remote route's `url`, a local
    /// route's screen (by its `identifier` or `id`), `popToView`'s route, a lazy component's
    /// `path`; with the path from the object to that value.
    static func navigationTarget(of object: JSONNode) -> (path: [String], value: String)? {
        if object[BeagleTypeKind.component.typeKey]?.string?.lowercased() == "beagle:lazycomponent",
            let path = object["path"]?.string
        {
            return (["path"], path)
        }
        guard let action = object[BeagleTypeKind.action.typeKey]?.string?.lowercased(),
            let member = navigationActions[action], let target = object[member]
        else { return nil }
        if let text = target.string { return ([member], text) }
        if let url = target["url"]?.string { return ([member, "url"], url) }
        if let screen = target["screen"], screen.members != nil {
            let name = screen["identifier"]?.string ?? screen["id"]?.string
            return ([member, "screen"], "local screen" + (name.map { " '\($0)'" } ?? ""))
        }
        return nil
    }
}
