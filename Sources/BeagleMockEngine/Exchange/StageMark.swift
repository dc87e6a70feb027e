/// Which stage of which running timeline a request met (Docs/Timelines.md), as its journal entry
/// records it: `{"timeline": "tunnel", "index": 1, "name": "edge"}`. A class, so that a plan and a
/// journal entry hold one reference (none when no timeline runs) rather than its strings.
package final class StageMark: Sendable, Hashable, Codable {
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

    package static func == (left: StageMark, right: StageMark) -> Bool {
        left.timeline == right.timeline && left.index == right.index && left.name == right.name
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(timeline)
        hasher.combine(index)
        hasher.combine(name)
    }
}
