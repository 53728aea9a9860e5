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
package enum Timestamp {
    /// `seconds` since 1970 as `YYYY-MM-DDTHH:MM:SSZ`.
    package static func iso8601(seconds: Int64) -> String {
        iso8601(Date(timeIntervalSince1970: Double(seconds)))
    }

    /// `date` as `YYYY-MM-DDTHH:MM:SSZ`.
    package static func iso8601(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "1970-01-01T00:00:00Z" }
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The date of `YYYY-MM-DDTHH:MM:SSZ` (GraphQL's `DateTime`) or of the same with an offset
    /// `±HH:MM` for `Z` (ISO 8601, as GitHub's search syntax takes times), or `nil` for other
    /// text and for a time that does not exist (`2015-02-30`, `24:00:00`), never rolled over.
    package static func date(iso8601 text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 25, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ range: Range<Int>) -> Int32? {
            var value: Int32 = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int32(byte - UInt8(ascii: "0"))
            }
            return value
        }
        var offset: Int32 = 0
        if bytes.count == 25 {
            guard bytes[19] == UInt8(ascii: "+") || bytes[19] == UInt8(ascii: "-"), bytes[22] == UInt8(ascii: ":"), let hours = number(20..<22),
                let minutes = number(23..<25), hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 3_600 + minutes * 60) * (bytes[19] == UInt8(ascii: "+") ? 1 : -1)
        } else if bytes[19] != UInt8(ascii: "Z") {
            return nil
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        var seconds = timegm(&parts)
        // timegm rolls a day or an hour that does not exist over; read back, it differs.
        var back = tm()
        guard gmtime_r(&seconds, &back) != nil, back.tm_year == year - 1900, back.tm_mon == month - 1, back.tm_mday == day,
            back.tm_hour == hour, back.tm_min == minute, back.tm_sec == second
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(Int(seconds) - Int(offset)))
    }
}
