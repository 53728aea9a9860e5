import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersBenchCommand {
    /// Times, in-process, what `browse` does for each keystroke of a search once its index is
    /// loaded: ``SearchIndex`` finds the first window of matches and their count, and SQLite
    /// reads the window's users by id (what the frame after the key shows).
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time browse's search index per keystroke on an existing home, in milliseconds.")

        @OptionGroup var seeded: SeededHome

        @Option(help: "Repetitions of every typing session; the median and the maximum are reported.")
        var runs = 7

        /// Typing sessions, each starting on a letter no earlier session typed (so its first key
        /// is never answered from a cached query), and the class of each keystroke.
        static let sessions: [[(query: String, kind: String)]] = [
            [("e", "1 char")],
            [("k", "1 char"), ("ka", "2 chars"), ("kat", "3+ chars")],
            [("z", "1 char"), ("zq", "no match"), ("zqx", "no match")],
            [("g", "1 char"), ("ga", "2 chars"), ("gar", "3+ chars"), ("gard", "note text"), ("garden", "note text"), ("gardening", "note text")],
            [("o", "1 char"), ("oc", "2 chars"), ("oct", "3+ chars"), ("octo", "3+ chars"), ("oct", "backspace"), ("oc", "backspace"), ("o", "backspace")],
            [("^ka", "extended"), ("^ka !e", "extended"), ("^ka !e 7$", "extended")],
            // Qualifiers: the index answers them from memory, but is:seen, is:gone and
            // bio:, which SQLite answers (once for the keys that keep them).
            [("location:b", "qualifier"), ("location:be", "qualifier"), ("location:berlin", "qualifier"), ("location:berlin d", "qualifier + text"),
             ("location:berlin dev", "qualifier + text")],
            [("followers:>1000", "qualifier"), ("followers:>1000 !type:org", "qualifiers"), ("followers:>1000 !type:org location:york", "qualifiers")],
            [("created:2015-01-01..2015-12-31", "qualifier"), ("repos:10..20", "qualifier"), ("type:org", "qualifier"), ("has:note", "qualifier")],
            [("in:name 1", "in:name"), ("in:name 12", "in:name"), ("in:login,name 12", "in:name"), ("is:seen", "SQLite qualifier"),
             ("is:seen o", "SQLite qualifier + text")],
            [("in:email e", "in:email"), ("in:email ex", "in:email"), ("in:email exa", "in:email")],
            // Issue 54's forms: alternatives, sort:, words outside ASCII and split by Unicode's punctuation.
            [("location:berlin location:tokyo", "alternatives"), ("location:berlin location:tokyo sort:followers", "sort"),
             ("sort:joined-asc", "sort, everyone"), ("location:東京", "Han words"), ("location:uk", "Unicode punctuation")],
            // Issue 57's: a word one profile in 100,000 has, one none has, names outside ASCII,
            // a letter most names have.
            [("location:ísafjörður", "1 in 100,000"), ("location:atlantis", "no match"), ("fullname:josé", "name outside ASCII"),
             ("in:name a", "in:name"), ("in:name an", "in:name")],
        ]

        func run() throws {
            let url = try seeded.database()
            let database = try AppDatabase.open(at: url)
            let index = SearchIndex()
            let loadStart = DispatchTime.now().uptimeNanoseconds
            try index.load(from: database)
            let loadMs = Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1e6
            var samples: [String: [Double]] = [:]
            var indexSamples: [String: [Double]] = [:]
            var counts: [String: Int] = [:]
            for _ in 0..<runs {
                index.forgetQueries()
                // As BrowseSearch: the unindexed part's ids are kept while only the text changes.
                var kept: (query: SearchQuery, ids: [Int64])?
                for session in Self.sessions {
                    for (query, kind) in session {
                        let start = DispatchTime.now().uptimeNanoseconds
                        let among = try SearchQuery(query).unindexed.map { unindexed in
                            if let kept, kept.query == unindexed { return kept.ids }
                            let ids = try database.read { db in try StoreService.Search.Qualified.ids(unindexed, db) }
                            kept = (unindexed, ids)
                            return ids
                        }
                        let found = index.window(query, id: nil, count: 200, among: among)
                        let searched = DispatchTime.now().uptimeNanoseconds
                        _ = try database.read { db in try StoreService.Search.users(found?.ids ?? [], db) }
                        samples["\(kind)|\(query)", default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                        indexSamples["\(kind)|\(query)", default: []].append(Double(searched - start) / 1e6)
                        counts["\(kind)|\(query)"] = found?.total ?? 0
                    }
                }
            }
            let rows = Self.sessions.joined().map { "\($0.kind)|\($0.query)" }
            var seen = Set<String>()
            let ordered = rows.filter { seen.insert($0).inserted }
            func stats(_ key: String, _ samples: [String: [Double]] = samples) -> (median: Double, max: Double) {
                let sorted = samples[key, default: [0]].sorted()
                return (sorted[sorted.count / 2], sorted.last ?? 0)
            }
            if seeded.json {
                let keys = ordered.map { key in
                    let (median, max) = stats(key)
                    let parts = key.split(separator: "|", maxSplits: 1).map(String.init)
                    return "{\"kind\": \"\(parts[0])\", \"query\": \"\(parts[1])\", \"matches\": \(counts[key] ?? 0), "
                        + "\"median_ms\": \(String(format: "%.3f", median)), \"max_ms\": \(String(format: "%.3f", max)), "
                        + "\"index_median_ms\": \(String(format: "%.3f", stats(key, indexSamples).median))}"
                }
                print(
                    "{\"users\": \(index.count), \"load_ms\": \(String(format: "%.1f", loadMs)), \"index_bytes\": \(index.memory), "
                        + "\"index_parts\": {\(index.memoryByPart.map { "\"\($0.part)\": \($0.bytes)" }.joined(separator: ", "))}, "
                        + "\"runs\": \(runs), \"keys\": [\(keys.joined(separator: ", "))]}")
            } else {
                print("index: \(index.count) users, loaded in \(String(format: "%.0f", loadMs)) ms, \(index.memory / 1_000_000) MB")
                print("  " + index.memoryByPart.map { "\($0.part) \(String(format: "%.1f", Double($0.bytes) / 1e6)) MB" }.joined(separator: ", "))
                for key in ordered {
                    let (median, max) = stats(key)
                    let inIndex = stats(key, indexSamples).median
                    print("\(key.replacingOccurrences(of: "|", with: ": ")) (\(counts[key] ?? 0) matches): median \(String(format: "%.2f", median)) ms (index \(String(format: "%.2f", inIndex))), max \(String(format: "%.2f", max)) ms")
                }
            }
        }
    }
}
