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
        var headers = HTTPFields()
        headers[.eTag] = file.hash.entityTag
        if !file.isRendered { headers[.lastModified] = file.lastModified }
        headers[.cacheControl] = "no-cache"
        if file.isScreen { headers[.vary] = "beagle-platform" }
        let reads = request.method == .get || request.method == .head
        if reads, file.isScreen, let beagleCache {
            // Beagle 1.x's cache protocol: the body's hash, and 304 when the client holds it.
            headers[.beagleHash] = file.hash.hex
            headers[.cacheControl] = "max-age=\(beagleCache.maxAgeSeconds)"
            if request.headerFields[.beagleHash] == file.hash.hex {
                return OutgoingResponse(status: .notModified, headers: headers)
            }
        }
        if reads,
            ConditionalRequest.isNotModified(
                request, entityTag: file.hash.entityTag, modifiedSeconds: file.isRendered ? nil : file.modifiedSeconds)
        {
            return OutgoingResponse(status: .notModified, headers: headers)
        }
        headers[.contentType] = file.contentType
        var response = OutgoingResponse(status: .ok, headers: headers, body: file.body)
        if let override {
            if let status = override.status { response.head.status = .standard(status) }
            for header in override.headers {
                if let name = HTTPField.Name(header.name) { response.head.headerFields[name] = header.value }
            }
        }
        return response
    }
}
