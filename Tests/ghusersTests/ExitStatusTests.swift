import Foundation
import GHUsersKit
import Testing

@testable import ghusers

/// Every error type of ghusers is decided in ``ExitStatus``: none ends a command through the
/// fallback for the system's errors without its name being there, and the statuses REFERENCE.md
/// documents are the ones the enum has.
@Suite("Exit statuses: every error type decided")
struct ExitStatusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Error types thrown and caught inside one function, never reaching the runner.
    static let caughtWhereThrown = ["Enough"]

    /// The names of the types declared as errors in `folder`'s Swift files (`struct X: Error`,
    /// `enum X: Error, Equatable`, `struct X: LocalizedError`).
    static func errorTypes(in folder: String) throws -> Set<String> {
        let pattern = try NSRegularExpression(pattern: #"(?:struct|enum|class)\s+(\w+)\s*:\s*(?:[\w.]+\s*,\s*)*(?:Swift\.)?(?:Error|LocalizedError)\b"#)
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { names.insert(String(text[range])) }
            }
        }
        return names
    }

    @Test("every error type of GHUsersKit and ghusers is named in ExitStatus.swift")
    func everyErrorTypeDecided() throws {
        let decided = try String(contentsOf: Self.root.appendingPathComponent("Sources/ghusers/ExitStatus.swift"), encoding: .utf8)
        let types = try Self.errorTypes(in: "Sources/GHUsersKit").union(try Self.errorTypes(in: "Sources/ghusers"))
        #expect(types.count > 15, "\(types.sorted())")
        for name in types.subtracting(Self.caughtWhereThrown).sorted() {
            #expect(decided.range(of: #"\b\#(name)\b"#, options: .regularExpression) != nil, "\(name) is not decided in ExitStatus")
        }
    }

    @Test("each status is said in REFERENCE.md's table of exit codes")
    func readmeTable() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("Docs/REFERENCE.md"), encoding: .utf8)
        for status in [ExitStatus.success, .failure, .notFound, .authentication, .network, .rateLimited, .database, .otherSite, .usage, .interrupted] {
            #expect(readme.contains("| \(status.rawValue) |"), "exit \(status.rawValue) is not in REFERENCE.md's table")
        }
    }

    @Test("GitHub's answers: the network, the limits, the token and a missing account have their own codes")
    func gitHubErrors() {
        #expect(ExitStatus(for: GitHubAPIError.timedOut) == .network)
        #expect(ExitStatus(for: GitHubAPIError.secondaryRateLimit(retryAfter: nil)) == .rateLimited)
        #expect(ExitStatus(for: GitHubAPIError.insufficientScopes("read:user")) == .authentication)
        #expect(ExitStatus(for: GitHubAPIError.notFound) == .notFound)
        #expect(ExitStatus(for: GitHubAPIError.badRedirect) == .failure)
        #expect(SearchQuery("sort:x").problem.map { ExitStatus(for: $0) } == .usage)
    }
}
