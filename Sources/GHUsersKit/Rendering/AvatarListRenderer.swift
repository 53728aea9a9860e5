/// Lays out users with their avatars, adapting to the terminal's width as the original app
/// adapted to phones and tablets.
///
/// Narrow terminals (under ``gridMinimumColumns`` columns) get one user per entry, the avatar
/// (6 × 3 cells) on the left and the name, id, type and note beside it:
///
/// ```
/// ██████  mojombo
/// ██████  #1  User
/// ██████  ✎ met at a conference
/// ```
///
/// Wide terminals get a grid of three cards per row, each with the avatar (12 × 6 cells)
/// centred and the name and id below it. Seen users' text is dimmed (in colour mode).
public struct AvatarListRenderer: Sendable {
    /// The two layouts.
    public enum Layout: String, Sendable {
        /// One user per entry, avatar on the left.
        case lines
        /// Three cards per row.
        case grid
    }

    /// The narrowest terminal that gets the grid: 96 columns.
    public static let gridMinimumColumns = 96

    /// The layout chosen.
    public var layout: Layout
    /// The card width in the grid.
    public var cardWidth: Int
    /// How avatars are drawn.
    public var drawer: AvatarDrawer
    /// Whether text gets colours and dimming.
    public var color: Bool

    /// Creates a renderer for a terminal `columns` wide.
    public init(columns: Int, drawer: AvatarDrawer, color: Bool) {
        self.layout = columns >= Self.gridMinimumColumns ? .grid : .lines
        self.cardWidth = min(32, max(16, (columns - 4) / 3))
        self.drawer = drawer
        self.color = color
    }

    /// The row kind for `details` at `position`: inverted for every fourth position, else a
    /// note row when there is a note, else a normal row.
    public static func row(_ details: UserDetails, position: Int) -> any AvatarRow {
        if position > 0 && position % 4 == 0 { return InvertedRow(details: details, position: position) }
        if details.note != nil { return NoteRow(details: details, position: position) }
        return NormalRow(details: details, position: position)
    }

    /// The avatar size in cells for the layout.
    public var avatarCells: (columns: Int, rows: Int) {
        layout == .grid ? (12, 6) : (6, 3)
    }

    /// The text of `rows` (in order), each with its avatar from `avatars` by user id (missing:
    /// a placeholder), lines ending in line feeds.
    public func render(_ rows: [any AvatarRow], avatars: [Int64: RGBAImage]) -> String {
        switch layout {
        case .lines:
            return rows.map { row in
                let avatar = avatarLines(row, avatars[row.details.user.id])
                let text = textLines(row)
                return zip(avatar, text + Array(repeating: "", count: max(0, avatar.count - text.count)))
                    .map { $0 + "  " + $1 + "\n" }.joined()
            }.joined()
        case .grid:
            var output = ""
            var start = 0
            while start < rows.count {
                let cards = rows[start..<min(rows.count, start + 3)].map { card($0, avatars[$0.details.user.id]) }
                for line in 0..<cards[0].count {
                    output += cards.map { $0[line] }.joined(separator: "  ") + "\n"
                }
                output += "\n"
                start += 3
            }
            return output
        }
    }

    /// The size of the profile header in cells: 24 × 12.
    public static let headerCells = (columns: 24, rows: 12)

    /// The profile header of the user `id`/`login`: `image` drawn with the best protocol the
    /// terminal has (scaled to 4 × 8 pixels a cell for symbols), or the placeholder when there is
    /// no image; it ends with a line feed (the placeholder with a blank line).
    public func profileHeader(_ image: RGBAImage?, id: Int64, login: String) -> String {
        let (columns, rows) = Self.headerCells
        guard let image, image.width > 0, image.height > 0 else {
            return AvatarPlaceholder(id: id, login: login)
                .lines(columns: columns, rows: rows, colors: drawer.mode.colors).joined(separator: "\n") + "\n\n"
        }
        let scaled = drawer.mode.pixels == .symbols ? image.resized(width: columns * 4, height: rows * 8) : image
        return drawer.picture(scaled, columns: columns, rows: rows) + "\n"
    }

    /// The avatar of `row`, ``avatarCells`` in size: `image` (inverted for rows that invert it,
    /// scaled down), or the user's placeholder when there is no image.
    public func avatarLines(_ row: any AvatarRow, _ image: RGBAImage?) -> [String] {
        let (columns, rows) = avatarCells
        guard var image, image.width > 0, image.height > 0 else {
            return AvatarPlaceholder(id: row.details.user.id, login: row.details.user.login)
                .lines(columns: columns, rows: rows, colors: drawer.mode.colors, inverted: row.invertsAvatar)
        }
        if row.invertsAvatar { image = image.inverted() }
        // Area-averaging down to 4 × 8 pixels per cell first: libchafa then samples whole cells.
        let width = columns * 4
        let height = rows * 8
        if image.width > width || image.height > height { image = image.resized(width: width, height: height) }
        return drawer.symbolLines(image, columns: columns, rows: rows)
    }

    private func textLines(_ row: any AvatarRow) -> [String] {
        let user = row.details.user
        var lines = [
            bold(clean(user.login)),
            "#\(user.id)  " + clean(user.type),
        ]
        if let note = row.noteLine(color: color) { lines.append(note) }
        return lines.map(dim(row))
    }

    private func card(_ row: any AvatarRow, _ image: RGBAImage?) -> [String] {
        let avatar = avatarLines(row, image)
        let indent = String(repeating: " ", count: (cardWidth - avatarCells.columns) / 2)
        var lines = avatar.map { indent + $0 + String(repeating: " ", count: cardWidth - avatarCells.columns - indent.count) }
        let user = row.details.user
        lines.append(dim(row)(center(clean(user.login), bold: true)))
        var detail = "#\(user.id) " + clean(user.type)
        if row.details.note != nil { detail += " " + (color ? "\u{1B}[33m" + UserRowFormatter.noteMarker + "\u{1B}[39m" : UserRowFormatter.noteMarker) }
        let visible = "#\(user.id) \(clean(user.type))".count + (row.details.note != nil ? 2 : 0)
        lines.append(dim(row)(center(detail, visibleWidth: visible)))
        return lines
    }

    private func center(_ text: String, bold: Bool = false, visibleWidth: Int? = nil) -> String {
        var text = text
        var width = visibleWidth ?? text.count
        if visibleWidth == nil, width > cardWidth {
            text = String(text.prefix(cardWidth - 1)) + "…"
            width = cardWidth
        }
        let left = max(0, (cardWidth - width) / 2)
        let right = max(0, cardWidth - width - left)
        let body = bold ? self.bold(text) : text
        return String(repeating: " ", count: left) + body + String(repeating: " ", count: right)
    }

    private func bold(_ text: String) -> String {
        color ? "\u{1B}[1m" + text + "\u{1B}[22m" : text
    }

    private func dim(_ row: any AvatarRow) -> (String) -> String {
        { text in color && row.details.seen ? "\u{1B}[2m" + text + "\u{1B}[22m" : text }
    }

    private func clean(_ text: String) -> String {
        TerminalSanitizer.sanitize(text, keepNewlines: false)
    }
}
