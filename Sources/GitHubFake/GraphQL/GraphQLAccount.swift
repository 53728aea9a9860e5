import Foundation

/// An account as the fake's GraphQL answers it: a population user with its profile, found by
/// its global node id.
struct GraphQLAccount: Sendable {
    var user: SimpleUser
    var profile: UserProfile
    /// The account's page and avatar, as its REST answer gives them.
    var htmlURL: String
    var avatarURL: String

    /// The account id a node id names, and its type, in either format GitHub resolves today
    /// (GitHub Docs, "Migrating GraphQL global node IDs": "The GitHub GraphQL API currently
    /// supports two types of global node ID formats"):
    /// - legacy, what REST objects carry: `base64("04:User<id>")`, `base64("012:Organization<id>")`
    ///   ("Using global node IDs"; the captured `node_id` of mojombo, `MDQ6VXNlcjE=`, is `04:User1`);
    /// - next, ``nextFormatID(id:type:)``.
    ///
    /// `nil` for anything else.
    static func decode(nodeID: String) -> (id: Int, type: String)? {
        if let next = decodeNext(nodeID) { return next }
        guard let data = Data(base64Encoded: nodeID), let text = String(data: data, encoding: .utf8) else { return nil }
        for (prefix, type) in [("04:User", "User"), ("012:Organization", "Organization")] where text.hasPrefix(prefix) {
            let digits = text.dropFirst(prefix.count)
            guard let id = Int(digits), id > 0, String(id) == digits else { return nil }
            return (id, type)
        }
        return nil
    }

    /// The next-format id of an account: `U_` or `O_`, then the MessagePack array `[0, id]` in
    /// URL-safe base64 without padding. The docs' own pair shows it: the legacy
    /// `MDQ6VXNlcjM0MDczMDM=` (`04:User3407303`) is `U_kgDOADP9xw`, and `kgDOADP9xw` is the bytes
    /// `92 00 ce 00 33 fd c7`, `[0, 3407303]` ("Migrating GraphQL global node IDs"). Clients
    /// must treat it as opaque; the fake needs to read its own back.
    static func nextFormatID(id: Int, type: String) -> String {
        var bytes: [UInt8] = [0x92, 0x00]
        switch id {
        case 0..<0x80: bytes.append(UInt8(id))
        case 0x80..<0x100: bytes += [0xcc, UInt8(id)]
        case 0x100..<0x1_0000: bytes += [0xcd, UInt8(id >> 8), UInt8(id & 0xff)]
        default: bytes += [0xce] + (0..<4).reversed().map { UInt8((id >> ($0 * 8)) & 0xff) }
        }
        let text = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return (type == "Organization" ? "O_" : "U_") + text
    }

    private static func decodeNext(_ nodeID: String) -> (id: Int, type: String)? {
        let type: String
        if nodeID.hasPrefix("U_") { type = "User" } else if nodeID.hasPrefix("O_") { type = "Organization" } else { return nil }
        var text = nodeID.dropFirst(2).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        guard let data = Data(base64Encoded: text), data.count >= 3, data[data.startIndex] == 0x92, data[data.startIndex + 1] == 0 else { return nil }
        let rest = Array(data.dropFirst(2))
        let id: Int
        switch rest[0] {
        case 0..<0x80 where rest.count == 1: id = Int(rest[0])
        case 0xcc where rest.count == 2: id = Int(rest[1])
        case 0xcd where rest.count == 3: id = Int(rest[1]) << 8 | Int(rest[2])
        case 0xce where rest.count == 5: id = rest[1...].reduce(0) { $0 << 8 | Int($1) }
        default: return nil
        }
        guard id > 0, nextFormatID(id: id, type: type) == nodeID else { return nil }
        return (id, type)
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
