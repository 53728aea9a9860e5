import GRDB

/// How a ``User`` and a ``UserDetails`` map to rows of `user` (``StoreService/Users`` runs the
/// statements).
extension User {
    /// The columns of `user` that hold a ``User``, in one order: the one list that
    /// ``selection``, ``init(row:startingAt:)`` and the upserts follow, so that a new column is
    /// a new case here (the switches below then ask for its name and value). Read by position
    /// (`Column.rawValue`), not by name: `list` and the page save read and write every user,
    /// and a lookup by name costs a search of the row's columns per value.
    enum Column: Int, CaseIterable {
        case id, login, nodeID, avatarURL, htmlURL, type, siteAdmin, gravatarID, userViewType

        /// The column's name in `user`.
        var name: String {
            switch self {
            case .id: "id"
            case .login: "login"
            case .nodeID: "node_id"
            case .avatarURL: "avatar_url"
            case .htmlURL: "html_url"
            case .type: "type"
            case .siteAdmin: "site_admin"
            case .gravatarID: "gravatar_id"
            case .userViewType: "user_view_type"
            }
        }
    }

    /// This user's value for `column`.
    private func value(_ column: Column) -> (any DatabaseValueConvertible)? {
        switch column {
        case .id: id
        case .login: login
        case .nodeID: nodeID
        case .avatarURL: avatarURL
        case .htmlURL: htmlURL
        case .type: type
        case .siteAdmin: siteAdmin
        case .gravatarID: gravatarID
        case .userViewType: userViewType
        }
    }

    /// The columns of `user` a ``User`` is read from, in the order of ``Column``, for
    /// ``init(row:startingAt:)``.
    static let selection = Column.allCases.map { "user." + $0.name }.joined(separator: ", ")

    /// How many columns ``selection`` has.
    static let selectionCount = Column.allCases.count

    /// Reads a user from the columns of ``selection`` starting at `index`.
    init(row: Row, startingAt index: Int = 0) {
        func at(_ column: Column) -> Int { index + column.rawValue }
        self.init(
            id: row[at(.id)], login: row[at(.login)], nodeID: row[at(.nodeID)], avatarURL: row[at(.avatarURL)],
            gravatarID: row[at(.gravatarID)], htmlURL: row[at(.htmlURL)], type: row[at(.type)],
            siteAdmin: row[at(.siteAdmin)], userViewType: row[at(.userViewType)])
    }

    /// The columns an upsert writes: ``Column``'s, then the fetch time.
    static let upsertColumns = (Column.allCases.map(\.name) + ["fetched_at"]).joined(separator: ", ")

    /// One `VALUES` tuple of placeholders for ``upsertColumns``.
    static let upsertPlaceholders = "(" + Array(repeating: "?", count: Column.allCases.count + 1).joined(separator: ", ") + ")"

    /// What an upsert changes on conflict: everything but the id and the seen mark, and a
    /// next-format node id (`U_kgDO…`, which `profiles prefetch` stores from GraphQL) is not
    /// put back to the legacy one REST lists still carry (`MDQ6VXNlcjE=`: base64, never a `_`;
    /// GitHub Docs, "Migrating GraphQL global node IDs").
    static let upsertAssignments = (Column.allCases.filter { $0 != .id }.map(\.name) + ["fetched_at"])
        .map { name in
            name == Column.nodeID.name
                ? "\(name) = CASE WHEN instr(\(name), '_') > 0 AND instr(coalesce(excluded.\(name), ''), '_') = 0 THEN \(name) ELSE excluded.\(name) END"
                : "\(name) = excluded.\(name)"
        }.joined(separator: ", ")

    /// This user's values for ``upsertColumns``.
    func upsertArguments(fetchedAt time: Double) -> StatementArguments {
        StatementArguments(Column.allCases.map(value) + [time])
    }
}

extension UserDetails {
    /// The columns a ``UserDetails`` is read from: ``User/selection``, then the note and the seen
    /// mark, for a `FROM user LEFT JOIN note ON note.user_id = user.id`.
    static let selection = User.selection + ", note.text, user.seen, user.gone"
    /// How many columns ``selection`` has.
    static let selectionCount = User.selectionCount + 3

    /// The one join that reads users with their notes: `SELECT` it, then add `WHERE`, `ORDER BY`
    /// and `LIMIT`. Every reader of ``UserDetails`` rows uses it.
    static let selectWithNotes = "SELECT \(selection) FROM user LEFT JOIN note ON note.user_id = user.id"

    /// Reads a row of ``selection``.
    init(row: Row) {
        self.init(
            user: User(row: row), note: row[User.selectionCount], seen: row[User.selectionCount + 1],
            gone: row[User.selectionCount + 2])
    }
}
