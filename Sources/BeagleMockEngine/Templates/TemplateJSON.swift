import BeagleMockHTTP
import BeagleScreens
import Mustache

/// A JSON value of the request body as a template sees it (Docs/Templates.md, "Values"):
/// `request.body.a.b.0.c` walks objects by key and arrays by index; a value writes as its text
/// (an object or array as compact JSON, `null` as nothing); a section over an array repeats for
/// each element, over `false`, `null`, `""` or `[]` not at all, over anything else once.
struct TemplateJSON: MustacheParent, MustacheCustomRenderable, MustacheSequence {
    let node: JSONNode
    /// The name it was reached by, which a section over it is known by (``RenderMeter``).
    let key: String
    /// The rendering's meter: each element a section passes over, and each value written, is charged.
    let meter: RenderMeter

    init(_ node: JSONNode, key: String, meter: RenderMeter) {
        self.node = node
        self.key = key
        self.meter = meter
    }

    func child(named name: String) -> Any? {
        switch node.value {
        case .object: return node[name].map { TemplateJSON($0, key: name, meter: meter) }
        case .array(let elements):
            guard let index = Int(name), elements.indices.contains(index) else { return nil }
            return TemplateJSON(elements[index], key: name, meter: meter)
        case .string, .number, .bool, .null: return nil
        }
    }

    var renderText: String {
        guard meter.stopped == nil else { return "" }
        let text =
            switch node.value {
            case .object, .array: JSONWriter.compactString(node)
            case .string(let text), .number(let text): text
            case .bool(let value): value ? "true" : "false"
            case .null: ""
            }
        return meter.write(text) ?? ""
    }

    var isNull: Bool { node.isNull }

    func makeIterator() -> Iterator {
        let items: [JSONNode] =
            switch node.value {
            case .array(let elements): elements
            case .bool(false), .null: []
            case .string(let text) where text.isEmpty: []
            case .object, .string, .number, .bool: [node]
            }
        return Iterator(items: items, parent: self)
    }

    /// The elements a section passes over, each charged to the meter as the engine asks for it.
    struct Iterator: IteratorProtocol {
        let items: [JSONNode]
        let parent: TemplateJSON
        var index = 0

        mutating func next() -> TemplateJSON? {
            guard index < items.count, parent.meter.pass(parent.key) else { return nil }
            defer { index += 1 }
            return TemplateJSON(items[index], key: parent.key, meter: parent.meter)
        }
    }
}
