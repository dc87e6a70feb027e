import ArgumentParser
import BeagleMock
import BeagleProbe
import BeagleScreens
import Foundation

/// `beagle-mock probe`: crawls a BFF (this mock or a real one) with the client library and
/// reports what every screen and image gave; `--save` snapshots it as a screens folder.
struct ProbeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Crawl a BFF with the client library: every screen decodes, every route resolves, every image downloads.",
        usage: "beagle-mock probe <url> [<options>]",
        discussion: """
            Examples:
              beagle-mock probe http://127.0.0.1:8080/home
              beagle-mock probe https://bff.example.com/home --depth 5 \\
                  --header 'Authorization: Bearer abc'
              beagle-mock probe http://127.0.0.1:8080/home --platform ANDROID \\
                  --format json > report.json
              beagle-mock probe https://bff.example.com/home --save snapshot
              beagle-mock serve snapshot/screens
              beagle-mock probe https://bff.example.com/home --compare screens
              beagle-mock probe https://bff.example.com/home --compare screens --format json
              beagle-mock probe https://bff.example.com/home --compare screens --tries 20

            Starts at URL (the base URL is its scheme, host and port; the first route its path) and \
            fetches each screen through BeagleNetworking's ViewClient, as Beagle iOS does, decoding it \
            with the Coder. From the JSON received it follows pushView, pushStack, resetApplication and \
            resetStack routes breadth-first up to --depth navigation steps, fetches lazy components \
            with their screen, and downloads every remote image through the image downloader. Only \
            BFF paths (/…) and URLs on the same origin are followed as screens; expressions (@{…}) \
            are skipped; sendRequest and submitForm are never sent; images are downloaded wherever \
            they are.

            A fetch fails on a network error (timeout, connection reset, empty, truncated or \
            malformed response), a status outside 2xx, a screen that is not JSON or does not \
            decode, a component or action type Beagle does not know (custom: types are only a \
            warning), or bytes that are no image format. Exit code 1 when anything failed, 0 \
            otherwise, 2 for a usage error.

            Progress goes to standard error: one line rewritten in place on a terminal, one line \
            per fetch otherwise. The report goes to standard output: a table, or with --format \
            json one object {"results": […], "notFollowed": […], "summary": {…}, …}.

            --save DIR writes what was received as a screens folder: DIR/screens/<route>.json \
            (/ is index.json, /catalog is catalog.json beside catalog/) with the exact bytes \
            received for --platform, as plain files, and DIR/images/<path> for /images/<path>; \
            other images of the BFF become assets at their path in DIR/screens. Each file is \
            written atomically. `beagle-mock serve DIR/screens` then serves the same bytes.

            --compare DIR crawls the same way, then compares each screen and lazy component the \
            BFF answered with what `beagle-mock serve DIR` would answer for the same route and \
            platform (the mock's route resolution and beaglePlatform filtering; a template, \
            rendered per request, is listed as not compared). It reports routes on one side \
            only (the BFF answered and the folder has no file; the folder has a file and the \
            BFF answered 404), the folder's routes the crawl did not reach, and per route: \
            components added, removed or of another type, texts, images and navigation targets \
            changed, each with its JSON Pointer (RFC 6901) on the BFF and in the folder. The \
            BFF is the reference: added means on the BFF only, removed in the folder only. \
            Components are matched by id when both sides have it, else in order among their \
            siblings, keeping the most of them paired. Per route it also compares the head of \
            the answer with what `serve DIR` sends the same request (its route rules included): \
            the status, the media type of Content-Type (charset aside), Cache-Control's \
            directives, Vary's names (Accept-Encoding aside), and whether Expires, ETag and \
            beagle-hash are sent. With --tries N (default 5), each compared route is fetched \
            N times in all: after the crawl's fetch, N-1 more are timed, one after the other, \
            and their p50 and p95 are printed beside the folder's latency rule for the route \
            (its route rule's, else the file's top level; a profile's included). A p95 outside \
            the rule's range, give or take 20 % of its upper end (at least 10 ms), is a drift; \
            a BFF slower than 100 ms where the folder sets no latency is said, not counted. \
            --tries 1 times \
            nothing. With --format json: one object {"tries", "onlyOnBFF", "onlyInFolder", \
            "routes": [{"route", "status", "folderStatus", "head": [{"field", "change", \
            "bff", "folder"}], "differences": [{"kind", "change", "bff": {"pointer", \
            "value"}, "folder": {…}}], "latency": {"fetches", "failures", "p50Ms", "p95Ms", \
            "rule", "ruleRangeMs", "toleranceMs", "verdict"}}], "notReached", "notCompared", \
            "failedOnBFF", "summary"}. Exit code 0 when they agree, 1 when they differ \
            (bodies, heads or latency), 2 when DIR is not a screens folder, its \
            beagle-mock.yml does not load, or the BFF fails (no answer, or a status other than \
            2xx and 404), said in one line on standard error. Progress shows only on a \
            terminal.
            """
    )

    /// How to print the report.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: ArgumentHelp("The first screen's URL, e.g. http://127.0.0.1:8080/home.", valueName: "url"))
    var url: String

    @Option(help: "How many navigation steps to follow from the first screen (0: that screen only).")
    var depth: Int = ProbeConfiguration.defaultDepth

    @Option(
        name: .customLong("header"),
        help: ArgumentHelp("A header sent with every request, 'Name: value' (repeat for more).", valueName: "header"))
    var headers: [String] = []

    @Option(
        help: "The beagle-platform header: IOS (as Beagle iOS sends), ANDROID or WEB.",
        completion: .list(BeaglePlatform.requestPlatforms.map(\.rawValue)))
    var platform: String = BeaglePlatform.ios.rawValue

    @Option(help: "How long one request may take: 500ms, 10s, 1m.")
    var timeout: String = "10s"

    @Option(
        help: ArgumentHelp(
            "The largest response body read, like 64MiB (default 16MiB): a larger one fails there instead of filling the memory.",
            valueName: "size"))
    var maxBodySize: String = "16MiB"

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Option(
        help: ArgumentHelp("Save what was crawled as a screens folder in this directory.", valueName: "dir"),
        completion: .directory)
    var save: String?

    @Option(
        help: ArgumentHelp(
            "Compare what the BFF answers with what this screens folder serves (exit 1 when they differ).",
            valueName: "dir"),
        completion: .directory)
    var compare: String?

    @Option(
        help: ArgumentHelp(
            "With --compare: how many times each compared route is fetched from the BFF (default 5); the fetches after the crawl's are timed, their p50 and p95 set beside the folder's latency rule (1: none).",
            valueName: "n"))
    var tries: Int?

    /// How many times `--compare` fetches each compared route when `--tries` is not given.
    static let defaultTries = 5
    /// The most `--tries` may ask for.
    static let maximumTries = 100

    mutating func validate() throws {
        _ = try probeConfiguration()
        if save != nil, compare != nil {
            throw ValidationError("--save and --compare go in separate runs: compare first, then --save to refresh the folder")
        }
        if let tries {
            guard compare != nil else { throw ValidationError("--tries times the routes --compare compares; add --compare DIR") }
            guard (1...Self.maximumTries).contains(tries) else {
                throw ValidationError("--tries must be from 1 (no timing) to \(Self.maximumTries), like 5")
            }
        }
    }

    /// The configuration the flags describe; an invalid flag is a usage error.
    func probeConfiguration() throws -> ProbeConfiguration {
        guard let platform = BeaglePlatform(headerValue: platform) else {
            throw ValidationError("--platform '\(platform)' is not IOS, ANDROID or WEB")
        }
        let timeout: Duration
        do {
            timeout = try Duration(spec: self.timeout)
        } catch {
            throw ValidationError("--timeout: \(error.description)")
        }
        guard timeout > .zero else { throw ValidationError("--timeout must be more than 0, like 10s") }
        let maximumBodySize: Int64
        do {
            maximumBodySize = try ByteSize(spec: maxBodySize, what: "body size limit").bytes
        } catch {
            throw ValidationError("--max-body-size: \(error.description)")
        }
        guard maximumBodySize >= 1 else { throw ValidationError("--max-body-size must be at least 1B, like 32MiB") }
        var parsedHeaders: [String: String] = [:]
        for header in headers {
            let (name, value) = try Self.parseHeader(header)
            parsedHeaders[name] = value
        }
        do {
            return try ProbeConfiguration(
                startURL: url, depth: depth, headers: parsedHeaders, platform: platform, timeout: timeout,
                maximumBodySize: Int(clamping: maximumBodySize))
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// `Name: value` as a header name and value.
    static func parseHeader(_ text: String) throws -> (String, String) {
        guard let colon = text.firstIndex(of: ":") else {
            throw ValidationError("--header '\(text)' has no ':'; write it as 'Name: value'")
        }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let tokenCharacters = CharacterSet(
            charactersIn: "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(tokenCharacters.contains) else {
            throw ValidationError("--header '\(text)': '\(name)' is not a header name (letters, digits and !#$%&'*+-.^_`|~)")
        }
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
            throw ValidationError("--header '\(name)': the value has control characters")
        }
        if name.caseInsensitiveCompare("beagle-platform") == .orderedSame {
            throw ValidationError("--header beagle-platform: use --platform \(value) instead")
        }
        return (name, value)
    }

    func run() async throws {
        let configuration = try probeConfiguration()
        if let compare {
            try await compareWithFolder(compare, configuration: configuration, tries: tries ?? Self.defaultTries)
            return
        }
        try Libcurl.require(by: "probe")
        let progress = ProbeProgressPrinter(live: Console.isErrorTerminal)
        var report = await ProbeCrawler(configuration: configuration).run { progress.show($0) }
        progress.finish()
        var saveError: String?
        if let save {
            do {
                report = try SnapshotWriter(directory: URL(fileURLWithPath: save), displayName: save).save(report)
            } catch {
                saveError = "beagle-mock: cannot save to '\(save)': \(error)"
            }
        }
        switch format {
        case .text: Console.out(report.text)
        case .json: Console.out(String(decoding: report.json, as: UTF8.self))
        }
        if let saveError {
            Console.error(saveError)
            throw ExitCode(1)
        }
        if report.failed { throw ExitCode(1) }
    }
}
