/// The local side of ghusers: one type per database operation, each a small value around the
/// shared ``AppDatabase``. Every write is one transaction.
///
/// ```swift
/// try StoreService.Notes.Save(database: database)(login: "tawk", text: "met at a meetup")
/// ```
package enum StoreService {
    /// Cached users: pages, lists, search, seen marks.
    package enum Users {}
    /// Cached profiles.
    package enum Profiles {}
    /// Private notes.
    package enum Notes {}
    /// Pagination and rate-limit state.
    package enum Sync {}
    /// Online searches under way (`search --online`), so that one stopped resumes.
    package enum Searches {}
}
