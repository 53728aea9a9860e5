/// A user without a note, avatar as it is.
public struct NormalRow: AvatarRow {
    public var details: UserDetails
    public var position: Int

    /// Creates the row.
    public init(details: UserDetails, position: Int) {
        self.details = details
        self.position = position
    }
}
