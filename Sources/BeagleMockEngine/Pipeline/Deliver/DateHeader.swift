import HTTPTypes
import Synchronization

/// The `Date` header, made once a second rather than once a request.
final class DateHeader: Sendable {
    private let cached = Mutex<(second: Int64, field: HTTPField)>((0, HTTPField(name: .date, value: "")))

    /// The current time as an HTTP date, in a `Date` field.
    func current() -> HTTPField {
        let now = HTTPDate.nowSeconds()
        return cached.withLock { cached in
            if cached.second != now { cached = (now, HTTPField(name: .date, value: HTTPDate.format(seconds: now))) }
            return cached.field
        }
    }
}
