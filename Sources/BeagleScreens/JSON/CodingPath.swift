extension Array where Element == any CodingKey {
    /// A decoder's coding path as a JSON path: `child.children[2].onPress[0]`, keys joined with
    /// `.` and array positions in brackets; empty at the root.
    package var jsonPath: String {
        var text = ""
        for key in self {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}
