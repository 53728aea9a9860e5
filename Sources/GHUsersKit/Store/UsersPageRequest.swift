/// How a page of users was asked for, so that saving it can record the page and move the
/// cursor in the same transaction.
public struct UsersPageRequest: Sendable, Hashable {
    /// The `since` sent, 0 for none.
    public var since: Int64
    /// The page size to record: set by the very first page, `nil` to keep the stored one.
    public var pageSize: Int?
    /// Whether the page continues the list (`next-page`), so the cursor moves; `refresh` does not
    /// move it.
    public var movesCursor: Bool

    /// Creates a request description.
    public init(since: Int64, pageSize: Int?, movesCursor: Bool) {
        self.since = since
        self.pageSize = pageSize
        self.movesCursor = movesCursor
    }
}
