/// Why a fetched route or image cannot be saved into a screens folder that serves it back.
struct SnapshotRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason, in words.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
