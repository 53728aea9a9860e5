import Foundation
import Testing

/// GHUsersKit's public surface is the list Docs/ARCHITECTURE.md states: the models, the
/// `CombinedService` with its summaries and errors, and the search query types. A `public`
/// declaration in any other file fails here (make it `package`, or add it to the list and the
/// document).
@Suite("GHUsersKit's public surface is the stated list")
struct PublicSurfaceTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/GHUsersKit")

    /// Where `public` may stand, by path under Sources/GHUsersKit (a folder ends with `/`).
    static let stated = [
        "Models/", "Services/CombinedService", "Services/CombinedServiceError.swift", "Services/OnlineSearchError.swift",
        "Services/ProfilesPrefetchError.swift", "Search/SearchQuery", "Search/SearchSyntax.swift", "Store/CachedProfile.swift",
        "Store/SyncState.swift", "Store/StoreStatistics.swift", "Store/StoreError.swift", "HTTP/GitHubAPIError.swift",
        "GHUsersVersion.swift",
    ]

    @Test("no file outside the list declares anything public")
    func onlyTheStatedList() throws {
        var outside: [String] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let path = String(file.path.dropFirst(Self.sources.path.count + 1))
            guard !Self.stated.contains(where: { path.hasPrefix($0) }) else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            if code.contains(where: { $0.range(of: #"(^|[^A-Za-z_])public[ (]"#, options: .regularExpression) != nil }) { outside.append(path) }
        }
        #expect(outside.isEmpty, "public outside Docs/ARCHITECTURE.md's list: \(outside.sorted())")
    }
}
