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

    /// The version of a body with `hash`, of type `contentType`.
    init(hash: ContentHash, contentType: String) {
        self.hash = hash
        self.entityTag = HTTPField(name: .eTag, value: hash.entityTag)
        self.contentType = HTTPField(name: .contentType, value: contentType)
    }

    /// Another body of the same type.
    func another(hash: ContentHash) -> BodyVersion {
        BodyVersion(hash: hash, contentType: contentType.value)
    }
}
