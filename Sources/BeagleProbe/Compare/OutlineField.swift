/// A value of a component that a person notices when it changes: a text, an image, or where a
/// navigation goes.
struct OutlineField: Sendable, Hashable {
    /// Text, image or navigation.
    let kind: ScreenDifference.Kind
    /// Which field of its component this is, the same on both sides for the same field: the
    /// path from the component to the value (`/onPress/0/route/url`), and for an image or a
    /// navigation the path to the object that holds it, so that a remote image turned local is
    /// one image changed rather than one removed and one added.
    let key: String
    /// Where the value is in the document.
    let pointer: JSONPointer
    /// The value: the text, URL, route or `mobileId`.
    let value: String
}
