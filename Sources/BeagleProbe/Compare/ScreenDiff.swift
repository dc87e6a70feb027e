import BeagleScreens
import Foundation

/// The differences between a screen the BFF answered and the one the folder serves: components
/// added, removed or of another type, and texts, images and navigation targets changed, each
/// with its JSON Pointer on both sides.
///
/// The two component trees are walked together from their roots; the components at each place
/// of a pair are aligned by ``SiblingAlignment``. A component added, removed or of another
/// type is one difference, whatever it holds. Other fields (style, context, actions' other settings) are
/// not compared. Bodies that are not both JSON are compared as bytes.
package enum ScreenDiff {
    /// The differences between the BFF's body and the folder's, components first, then
    /// navigation targets, images and texts, each kind in the BFF's document order.
    package static func differences(bff: Data, folder: Data) -> [ScreenDifference] {
        let reader = JSONReader()
        guard let bffRoot = try? reader.parse(bff), let folderRoot = try? reader.parse(folder) else {
            guard bff != folder else { return [] }
            return [
                ScreenDifference(
                    .body, bff: .init(JSONPointer(), describe(bff)), folder: .init(JSONPointer(), describe(folder)))
            ]
        }
        var found: [ScreenDifference] = []
        compare(ComponentOutline(bffRoot), ComponentOutline(folderRoot), into: &found)
        let kinds = ScreenDifference.Kind.allCases
        return found.enumerated().sorted { left, right in
            let leftKind = kinds.firstIndex(of: left.element.kind) ?? 0
            let rightKind = kinds.firstIndex(of: right.element.kind) ?? 0
            return (leftKind, left.offset) < (rightKind, right.offset)
        }.map(\.element)
    }

    /// What a body is, for a difference of bodies.
    private static func describe(_ body: Data) -> String {
        (try? JSONReader().parse(body)) == nil ? "not JSON (\(body.count) bytes)" : "JSON (\(body.count) bytes)"
    }

    /// The differences between two components that stand for each other, and below them.
    private static func compare(_ bff: ComponentOutline, _ folder: ComponentOutline, into found: inout [ScreenDifference]) {
        if bff.type != folder.type {
            found.append(
                ScreenDifference(
                    .component, bff: .init(bff.pointer, bff.type ?? "no type"),
                    folder: .init(folder.pointer, folder.type ?? "no type")))
            return
        }
        compareFields(bff.fields, folder.fields, into: &found)
        var places = bff.slots.map(\.path)
        for slot in folder.slots where !places.contains(slot.path) { places.append(slot.path) }
        for place in places {
            let bffChildren = bff.slots.first { $0.path == place }?.children ?? []
            let folderChildren = folder.slots.first { $0.path == place }?.children ?? []
            for step in SiblingAlignment.align(bffChildren, folderChildren) {
                switch step {
                case .paired(let bffIndex, let folderIndex):
                    compare(bffChildren[bffIndex], folderChildren[folderIndex], into: &found)
                case .onlyOnBFF(let index):
                    let child = bffChildren[index]
                    found.append(ScreenDifference(.component, bff: .init(child.pointer, child.type ?? "no type"), folder: nil))
                case .onlyInFolder(let index):
                    let child = folderChildren[index]
                    found.append(ScreenDifference(.component, bff: nil, folder: .init(child.pointer, child.type ?? "no type")))
                }
            }
        }
    }

    /// Texts, images and navigation targets of one component, matched by their key.
    private static func compareFields(_ bff: [OutlineField], _ folder: [OutlineField], into found: inout [ScreenDifference]) {
        var folderByKey: [String: OutlineField] = [:]
        for field in folder { folderByKey[field.key] = field }
        var bffKeys: Set<String> = []
        for field in bff {
            bffKeys.insert(field.key)
            guard let other = folderByKey[field.key] else {
                found.append(ScreenDifference(field.kind, bff: .init(field.pointer, field.value), folder: nil))
                continue
            }
            if other.value != field.value {
                found.append(
                    ScreenDifference(
                        field.kind, bff: .init(field.pointer, field.value), folder: .init(other.pointer, other.value)))
            }
        }
        for field in folder where !bffKeys.contains(field.key) {
            found.append(ScreenDifference(field.kind, bff: nil, folder: .init(field.pointer, field.value)))
        }
    }
}
