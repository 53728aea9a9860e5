import Foundation
import GraphQL

/// GitHub's published GraphQL schema (`Resources/graphql-schema.graphql`, octokit/graphql-schema,
/// see Tests/Fixtures/github/SOURCES.md), against which the fake validates every query before
/// answering it, as GitHub does.
///
/// Built once per process, when the first GraphQL request asks for it, on a queue of its own: the
/// request awaits it, and no event loop or task thread spends the second it takes. The SDL itself
/// is not validated: it defines two fields of `EnterpriseOwnerInfo` twice, which GitHub's own
/// server tolerates (graphql-core's `assume_valid_sdl` does the same).
enum GitHubSchema {
    /// The schema, or why it could not be built.
    static func shared() async -> Result<GraphQLSchema, any Error> {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: built) }
        }
    }

    private static let queue = DispatchQueue(label: "github-fake.graphql-schema")

    private static let built: Result<GraphQLSchema, any Error> = Result {
        guard let url = Bundle.module.url(forResource: "graphql-schema", withExtension: "graphql", subdirectory: "Resources") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Resources/graphql-schema.graphql"])
        }
        return try buildSchema(source: String(decoding: try Data(contentsOf: url), as: UTF8.self), assumeValidSDL: true)
    }
}
