import ArgumentParser
import BeagleMock

/// A duration flag that must be more than zero (`--timeout 2s`, `--body-timeout 30s`), parsed with
/// the spec grammar; a bad value is a usage error naming the flag.
enum DurationFlag {
    /// Parses `text` given to `flag`; `example` shows a good value in the error.
    static func positive(_ text: String, flag: String, example: String) throws -> Duration {
        let duration: Duration
        do {
            duration = try Duration(spec: text)
        } catch {
            throw ValidationError("\(flag): \(error.message)")
        }
        guard duration > .zero else {
            throw ValidationError("\(flag) must be more than 0, like \(example)")
        }
        return duration
    }
}
