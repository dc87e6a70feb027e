import ArgumentParser
import BeagleMock

/// `beagle-mock import SESSION.har --into DIR`: a session captured by Proxyman, Charles,
/// mitmproxy, a browser or HTTP Toolkit, made into a screens folder (Docs/Sessions.md).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Make a screens folder from a captured session (HAR 1.2).",
        usage: "beagle-mock import <session.har> --into <dir> [<options>]",
        discussion: """
            Examples:
              beagle-mock import session.har --into screens
              beagle-mock import session.har --into fixtures/checkout --base-url https://bff.example.com/api
              beagle-mock import session.har --into screens --keep-latency
              beagle-mock import session.har --into screens --force

            Each entry below the base URL (--base-url, or the origin most entries went to; a base URL \
            with a path strips it, so https://bff.example.com/api/home is /home) becomes the file that \
            answers the same request, as --record names it: home.json, home.ios.json for \
            beagle-platform: IOS (.android.json, .web.json), cart.post.json for POST (PUT, PATCH, \
            DELETE), images and other files at their path. Bodies are decoded from base64 when the \
            archive says so. A status other than 200 and the headers that matter (a Content-Type \
            the file's name does not give, Cache-Control, Retry-After, Location) become route rules \
            in DIR/beagle-mock.yml; a route that answered differently replays its answers in the \
            order seen, as a scenario whose last answer repeats. --keep-latency adds each route's \
            median timings.wait as its latency.

            It prints a line per file and rule, the entries it skipped (other origins, WebSockets, \
            preflights, answers without a body) and those it could not import, with why, then what \
            `beagle-mock validate` says of the files written.

            Nothing is written outside DIR, whatever the URLs say, and no file of DIR is replaced \
            without --force; the files are written aside and put in place at once, so a failure \
            leaves nothing of the import behind.

            Exit code 0 when every answer of the BFF was imported, 1 when some could not be (the \
            rest is written), 2 when nothing was written: a usage error, an archive that cannot \
            be read, files of DIR in the way, or no entry to import.
            """
    )

    @Argument(help: ArgumentHelp("The HAR file.", valueName: "session.har"), completion: .file(extensions: ["har"]))
    var session: String

    @Option(help: ArgumentHelp("The screens folder to write (made when missing).", valueName: "dir"), completion: .directory)
    var into: String

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "The BFF's URL, like https://bff.example.com/api (default: the origin most entries went to).",
            valueName: "url"))
    var baseURL: String?

    @Flag(help: "Keep each route's measured latency (the median of its timings.wait) as a rule.")
    var keepLatency = false

    @Flag(help: "Replace files of the folder that have other bytes.")
    var force = false

    @Option(
        help: ArgumentHelp(
            "The largest response body imported, like 64MiB (default 16MiB); a larger one is reported, not written.",
            valueName: "size"))
    var maxBodySize: String = "16MiB"

    mutating func validate() throws {
        _ = try sessionImport()
    }

    /// The import the flags describe; an invalid flag is a usage error.
    func sessionImport() throws -> SessionImport {
        let base: ImportBaseURL?
        do {
            base = try baseURL.map(ImportBaseURL.init(flag:))
        } catch {
            throw ValidationError(error.message)
        }
        let limit: Int64
        do {
            limit = try ByteSize(spec: maxBodySize, what: "body size limit").bytes
        } catch {
            throw ValidationError("--max-body-size: \(error.description)")
        }
        guard (1...Int64(1 << 30)).contains(limit) else {
            throw ValidationError("--max-body-size must be from 1B to 1GiB, like 64MiB")
        }
        guard !into.isEmpty else { throw ValidationError("--into needs a folder, like --into screens") }
        return SessionImport(
            archive: session, folder: into, base: base, keepLatency: keepLatency, force: force,
            maxBodySize: Int(limit))
    }

    func run() throws {
        let report: ImportReport
        do {
            report = try sessionImport().run()
        } catch let error as ImportError {
            Console.error("beagle-mock: \(error.message)")
            throw ExitCode(2)
        }
        Console.out(report.text)
        if report.isEmpty {
            Console.error("beagle-mock: nothing imported: no entry of \(report.base) gave a file (see the lines above)")
            throw ExitCode(2)
        }
        if report.isIncomplete { throw ExitCode(1) }
    }
}
