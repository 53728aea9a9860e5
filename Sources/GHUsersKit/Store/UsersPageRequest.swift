/// How a page of users was asked for, so that saving it can record the page and move the
/// cursor in the same transaction.
package struct UsersPageRequest: Sendable, Hashable {
    /// The `since` sent, 0 for none.
    package var since: Int64
    /// Whether the page continues the list (`next-page`), so the cursor moves; `refresh` does not
    /// move it.
    package var movesCursor: Bool
    /// ``TokenSource/fingerprint(_:)`` of the token the page was asked with, saved beside its
    /// ETag.
    package var tokenFingerprint: String

    /// Creates a request description.
    package init(since: Int64, movesCursor: Bool, tokenFingerprint: String = "") {
        self.since = since
        self.movesCursor = movesCursor
        self.tokenFingerprint = tokenFingerprint
    }
}
