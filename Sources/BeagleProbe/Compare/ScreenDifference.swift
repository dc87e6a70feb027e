/// One way a screen the BFF answered differs from what the folder serves for the same route and
/// platform, with where it is on each side.
///
/// The BFF is the reference: `added` is on the BFF and not in the folder (the mock lacks it),
/// `removed` is in the folder and not on the BFF (the BFF no longer has it), `changed` is on
/// both with another value.
package struct ScreenDifference: Sendable, Hashable {
    /// What differs.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A component (`_beagleComponent_`): added, removed, or of another type.
        case component
        /// A navigation target: a navigation action's route, a `lazyComponent`'s `path`.
        case navigation
        /// An image: a remote image's `url`, a local image's `mobileId`.
        case image
        /// A text: `text`, `title` or `placeholder`.
        case text
        /// The whole body: one side is not JSON, and the bytes differ.
        case body

        /// How much a difference of this kind weighs when routes are ordered, biggest first.
        package var weight: Int {
            switch self {
            case .component, .body: 4
            case .navigation: 3
            case .image: 2
            case .text: 1
            }
        }
    }

    /// How it differs.
    package enum Change: String, Sendable, Hashable {
        /// On the BFF, not in the folder.
        case added
        /// In the folder, not on the BFF.
        case removed
        /// On both sides, with another value (another type, for a component).
        case changed

        /// The change between two sides, from which of them are there.
        package init(bff: (some Any)?, folder: (some Any)?) {
            self =
                switch (bff, folder) {
                case (.some, nil): .added
                case (nil, .some): .removed
                default: .changed
                }
        }
    }

    /// One side of a difference: where the value is, and what it is.
    package struct Side: Sendable, Hashable {
        /// Where the value is in that side's body (RFC 6901).
        package let pointer: JSONPointer
        /// The value: a component's type, a text, a URL or route, or what the body is.
        package let value: String

        /// A side at `pointer` holding `value`.
        package init(_ pointer: JSONPointer, _ value: String) {
            self.pointer = pointer
            self.value = value
        }
    }

    /// What differs.
    package let kind: Kind
    /// How it differs.
    package let change: Change
    /// The BFF's side, nil for something only the folder has.
    package let bff: Side?
    /// The folder's side, nil for something only the BFF has.
    package let folder: Side?

    /// A difference between `bff` and `folder`; the change follows from which sides are there.
    package init(_ kind: Kind, bff: Side?, folder: Side?) {
        self.kind = kind
        self.bff = bff
        self.folder = folder
        change = Change(bff: bff, folder: folder)
    }
}
