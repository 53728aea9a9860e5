/// An avatar drawn for both layouts (6 × 3 and 12 × 6 cells), inverted or not by position.
package struct AvatarCells: Sendable {
    package var small: CellGrid
    package var large: CellGrid

    /// Creates the pair.
    package init(small: CellGrid, large: CellGrid) {
        self.small = small
        self.large = large
    }
}
