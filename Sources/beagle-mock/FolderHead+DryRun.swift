import BeagleMock
import BeagleProbe

extension FolderHead {
    /// The head of the folder's `answer` to a GET, its latency rule in the string form a config
    /// file may write it in, with the range the engine's spec usually draws.
    init(_ answer: FolderDryRun.Answer) {
        self.init(
            status: answer.status, headers: HeaderFields(answer.headers),
            latency: answer.latency.map { LatencyRule(written: $0.description, usualRange: $0.usualRange) })
    }
}
