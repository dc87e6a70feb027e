/// The HTTP methods a Beagle request can use (Beagle iOS 2.x, `HttpAdditionalData.swift`).
public enum HTTPMethod: String, Codable, Sendable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
    case head = "HEAD"
    case patch = "PATCH"
}
