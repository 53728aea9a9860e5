import ArgumentParser
import Foundation
import GHUsersKit
import GRDB

extension GHUsersBenchCommand {
    /// Times, in-process, what every command pays before its real work: opening the database.
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time AppDatabase.open and its parts on an existing home, in microseconds.")

        @OptionGroup var seeded: SeededHome

        @Option(help: "Repetitions; the median is reported.")
        var iterations = 200

        func run() throws {
            let url = try seeded.database()
            let steps: [(String, () throws -> Void)] = [
                ("DatabasePool(path:)", { _ = try DatabasePool(path: url.path) }),
                ("DatabasePool + one read", { _ = try DatabasePool(path: url.path).read { try Int.fetchOne($0, sql: "SELECT 1") } }),
                ("read-only DatabasePool + one read", {
                    var configuration = Configuration()
                    configuration.readonly = true
                    _ = try DatabasePool(path: url.path, configuration: configuration).read { try Int.fetchOne($0, sql: "SELECT 1") }
                }),
                ("read-only DatabaseQueue + one read", {
                    var configuration = Configuration()
                    configuration.readonly = true
                    _ = try DatabaseQueue(path: url.path, configuration: configuration).read { try Int.fetchOne($0, sql: "SELECT 1") }
                }),
                ("AppDatabase.open", { _ = try AppDatabase.open(at: url) }),
                ("AppDatabase.open + sync state", {
                    _ = try AppDatabase.open(at: url).read(StoreService.Sync.state)
                }),
            ]
            var medians: [(String, Double)] = []
            for (name, step) in steps {
                var samples: [Double] = []
                for _ in 0..<iterations {
                    let start = DispatchTime.now().uptimeNanoseconds
                    try step()
                    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000)
                }
                samples.sort()
                medians.append((name, samples[samples.count / 2]))
            }
            if seeded.json {
                let fields = medians.map { "\"\($0.0)\": \(Int($0.1.rounded()))" }.joined(separator: ", ")
                print("{\"unit\": \"us\", \"iterations\": \(iterations), \(fields)}")
            } else {
                for (name, median) in medians { print("\(name): \(Int(median.rounded())) us (median of \(iterations))") }
            }
        }
    }
}
