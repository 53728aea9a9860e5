import Foundation

/// The captured GitHub responses bundled in `Resources/`.
struct FixtureCatalog: Sendable {
    /// `GET /users` as captured: 30 users, ids 1 to 46.
    let firstPage: [SimpleUser]
    /// `GET /users/octocat` as captured.
    let octocat: SimpleUser
    let octocatProfile: UserProfile
    /// The 404 body of `GET /users/{unknown}`.
    let notFoundBody: [UInt8]
    /// The 403 body of an exhausted primary rate limit (authenticated).
    let primaryRateLimitBody: [UInt8]
    /// The 403 body of an exhausted primary rate limit without a token (captured 2023).
    let anonymousPrimaryRateLimitBody: [UInt8]
    /// The 403 body of a secondary rate limit.
    let secondaryRateLimitBody: [UInt8]

    /// An 8 × 8 JPEG avatar (``AvatarFormat/jpeg``).
    let jpegAvatar: [UInt8]
    /// An 8 × 8 GIF avatar (``AvatarFormat/gif``).
    let gifAvatar: [UInt8]

    /// The fixtures, loaded once per process.
    static let shared: FixtureCatalog = {
        do {
            return try FixtureCatalog()
        } catch {
            fatalError("GitHubFake: bundled fixtures are unreadable: \(error)")
        }
    }()

    private init() throws {
        let decoder = JSONDecoder()
        firstPage = try decoder.decode([SimpleUser].self, from: Self.resource("users-since-0"))
        let octocatData = try Self.resource("user-octocat")
        octocat = try decoder.decode(SimpleUser.self, from: octocatData)
        octocatProfile = try decoder.decode(UserProfile.self, from: octocatData)
        notFoundBody = Array(try Self.resource("error-404-user.captured-2024"))
        primaryRateLimitBody = Array(try Self.resource("error-403-primary-ratelimit-authenticated.captured"))
        secondaryRateLimitBody = Array(try Self.resource("error-403-secondary-ratelimit.captured-2022"))
        anonymousPrimaryRateLimitBody = Array(try Self.resource("error-403-primary-ratelimit-unauthenticated.captured-2023"))
        jpegAvatar = Array(try Self.resource("avatar-quadrants", extension: "jpg"))
        gifAvatar = Array(try Self.resource("avatar-quadrants", extension: "gif"))
    }

    private static func resource(_ name: String, extension fileExtension: String = "json") throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: fileExtension, subdirectory: "Resources") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Resources/\(name).\(fileExtension)"])
        }
        return try Data(contentsOf: url)
    }
}
