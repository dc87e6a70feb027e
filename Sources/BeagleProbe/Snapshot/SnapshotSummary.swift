import BeagleScreens

/// What `--save` wrote.
package struct SnapshotSummary: Sendable, Hashable {
    /// The snapshot folder, as given.
    package let directory: String
    /// Screens and lazy components written to `screens/`.
    package let screens: Int
    /// Images written (to `images/`, or as assets to `screens/`).
    package let images: Int
    /// Received screens and images of the BFF that could not be placed or written.
    package let notSaved: Int
    /// Images from other origins or `data:` URLs, which are not the BFF's to save.
    package let externalImages: Int
    /// The platform the screens were received for, and saved as plain files for.
    package let platform: BeaglePlatform
}
