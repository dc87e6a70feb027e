import BeagleMockHTTP

/// The checks a setting's value passes wherever it is given (a flag, `beagle-mock.yml`), so that
/// every source refuses the same values in the same words.
enum SettingChecks {
    /// The largest journal accepted: entries keep bodies up to 64 KiB, so this bounds memory.
    static let maximumJournalSize = 100_000

    /// Checks a `hangMax`: more than zero (a hang of 0 is an empty response).
    static func hangMax(_ duration: Duration) throws(SpecError) -> Duration {
        guard duration > .zero else {
            throw SpecError("hang-max must be more than 0, like 5m; to close at once use the empty-response fault")
        }
        return duration
    }

    /// Checks a journal size: 1 to ``maximumJournalSize``.
    static func journalSize(_ text: String) throws(SpecError) -> Int {
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
    static func seed(_ text: String) throws(SpecError) -> UInt64 {
        let trimmed = text.trimmingSpecWhitespace()
        guard !trimmed.isEmpty, trimmed.allSatisfy(\.isASCIIDigit) else {
            throw SpecError("seed \(SpecError.quote(trimmed)) is not a whole number; use digits from 0 to \(UInt64.max), like 7")
        }
        guard let seed = UInt64(trimmed) else {
            throw SpecError("seed \(SpecError.quote(trimmed)) is too large; use a number from 0 to \(UInt64.max)")
        }
        return seed
    }

    /// The default limit of a body `--record` saves: far above any screen, and above most images.
    static let defaultRecordMaxSize = ByteSize(bytes: 10 << 20)
    /// The highest limit accepted: a body being recorded is kept in memory until it is whole.
    static let highestRecordMaxSize = ByteSize(bytes: 1 << 30)

    /// Parses a limit from `--record-max-size` or `recordMaxSize:`: at least a byte, at most 1 GiB.
    static func recordMaxSize(_ text: String) throws(SpecError) -> ByteSize {
        let size = try ByteSize(spec: text, what: "record size limit")
        guard size.bytes >= 1, size.bytes <= highestRecordMaxSize.bytes else {
            throw SpecError(
                "the record size limit \(SpecError.quote(text)) must be from 1B to \(highestRecordMaxSize): a body being recorded is kept in memory until it is whole"
            )
        }
        return size
    }

    /// Parses a port number, 0 to 65535 (0 picks a free port).
    static func port(_ text: String, what: String) throws(SpecError) -> Int {
        let trimmed = text.trimmingSpecWhitespace()
        guard !trimmed.isEmpty, trimmed.count <= 5, trimmed.allSatisfy(\.isASCIIDigit), let port = Int(trimmed),
            port <= 65535
        else {
            throw SpecError("\(what) \(SpecError.quote(trimmed)) is not a port number; use 0 to 65535, like 3001")
        }
        return port
    }
}
