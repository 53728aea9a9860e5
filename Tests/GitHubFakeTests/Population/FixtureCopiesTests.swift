import Foundation
import Testing

/// `Sources/GitHubFake/Resources` holds copies of captured GitHub answers from
/// `Tests/Fixtures/github` (a target cannot bundle files outside its folder): they must stay
/// byte for byte the same, so the fake serves exactly what the tests validate against.
@Suite("github-fake's resources are the fixtures, byte for byte")
struct FixtureCopiesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// Each resource and the fixture it copies, under Tests/Fixtures/github unless a folder is named.
    static let copies = [
        "avatar-quadrants.gif": "../avatars/quadrants.gif",
        "avatar-quadrants.jpg": "../avatars/quadrants.jpg",
        "error-403-primary-ratelimit-authenticated.captured.json": "error-403-primary-ratelimit-authenticated.captured.json",
        "error-403-primary-ratelimit-unauthenticated.captured-2023.json": "error-403-primary-ratelimit-unauthenticated.captured-2023.json",
        "error-403-secondary-ratelimit.captured-2022.json": "error-403-secondary-ratelimit.captured-2022.json",
        "error-404-user.captured-2024.json": "error-404-user.captured-2024.json",
        "user-octocat.json": "user-octocat.captured.json",
        "users-since-0.json": "users-since-0.captured.json",
        "graphql-schema.graphql": "graphql-schema.graphql",
    ]

    @Test("every resource equals its fixture, and every resource is listed")
    func sameBytes() throws {
        let resources = Self.root.appendingPathComponent("Sources/GitHubFake/Resources")
        let listed = try FileManager.default.contentsOfDirectory(atPath: resources.path).sorted()
        #expect(listed == Self.copies.keys.sorted())
        for (resource, fixture) in Self.copies {
            let copy = try Data(contentsOf: resources.appendingPathComponent(resource))
            let original = try Data(contentsOf: Self.root.appendingPathComponent("Tests/Fixtures/github/\(fixture)"))
            #expect(copy == original, "\(resource) differs from Tests/Fixtures/github/\(fixture)")
        }
    }
}
