import Foundation

@testable import GHUsersKit

/// Builds users and pages for store tests.
enum Factory {
    static func user(_ id: Int64, _ login: String? = nil, type: String = "User") -> User {
        User(
            id: id, login: login ?? "user\(id)", nodeID: "N\(id)", avatarURL: "https://avatars.example/u/\(id)",
            htmlURL: "https://github.com/\(login ?? "user\(id)")", type: type, siteAdmin: false)
    }

    static func page(_ ids: [Int64], logins: [Int64: String] = [:], hasNext: Bool = false) -> UsersPage {
        UsersPage(users: ids.map { user($0, logins[$0]) }, itemCount: ids.count, skipped: 0, cursor: ids.last, hasNext: hasNext)
    }
}
