import Foundation
import Testing

@testable import GHUsersKit

/// Saving GraphQL's profiles: unknown fields stored as unknown, a profile never made worse by a
/// later answer that knows less, and the node id GitHub answered kept against REST's legacy one.
@Suite struct StoreServiceProfilesTests {
    let database: AppDatabase
    init() throws { database = try AppDatabase.inMemory() }

    static func fetched(_ user: User, profile: Profile, unknown: Set<Profile.Field>, nodeID: String? = nil) -> HTTPService.Users.FetchProfiles.Fetched {
        .init(
            nodeID: user.nodeID ?? "", currentNodeID: nodeID, id: user.id, login: user.login, htmlURL: user.htmlURL, type: user.type,
            profile: profile, unknown: unknown)
    }

    @Test func aLaterAnswerThatKnowsLessKeepsWhatRESTGaveAndItsETag() throws {
        // Given: an organization's complete profile from REST, with its ETag.
        let organization = Factory.user(44, "errfree", type: "Organization")
        let rest = Profile(name: "Err", company: nil, blog: "", publicRepos: 3, publicGists: 0, followers: 17, following: 0)
        try database.write { try CombinedService.save(user: organization, profile: rest, etag: "W/\"abc\"", $0) }
        // When: GraphQL brings it again, a new name, followers unknown.
        var graphQL = rest
        graphQL.name = "Err Free"
        graphQL.followers = nil
        let saved = try database.write { try CombinedService.save(
            [Self.fetched(organization, profile: graphQL, unknown: [.followers])], users: [44: organization], rateLimit: nil, $0) }
        // Then: the new name, REST's followers and ETag, nothing unknown.
        #expect(saved.partial == 0)
        let cached = try #require(try database.read { try StoreService.Profiles.find(login: "errfree", $0) })
        #expect(cached.profile.name == "Err Free")
        #expect(cached.profile.followers == 17)
        #expect(cached.etag == "W/\"abc\"")
        #expect(cached.unknown.isEmpty)
    }

    @Test func unknownFieldsAreStoredUnknownAndNeverAsAValue() throws {
        // Given: a user whose email was not asked and whose location GitHub nulled.
        let user = Factory.user(1, "mojombo")
        try database.write { try StoreService.Sync.savePage(UsersPage(users: [user], itemCount: 1, skipped: 0, cursor: 1, hasNext: false), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        let profile = Profile(location: "Berlin", email: "stale@example.com", followers: 3)
        // When
        try database.write { try CombinedService.save(
            [Self.fetched(user, profile: profile, unknown: [.email, .location])], users: [1: user], rateLimit: nil, $0) }
        // Then: both unknown, neither stored.
        let cached = try #require(try database.read { try StoreService.Profiles.find(login: "mojombo", $0) })
        #expect(cached.unknown == [.email, .location])
        #expect(cached.profile.email == nil && cached.profile.location == nil)
        #expect(cached.profile.followers == 3)
    }

    @Test func theNextFormatNodeIdStaysWhenRESTListsTheLegacyOne() throws {
        // Given: a user cached from a page, then its profile from GraphQL with the next-format id.
        let user = Factory.user(1, "mojombo")
        func save(_ page: UsersPage) throws {
            try database.write { try StoreService.Sync.savePage(page, request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        }
        try save(UsersPage(users: [user], itemCount: 1, skipped: 0, cursor: 1, hasNext: false))
        try database.write { try CombinedService.save(
            [Self.fetched(user, profile: Profile(), unknown: [], nodeID: "U_kgAB")], users: [1: user], rateLimit: nil, $0) }
        // When: the page is saved again, with REST's legacy id.
        try save(UsersPage(users: [user], itemCount: 1, skipped: 0, cursor: 1, hasNext: false))
        // Then
        let stored = try database.read { db in try String.fetchOne(db, sql: "SELECT node_id FROM user WHERE id = 1") }
        #expect(stored == "U_kgAB")
    }
}
