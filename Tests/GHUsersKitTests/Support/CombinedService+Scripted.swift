import Foundation

@testable import GHUsersKit

extension CombinedService {
    /// A service over `home` whose network is `transport`, trying each request once (a failure
    /// is final at once, without backoff sleeps).
    static func scripted(_ transport: ScriptedTransport, home: TemporaryDirectory, offline: Bool = false) throws -> CombinedService {
        var configuration = CombinedService.Configuration(
            paths: GHUsersPaths(dataDirectory: home.url, cacheDirectory: home.url.appendingPathComponent("cache")),
            apiURL: URL(string: "https://api.example")!)
        configuration.offline = offline
        configuration.retryPolicy.maxAttempts = 1
        return try CombinedService(configuration: configuration, transport: { transport })
    }
}
