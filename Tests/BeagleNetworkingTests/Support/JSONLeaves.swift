import BeagleNetworking
import Foundation

/// The leaves of a JSON tree by path (`$.child.navigationBar.navigationBarItems[0].text`), to
/// compare what a decode-then-encode kept: an empty object or array is a leaf of its own.
enum JSONLeaves {
    /// The leaves of `data`, each as a comparable string; type names are lower-cased, as the
    /// Coder writes them (Beagle matches them in any letter case).
    static func of(_ data: Data) throws -> [String: String] {
        var leaves: [String: String] = [:]
        collect(try JSONDecoder().decode(DynamicObject.self, from: data), at: "$", into: &leaves)
        return leaves
    }

    private static func collect(_ value: DynamicObject, at path: String, into leaves: inout [String: String]) {
        switch value {
        case .dictionary(let object):
            if object.isEmpty { leaves[path] = "{}" }
            for (key, child) in object {
                let childPath = "\(path).\(key)"
                if key == "_beagleComponent_" || key == "_beagleAction_", case .string(let name) = child {
                    leaves[childPath] = name.lowercased()
                } else {
                    collect(child, at: childPath, into: &leaves)
                }
            }
        case .array(let array):
            if array.isEmpty { leaves[path] = "[]" }
            for (index, child) in array.enumerated() {
                collect(child, at: "\(path)[\(index)]", into: &leaves)
            }
        // 30 and 30.0 are the same JSON number.
        case .int(let number): leaves[path] = "\(Double(number))"
        case .double(let number): leaves[path] = "\(number)"
        case .bool(let bool): leaves[path] = "\(bool)"
        case .string(let string), .expression(let string): leaves[path] = "\"\(string)\""
        case .empty: leaves[path] = "null"
        }
    }
}
