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
        // Each name once, so appended rather than set.
        var headers = HTTPFields()
        // Room for these and those the later stages add (CORS, Date, Content-Length): growing
        // the storage one field at a time cost more than filling it.
        headers.reserveCapacity(12)
        let version = file.version
        headers.append(version.entityTag)
        if !file.isRendered { headers.append(file.lastModified) }
        let reads = request.method == .get || request.method == .head
        // Beagle 1.x's cache protocol: the body's hash, and 304 when the client holds it.
        let beagleCache = reads && file.isScreen ? self.beagleCache : nil
        headers.append(beagleCache.map { HTTPField(name: .cacheControl, value: "max-age=\($0.maxAgeSeconds)") } ?? Self.noCache)
        if file.isScreen { headers.append(Self.varyByPlatform) }
        if beagleCache != nil {
            let hash = version.hash.hex
            headers.append(HTTPField(name: .beagleHash, value: hash))
            if request.headerFields[.beagleHash] == hash {
                return OutgoingResponse(status: .notModified, headers: headers)
            }
        }
        if reads,
            ConditionalRequest.isNotModified(
                request, entityTag: version.entityTag.value, modifiedSeconds: file.isRendered ? nil : file.modifiedSeconds)
        {
            return OutgoingResponse(status: .notModified, headers: headers)
        }
        headers.append(version.contentType)
        var response = OutgoingResponse(status: .ok, headers: headers, body: file.body)
        if let override {
            if let status = override.status { response.head.status = .standard(status) }
            for header in override.headers {
                if let name = HTTPField.Name(header.name) { response.head.headerFields[name] = header.value }
            }
        }
        return response
    }

    // Fields every file answer has, made once.
    private static let noCache = HTTPField(name: .cacheControl, value: "no-cache")
    private static let varyByPlatform = HTTPField(name: .vary, value: "beagle-platform")
}
