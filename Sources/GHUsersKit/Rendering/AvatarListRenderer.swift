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
/// Wide terminals get a grid of three cards or more per row (``cardsPerLine(columns:)``), each with the avatar (12 × 6 cells)
/// centred and the name and id below it. Seen users' text is dimmed (in colour mode).
package struct AvatarListRenderer: Sendable {
    /// The two layouts.
    package enum Layout: String, Sendable {
        /// One user per entry, avatar on the left.
        case lines
        /// Three cards per row.
        case grid
    }

    /// The narrowest terminal that gets the grid: 96 columns.
    package static let gridMinimumColumns = 96

    /// The layout chosen.
    package var layout: Layout
    /// The card width in the grid.
    package var cardWidth: Int
    /// The cards per line in the grid (1 in the lines layout).
    package var cardsPerLine: Int
    /// How avatars are drawn.
    package var drawer: AvatarDrawer
    /// Whether text gets colours and dimming.
    package var color: Bool

    /// The layout for a terminal `columns` wide.
    package static func layout(columns: Int) -> Layout {
        columns >= gridMinimumColumns ? .grid : .lines
    }

    /// The widest card: a wider terminal gets more cards per line, not wider ones.
    static let maximumCardWidth = 32

    /// The cards per line of the grid of a terminal `columns` wide: three, and more while
    /// each can be ``maximumCardWidth`` wide (five at 200 columns), two blanks apart.
    package static func cardsPerLine(columns: Int) -> Int {
        layout(columns: columns) == .grid ? max(3, (columns + 2) / (maximumCardWidth + 2)) : 1
    }

    /// The card width in the grid of a terminal `columns` wide: its share of the line, 16 to
    /// 32 cells.
    package static func cardWidth(columns: Int) -> Int {
        let cards = max(3, cardsPerLine(columns: columns))
        return min(maximumCardWidth, max(16, (columns - 2 * (cards - 1)) / cards))
    }

    /// Creates a renderer for a terminal `columns` wide.
    package init(columns: Int, drawer: AvatarDrawer, color: Bool) {
        self.layout = Self.layout(columns: columns)
        self.cardWidth = Self.cardWidth(columns: columns)
        self.cardsPerLine = Self.cardsPerLine(columns: columns)
        self.drawer = drawer
        self.color = color
    }

    /// The row kind for `details` at `position`: inverted for every fourth position, else a
    /// note row when there is a note, else a normal row.
    package static func row(_ details: UserDetails, position: Int) -> any AvatarRow {
        if invertsAvatar(at: position) { return InvertedRow(details: details, position: position) }
        if details.note != nil { return NoteRow(details: details, position: position) }
        return NormalRow(details: details, position: position)
    }

    /// Whether the avatar at `position` (1-based) is drawn inverted: every fourth.
    package static func invertsAvatar(at position: Int) -> Bool {
        position > 0 && position % 4 == 0
    }

    /// The avatar size in cells for the layout.
    package var avatarCells: (columns: Int, rows: Int) {
        layout == .grid ? (12, 6) : (6, 3)
    }

    /// The text of `rows` (in order), each with its avatar from `avatars` by user id (missing:
    /// a placeholder), lines ending in line feeds: the cells of ``entry(_:_:)`` or
    /// ``cards(_:avatars:)`` as text.
    @available(*, noasync, message: "image work blocks: await BlockingExecutor.images.run { } instead")
    package func render(_ rows: [any AvatarRow], avatars: [Int64: RGBAImage]) -> String {
        switch layout {
        case .lines:
            return rows.map { row in
                entry(row, avatars[row.details.user.id]).textLines().map { $0 + "\n" }.joined()
            }.joined()
        case .grid:
            var output = ""
            var start = 0
            while start < rows.count {
                let line = Array(rows[start..<min(rows.count, start + cardsPerLine)])
                output += cards(line, avatars: avatars).textLines().map { $0 + "\n" }.joined() + "\n"
                start += cardsPerLine
            }
            return output
        }
    }

    /// The height in lines of one entry (``Layout/lines``) or one line of cards (``Layout/grid``,
    /// without the blank line after it).
    package var entryHeight: Int { layout == .grid ? avatarCells.rows + 2 : avatarCells.rows }

    /// The width of one entry or card.
    package var entryWidth: Int { layout == .grid ? cardWidth : avatarCells.columns + 2 + 40 + 2 }

    /// One user of the ``Layout/lines`` layout: the avatar, two blanks, then the login, `#id`
    /// and type, and the note line; ``entryHeight`` lines, as wide as its text.
    @available(*, noasync, message: "image work blocks: await BlockingExecutor.images.run { } instead")
    package func entry(_ row: any AvatarRow, _ image: RGBAImage?, width: Int? = nil) -> CellGrid {
        entry(row, avatar: avatar(row, image), width: width)
    }

    /// ``entry(_:_:width:)`` with the avatar already drawn (``avatar(_:_:)``).
    package func entry(_ row: any AvatarRow, avatar: CellGrid, width: Int? = nil) -> CellGrid {
        var grid = CellGrid(width: width ?? entryWidth, height: avatar.height)
        grid.place(avatar, x: 0, y: 0)
        let x = avatar.width + 2
        let user = row.details.user
        let style = textStyle(row)
        var bold = style
        bold.bold = color && !row.details.seen  // seen: dim, not bold, so it stands apart on light backgrounds too
        grid.write(clean(user.login), x: x, y: 0, style: bold)
        grid.write("#\(user.id)  " + clean(user.type) + (row.details.gone ? " · gone from GitHub" : ""), x: x, y: 1, style: style)
        if let note = row.noteLine(color: false) {
            grid.write(note, x: x, y: 2, style: style)
            if color { grid.restyle(x: x, y: 2, count: 1) { $0.bold = true } }
        }
        return grid
    }

    /// One line of up to ``cardsPerLine`` cards of the ``Layout/grid`` layout, two blanks apart: the avatar
    /// centred, the login under it, then `#id type` and the note marker.
    @available(*, noasync, message: "image work blocks: await BlockingExecutor.images.run { } instead")
    package func cards(_ rows: [any AvatarRow], avatars: [Int64: RGBAImage]) -> CellGrid {
        var grid = CellGrid(width: rows.count * cardWidth + max(0, rows.count - 1) * 2, height: entryHeight)
        for (index, row) in rows.enumerated() {
            grid.place(card(row, avatars[row.details.user.id]), x: index * (cardWidth + 2), y: 0)
        }
        return grid
    }

    /// One card of the ``Layout/grid`` layout, ``cardWidth`` × ``entryHeight``.
    @available(*, noasync, message: "image work blocks: await BlockingExecutor.images.run { } instead")
    package func card(_ row: any AvatarRow, _ image: RGBAImage?) -> CellGrid {
        card(row, avatar: avatar(row, image))
    }

    /// ``card(_:_:)`` with the avatar already drawn (``avatar(_:_:)``).
    package func card(_ row: any AvatarRow, avatar: CellGrid) -> CellGrid {
        var grid = CellGrid(width: cardWidth, height: entryHeight)
        grid.place(avatar, x: (cardWidth - avatar.width) / 2, y: 0)
        let user = row.details.user
        let style = textStyle(row)
        var bold = style
        bold.bold = color && !row.details.seen  // seen: dim, not bold, so it stands apart on light backgrounds too
        var login = clean(user.login)
        if login.count > cardWidth { login = String(login.prefix(cardWidth - 1)) + "…" }
        grid.write(login, x: max(0, (cardWidth - login.count) / 2), y: avatar.height, style: bold)
        var detail = "#\(user.id) " + (row.details.gone ? UserRowFormatter.goneLabel : clean(user.type))
        if row.details.note != nil { detail += " " + UserRowFormatter.noteMarker }
        let left = max(0, (cardWidth - detail.count) / 2)
        grid.write(detail, x: left, y: avatar.height + 1, style: style)
        if color, row.details.note != nil { grid.restyle(x: left + detail.count - 1, y: avatar.height + 1, count: 1) { $0.bold = true } }
        return grid
    }

    /// The size of the profile header in cells: 24 × 12.
    package static let headerCells = (columns: 24, rows: 12)

    /// The profile header of the user `id`/`login`: `image` drawn with the best protocol the
    /// terminal has (scaled to 4 × 8 pixels a cell for symbols), or the placeholder when there is
    /// no image; it ends with a line feed (the placeholder with a blank line).
    @available(*, noasync, message: "image work blocks: await BlockingExecutor.images.run { } instead")
    package func profileHeader(_ image: RGBAImage?, id: Int64, login: String) -> String {
        let (columns, rows) = Self.headerCells
        guard let image, image.width > 0, image.height > 0 else {
            return AvatarPlaceholder(id: id, login: login)
                .lines(columns: columns, rows: rows, colors: drawer.mode.colors).joined(separator: "\n") + "\n\n"
        }
        let scaled = drawer.mode.pixels == .symbols ? image.resized(width: columns * 4, height: rows * 8) : image
        return drawer.picture(scaled, columns: columns, rows: rows) + "\n"
    }

    /// The profile header as cells, `columns` × `rows`: `image` in block symbols (never a pixel
    /// protocol: the cells are diffed like text, so nothing is left behind when they change), or
    /// the placeholder. What `browse`'s profile pane shows.
    @available(*, noasync, message: "image work blocks: await BlockingExecutor.images.run { } instead")
    package func profileHeaderCells(_ image: RGBAImage?, id: Int64, login: String, columns: Int, rows: Int) -> CellGrid {
        guard let image, image.width > 0, image.height > 0 else {
            return AvatarPlaceholder(id: id, login: login).cells(columns: columns, rows: rows, colors: drawer.mode.colors)
        }
        return drawer.symbolCells(image.resized(width: columns * 4, height: rows * 8), columns: columns, rows: rows)
    }

    /// The avatar of `row`, ``avatarCells`` in size: `image` (inverted for rows that invert it,
    /// scaled down), or the user's placeholder when there is no image.
    @available(*, noasync, message: "image work blocks: await BlockingExecutor.images.run { } instead")
    package func avatar(_ row: any AvatarRow, _ image: RGBAImage?) -> CellGrid {
        let (columns, rows) = avatarCells
        guard let image, image.width > 0, image.height > 0 else {
            return AvatarPlaceholder(id: row.details.user.id, login: row.details.user.login)
                .cells(columns: columns, rows: rows, colors: drawer.mode.colors, inverted: row.invertsAvatar)
        }
        return avatar(image, inverted: row.invertsAvatar)
    }

    /// `image` as an avatar, ``avatarCells`` in size, inverted or not, scaled down.
    @available(*, noasync, message: "image work blocks: await BlockingExecutor.images.run { } instead")
    package func avatar(_ image: RGBAImage, inverted: Bool) -> CellGrid {
        let (columns, rows) = avatarCells
        guard image.width > 0, image.height > 0 else { return CellGrid(width: columns, height: rows) }
        var image = inverted ? image.inverted() : image
        // Area-averaging down to 4 × 8 pixels per cell first: libchafa then samples whole cells.
        let width = columns * 4
        let height = rows * 8
        if image.width > width || image.height > height { image = image.resized(width: width, height: height) }
        return drawer.symbolCells(image, columns: columns, rows: rows)
    }

    /// ``avatar(_:_:)`` as text lines, each ending with a reset.
    @available(*, noasync, message: "image work blocks: await BlockingExecutor.images.run { } instead")
    package func avatarLines(_ row: any AvatarRow, _ image: RGBAImage?) -> [String] {
        avatar(row, image).blockLines()
    }

    private func textStyle(_ row: any AvatarRow) -> CellStyle {
        CellStyle(dim: color && row.details.seen)
    }

    private func clean(_ text: String) -> String {
        TerminalSanitizer.sanitize(text, keepNewlines: false)
    }
}
