import Foundation
import GRDB

/// Opens a ghusers database the way the next ghusers process would, to check what a run left.
struct StoreInspector {
    let url: URL

    init(database: URL) {
        url = database
    }

    /// The database of `world`'s site.
    init(_ world: EndToEnd) {
        self.init(database: world.database)
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        return try queue.read(body)
    }

    /// `PRAGMA integrity_check`: "ok" for a sound file.
    func integrity() throws -> String {
        try read { try String.fetchAll($0, sql: "PRAGMA integrity_check").joined(separator: "; ") }
    }

    /// Every cached user id, ascending.
    func userIDs() throws -> [Int64] {
        try read { try Int64.fetchAll($0, sql: "SELECT id FROM user ORDER BY id") }
    }

    /// The next-page cursor.
    func cursor() throws -> Int64? {
        try read { try Int64.fetchOne($0, sql: "SELECT cursor FROM sync_state") }
    }

    /// Every note, by login.
    func notes() throws -> [String: String] {
        try read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT login, text FROM note").map { ($0[0], $0[1]) })
        }
    }
}
