import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Formats dates as ISO 8601 in UTC (`2026-11-22T10:00:00Z`) with the C library.
///
/// `ISO8601DateFormatter` loads Foundation's internationalisation data on first use: 3.6 ms
/// per process on the benchmark machine, more than a whole offline `profile` may cost
/// (Docs/BENCHMARKS.md). `gmtime_r` and `strftime` cost microseconds.
public enum Timestamp {
    /// `date` as `YYYY-MM-DDTHH:MM:SSZ`.
    public static func iso8601(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "1970-01-01T00:00:00Z" }
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
