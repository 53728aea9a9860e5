import GHUsersKit

/// What a kept query's complete run changed, in words for stderr: how many accounts joined and
/// left GitHub's answer, each named (with why one left, when known), then the accounts that
/// stayed whose fields the query names changed. `--json` carries every changed field.
enum ChangeNotices {
    /// At most this many logins are named a line; the rest are counted.
    static let named = 20

    /// The lines for `changes` of `query`; none for a first run.
    static func lines(_ changes: QueryChanges, query: String) -> [String] {
        guard !changes.first else { return [] }
        let fields = Set(SearchQuery(query).namedFields.map(\.rawValue))
        var lines = ["since the last run: \(changes.joined.count) joined, \(changes.left.count) left"]
        if !changes.joined.isEmpty { lines.append("joined: " + list(changes.joined.map(\.login))) }
        if !changes.left.isEmpty {
            lines.append("left: " + list(changes.left.map { member in member.why.map { "\(member.login) (\($0))" } ?? member.login }))
        }
        let changed = changes.changed.compactMap { member -> String? in
            let named = member.changed.filter { fields.contains($0.field) }
            guard !named.isEmpty else { return nil }
            return "\(member.login) " + named.map { "\($0.field) \($0.from ?? "unknown") → \($0.to ?? "unknown")" }.joined(separator: ", ")
        }
        if !changed.isEmpty { lines.append("changed: " + list(changed)) }
        return lines
    }

    private static func list(_ items: [String]) -> String {
        let shown = items.prefix(named).joined(separator: "; ")
        return items.count > named ? shown + "; and \(items.count - named) more" : shown
    }

    /// Writes the changes of `query`'s run to `writer` as `--json` has them.
    static func write(_ changes: QueryChanges, to writer: inout JSONWriter) {
        writer.field("first_run", changes.first)
        for (key, members) in [("joined", changes.joined), ("left", changes.left), ("changed", changes.changed)] as [(StaticString, [QueryChanges.Member])] {
            writer.beginArray(key)
            for member in members {
                writer.beginElement()
                writer.field("id", member.id)
                writer.field("login", member.login)
                writer.field("why", member.why)
                writer.beginArray("fields")
                for change in member.changed {
                    writer.beginElement()
                    writer.field("field", change.field)
                    writer.field("from", change.from)
                    writer.field("to", change.to)
                    writer.endObject()
                }
                writer.endArray()
                writer.endObject()
            }
            writer.endArray()
        }
    }
}
