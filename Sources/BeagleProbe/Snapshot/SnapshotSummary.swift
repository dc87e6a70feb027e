import BeagleScreens

/// What `--save` wrote.
public struct SnapshotSummary: Sendable, Hashable {
    /// The snapshot folder, as given.
    public let directory: String
    /// Screens and lazy components written to `screens/`.
    public let screens: Int
    /// Images written (to `images/`, or as assets to `screens/`).
    public let images: Int
    /// Received screens and images of the BFF that could not be placed or written.
    public let notSaved: Int
    /// Images from other origins or `data:` URLs, which are not the BFF's to save.
    public let externalImages: Int
    /// The platform the screens were received for, and saved as plain files for.
    public let platform: BeaglePlatform
}
