/// Edits made to the population while the fake runs: renamed logins, deleted accounts and
/// changed profile text.
///
/// A value type, so a request handler copies it out of the lock in O(1) and renders
/// without holding the lock.
struct UserOverrides: Sendable {
    /// New logins, by user id.
    private(set) var loginByID: [Int: String] = [:]
    /// The ids of renamed users, by lower-cased new login.
    private(set) var idByLogin: [String: Int] = [:]
    /// Changed profile text (a `nil` value is served as `null`), by user id and field.
    private(set) var textByID: [Int: [ProfileTextField: String?]] = [:]
    /// Accounts deleted (or suspended) at run time: not listed, and 404 by login and by id.
    private(set) var deleted: Set<Int> = []

    mutating func rename(id: Int, to login: String) {
        if let old = loginByID[id] { idByLogin[old.lowercased()] = nil }
        loginByID[id] = login
        idByLogin[login.lowercased()] = id
    }

    mutating func setText(id: Int, field: ProfileTextField, to value: String?) {
        textByID[id, default: [:]][field] = .some(value)
    }

    mutating func delete(id: Int) {
        deleted.insert(id)
    }

    mutating func restore(id: Int) {
        deleted.remove(id)
    }
}
