import Foundation
import Testing

@testable import GHUsersKit

/// What a token may read of `User.email`, learnt from GitHub's answers and remembered per token.
@Suite("Email scope, learnt per token")
struct EmailScopeTests {
    static func scope() async throws -> (CombinedService.EmailScope, AppDatabase) {
        let database = try AppDatabase.inMemory()
        return (try await CombinedService.EmailScope(database: database, fingerprint: "t"), database)
    }

    @Test("an email refused at the field asks again without it, once, and remembers it; the next query asks none")
    func refusedAtTheField() async throws {
        var (scope, database) = try await Self.scope()
        var asked: [Bool] = []
        let answer = try await scope.run { withEmail in
            asked.append(withEmail)
            return (withEmail ? "nulled" : "whole", GuardedEvidence(scopes: nil, refusedAtField: withEmail, whole: !withEmail))
        }
        #expect(answer == "whole" && asked == [true, false] && scope.requests == 2)
        #expect(try await database.read { try StoreService.Sync.readsEmail(fingerprint: "t", $0) } == false)
        _ = try await scope.run { withEmail in
            asked.append(withEmail)
            return ("", GuardedEvidence(scopes: nil, refusedAtField: false, whole: true))
        }
        #expect(asked == [true, false, false])
    }

    @Test("readable is learnt only from an answer whose every node came back; the scopes header decides over both")
    func readableOnlyFromWholeAnswers() async throws {
        var (scope, database) = try await Self.scope()
        _ = try await scope.run { _ in ((), GuardedEvidence(scopes: nil, refusedAtField: false, whole: false)) }
        #expect(try await database.read { try StoreService.Sync.readsEmail(fingerprint: "t", $0) } == nil)
        _ = try await scope.run { _ in ((), GuardedEvidence(scopes: nil, refusedAtField: false, whole: true)) }
        #expect(try await database.read { try StoreService.Sync.readsEmail(fingerprint: "t", $0) } == true)
        _ = try await scope.run { _ in ((), GuardedEvidence(scopes: false, refusedAtField: false, whole: true)) }
        #expect(try await database.read { try StoreService.Sync.readsEmail(fingerprint: "t", $0) } == false && scope.readsEmail == false)
    }
}
