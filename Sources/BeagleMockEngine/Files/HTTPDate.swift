#if canImport(Glibc)
import BeagleMockHTTP
import Glibc
// timespec's members are declared there; release builds with MemberImportVisibility need it named.
import SwiftOverlayShims
// …or CoreFoundation, when a module that imports Foundation is loaded first.
import CoreFoundation
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// HTTP dates (RFC 9110 IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`), written and read
/// without Foundation's formatters, which are slow and locale-sensitive.
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Formats seconds since 1970 as an IMF-fixdate.
    static func format(seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = days[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        return "\(day), \(two(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// Reads an IMF-fixdate; nil for anything else (RFC 9110 says to ignore an invalid date).
    static func parse(_ text: some StringProtocol) -> Int64? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[5] == "GMT", fields[0].hasSuffix(","),
            let day = Int32(fields[1]), (1...31).contains(day),
            let monthIndex = months.firstIndex(where: { $0 == fields[2] }),
            let year = Int32(fields[3]), year >= 1970, year < 10000
        else { return nil }
        let clock = fields[4].split(separator: ":")
        guard clock.count == 3, let hour = Int32(clock[0]), let minute = Int32(clock[1]),
            let second = Int32(clock[2]), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second)
        else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = Int32(monthIndex)
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        return Int64(timegm(&parts))
    }

    /// The current time in whole seconds since 1970.
    static func nowSeconds() -> Int64 { Int64(time(nil)) }

    /// The current wall-clock time in nanoseconds since 1970, comparable with file times.
    static func nowNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
