/// An avatar drawn for both layouts (6 × 3 and 12 × 6 cells), inverted or not by position.
public struct AvatarCells: Sendable {
    public var small: CellGrid
    public var large: CellGrid

    /// Creates the pair.
    public init(small: CellGrid, large: CellGrid) {
        self.small = small
        self.large = large
    }
}
