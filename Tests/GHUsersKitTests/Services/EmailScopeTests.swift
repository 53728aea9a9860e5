import Foundation
import Testing

@testable import GHUsersKit

/// What a token may read of `User.email`, learnt from GitHub's answers and remembered per token.
@Suite("Email scope, learnt per token")
struct EmailScopeTests {
    static func scope() throws -> (CombinedService.EmailScope, StoreService.Sync.TokenEmail) {
        let memory = StoreService.Sync.TokenEmail(database: try AppDatabase.inMemory())
        return (try CombinedService.EmailScope(memory: memory, fingerprint: "t"), memory)
    }

    @Test("an email refused at the field asks again without it, once, and remembers it; the next query asks none")
    func refusedAtTheField() async throws {
        var (scope, memory) = try Self.scope()
        var asked: [Bool] = []
        let answer = try await scope.run { withEmail in
            asked.append(withEmail)
            return (withEmail ? "nulled" : "whole", GuardedEvidence(scopes: nil, refusedAtField: withEmail, whole: !withEmail))
        }
        #expect(answer == "whole" && asked == [true, false] && scope.requests == 2)
        #expect(try memory.readsEmail(fingerprint: "t") == false)
        _ = try await scope.run { withEmail in
            asked.append(withEmail)
            return ("", GuardedEvidence(scopes: nil, refusedAtField: false, whole: true))
        }
        #expect(asked == [true, false, false])
    }

    @Test("readable is learnt only from an answer whose every node came back; the scopes header decides over both")
    func readableOnlyFromWholeAnswers() async throws {
        var (scope, memory) = try Self.scope()
        _ = try await scope.run { _ in ((), GuardedEvidence(scopes: nil, refusedAtField: false, whole: false)) }
        #expect(try memory.readsEmail(fingerprint: "t") == nil)
        _ = try await scope.run { _ in ((), GuardedEvidence(scopes: nil, refusedAtField: false, whole: true)) }
        #expect(try memory.readsEmail(fingerprint: "t") == true)
        _ = try await scope.run { _ in ((), GuardedEvidence(scopes: false, refusedAtField: false, whole: true)) }
        #expect(try memory.readsEmail(fingerprint: "t") == false && scope.readsEmail == false)
    }
}
