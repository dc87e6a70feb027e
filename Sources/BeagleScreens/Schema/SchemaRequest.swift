/// What a request for the schema may ask, from the command line (`beagle-mock schema`) or the
/// admin API (`GET /__admin/schema.json`): a Beagle version and a format, of which there is one
/// each today. Anything else is refused with the choices named.
package enum SchemaRequest {
    /// The Beagle versions a schema describes, as they may be written.
    package static let versions = ["2", "2.x"]
    /// The formats a schema is written in.
    package static let formats = ["json"]

    /// Why `version` is not one the schema describes, or nil when it is.
    package static func versionProblem(_ version: String) -> String? {
        guard !versions.contains(version.lowercased()) else { return nil }
        return
            "unknown Beagle version '\(version.prefix(40))': the schema describes Beagle 2.x screens (give 2 or 2.x); Beagle 1.x screens are checked as 2.x reads them"
    }

    /// Why `format` is not one the schema is written in, or nil when it is.
    package static func formatProblem(_ format: String) -> String? {
        guard !formats.contains(format.lowercased()) else { return nil }
        return "unknown schema format '\(format.prefix(40))': the schema is written as JSON (json)"
    }
}
