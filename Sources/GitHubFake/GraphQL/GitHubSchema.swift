import Foundation
import GraphQL

/// GitHub's published GraphQL schema (`Resources/graphql-schema.graphql`, octokit/graphql-schema,
/// see Tests/Fixtures/github/SOURCES.md), against which the fake validates every query before
/// answering it, as GitHub does.
///
/// Built once per process, on the first GraphQL request, without validating the SDL itself: it
/// defines two fields of `EnterpriseOwnerInfo` twice, which GitHub's own server tolerates
/// (graphql-core's `assume_valid_sdl` does the same).
enum GitHubSchema {
    /// The schema, or why it could not be built.
    static let shared: Result<GraphQLSchema, any Error> = Result {
        guard let url = Bundle.module.url(forResource: "graphql-schema", withExtension: "graphql", subdirectory: "Resources") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Resources/graphql-schema.graphql"])
        }
        return try buildSchema(source: String(decoding: try Data(contentsOf: url), as: UTF8.self), assumeValidSDL: true)
    }
}
