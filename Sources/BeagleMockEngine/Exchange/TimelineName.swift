/// What a timeline's name may be (Docs/Timelines.md): what a flag, a header and a URL carry as is.
enum TimelineName {
    /// The longest name.
    static let limit = 64

    /// Refuses a name that is empty, longer than ``limit``, or holds anything but letters,
    /// digits, `-`, `_` and `.`.
    static func check(_ name: String) throws(SpecError) {
        let allowed = name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                true
            default: false
            }
        }
        guard !name.isEmpty, name.utf8.count <= limit, allowed else {
            throw SpecError(
                "timeline name \(SpecError.quote(name)) must be 1 to \(limit) letters, digits, '-', '_' or '.', like tunnel")
        }
    }
}
