/// The BFF whose answers become the folder (Docs/Sessions.md, "The base URL"): an origin and a
/// path prefix (`https://bff.example.com/api`), stripped from every URL below it, so that
/// `https://bff.example.com/api/home` is the route `/home`.
package struct ImportBaseURL: Sendable, Equatable, CustomStringConvertible {
    let origin: EntryURL.Origin
    /// The prefix's decoded segments, none for a base URL without a path.
    let prefix: [String]

    /// Reads `--base-url`: an `http` or `https` URL with a host, optionally a port and a path,
    /// without query or fragment.
    package init(flag text: String) throws(ImportError) {
        let example = "write it like https://bff.example.com or https://bff.example.com/api"
        let url: EntryURL
        switch EntryURL.parse(text) {
        case .success(let parsed): url = parsed
        case .failure(.notHTTP(let scheme)):
            throw ImportError.usage(
                "--base-url \(SpecError.quote(text)) is not an http or https URL\(scheme.isEmpty ? "" : " (\(scheme):)"); \(example)"
            )
        case .failure:
            throw ImportError.usage("--base-url \(SpecError.quote(text)) has no host or port that can be read; \(example)")
        }
        guard !text.contains("?"), !text.contains("#") else {
            throw ImportError.usage("--base-url \(SpecError.quote(text)) has a query or a fragment; \(example)")
        }
        let path: RequestPath
        do {
            path = try RequestPath(target: url.target)
        } catch {
            throw ImportError.usage("--base-url \(SpecError.quote(text)): \(error.description); \(example)")
        }
        self.init(origin: url.origin, prefix: path.segments)
    }

    init(origin: EntryURL.Origin, prefix: [String] = []) {
        self.origin = origin
        self.prefix = prefix
    }

    /// The origin that most entries went to (the first seen among equals), with its count; nil
    /// when no entry has an `http` or `https` URL.
    static func mostCommon(among urls: some Sequence<EntryURL>) -> (base: ImportBaseURL, count: Int)? {
        var counts: [EntryURL.Origin: Int] = [:]
        var order: [EntryURL.Origin] = []
        for url in urls {
            if counts[url.origin] == nil { order.append(url.origin) }
            counts[url.origin, default: 0] += 1
        }
        var best: (EntryURL.Origin, Int)?
        for origin in order {
            let count = counts[origin] ?? 0
            if count > best?.1 ?? 0 { best = (origin, count) }
        }
        return best.map { (ImportBaseURL(origin: $0.0), $0.1) }
    }

    /// The route of `path` (an entry's, at `origin`) below this base: the segments after the
    /// prefix, or nil when it is another origin or outside the prefix.
    func route(of path: RequestPath, at origin: EntryURL.Origin) -> [String]? {
        guard origin == self.origin, path.segments.starts(with: prefix) else { return nil }
        return Array(path.segments.dropFirst(prefix.count))
    }

    /// `https://bff.example.com/api`.
    package var description: String {
        origin.description + (prefix.isEmpty ? "" : "/" + prefix.joined(separator: "/"))
    }
}
