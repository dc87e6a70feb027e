/// One-shot HTTP requests over a fresh `RawConnection`, for tests that care about status,
/// headers and body rather than framing.
public enum HTTPProbe {
    /// Sends one request and reads one response; nil when none arrived within `timeout`. With
    /// `tls`, over TLS.
    public static func request(
        port: Int, method: String = "GET", target: String, headers: [(String, String)] = [], body: [UInt8] = [],
        timeout: Duration = .seconds(10), tls: TLSClientSide? = nil
    ) async throws -> RawHTTPResponse? {
        let connection = try await RawConnection.connect(port: port, tls: tls)
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try await connection.send(Array(head.utf8) + body)
        let response = await connection.readResponse(timeout: timeout, isHead: method == "HEAD")
        await connection.close()
        return response
    }
}
