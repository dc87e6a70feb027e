import BeagleMockEngine
import BeagleMockHTTP
import Foundation

/// The OpenAPI 3.1 document of the admin API, served at `GET /__admin/openapi.json`.
///
/// Written by hand in `openapi.json` beside this file (embedded in the binary when it is built), so
/// that its descriptions say what a user needs and tools read it as JSON: CI checks it with
/// openapi-spec-validator, `AdminAPITests` checks that it names every endpoint and method the
/// server answers, and CI runs schemathesis against a live server with it. The document describes
/// the server that serves it: the file says the bearer token is required, and on loopback, where
/// the token is optional, its top-level security gains an empty requirement.
enum OpenAPIDocument {
    /// What the file says in place of the server's version.
    static let versionMark = "\"version\": \"beagle-mock-version\""
    /// The file's top-level security requirement: the bearer token.
    static let tokenSecurity = "\n  \"security\": [{\"bearer\": []}],"
    /// The same where the token is optional.
    static let optionalTokenSecurity = "\n  \"security\": [{}, {\"bearer\": []}],"

    /// The document as it is in the file.
    static let file = String(decoding: PackageResources.openapi_json, as: UTF8.self)

    /// The document for a server whose admin API needs the token, and for one where it is open.
    private static let withToken = file.replacingOccurrences(
        of: versionMark, with: "\"version\": \"\(beagleMockVersion)\"")
    private static let open = withToken.replacingOccurrences(of: tokenSecurity, with: optionalTokenSecurity)

    /// The document as JSON text, for a server whose admin API has `access`.
    static func json(access: AdminAccess) -> String {
        access == .open ? open : withToken
    }
}
