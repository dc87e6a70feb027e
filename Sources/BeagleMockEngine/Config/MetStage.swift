/// The stage of a running timeline that a request met (Docs/Timelines.md): what its plan layers
/// over the base settings, and the mark its journal entry records.
package struct MetStage: Sendable, Hashable {
    /// Which timeline and stage, for the journal.
    package let mark: StageMark
    /// The stage.
    package let stage: Timeline.Stage

    package init(timeline: String, index: Int, stage: Timeline.Stage) {
        mark = StageMark(timeline: timeline, index: index, name: stage.name)
        self.stage = stage
    }
}
