import BeagleNetworking
import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A BFF in memory: a network client answering each path (with its query) from a table,
/// asynchronously as URLSession does, and counting what was asked.
final class FakeBFF: NetworkClientProtocol {
    /// What a path answers.
    enum Answer: Sendable {
        /// A response with this status, body and content type.
        case response(status: Int, body: Data, contentType: String)
        /// A transport failure.
        case failure(NetworkFailure)

        /// 200 with a JSON body.
        static func json(_ text: String) -> Answer {
            .response(status: 200, body: Data(text.utf8), contentType: "application/json")
        }

        /// 200 with bytes of a content type.
        static func bytes(_ data: Data, _ contentType: String = "image/png") -> Answer {
            .response(status: 200, body: data, contentType: contentType)
        }

        /// Another status with a JSON error body.
        static func status(_ code: Int) -> Answer {
            .response(status: code, body: Data(#"{"error": "status \#(code)"}"#.utf8), contentType: "application/json")
        }
    }

    /// The first bytes of a PNG file, enough for the probe to see an image.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])

    private let answers: [String: Answer]
    private let asked = Mutex<[String]>([])

    /// A BFF answering `answers` by path (`/home`, `/search?q=1`), 404 for anything else.
    init(_ answers: [String: Answer]) {
        self.answers = answers
    }

    /// Every path asked for, in order (with its query).
    var requests: [String] { asked.withLock { $0 } }

    /// Answers from the table, on a global queue.
    func executeRequest(_ request: Request, completion: @escaping RequestCompletion) -> (any RequestToken)? {
        let path = Self.pathAndQuery(of: request.url)
        asked.withLock { $0.append(path) }
        let urlRequest = URLRequest(url: request.url)
        let answer = answers[path] ?? .status(404)
        DispatchQueue.global().async {
            switch answer {
            case .response(let status, let body, let contentType):
                let response = HTTPURLResponse(
                    url: request.url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": contentType])
                guard let response else { return }
                if (200...299).contains(status) {
                    completion(.success(NetworkResponse(data: body, response: response)))
                } else {
                    completion(
                        .failure(
                            NetworkError(
                                error: NetworkFailure.httpStatus(code: status, body: body), data: body, request: urlRequest,
                                response: response)))
                }
            case .failure(let failure):
                completion(.failure(NetworkError(error: failure, request: urlRequest)))
            }
        }
        return nil
    }

    private static func pathAndQuery(of url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.path }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return components.percentEncodedQuery.map { path + "?" + $0 } ?? path
    }
}
