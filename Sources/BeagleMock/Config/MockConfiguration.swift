/// What a `beagle-mock.yml` says (SPEC section 4), validated. Unset keys are nil so that the layers
/// above and below can be told apart from an explicit value.
public struct MockConfiguration: Sendable, Hashable {
    /// The global latency, bandwidth, dribble, faults and sequence (never `response`, which is per route).
    public var globals: ControlLayer
    /// `seed:`, the seed for fault draws.
    public var seed: UInt64?
    /// `echo:`, header echo.
    public var echo: EchoSetting?
    /// `cors:`, whether CORS headers and preflight answers are on.
    public var cors: Bool?
    /// `beagleCache:`, Beagle 1.x's cache protocol.
    public var beagleCache: BeagleCacheSettings?
    /// `hangMax:`, when a `hang` fault gives up and closes the connection.
    public var hangMax: Duration?
    /// `journalSize:`, how many requests the journal keeps.
    public var journalSize: Int?
    /// `routes:`, in file order; the first that matches a request applies.
    public var routes: [RouteRule]

    /// Creates a configuration; every argument defaults to "not set".
    public init(
        globals: ControlLayer = .empty,
        seed: UInt64? = nil,
        echo: EchoSetting? = nil,
        cors: Bool? = nil,
        beagleCache: BeagleCacheSettings? = nil,
        hangMax: Duration? = nil,
        journalSize: Int? = nil,
        routes: [RouteRule] = []
    ) {
        self.globals = globals
        self.seed = seed
        self.echo = echo
        self.cors = cors
        self.beagleCache = beagleCache
        self.hangMax = hangMax
        self.journalSize = journalSize
        self.routes = routes
    }

    /// The configuration of an empty or absent file.
    public static let empty = MockConfiguration()

    /// The default `hangMax` (SPEC section 3).
    public static let defaultHangMax: Duration = .seconds(5 * 60)
    /// The default journal size (SPEC section 6).
    public static let defaultJournalSize = 1_000
    /// The largest journal accepted: entries keep bodies up to 64 KiB, so this bounds memory.
    public static let maximumJournalSize = 100_000

    /// Checks a `hangMax` from a file or flag: more than zero (a hang of 0 is an empty response).
    static func validateHangMax(_ duration: Duration) throws(SpecError) -> Duration {
        guard duration > .zero else {
            throw SpecError("hang-max must be more than 0, like 5m; to close at once use the empty-response fault")
        }
        return duration
    }

    /// Checks a journal size from a file or flag: 1 to ``maximumJournalSize``.
    static func validateJournalSize(_ text: String) throws(SpecError) -> Int {
        let trimmed = text.trimmingSpecWhitespace()
        guard !trimmed.isEmpty, trimmed.allSatisfy(\.isASCIIDigit), trimmed.count <= 9, let size = Int(trimmed),
            size >= 1, size <= maximumJournalSize
        else {
            throw SpecError(
                "journal size \(SpecError.quote(trimmed)) must be a whole number from 1 to \(maximumJournalSize), like 1000")
        }
        return size
    }

    /// Parses a seed: a decimal `UInt64`.
    static func parseSeed(_ text: String) throws(SpecError) -> UInt64 {
        let trimmed = text.trimmingSpecWhitespace()
        guard !trimmed.isEmpty, trimmed.allSatisfy(\.isASCIIDigit) else {
            throw SpecError("seed \(SpecError.quote(trimmed)) is not a whole number; use digits from 0 to \(UInt64.max), like 7")
        }
        guard let seed = UInt64(trimmed) else {
            throw SpecError("seed \(SpecError.quote(trimmed)) is too large; use a number from 0 to \(UInt64.max)")
        }
        return seed
    }
}
