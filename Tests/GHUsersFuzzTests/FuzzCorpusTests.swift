import Foundation
import Testing

@testable import GHUsersFuzz

/// The committed seed corpus of every fuzz target (Fuzz/Corpus), replayed through the target's
/// own oracle on every test run: what `bash scripts/fuzz` once found stays fixed without a
/// fuzzing build. An oracle that does not hold stops the process with its message, as under
/// libFuzzer.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus", isDirectory: true)

    @Test("every seed holds its target's oracle", arguments: FuzzTarget.allCases)
    func seeds(_ target: FuzzTarget) throws {
        let folder = Self.corpus.appendingPathComponent(target.rawValue, isDirectory: true)
        let seeds = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        #expect(!seeds.isEmpty, "no seed in \(folder.path)")
        for seed in seeds {
            target.run(try Data(contentsOf: seed))
        }
    }
}
