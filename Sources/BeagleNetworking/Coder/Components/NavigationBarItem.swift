/// A button on a navigation bar; a plain struct, not a registered component, so a type key on
/// it is ignored, as Beagle ignores it (Beagle iOS 2.x `NavigationBarItem`).
///
/// Beagle 2.x runs one `action`; Beagle's own test screens give `onPress`, a list: both are read
/// and written back. The image is an asset name, given as a string or as a local image path
/// (`{"_beagleImagePath_": "local", "mobileId": …}`, whose `mobileId` Beagle reads).
public struct NavigationBarItem: Codable, Sendable {
    /// An identifier.
    public var id: String?
    /// The `mobileId` of an asset shown instead of the text.
    public var image: String?
    /// The label (also its accessibility label when an image shows).
    public var text: String
    /// Run when pressed.
    @AutoCodable public var onPress: [any Action]?
    /// Run when pressed (Beagle 2.x's field).
    @AutoCodable public var action: (any Action)?
    /// What assistive technologies say.
    public var accessibility: Accessibility?

    // Whether `image` came as a local image path, so that it is written back in the same form.
    private var imageIsLocalPath = false

    /// Creates a navigation bar item.
    public init(
        id: String? = nil,
        image: String? = nil,
        text: String,
        onPress: [any Action]? = nil,
        accessibility: Accessibility? = nil,
        action: (any Action)? = nil
    ) {
        self.id = id
        self.image = image
        self.text = text
        self.onPress = onPress
        self.accessibility = accessibility
        self.action = action
    }

    private enum CodingKeys: String, CodingKey {
        case id, image, text, onPress, action, accessibility
    }

    private enum LocalImageKeys: String, CodingKey {
        case mobileId
    }

    /// Decodes the item; an image that is neither a string nor an object with `mobileId` is
    /// ignored, as Beagle's `try? nestedContainer` ignores it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        text = try container.decode(String.self, forKey: .text)
        _onPress = try container.decode(AutoCodable<[any Action]?>.self, forKey: .onPress)
        _action = try container.decode(AutoCodable<(any Action)?>.self, forKey: .action)
        accessibility = try container.decodeIfPresent(Accessibility.self, forKey: .accessibility)
        if let name = try? container.decodeIfPresent(String.self, forKey: .image) {
            image = name
        } else {
            let local = try? container.nestedContainer(keyedBy: LocalImageKeys.self, forKey: .image)
            image = try? local?.decodeIfPresent(String.self, forKey: .mobileId)
            imageIsLocalPath = image != nil
        }
    }

    /// Encodes the item, its image in the form it was decoded from (an asset name by default).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        if let image, imageIsLocalPath {
            try container.encode(Image.ImagePath.local(image), forKey: .image)
        } else {
            try container.encodeIfPresent(image, forKey: .image)
        }
        try container.encode(text, forKey: .text)
        try container.encode(_onPress, forKey: .onPress)
        try container.encode(_action, forKey: .action)
        try container.encodeIfPresent(accessibility, forKey: .accessibility)
    }
}
