import Foundation

/// The fields of a user that `GET /users` lists (GitHub's "simple-user"), apart from the
/// URLs, which are derived from the login when the user is written as JSON.
struct SimpleUser: Sendable, Equatable, Decodable {
    var login: String
    var id: Int
    var nodeID: String
    var gravatarID: String
    var type: String
    var siteAdmin: Bool
    var userViewType: String

    init(login: String, id: Int, nodeID: String, gravatarID: String = "", type: String, siteAdmin: Bool = false, userViewType: String = "public") {
        self.login = login
        self.id = id
        self.nodeID = nodeID
        self.gravatarID = gravatarID
        self.type = type
        self.siteAdmin = siteAdmin
        self.userViewType = userViewType
    }

    /// A user made up from its id and login, with a node id encoded the way GitHub's
    /// legacy ids are (`base64("04:User<id>")`, `base64("012:Organization<id>")`).
    static func synthetic(id: Int, login: String, type: String) -> SimpleUser {
        let prefix = type == "Organization" ? "012:Organization" : "04:User"
        let nodeID = Data((prefix + String(id)).utf8).base64EncodedString()
        return SimpleUser(login: login, id: id, nodeID: nodeID, type: type)
    }

    // MARK: - Decoding

    private enum CodingKeys: String, CodingKey {
        case login, id, type
        case nodeID = "node_id"
        case gravatarID = "gravatar_id"
        case siteAdmin = "site_admin"
        case userViewType = "user_view_type"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        login = try container.decode(String.self, forKey: .login)
        id = try container.decode(Int.self, forKey: .id)
        nodeID = try container.decode(String.self, forKey: .nodeID)
        gravatarID = try container.decodeIfPresent(String.self, forKey: .gravatarID) ?? ""
        type = try container.decode(String.self, forKey: .type)
        siteAdmin = try container.decodeIfPresent(Bool.self, forKey: .siteAdmin) ?? false
        userViewType = try container.decodeIfPresent(String.self, forKey: .userViewType) ?? "public"
    }
}
