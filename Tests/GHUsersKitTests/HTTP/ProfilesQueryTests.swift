import Foundation
import Testing

@testable import GHUsersKit

/// The GraphQL query ghusers sends is one GitHub accepts: valid against GitHub's published schema
/// by graphql-core 3.2.8, which checks every rule of the specification (GraphQLSwift 4.3.0, which
/// github-fake validates with, leaves out that overlapping fields can merge), with the ids as
/// variables.
@Suite struct ProfilesQueryTests {
    static let schemaFile = Fixtures.directory.appendingPathComponent("graphql-schema.graphql")
    static let validator = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/validate-graphql")

    /// The documents graphql-core checks, by name: ghusers's queries, and one it must refuse.
    static let documents = [
        "profiles": ProfilesQuery.text(withEmail: true),
        "profiles-without-email": ProfilesQuery.text(withEmail: false),
        "search": UsersSearchQuery.text(withEmail: true),
        "search-without-email": UsersSearchQuery.text(withEmail: false),
        "search-count": UsersSearchQuery.countText,
        // Overlapping `email`s of different types, which GraphQLSwift lets through.
        "conflicting": "{ nodes(ids: [\"x\"]) { ... on User { email } ... on Organization { email } } }",
    ]

    /// graphql-core's errors for each of ``documents``, from one run: building GitHub's schema
    /// is seconds of CPU, the same for one document as for all.
    static let verdicts = Task { try await graphqlCore(documents) }

    @Test func theQueryIsValidAgainstGitHubsSchemaByGraphqlCore() async throws {
        // When / Then: graphql-core accepts ours, and refuses the overlapping `email`s that
        // GraphQLSwift lets through (so the check is really made).
        let verdicts = try await Self.verdicts.value
        #expect(verdicts["profiles"] == [] && verdicts["profiles-without-email"] == [])
        #expect(verdicts["conflicting"]?.contains { $0.contains("conflict") } == true, "\(verdicts)")
    }

    @Test func theUserSearchQueriesAreValidAgainstGitHubsSchemaByGraphqlCore() async throws {
        let verdicts = try await Self.verdicts.value
        #expect(verdicts["search"] == [] && verdicts["search-without-email"] == [])
        #expect(verdicts["search-count"] == [])
    }

    @Test("a document for a token that may not read a guarded field does not name it, nor hide it behind a directive")
    func guardedFieldsLeftOut() {
        for (with, without) in [
            (ProfilesQuery.text(withEmail: true), ProfilesQuery.text(withEmail: false)),
            (UsersSearchQuery.text(withEmail: true), UsersSearchQuery.text(withEmail: false)),
        ] {
            #expect(with.contains(" email") && !with.contains("@include") && !with.contains("@skip"))
            // The organization's email is `organizationEmail: email`, not guarded; the user's is.
            let userFragment = { (text: String) in text.components(separatedBy: "... on User")[1].components(separatedBy: "... on Organization")[0] }
            #expect(userFragment(with).contains("email") && !userFragment(without).contains("email"), "\(without)")
            #expect(!without.contains("@include") && !without.contains("$withEmail"))
        }
        #expect(Profile.Field.allCases.filter { if case .guarded = $0.spec.user { true } else { false } } == [.email])
    }

    @Test func idsTravelAsVariablesNeverInTheText() throws {
        // When
        let body = try JSONSerialization.jsonObject(with: ProfilesQuery.body(ids: ["MDQ6VXNlcjE=", "x\"}"], withEmail: false)) as? [String: Any]
        // Then
        #expect((body?["variables"] as? [String: Any])?["ids"] as? [String] == ["MDQ6VXNlcjE=", "x\"}"])
        #expect((body?["variables"] as? [String: Any])?.keys.sorted() == ["ids"])
        #expect(body?["query"] as? String == ProfilesQuery.text(withEmail: false))
    }

