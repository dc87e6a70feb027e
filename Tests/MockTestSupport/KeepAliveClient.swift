import Foundation

/// Sequential HTTP/1.1 requests over one keep-alive connection. The server handles a connection's
/// requests one after the other, so a request sent after a response has been read sees everything
/// the server did for the earlier one (its journal entry completed, say).
public final class KeepAliveClient: Sendable {
    private let connection: RawConnection
    private let authority: String

    private init(connection: RawConnection, authority: String) {
        self.connection = connection
        self.authority = authority
    }

    /// Connects to `host:port`.
    public static func connect(host: String = "127.0.0.1", port: Int) async throws -> KeepAliveClient {
        KeepAliveClient(connection: try await RawConnection.connect(host: host, port: port), authority: "\(host):\(port)")
    }

    /// Sends one request and reads its response.
    public func request(
        _ method: String = "GET", _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) async throws -> RawHTTPResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(authority)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try await connection.send(Array(head.utf8) + body)
        guard let response = await connection.readResponse(isHead: method == "HEAD") else {
            throw KeepAliveClientError(message: "no response to \(method) \(target) (connection \(connection.ending))")
        }
        return response
    }

    /// Sends one request and decodes its JSON body as an object.
    public func json(
        _ method: String = "GET", _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) async throws -> (status: Int, object: [String: any Sendable]) {
        let response = try await request(method, target, headers: headers, body: body)
        return (response.status, try response.jsonObject())
    }

    /// Closes the connection.
    public func close() async {
        await connection.close()
    }
}

/// A request that got no response.
public struct KeepAliveClientError: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String

    /// An error saying `message`.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension RawHTTPResponse {
    /// The body as a JSON object; throws when it is not one.
    public func jsonObject() throws -> [String: any Sendable] {
        guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: any Sendable] else {
            throw KeepAliveClientError(message: "the body is not a JSON object: \(text.prefix(200))")
        }
        return object
    }
}
