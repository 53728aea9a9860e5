/// The pane's avatar as a pixel picture (kitty, iTerm2 or sixel bytes), drawn for a size in
/// cells: ``BrowserScreen`` writes it over the frame when the pane still shows that size.
public struct PanePicture: Hashable, Sendable {
    /// The size in cells the picture covers.
    public var columns: Int
    public var rows: Int
    /// The protocol's bytes.
    public var bytes: [UInt8]

    /// Creates a picture.
    public init(columns: Int, rows: Int, bytes: [UInt8]) {
        self.columns = columns
        self.rows = rows
        self.bytes = bytes
    }
}
