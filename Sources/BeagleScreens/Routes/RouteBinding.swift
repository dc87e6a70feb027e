/// One reading of a request's route against the names of a screens folder: the stem of the
/// files to try (`product/[id]` for `/product/42`) and the values its `[name]` segments take
/// (`id` → `42`). Docs/ScreensFolder.md, "Path parameters".
package struct RouteBinding: Sendable, Hashable {
    /// The route's stem as the folder names it, without a leading `/` (`product/[id]`, empty
    /// for `/`).
    package let stem: String
    /// The value of each parameter: one decoded path segment per `[name]` of ``stem``.
    package let parameters: [String: String]
    /// Whether the last segment was matched by a `[name]` rather than by its own name: then only
    /// screen JSON answers (`[id].json`, `[id]/index.json`), never a file named `[id]` as an asset.
    package let endsInParameter: Bool

    /// A binding from the names chosen for each segment of `segments`; a chosen name that is a
    /// valid `[name]` binds the segment's value.
    init(names: [String], segments: [String], endsInParameter: Bool) {
        stem = names.joined(separator: "/")
        var parameters: [String: String] = [:]
        for (name, value) in zip(names, segments) {
            // A name used twice keeps the deeper value; `beagle-mock validate` reports the route.
            if let parameter = PathParameter.name(ofSegment: name) { parameters[parameter] = value }
        }
        self.parameters = parameters
        self.endsInParameter = endsInParameter
    }

    /// The route read by its own names only: what a folder without `[name]` entries tries.
    package static func exact(_ stem: String) -> RouteBinding {
        // Every request reads its route this way first: without a `[` nothing binds, and a stem
        // made by ``ScreenFolder/stem(ofPath:)`` is already its segments joined.
        if !stem.utf8.contains(UInt8(ascii: "[")), ScreenFolder.isPlain(stem, leadingSlash: false) {
            return RouteBinding(stem: stem, parameters: [:], endsInParameter: false)
        }
        let segments = RouteBinding.segments(ofStem: stem)
        return RouteBinding(names: segments, segments: segments, endsInParameter: false)
    }

    private init(stem: String, parameters: [String: String], endsInParameter: Bool) {
        self.stem = stem
        self.parameters = parameters
        self.endsInParameter = endsInParameter
    }

    /// The segments of a stem, split on the `/` scalar as ``ScreenFolder/stem(ofPath:)`` does.
    static func segments(ofStem stem: String) -> [String] {
        stem.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true).map { String($0) }
    }
}
