/// Durations and sizes as the probe prints them.
enum ReportUnits {
    /// `0.4 ms`, `12 ms`, `1.2 s`, `10 s`.
    static func duration(_ duration: Duration) -> String {
        let milliseconds = milliseconds(duration)
        if milliseconds < 1 { return format1(milliseconds) + " ms" }
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        let seconds = milliseconds / 1000
        if seconds == seconds.rounded() { return "\(Int(seconds)) s" }
        return format1(seconds) + " s"
    }

    /// The duration in milliseconds, as a fraction.
    static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }

    /// One decimal: `0.4`, `12.0`.
    static func format1(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `512 B`, `3.5 KB`, `1.2 MB`, as `serve` prints sizes.
    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return format1(Double(bytes) / 1024) + " KB" }
        return format1(Double(bytes) / (1024 * 1024)) + " MB"
    }
}

extension ProbeReport {
    /// A duration as the report prints it: `0.4 ms`, `12 ms`, `1.2 s`.
    package static func formattedDuration(_ duration: Duration) -> String {
        ReportUnits.duration(duration)
    }

    /// A size as the report prints it: `512 B`, `3.5 KB`, `1.2 MB`.
    package static func formattedSize(_ bytes: Int) -> String {
        ReportUnits.size(bytes)
    }
}
