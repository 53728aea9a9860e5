import Foundation
import Testing

@testable import GHUsersKit

/// Saving GraphQL's profiles: unknown fields stored as unknown, a profile never made worse by a
/// later answer that knows less, the node id GitHub answered kept against REST's legacy one,
/// and `profile_word` holding exactly the cached profiles' words.
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

    @Test("profile_word follows each save of a profile and goes with a removed account's profile")
    func profileWordsFollowTheProfiles() throws {
        func words(_ id: Int64) throws -> [String] {
            try database.read { try String.fetchAll($0, sql: "SELECT field || ':' || word FROM profile_word WHERE user_id = ? ORDER BY 1", arguments: [id]) }
        }
        func found(_ query: String) throws -> [String] {
            var logins: [String] = []
            try database.read { try StoreService.Search.matches(query, $0) { logins.append($0.login) } }
            return logins
        }
        // Given: a user in Berlin, with a name and an email.
        let user = Factory.user(7, "octo")
        try database.write { try StoreService.Sync.savePage(UsersPage(users: [user], itemCount: 1, skipped: 0, cursor: 7, hasNext: false), request: .init(since: 0, movesCursor: true), etag: nil, $0) }
        try database.write { try StoreService.Profiles.save(Profile(name: "Zoë Ångström", location: "Berlin–Mitte", email: "zoe.a@example.com"), userID: 7, etag: nil, now: Date(), $0) }
        // Then: the words of each field, folded; the email's before its `@`.
        #expect(try words(7) == ["1:zoë", "1:ångström", "3:berlin", "3:mitte", "4:a", "4:zoe"].sorted())
        #expect(try found("location:berlin") == ["octo"] && found("in:email zoe") == ["octo"] && found("in:email example").isEmpty)
        // When: the user moves; the unknown email stays out.
        try database.write { try StoreService.Profiles.save(Profile(name: "Zoë Ångström", location: "Paris"), userID: 7, etag: nil, now: Date(), unknown: [.email], $0) }
        // Then: the old place's words went.
        #expect(try words(7) == ["1:zoë", "1:ångström", "3:paris"].sorted())
        #expect(try found("location:berlin").isEmpty && found("location:paris") == ["octo"])
        // When: the login goes to another account (renamed and taken): the stale account goes, its profile with it.
        try database.write { try StoreService.Users.Save()([Factory.user(8, "octo")], $0) }
        // Then: no word of it is left, and a profile saved again for id 7 starts from nothing.
        #expect(try words(7).isEmpty)
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
