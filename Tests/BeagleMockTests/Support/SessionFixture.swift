import Foundation

@testable import BeagleMockEngine

/// A HAR archive made for a test, entry by entry, as the capture tools write one.
struct SessionFixture {
    var entries: [HAR.Entry] = []

    /// Adds an exchange: `body` as text, or as base64 when `base64`; `platform` as the request's
    /// `beagle-platform`; `wait` as `timings.wait`.
    @discardableResult
    mutating func add(
        _ method: String = "GET", _ url: String, platform: String? = nil, status: Int = 200, body: String? = "{}",
        mimeType: String = "application/json", headers: [(String, String)] = [], base64: Bool = false,
        bytes: [UInt8]? = nil, wait: Double = 20
    ) -> Self {
        var requestHeaders = [HAR.NameValue(name: "Accept", value: "application/json")]
        if let platform { requestHeaders.append(HAR.NameValue(name: "beagle-platform", value: platform)) }
        var responseHeaders = [HAR.NameValue(name: "Content-Type", value: mimeType)]
        responseHeaders += headers.map { HAR.NameValue(name: $0.0, value: $0.1) }
        let text: String?
        var encoding: String?
        if let bytes {
            text = Data(bytes).base64EncodedString()
            encoding = "base64"
        } else if base64, let body {
            text = Data(body.utf8).base64EncodedString()
            encoding = "base64"
        } else {
            text = body
        }
        let size = bytes?.count ?? body?.utf8.count ?? 0
        entries.append(
            HAR.Entry(
                startedDateTime: "2026-11-29T10:00:00.000Z", time: wait + 2,
                request: HAR.Request(
                    method: method, url: url, headers: requestHeaders, queryString: [],
                    postData: method == "GET"
                        ? nil : HAR.PostData(mimeType: "application/json", text: "{}", encoding: nil, cut: nil),
                    bodySize: method == "GET" ? 0 : 2),
                response: HAR.Response(
                    status: status, statusText: "", headers: responseHeaders,
                    content: HAR.Content(size: size, mimeType: mimeType, text: text, encoding: encoding), bodySize: size),
                timings: HAR.Timings(send: 1, wait: wait, receive: 1)))
        return self
    }

    /// The archive as JSON.
    var data: Data {
        get throws {
            try JSONEncoder().encode(HAR.File(log: HAR.Log(creator: HAR.Creator(name: "test", version: "1"), entries: entries)))
        }
    }

    /// Writes the archive as `name` in `folder`; returns its path.
    func write(in folder: String, as name: String = "session.har") throws -> String {
        let path = folder + "/" + name
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }
}

extension SessionFixture {
    /// Imports this archive (written to a temporary file) into `folder`.
    func imported(
        into folder: String, base: String? = nil, keepLatency: Bool = false, force: Bool = false, maxBodySize: Int = 16 << 20
    ) throws -> ImportReport {
        let archive = try write(in: FileManager.default.temporaryDirectory.path, as: "session-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(atPath: archive) }
        return try SessionImport(
            archive: archive, folder: folder, base: try base.map(ImportBaseURL.init(flag:)), keepLatency: keepLatency,
            force: force, maxBodySize: maxBodySize
        ).run()
    }
}
