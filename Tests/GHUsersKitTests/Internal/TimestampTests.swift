import Foundation
import Testing

@testable import GHUsersKit

@Suite("Timestamp: GitHub's ISO 8601 times")
struct TimestampTests {
    @Test("Z and ±HH:MM offsets read as the same instant; written back in UTC with Z")
    func offsets() throws {
        let zulu = try #require(Timestamp.date(iso8601: "2017-01-01T01:00:00Z"))
        #expect(Timestamp.date(iso8601: "2017-01-01T08:00:00+07:00") == zulu)
        #expect(Timestamp.date(iso8601: "2016-12-31T20:30:00-04:30") == zulu)
        #expect(Timestamp.iso8601(zulu) == "2017-01-01T01:00:00Z")
    }

    @Test("times that do not exist or other shapes are nil, never rolled over", arguments: [
        "2015-02-30T00:00:00Z", "2015-13-01T00:00:00Z", "2015-01-01T24:00:00Z", "2015-01-01T00:60:00Z", "2015-01-01", "2015-01-01T00:00:00",
        "2015-01-01T00:00:00+7:00", "2015-01-01T00:00:00+07:60", "2015-01-01 00:00:00Z",
    ])
    func refused(text: String) {
        #expect(Timestamp.date(iso8601: text) == nil, "\(text)")
    }

    @Test("every second written is read back as itself")
    func roundTrip() {
        for seconds in stride(from: -86_400 * 400, to: 86_400 * 365 * 60, by: 86_400 * 37 + 3_607) {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(Timestamp.date(iso8601: Timestamp.iso8601(date)) == date)
        }
    }
}
