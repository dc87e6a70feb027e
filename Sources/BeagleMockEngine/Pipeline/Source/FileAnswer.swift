import BeagleMockHTTP
import HTTPTypes

/// The response a file of the folders gives: its validators and caching headers, 304 when the
/// client holds this version (Docs/ScreensFolder.md, "Caching"), Beagle 1.x's `beagle-hash`, and a
/// route rule's `response:` override for method files.
struct FileAnswer {
    let file: ServedFile
    let request: HTTPRequest
    /// Beagle's cache protocol, on for screens read with GET or HEAD when the config sets it.
    let beagleCache: BeagleCacheSettings?
    /// Another status and headers, for a method file.
    let override: ResponseOverride?

    var response: OutgoingResponse {
        let version = file.version
        let reads = request.method == .get || request.method == .head
        // Beagle 1.x's cache protocol: the body's hash, and 304 when the client holds it.
        let beagleCache = reads && file.isScreen ? self.beagleCache : nil
        var cacheControl: HTTPField?
        var beagleHash: HTTPField?
        if let beagleCache {
            let hash = version.hash.hex
            cacheControl = HTTPField(name: .cacheControl, value: "max-age=\(beagleCache.maxAgeSeconds)")
            beagleHash = HTTPField(name: .beagleHash, value: hash)
            if request.headerFields[.beagleHash] == hash {
                return notModified(cacheControl: cacheControl, beagleHash: beagleHash)
            }
        }
        if reads,
            ConditionalRequest.isNotModified(
                request, entityTag: version.entityTag.value, modifiedSeconds: file.isRendered ? nil : file.modifiedSeconds)
        {
            return notModified(cacheControl: cacheControl, beagleHash: beagleHash)
        }
        var response = OutgoingResponse(
            status: .ok, headers: version.fields(isScreen: file.isScreen, cacheControl: cacheControl, beagleHash: beagleHash),
            body: file.body)
        if let meter = file.meter { response.origin = .file(meter) }
        if let override {
            if let status = override.status { response.head.status = .standard(status) }
            for header in override.headers {
                if let name = HTTPField.Name(header.name) { response.head.headerFields[name] = header.value }
            }
        }
        return response
    }

    /// 304: the version's fields without its type, nor a body.
    private func notModified(cacheControl: HTTPField?, beagleHash: HTTPField?) -> OutgoingResponse {
        let fields = file.version.fields(
            isScreen: file.isScreen, cacheControl: cacheControl, beagleHash: beagleHash, withContentType: false)
        var response = OutgoingResponse(status: .notModified, headers: fields)
        if let meter = file.meter { response.origin = .file(meter) }
        return response
    }
}