    @Test func anAnswerBecomesProfilesAsRESTWouldGiveThem() throws {
        // Given: a user, an organization (as REST gives one: company null, gists and following 0,
        // its description as bio) and an id GitHub cannot resolve.
        let answer = """
            {"data":{"rateLimit":{"cost":5,"limit":5000,"remaining":4995,"resetAt":"2026-01-01T00:00:00Z"},"nodes":[
              {"__typename":"User","id":"U1","databaseId":1,"login":"mojombo","url":"https://github.com/mojombo","name":"Tom",
               "company":"","websiteUrl":null,"location":"SF","email":"","isHireable":false,"bio":"","twitterUsername":null,
               "createdAt":"2007-10-20T05:24:19Z","updatedAt":"2024-01-01T00:00:00Z","repositories":{"totalCount":3},
               "gists":{"totalCount":2},"followers":{"totalCount":100},"following":{"totalCount":9}},
              {"__typename":"Organization","id":"O1","databaseId":44,"login":"errfree","url":"https://github.com/errfree","name":null,
               "websiteUrl":"https://errfree.example","location":null,"organizationEmail":null,"description":"We err.","twitterUsername":null,
               "createdAt":"2008-01-01T00:00:00Z","updatedAt":"2008-01-01T00:00:00Z","repositories":{"totalCount":7}},
              null]},
             "errors":[{"type":"NOT_FOUND","path":["nodes",2],"message":"Could not resolve to a node with the global id of 'Z'"}]}
            """
        // When
        let batch = try HTTPService.Users.FetchProfiles.decode(Data(answer.utf8), headers: [:], asked: ["U1", "O1", "Z"])
        // Then: REST's nulls and "" where GraphQL differs; only the organization's followers unknown.
        #expect(batch.unresolved == ["Z"])
        #expect(batch.receipt.cost == 5)
        #expect(batch.receipt.rateLimit?.remaining == 4_995)
        #expect(batch.receipt.rateLimit?.resource == "graphql")
        let user = try #require(batch.fetched.first)
        #expect(user.profile == Profile(
            name: "Tom", company: nil, blog: "", location: "SF", email: nil, hireable: nil, bio: nil, twitterUsername: nil,
            publicRepos: 3, publicGists: 2, followers: 100, following: 9, createdAt: "2007-10-20T05:24:19Z", updatedAt: "2024-01-01T00:00:00Z"))
        #expect(user.unknown.isEmpty)
        let organization = try #require(batch.fetched.last)
        #expect(organization.unknown == [.followers])
        #expect(organization.profile.followers == nil)
        #expect(organization.profile.publicRepos == 7)
        #expect(organization.profile.company == nil && organization.profile.publicGists == 0 && organization.profile.following == 0)
        #expect(organization.profile.bio == "We err.")
    }

    @Test func aUsedUpBudgetIsARateLimitAtItsReset() throws {
        // Given: GitHub's answer at a used-up budget, an HTTP 200.
        let answer = #"{"errors":[{"type":"RATE_LIMITED","message":"API rate limit exceeded for user ID 1."}]}"#
        let headers: HTTPHeaderFields = ["x-ratelimit-limit": "5000", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1800000000"]
        // When / Then
        #expect(throws: GitHubAPIError.rateLimited(reset: Date(timeIntervalSince1970: 1_800_000_000))) {
            try HTTPService.Users.FetchProfiles.decode(Data(answer.utf8), headers: headers, asked: ["U1"])
        }
    }

    @Test func theGraphQLEndpointIsTheSites() {
        #expect(GitHubSite.gitHubDotCom.graphQLURL.absoluteString == "https://api.github.com/graphql")
        #expect(GitHubSite(apiRoot: "https://api.acme.ghe.com")?.graphQLURL.absoluteString == "https://api.acme.ghe.com/graphql")
        #expect(GitHubSite(apiRoot: "https://ghe.example.com/api/v3")?.graphQLURL.absoluteString == "https://ghe.example.com/api/graphql")
        #expect(GitHubSite(apiRoot: "http://127.0.0.1:8080")?.graphQLURL.absoluteString == "http://127.0.0.1:8080/graphql")
    }

    /// graphql-core's errors for each document of `documents` (none when it is valid), through
    /// scripts/validate-graphql. Polled, never waited on: a blocked thread of the cooperative
    /// pool (two on this machine) stalls every other test meanwhile.
    static func graphqlCore(_ documents: [String: String]) async throws -> [String: [String]] {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outputFile = folder.url.appendingPathComponent("output.txt")
        for (name, text) in documents { try Data(text.utf8).write(to: folder.url.appendingPathComponent(name)) }
        try Data().write(to: outputFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Run in the folder, so that each error starts with its document's name and ": ".
        process.currentDirectoryURL = folder.url
        process.arguments = ["python3", validator.path, schemaFile.path] + documents.keys.sorted()
        let output = try FileHandle(forWritingTo: outputFile)
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = ContinuousClock.now + .seconds(300)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        if process.isRunning { process.terminate() }
        let lines = try String(contentsOf: outputFile, encoding: .utf8).split(separator: "\n").map(String.init)
        guard !process.isRunning, process.terminationStatus <= 1 else { throw ValidatorFailure(lines: lines) }
        var verdicts = documents.mapValues { _ in [String]() }
        for line in lines {
            let parts = line.split(separator: ": ", maxSplits: 1).map(String.init)
            guard parts.count == 2, verdicts[parts[0]] != nil else { throw ValidatorFailure(lines: lines) }
            verdicts[parts[0]]?.append(parts[1])
        }
        return verdicts
    }

    /// scripts/validate-graphql did not finish, or printed what is not a document's error.
    struct ValidatorFailure: Error, CustomStringConvertible {
        var lines: [String]
        var description: String {
            "scripts/validate-graphql failed (is graphql-core 3.2.8 installed? scripts/install-system-packages): \(lines.joined(separator: "\n"))"
        }
    }
}
