import Foundation

/// HTTP Archive 1.2 (W3C Web Performance group's draft, as Chrome, Firefox, Charles, Proxyman,
/// mitmproxy and HTTP Toolkit write it): the format of a session going out of the journal and
/// coming into a screens folder (Docs/Sessions.md).
///
/// Written, every field HAR 1.2 requires is present (`-1` where a time or size is not known) and
/// the mock's own facts are in `_`-prefixed fields, as the format allows. Read, the decoder is
/// lenient the way real files need: a missing optional field takes its default, numbers may come
/// as text, and only what cannot be done without (an entry's request, its method and URL, the
/// response's status) is an error, whose coding path names the place.
package enum HAR {
    /// The version written.
    package static let version = "1.2"

    /// A whole file: `{"log": {…}}`.
    package struct File: Codable, Sendable, Equatable {
        package var log: Log

        package init(log: Log) { self.log = log }
    }

    /// The archive.
    package struct Log: Codable, Sendable, Equatable {
        package var version: String
        package var creator: Creator
        package var entries: [Entry]
        package var comment: String?

        package init(creator: Creator, entries: [Entry], comment: String? = nil) {
            self.version = HAR.version
            self.creator = creator
            self.entries = entries
            self.comment = comment
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decodeIfPresent(String.self, forKey: .version) ?? HAR.version
            creator = try container.decodeIfPresent(Creator.self, forKey: .creator) ?? Creator(name: "", version: "")
            entries = try container.decode([Entry].self, forKey: .entries)
            comment = try container.decodeIfPresent(String.self, forKey: .comment)
        }
    }

    /// The program that wrote the archive.
    package struct Creator: Codable, Sendable, Equatable {
        package var name: String
        package var version: String

        package init(name: String, version: String) {
            self.name = name
            self.version = version
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
            version = try container.decodeIfPresent(String.self, forKey: .version) ?? ""
        }
    }

    /// One exchange.
    package struct Entry: Codable, Sendable, Equatable {
        /// When the request started, ISO 8601 (`2026-11-29T10:00:00.123Z`).
        package var startedDateTime: String
        /// The whole exchange in milliseconds: the sum of the non-negative ``timings``.
        package var time: Double
        package var request: Request
        package var response: Response
        /// Always `{}`: nothing here comes from a cache.
        package var cache: Cache
        package var timings: Timings
        package var serverIPAddress: String?
        package var connection: String?
        package var comment: String?
        /// What beagle-mock did to the request; nil in archives written by other tools.
        package var mock: MockFacts?
        /// What the browser fetched (`_resourceType`: `document`, `xhr`, `image`, `websocket`…), as
        /// Chrome and HTTP Toolkit write it; read only, nil in the archives beagle-mock writes.
        package var resourceType: String?

        package init(
            startedDateTime: String, time: Double, request: Request, response: Response, timings: Timings,
            serverIPAddress: String? = nil, connection: String? = nil, comment: String? = nil, mock: MockFacts? = nil
        ) {
            self.startedDateTime = startedDateTime
            self.time = time
            self.request = request
            self.response = response
            self.cache = Cache()
            self.timings = timings
            self.serverIPAddress = serverIPAddress
            self.connection = connection
            self.comment = comment
            self.mock = mock
        }

        private enum CodingKeys: String, CodingKey {
            case startedDateTime, time, request, response, cache, timings, serverIPAddress, connection, comment
            case mock = "_mock"
            case resourceType = "_resourceType"
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            startedDateTime = try container.decodeIfPresent(String.self, forKey: .startedDateTime) ?? ""
            time = try container.lenientNumber(forKey: .time) ?? -1
            request = try container.decode(Request.self, forKey: .request)
            response = try container.decode(Response.self, forKey: .response)
            cache = Cache()
            timings = try container.decodeIfPresent(Timings.self, forKey: .timings) ?? Timings(send: 0, wait: -1, receive: 0)
            serverIPAddress = try container.decodeIfPresent(String.self, forKey: .serverIPAddress)
            connection = try? container.decodeIfPresent(String.self, forKey: .connection)
            comment = try container.decodeIfPresent(String.self, forKey: .comment)
            mock = try? container.decodeIfPresent(MockFacts.self, forKey: .mock)
            resourceType = try? container.decodeIfPresent(String.self, forKey: .resourceType)
        }
    }

    /// A request as sent.
    package struct Request: Codable, Sendable, Equatable {
        package var method: String
        /// The absolute URL, query included.
        package var url: String
        package var httpVersion: String
        package var cookies: [Cookie]
        package var headers: [NameValue]
        package var queryString: [NameValue]
        package var postData: PostData?
        /// `-1`: not measured.
        package var headersSize: Int
        /// The body's length in bytes, `0` for none.
        package var bodySize: Int
        package var comment: String?

        package init(
            method: String, url: String, httpVersion: String = "HTTP/1.1", headers: [NameValue],
            queryString: [NameValue], postData: PostData?, bodySize: Int
        ) {
            self.method = method
            self.url = url
            self.httpVersion = httpVersion
            self.cookies = []
            self.headers = headers
            self.queryString = queryString
            self.postData = postData
            self.headersSize = -1
            self.bodySize = bodySize
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            method = try container.decode(String.self, forKey: .method)
            url = try container.decode(String.self, forKey: .url)
            httpVersion = try container.decodeIfPresent(String.self, forKey: .httpVersion) ?? "HTTP/1.1"
            cookies = (try? container.decodeIfPresent([Cookie].self, forKey: .cookies)) ?? []
            headers = try container.decodeIfPresent([NameValue].self, forKey: .headers) ?? []
            queryString = try container.decodeIfPresent([NameValue].self, forKey: .queryString) ?? []
            postData = try container.decodeIfPresent(PostData.self, forKey: .postData)
            headersSize = Int(try container.lenientNumber(forKey: .headersSize) ?? -1)
            bodySize = Int(try container.lenientNumber(forKey: .bodySize) ?? -1)
            comment = try container.decodeIfPresent(String.self, forKey: .comment)
        }
    }

    /// A response as received.
    package struct Response: Codable, Sendable, Equatable {
        package var status: Int
        package var statusText: String
        package var httpVersion: String
        package var cookies: [Cookie]
        package var headers: [NameValue]
        package var content: Content
        package var redirectURL: String
        /// `-1`: not measured.
        package var headersSize: Int
        /// The body's length as sent, `-1` when not known (no status line went out).
        package var bodySize: Int
        package var comment: String?

        package init(
            status: Int, statusText: String, httpVersion: String = "HTTP/1.1", headers: [NameValue], content: Content,
            redirectURL: String = "", bodySize: Int, comment: String? = nil
        ) {
            self.status = status
            self.statusText = statusText
            self.httpVersion = httpVersion
            self.cookies = []
            self.headers = headers
            self.content = content
            self.redirectURL = redirectURL
            self.headersSize = -1
            self.bodySize = bodySize
            self.comment = comment
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard let status = try container.lenientNumber(forKey: .status) else {
                throw DecodingError.keyNotFound(
                    CodingKeys.status, .init(codingPath: container.codingPath, debugDescription: "a response needs a status"))
            }
            self.status = Int(status)
            statusText = try container.decodeIfPresent(String.self, forKey: .statusText) ?? ""
            httpVersion = try container.decodeIfPresent(String.self, forKey: .httpVersion) ?? "HTTP/1.1"
            cookies = (try? container.decodeIfPresent([Cookie].self, forKey: .cookies)) ?? []
            headers = try container.decodeIfPresent([NameValue].self, forKey: .headers) ?? []
            content =
                try container.decodeIfPresent(Content.self, forKey: .content)
                ?? Content(size: 0, mimeType: "", text: nil, encoding: nil)
            redirectURL = (try? container.decodeIfPresent(String.self, forKey: .redirectURL)) ?? ""
            headersSize = Int(try container.lenientNumber(forKey: .headersSize) ?? -1)
            bodySize = Int(try container.lenientNumber(forKey: .bodySize) ?? -1)
            comment = try container.decodeIfPresent(String.self, forKey: .comment)
        }
    }

    /// A header, a query parameter.
    package struct NameValue: Codable, Sendable, Equatable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A cookie: read, never written (the headers carry them whole).
    package struct Cookie: Codable, Sendable, Equatable {
        package var name: String
        package var value: String
    }

    /// A request's body.
    package struct PostData: Codable, Sendable, Equatable {
        package var mimeType: String
        /// The parameters of a form, as some tools write them beside ``text``; never written
        /// (HAR 1.2 has `params` and `text` exclude each other).
        package var params: [NameValue]?
        /// The body as text, or base64 when ``encoding`` says so.
        package var text: String
        /// `base64` for a body that is not UTF-8 text (`_encoding`: HAR 1.2 has no such field
        /// for a request body); nil for text.
        package var encoding: String?
        /// Whether ``text`` holds only the start of the body (`_cut`): the whole was longer than
        /// what was kept.
        package var cut: Bool?
        package var comment: String?

        package init(mimeType: String, text: String, encoding: String?, cut: Bool?) {
            self.mimeType = mimeType
            self.params = nil
            self.text = text
            self.encoding = encoding
            self.cut = cut
        }

        private enum CodingKeys: String, CodingKey {
            case mimeType, params, text, comment
            case encoding = "_encoding"
            case cut = "_cut"
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            mimeType = try container.decodeIfPresent(String.self, forKey: .mimeType) ?? ""
            params = try? container.decodeIfPresent([NameValue].self, forKey: .params)
            text = try container.decodeIfPresent(String.self, forKey: .text) ?? ""
            encoding = try container.decodeIfPresent(String.self, forKey: .encoding)
            cut = try container.decodeIfPresent(Bool.self, forKey: .cut)
            comment = try container.decodeIfPresent(String.self, forKey: .comment)
        }
    }

    /// A response's body.
    package struct Content: Codable, Sendable, Equatable {
        /// The body's length in bytes, whole (even when ``text`` is cut).
        package var size: Int
        package var compression: Int?
        package var mimeType: String
        /// The body as text, or base64 when ``encoding`` is `base64`; nil when none was kept.
        package var text: String?
        package var encoding: String?
        /// Whether ``text`` holds only the start of the body (`_cut`).
        package var cut: Bool?
        package var comment: String?

        package init(size: Int, mimeType: String, text: String?, encoding: String?, cut: Bool? = nil, comment: String? = nil) {
            self.size = size
            self.mimeType = mimeType
            self.text = text
            self.encoding = encoding
            self.cut = cut
            self.comment = comment
        }

        private enum CodingKeys: String, CodingKey {
            case size, compression, mimeType, text, encoding, comment
            case cut = "_cut"
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            size = Int(try container.lenientNumber(forKey: .size) ?? -1)
            compression = (try container.lenientNumber(forKey: .compression)).map { Int($0) }
            mimeType = try container.decodeIfPresent(String.self, forKey: .mimeType) ?? ""
            text = try container.decodeIfPresent(String.self, forKey: .text)
            encoding = try container.decodeIfPresent(String.self, forKey: .encoding)
            cut = try container.decodeIfPresent(Bool.self, forKey: .cut)
            comment = try container.decodeIfPresent(String.self, forKey: .comment)
        }
    }

    /// Always empty.
    package struct Cache: Codable, Sendable, Equatable {}

    /// Where the exchange's time went, in milliseconds; `-1` for a phase that does not apply.
    package struct Timings: Codable, Sendable, Equatable {
        package var blocked: Double?
        package var dns: Double?
        package var connect: Double?
        package var ssl: Double?
        package var send: Double
        /// From the request read to the response's first byte: beagle-mock's injected latency
        /// (``injectedLatency``) and the time it took to serve.
        package var wait: Double
        package var receive: Double
        /// The latency beagle-mock injected (`_injectedLatency`), part of ``wait``.
        package var injectedLatency: Double?

        package init(send: Double, wait: Double, receive: Double, injectedLatency: Double? = nil) {
            self.blocked = -1
            self.dns = -1
            self.connect = -1
            self.ssl = -1
            self.send = send
            self.wait = wait
            self.receive = receive
            self.injectedLatency = injectedLatency
        }

        private enum CodingKeys: String, CodingKey {
            case blocked, dns, connect, ssl, send, wait, receive
            case injectedLatency = "_injectedLatency"
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            blocked = try container.lenientNumber(forKey: .blocked)
            dns = try container.lenientNumber(forKey: .dns)
            connect = try container.lenientNumber(forKey: .connect)
            ssl = try container.lenientNumber(forKey: .ssl)
            send = try container.lenientNumber(forKey: .send) ?? 0
            wait = try container.lenientNumber(forKey: .wait) ?? -1
            receive = try container.lenientNumber(forKey: .receive) ?? 0
            injectedLatency = try container.lenientNumber(forKey: .injectedLatency)
        }
    }

    /// What beagle-mock did to a request (`_mock`), as its journal entry says.
    package struct MockFacts: Codable, Sendable, Equatable {
        /// The journal entry's id.
        package var id: Int
        /// The fault drawn (`status:503`, `reset`), nil when none was.
        package var fault: String?
        /// The route rule that matched (`/checkout/** [GET]`), nil when none did.
        package var rule: String?
        /// The stage of a running timeline the request met.
        package var stage: StageMark?
        /// How the exchange ended (`ok`, `clientGone`, …), nil while in flight.
        package var outcome: String?
        /// Whether the upstream answered.
        package var proxied: Bool
        /// The file the upstream's answer was saved as.
        package var recorded: String?
        /// Whether the request came over TLS.
        package var tls: Bool

        package init(
            id: Int, fault: String?, rule: String?, stage: StageMark?, outcome: String?, proxied: Bool, recorded: String?,
            tls: Bool
        ) {
            self.id = id
            self.fault = fault
            self.rule = rule
            self.stage = stage
            self.outcome = outcome
            self.proxied = proxied
            self.recorded = recorded
            self.tls = tls
        }
    }
}

extension KeyedDecodingContainer {
    /// A number written as a number or as text (`"12.5"`, as some tools write sizes); nil when
    /// absent or null.
    fileprivate func lenientNumber(forKey key: Key) throws -> Double? {
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return number }
        guard let text = try? decodeIfPresent(String.self, forKey: key) else {
            guard contains(key), (try? decodeNil(forKey: key)) != true else { return nil }
            throw DecodingError.typeMismatch(
                Double.self, .init(codingPath: codingPath + [key], debugDescription: "expected a number"))
        }
        guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else {
            throw DecodingError.typeMismatch(
                Double.self, .init(codingPath: codingPath + [key], debugDescription: "expected a number, got \"\(text)\""))
        }
        return number
    }
}
