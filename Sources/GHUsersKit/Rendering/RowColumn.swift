/// A column of the rows `--csv` prints, and of `--tsv` and `--json` with `--fields`: named as
/// `--json` names the field (`gh`'s `--json FIELDS` likewise takes its output's names).
///
/// A cell is empty where the value is unknown: a profile field of a user whose profile is not
/// cached, or that GitHub's answer left unknown (an email a token may not read); and where it
/// is null (no company). Only the unknown are counted (``RowTable``), so that a table says how
/// much of it is missing rather than absent.
package enum RowColumn: Hashable, Sendable {
    case login, id, nodeID, avatarURL, htmlURL, type, siteAdmin
    case profile(Profile.Field)
    case note, seen, gone, fetchedAt

    /// Every column, in `--json`'s order: the user, its profile, the local marks.
    package static let all: [RowColumn] =
        [.login, .id, .nodeID, .avatarURL, .htmlURL, .type, .siteAdmin] + Profile.Field.allCases.map(RowColumn.profile)
        + [.note, .seen, .gone, .fetchedAt]

    /// The name `--json` gives the field.
    package var name: String {
        switch self {
        case .login: "login"
        case .id: "id"
        case .nodeID: "node_id"
        case .avatarURL: "avatar_url"
        case .htmlURL: "html_url"
        case .type: "type"
        case .siteAdmin: "site_admin"
        case .profile(let field): field.rawValue
        case .note: "note"
        case .seen: "seen"
        case .gone: "gone"
        case .fetchedAt: "fetched_at"
        }
    }

    /// The column named `name`, or `nil`.
    package init?(name: String) {
        guard let column = Self.all.first(where: { $0.name == name }) else { return nil }
        self = column
    }

    /// Whether the column needs the user's cached profile.
    package var readsProfile: Bool {
        switch self {
        case .profile, .fetchedAt: true
        case .login, .id, .nodeID, .avatarURL, .htmlURL, .type, .siteAdmin, .note, .seen, .gone: false
        }
    }

    /// The columns of a comma-separated list of names (`--fields login,followers`).
    ///
    /// - Throws: ``UnknownName`` for a name no column has.
    package static func parse(_ list: String) throws -> [RowColumn] {
        try list.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let name = part.trimmingCharacters(in: .whitespaces)
            guard let column = RowColumn(name: name) else { throw UnknownName(name: name) }
            return column
        }
    }

    /// A name in `--fields` that no column has.
    package struct UnknownName: Error, Hashable {
        package var name: String
    }

    /// This column's cell of a cached user with its profile (`nil`: none cached); `links`
    /// stand in for an `html_url` the server did not send, as `--json`'s do.
    package func cell(_ details: UserDetails, profile: CachedProfile?, links: UserLinks) -> Cell {
        let user = details.user
        switch self {
        case .login: return .text(user.login)
        case .id: return .number(user.id)
        case .nodeID: return .text(user.nodeID)
        case .avatarURL: return .text(user.avatarURL)
        case .htmlURL: return .text(user.htmlURL ?? links.webURL(login: user.login))
        case .type: return .text(user.type)
        case .siteAdmin: return .flag(user.siteAdmin)
        case .note: return .text(details.note)
        case .seen: return .flag(details.seen)
        case .gone: return .flag(details.gone)
        case .fetchedAt: return profile.map { .text(Timestamp.iso8601($0.fetchedAt)) } ?? .unknown
        case .profile(let field):
            guard let profile, !profile.unknown.contains(field) else { return .unknown }
            return .value(profile.profile[field])
        }
    }

    /// This column's cell of a note on an account not cached: its login, id (when an import
    /// named it) and text; the rest is unknown.
    package func cell(_ note: Note) -> Cell {
        switch self {
        case .login: .text(note.login)
        case .id: note.userID.map { .number($0) } ?? .unknown
        case .note: .text(note.text)
        case .seen, .gone: .flag(false)
        case .nodeID, .avatarURL, .htmlURL, .type, .siteAdmin, .profile, .fetchedAt: .unknown
        }
    }

    /// One cell: a value (`nil` inside: null, GitHub has none), or unknown.
    package enum Cell: Hashable, Sendable {
        case text(String?)
        case number(Int64?)
        case flag(Bool?)
        case unknown

        static func value(_ value: Profile.Field.Value) -> Cell {
            switch value {
            case .text(let text): .text(text)
            case .count(let count): .number(count.map(Int64.init))
            case .flag(let flag): .flag(flag)
            }
        }

        /// The value as `--json` writes it (unknown as `null`).
        var json: Profile.Field.Value {
            switch self {
            case .text(let text): .text(text)
            case .number(let number): .count(number.map { Int(clamping: $0) })
            case .flag(let flag): .flag(flag)
            case .unknown: .text(nil)
            }
        }

        /// The value as text: digits, `true` or `false`; `nil` for null or unknown.
        var text: String? {
            switch self {
            case .text(let text): text
            case .number(let number): number.map(String.init)
            case .flag(let flag): flag.map { $0 ? "true" : "false" }
            case .unknown: nil
            }
        }
    }
}
