import Foundation

/// The differences between the head of the BFF's answer to a route and the folder's
/// (``HeadDifference``): the status; `Content-Type` by media type; `Cache-Control` as a set of
/// directives; `Vary` as a set of names; `Expires`, `ETag` and `beagle-hash` by presence.
///
/// `Vary: Accept-Encoding` is left out: it says a server or proxy compressed the body, and the
/// app reads the same JSON either way. `Last-Modified` and `Date` are not compared: the mock
/// dates its files, a BFF that builds its JSON seldom does, and neither changes what an app
/// keeps once `Cache-Control` is sent.
package enum HeadDiff {
    /// The differences between the BFF's `status` and `headers` and `folder`, in the order of
    /// ``HeadDifference/Field``.
    package static func differences(status: Int, headers bff: HeaderFields, folder: FolderHead) -> [HeadDifference] {
        var found: [HeadDifference] = []
        for field in HeadDifference.Field.allCases {
            guard let header = field.header else {
                if status != folder.status {
                    found.append(HeadDifference(field: .status, bff: String(status), folder: String(folder.status)))
                }
                continue
            }
            let bffValue = bff[header]
            let folderValue = folder.headers[header]
            if !same(field, bffValue, folderValue) {
                found.append(HeadDifference(field: field, bff: bffValue, folder: folderValue))
            }
        }
        return found
    }

    /// Whether two values of a header mean the same, as `field` compares them.
    static func same(_ field: HeadDifference.Field, _ bff: String?, _ folder: String?) -> Bool {
        switch field {
        case .status: bff == folder
        case .contentType: MediaType(bff) == MediaType(folder)
        case .cacheControl: CacheDirectives(bff) == CacheDirectives(folder)
        case .vary: varied(bff) == varied(folder)
        case .expires, .eTag, .beagleHash: (bff == nil) == (folder == nil)
        }
    }

    /// The header names a `Vary` value lists, lower-cased, without `accept-encoding`.
    static func varied(_ value: String?) -> Set<String> {
        let names = (value ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return Set(names.filter { !$0.isEmpty && $0 != "accept-encoding" })
    }
}
