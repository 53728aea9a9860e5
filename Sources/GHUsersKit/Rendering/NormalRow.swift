/// A user without a note, avatar as it is.
package struct NormalRow: AvatarRow {
    package var details: UserDetails
    package var position: Int

    /// Creates the row.
    package init(details: UserDetails, position: Int) {
        self.details = details
        self.position = position
    }
}
