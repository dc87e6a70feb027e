import Foundation
import HTTPTypes

/// The JSON body of every response the mock itself refuses or fails with, so that an app (and
/// Beagle's `onError`, which reads `data`) always gets JSON it can show.
struct ErrorBody: Encodable, Sendable {
    /// What went wrong, in words a developer can act on.
    var error: String
    /// The request path, as sent.
    var path: String?
    /// The method, where it matters (405).
    var method: String?
    /// The methods that would have been answered (405).
    var allowed: [String]?
    /// The closest routes that exist (404).
    var suggestions: [String]?
    /// The platforms whose variants answer the path, when the client's does not (404); the
    /// `beagle-platform` header picks one.
    var platforms: [String]?
    /// The file at fault, relative to its folder (a template that cannot be rendered).
    var file: String?
    /// The line in `file`, from 1.
    var line: Int?
    /// The column in that line, from 1.
    var column: Int?
    /// Set on faults injected on purpose, so that a test can tell them from real failures.
    var injected: Bool?

    /// The body as a response with `status`.
    func response(_ status: HTTPResponse.Status, headers: HTTPFields = [:]) -> OutgoingResponse {
        .json(status, json, headers: headers)
    }

    /// The body serialised.
    var json: String { Self.encode(self) }

    /// Any encodable value as compact JSON with sorted keys.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        guard let data = try? encoder.encode(value) else { return #"{"error":"unencodable error"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
