/// The pane's avatar as a pixel picture (kitty, iTerm2 or sixel bytes), drawn for a size in
/// cells: ``BrowserScreen`` writes it over the frame when the pane still shows that size.
package struct PanePicture: Hashable, Sendable {
    /// The size in cells the picture covers.
    package var columns: Int
    package var rows: Int
    /// The protocol's bytes.
    package var bytes: [UInt8]

    /// Creates a picture.
    package init(columns: Int, rows: Int, bytes: [UInt8]) {
        self.columns = columns
        self.rows = rows
        self.bytes = bytes
    }
}
