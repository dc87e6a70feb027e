/// Which stage of which running timeline a request met (Docs/Timelines.md), as its journal entry
/// records it: `{"timeline": "tunnel", "index": 1, "name": "edge"}`.
package struct StageMark: Sendable, Hashable, Codable {
    /// The timeline's name.
    package let timeline: String
    /// The stage's place in the timeline, from 0.
    package let index: Int
    /// The stage's label.
    package let name: String

    package init(timeline: String, index: Int, name: String) {
        self.timeline = timeline
        self.index = index
        self.name = name
    }
}
