import Foundation

/// An account as the fake's GraphQL answers it: a population user with its profile, found by
/// its global node id.
struct GraphQLAccount: Sendable {
    var user: SimpleUser
    var profile: UserProfile
    /// The account's page and avatar, as its REST answer gives them.
    var htmlURL: String
    var avatarURL: String

    /// The account id a node id names, and its type: the legacy ids REST objects carry are
    /// `base64("04:User<id>")` and `base64("012:Organization<id>")` (GitHub Docs, "Using global
    /// node IDs", https://docs.github.com/en/graphql/guides/using-global-node-ids; the captured
    /// `node_id` of mojombo, `MDQ6VXNlcjE=`, is `04:User1`). `nil` for anything else.
    static func decode(nodeID: String) -> (id: Int, type: String)? {
        guard let data = Data(base64Encoded: nodeID), let text = String(data: data, encoding: .utf8) else { return nil }
        for (prefix, type) in [("04:User", "User"), ("012:Organization", "Organization")] where text.hasPrefix(prefix) {
            let digits = text.dropFirst(prefix.count)
            guard let id = Int(digits), id > 0, String(id) == digits else { return nil }
            return (id, type)
        }
        return nil
    }

    /// `repositories { totalCount }` for the connection's arguments: REST's `public_repos`
    /// counts the public repositories the account owns, which is what
    /// `repositories(privacy: PUBLIC, ownerAffiliations: [OWNER])` counts; the default
    /// affiliations are `[OWNER, COLLABORATOR]` (GitHub's schema: "ownerAffiliations … default
    /// [OWNER, COLLABORATOR]"), so without the argument the fake adds `id % 5` public
    /// repositories the account collaborates on, and a client that forgot it counts wrong.
    func repositoryCount(ownerAffiliations: [String]?) -> Int {
        let affiliations = ownerAffiliations ?? ["OWNER", "COLLABORATOR"]
        let collaborations = affiliations.contains(where: { $0 != "OWNER" }) ? user.id % 5 : 0
        return (affiliations.contains("OWNER") ? profile.publicRepos : 0) + collaborations
    }
}
