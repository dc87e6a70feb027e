import Synchronization

/// The `Date` header, formatted once a second rather than once a request.
final class DateHeader: Sendable {
    private let cached = Mutex<(second: Int64, text: String)>((0, ""))

    /// The current time as an HTTP date.
    func current() -> String {
        let now = HTTPDate.nowSeconds()
        return cached.withLock { cached in
            if cached.second != now { cached = (now, HTTPDate.format(seconds: now)) }
            return cached.text
        }
    }
}
