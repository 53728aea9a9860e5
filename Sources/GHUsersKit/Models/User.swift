import Foundation

/// A GitHub account as the users list returns it: the fields of GitHub's `simple-user` that
/// ghusers keeps. The URL fields (`url`, `followers_url`, …) are not kept: ``UserLinks`` derives
/// them from the API root and the login, as GitHub does.
///
/// Coding keys are GitHub's own field names (`avatar_url`, `site_admin`, ...), so the same type
/// decodes API responses, maps database rows and encodes `--json` output.
public struct User: Codable, Sendable, Hashable, Identifiable {
    /// GitHub's numeric account id; stable across renames.
    public var id: Int64
    /// The account name, unique on GitHub without regard to case.
    public var login: String
    /// GitHub's GraphQL node id.
    public var nodeID: String?
    /// Where the avatar image is; always an `http` or `https` URL once validated.
    public var avatarURL: String
    /// The Gravatar id GitHub still sends (nearly always `""`); `nil` when the server did not
    /// send it, or for users cached before ghusers kept it.
    public var gravatarID: String?
    /// The account's page on the GitHub website.
    public var htmlURL: String?
    /// `User` or `Organization`.
    public var type: String
    /// Whether the account is a GitHub staff administrator.
    public var siteAdmin: Bool
    /// GitHub's `user_view_type` (`public` in lists), when the server sent it.
    public var userViewType: String?

    /// Creates a user from its fields.
    public init(
        id: Int64, login: String, nodeID: String? = nil, avatarURL: String, gravatarID: String? = nil,
        htmlURL: String? = nil, type: String = "User", siteAdmin: Bool = false, userViewType: String? = nil
    ) {
        self.id = id
        self.login = login
        self.nodeID = nodeID
        self.avatarURL = avatarURL
        self.gravatarID = gravatarID
        self.htmlURL = htmlURL
        self.type = type
        self.siteAdmin = siteAdmin
        self.userViewType = userViewType
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case id, login, type
        case nodeID = "node_id"
        case avatarURL = "avatar_url"
        case gravatarID = "gravatar_id"
        case htmlURL = "html_url"
        case siteAdmin = "site_admin"
        case userViewType = "user_view_type"
    }
}

extension User {
    /// Checks what the API promised but a server might break: a valid login and an http(s)
    /// avatar URL.
    ///
    /// - Throws: ``User/ValidationError`` naming the first field that is wrong.
    public func validated() throws -> User {
        guard id > 0 else { throw ValidationError.invalidID(id) }
        guard Login.isValid(login) else { throw ValidationError.invalidLogin(login) }
        guard Self.isWebURL(avatarURL) else { throw ValidationError.invalidAvatarURL(avatarURL) }
        if let htmlURL, !Self.isWebURL(htmlURL) { throw ValidationError.invalidHTMLURL(htmlURL) }
        guard type.count <= 40, !type.contains(where: \.isControl) else { throw ValidationError.invalidType }
        // Short, printable text or nothing: a hostile server cannot fill the database with these.
        var copy = self
        copy.avatarURL = Self.lastingAvatarURL(avatarURL)
        copy.gravatarID = gravatarID.flatMap(Self.shortText)
        copy.userViewType = userViewType.flatMap(Self.shortText)
        return copy
    }

    /// Why a user from the server was refused.
    public enum ValidationError: Error, Equatable {
        /// GitHub's ids start at 1 (the schema says `CHECK (id > 0)`).
        case invalidID(Int64)
        case invalidLogin(String)
        case invalidAvatarURL(String)
        case invalidHTMLURL(String)
        case invalidType
    }

    /// The address of an avatar that does not expire. Since late 2024 GitHub hands some
    /// accounts `https://private-avatars.githubusercontent.com/u/ID?jwt=…`, whose token lives
    /// minutes and then answers 404 (gitpod-io/gitpod #20461; GitHub staff in community
    /// discussion #147297: new tokens every 15 minutes, valid for 20). The same image is public
    /// at `https://avatars.githubusercontent.com/u/ID?v=4`. So a `jwt` is dropped (never
    /// stored, never part of a cache key), `private-avatars.` becomes `avatars.`, and `v=4`
    /// stands in when no other query is left. Any other URL is returned as it is.
    static func lastingAvatarURL(_ string: String) -> String {
        guard string.contains("jwt="), var components = URLComponents(string: string) else { return string }
        var items = (components.queryItems ?? []).filter { $0.name != "jwt" }
        if items.isEmpty { items = [URLQueryItem(name: "v", value: "4")] }
        components.queryItems = items
        if let host = components.host?.lowercased(), host.hasPrefix("private-avatars.") {
            components.host = String(host.dropFirst("private-".count))
        }
        return components.string ?? string
    }

    /// `text` when it is at most 64 characters without control characters, else `nil`.
    static func shortText(_ text: String) -> String? {
        text.count <= 64 && !text.contains(where: \.isControl) ? text : nil
    }

    /// Whether `string` is an absolute `http` or `https` URL with a host.
    static func isWebURL(_ string: String) -> Bool {
        guard string.utf8.count <= 2_048, let components = URLComponents(string: string),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = components.host, !host.isEmpty
        else { return false }
        return true
    }
}

extension Character {
    fileprivate var isControl: Bool {
        unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}

extension User.ValidationError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .invalidID(let id): "the id \(id) is not a GitHub id"
        case .invalidLogin(let login): "“\(login)” is not a GitHub login"
        case .invalidAvatarURL(let url): "the avatar URL “\(url)” is not an http(s) URL"
        case .invalidHTMLURL(let url): "the page URL “\(url)” is not an http(s) URL"
        case .invalidType: "the account type is not a short text"
        }
    }
}
