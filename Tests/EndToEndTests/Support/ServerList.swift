import Foundation
import GitHubFake

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fake's users list as the server has it, read over HTTP, to check that what ghusers
/// cached is exactly a prefix of it: no user skipped, none duplicated.
enum ServerList {
    /// The first `count` ids of the server's list.
    static func ids(of server: FakeServerProcess, count: Int) async throws -> [Int64] {
        var ids: [Int64] = []
        var since: Int64 = 0
        while ids.count < count {
            let url = URL(string: "\(server.baseURL)/users?since=\(since)&per_page=100")!
            let (data, _) = try await URLSession.shared.data(from: url)
            let page = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
            if page.isEmpty { break }
            ids += page.compactMap { ($0["id"] as? Int).map(Int64.init) }
            since = ids.last!
        }
        return Array(ids.prefix(count))
    }

    /// Whether `cached` is exactly the first `cached.count` ids of the server's list.
    static func isPrefix(_ cached: [Int64], of server: FakeServerProcess) async throws -> Bool {
        try await ids(of: server, count: cached.count) == cached
    }
}
