/// The local side of ghusers: one type per database operation, each a small value around the
/// shared ``AppDatabase``. Every write is one transaction.
///
/// ```swift
/// try StoreService.Notes.Save(database: database)(login: "tawk", text: "met at a meetup")
/// ```
public enum StoreService {
    /// Cached users: pages, lists, search, seen marks.
    public enum Users {}
    /// Cached profiles.
    public enum Profiles {}
    /// Private notes.
    public enum Notes {}
    /// Pagination and rate-limit state.
    public enum Sync {}
    /// Online searches under way (`search --online`), so that one stopped resumes.
    public enum Searches {}
}
