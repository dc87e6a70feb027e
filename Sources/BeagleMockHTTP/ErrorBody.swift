import Foundation
import HTTPTypes

/// The JSON body of every response the mock itself refuses or fails with, so that an app (and
/// Beagle's `onError`, which reads `data`) always gets JSON it can show.
package struct ErrorBody: Encodable, Sendable {
    /// What went wrong, in words a developer can act on.
    package var error: String
    /// The request path, as sent.
    package var path: String?
    /// The method, where it matters (405).
    package var method: String?
    /// The methods that would have been answered (405).
    package var allowed: [String]?
    /// The closest routes that exist (404).
    package var suggestions: [String]?
    /// The platforms whose variants answer the path, when the client's does not (404); the
    /// `beagle-platform` header picks one.
    package var platforms: [String]?
    /// The file at fault, relative to its folder (a template that cannot be rendered).
    package var file: String?
    /// The line in `file`, from 1.
    package var line: Int?
    /// The column in that line, from 1.
    package var column: Int?
    /// Set on faults injected on purpose, so that a test can tell them from real failures.
    package var injected: Bool?

    /// A body that says `error`, with what else is known.
    package init(
        error: String, path: String? = nil, method: String? = nil, allowed: [String]? = nil, suggestions: [String]? = nil,
        platforms: [String]? = nil, file: String? = nil, line: Int? = nil, column: Int? = nil, injected: Bool? = nil
    ) {
        self.error = error
        self.path = path
        self.method = method
        self.allowed = allowed
        self.suggestions = suggestions
        self.platforms = platforms
        self.file = file
        self.line = line
        self.column = column
        self.injected = injected
    }

    /// The body serialised.
    package var json: String { Self.encode(self) }

    /// Any encodable value as compact JSON with sorted keys.
    package static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        guard let data = try? encoder.encode(value) else { return #"{"error":"unencodable error"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
