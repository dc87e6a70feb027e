/// An image from the app's assets or from a URL (`beagle:image`).
public struct Image: ServerDrivenComponent {
    /// Where the image comes from; may be an expression.
    public var path: Expression<ImagePath>
    /// How the image fits its view.
    public var mode: ImageContentMode?
    /// An identifier for actions that target this component.
    public var id: String?
    /// Layout and appearance.
    public var style: Style?
    /// What assistive technologies say.
    public var accessibility: Accessibility?

    /// Creates an image.
    public init(
        path: Expression<ImagePath>,
        mode: ImageContentMode? = nil,
        id: String? = nil,
        style: Style? = nil,
        accessibility: Accessibility? = nil
    ) {
        self.path = path
        self.mode = mode
        self.id = id
        self.style = style
        self.accessibility = accessibility
    }

    /// How an image is scaled into its view.
    public enum ImageContentMode: String, Codable, Sendable {
        /// Stretched to fill.
        case fitXY = "FIT_XY"
        /// Scaled to fit, keeping its aspect ratio.
        case fitCenter = "FIT_CENTER"
        /// Scaled to fill, keeping its aspect ratio, cropped.
        case centerCrop = "CENTER_CROP"
        /// Not scaled, centred.
        case center = "CENTER"
    }

    /// An image's source, told apart in JSON by `_beagleImagePath_`: `local` or `remote`.
    public enum ImagePath: Codable, Sendable, Hashable {
        /// A URL (or BFF path) the `ImageDownloader` fetches.
        case remote(Remote)
        /// An asset in the app, by its `mobileId`.
        case local(String)

        private enum CodingKeys: String, CodingKey {
            case type = "_beagleImagePath_"
            case mobileId
        }

        /// Decodes by `_beagleImagePath_`; any other value than `local` or `remote` throws.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let type = try container.decode(String.self, forKey: .type)
            switch type {
            case "local":
                self = .local(try container.decode(String.self, forKey: .mobileId))
            case "remote":
                self = .remote(try Remote(from: decoder))
            default:
                throw DecodingError.dataCorruptedError(
                    forKey: .type,
                    in: container,
                    debugDescription: "Invalid image type '\(type)': expected 'local' or 'remote'"
                )
            }
        }

        /// Encodes with its `_beagleImagePath_`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .remote(let remote):
                try container.encode("remote", forKey: .type)
                try remote.encode(to: encoder)
            case .local(let mobileId):
                try container.encode("local", forKey: .type)
                try container.encode(mobileId, forKey: .mobileId)
            }
        }
    }

    /// A remote image: its URL and the local asset shown while it loads or when it fails.
    public struct Remote: Codable, Sendable, Hashable {
        /// The image URL or BFF path (`/images/beach.jpg`); may be an expression.
        public var url: String
        /// The `mobileId` of the placeholder asset.
        public var placeholder: String?

        private enum CodingKeys: String, CodingKey {
            case url
            case placeholder
        }

        private enum PlaceholderKeys: String, CodingKey {
            case mobileId
        }

        /// Creates a remote image path.
        public init(url: String, placeholder: String? = nil) {
            self.url = url
            self.placeholder = placeholder
        }

        /// Decodes `url` and `placeholder.mobileId`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = try container.decode(String.self, forKey: .url)
            if container.contains(.placeholder), try !container.decodeNil(forKey: .placeholder) {
                let placeholderContainer = try container.nestedContainer(keyedBy: PlaceholderKeys.self, forKey: .placeholder)
                placeholder = try placeholderContainer.decodeIfPresent(String.self, forKey: .mobileId)
            }
        }

        /// Encodes `url` and `placeholder.mobileId`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(url, forKey: .url)
            if let placeholder {
                var placeholderContainer = container.nestedContainer(keyedBy: PlaceholderKeys.self, forKey: .placeholder)
                try placeholderContainer.encode(placeholder, forKey: .mobileId)
            }
        }
    }
}
