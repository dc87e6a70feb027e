import BeagleScreens
import Mustache

/// A JSON value of the request body as a template sees it (Docs/Templates.md, "Values"):
/// `request.body.a.b.0.c` walks objects by key and arrays by index; a value writes as its text
/// (an object or array as compact JSON, `null` as nothing); a section over an array repeats for
/// each element, over `false`, `null`, `""` or `[]` not at all, over anything else once.
struct TemplateJSON: MustacheParent, MustacheCustomRenderable, MustacheSequence {
    let node: JSONNode

    init(_ node: JSONNode) {
        self.node = node
    }

    func child(named name: String) -> Any? {
        switch node.value {
        case .object: return node[name].map(TemplateJSON.init)
        case .array(let elements):
            guard let index = Int(name), elements.indices.contains(index) else { return nil }
            return TemplateJSON(elements[index])
        case .string, .number, .bool, .null: return nil
        }
    }

    var renderText: String {
        switch node.value {
        case .object, .array: JSONWriter.compactString(node)
        case .string(let text), .number(let text): text
        case .bool(let value): value ? "true" : "false"
        case .null: ""
        }
    }

    var isNull: Bool { node.isNull }

    func makeIterator() -> IndexingIterator<[TemplateJSON]> {
        let items: [TemplateJSON] =
            switch node.value {
            case .array(let elements): elements.map(TemplateJSON.init)
            case .bool(false), .null: []
            case .string(let text) where text.isEmpty: []
            case .object, .string, .number, .bool: [self]
            }
        return items.makeIterator()
    }
}
