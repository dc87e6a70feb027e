import BeagleMockHTTP
import HTTPTypes

/// A body as it is sent: its hash, and the fields every answer that sends it carries, made once
/// (for a file's version, each of its platform renditions, or a rendering) rather than on every
/// request.
final class BodyVersion: Sendable {
    /// The hash of the bytes sent.
    let hash: ContentHash
    /// `ETag`: the hash as a strong entity tag.
    let entityTag: HTTPField
    /// `Content-Type`.
    let contentType: HTTPField
    /// `Last-Modified`: the file's time, for its bytes and their platform renditions; nil for a
    /// body rendered for one request, which another request may not get.
    let lastModified: HTTPField?
    /// The fields of the commonest answer, ``fields(isScreen:cacheControl:beagleHash:withContentType:)``
    /// with `no-cache` and a type, for an asset and for a screen: made with a file's version, as a
    /// field appended costs more than the whole list copied; nil for a rendering, sent once.
    private let plainFields: (asset: HTTPFields, screen: HTTPFields)?

    /// The version of a file's bytes with `hash`, of type `contentType`, last modified as
    /// `lastModified` says; nil for a body rendered for one request.
    init(hash: ContentHash, contentType: String, lastModified: HTTPField?) {
        let entityTag = HTTPField(name: .eTag, value: hash.entityTag)
        let type = HTTPField(name: .contentType, value: contentType)
        self.hash = hash
        self.entityTag = entityTag
        self.contentType = type
        self.lastModified = lastModified
        self.plainFields =
            lastModified == nil
            ? nil
            : (
                asset: Self.fields(entityTag, lastModified, Self.noCache, vary: nil, beagleHash: nil, type),
                screen: Self.fields(entityTag, lastModified, Self.noCache, vary: Self.varyByPlatform, beagleHash: nil, type)
            )
    }

    /// Another body of the same file: a platform rendition, with the file's `Last-Modified`.
    func rendition(hash: ContentHash) -> BodyVersion {
        BodyVersion(hash: hash, contentType: contentType.value, lastModified: lastModified)
    }

    /// Another body of the same type rendered for one request: no `Last-Modified`.
    func rendering(hash: ContentHash) -> BodyVersion {
        BodyVersion(hash: hash, contentType: contentType.value, lastModified: nil)
    }

    /// The fields of an answer that sends (or, for 304, stands for) this body, in the order they
    /// go out: `ETag`, `Last-Modified` when there is one, `Cache-Control`, `Vary: beagle-platform`
    /// for a screen, Beagle 1.x's `beagle-hash` when given, and `Content-Type` unless left out.
    func fields(isScreen: Bool, cacheControl: HTTPField? = nil, beagleHash: HTTPField? = nil, withContentType: Bool = true)
        -> HTTPFields
    {
        if let plainFields, cacheControl == nil, beagleHash == nil, withContentType {
            return isScreen ? plainFields.screen : plainFields.asset
        }
        return Self.fields(
            entityTag, lastModified, cacheControl ?? Self.noCache, vary: isScreen ? Self.varyByPlatform : nil,
            beagleHash: beagleHash, withContentType ? contentType : nil)
    }

    private static func fields(
        _ entityTag: HTTPField, _ lastModified: HTTPField?, _ cacheControl: HTTPField, vary: HTTPField?,
        beagleHash: HTTPField?, _ contentType: HTTPField?
    ) -> HTTPFields {
        var fields = HTTPFields()
        // Room for these and those the later stages add (CORS, Date, Content-Length): growing
        // the storage one field at a time cost more than filling it.
        fields.reserveCapacity(12)
        for field in [entityTag, lastModified, cacheControl, vary, beagleHash, contentType] {
            if let field { fields.append(field) }
        }
        return fields
    }

    // Fields of file answers, made once.
    private static let noCache = HTTPField(name: .cacheControl, value: "no-cache")
    private static let varyByPlatform = HTTPField(name: .vary, value: "beagle-platform")
}
