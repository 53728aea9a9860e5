/// Rows of chosen columns (``RowColumn``), one at a time: `--csv` (RFC 4180: a header row,
/// CRLF line breaks, a field quoted when it holds a comma, a quote or a line break, its quotes
/// doubled), `--tsv` (no header; tab, line breaks and backslash escaped as `--tsv` always
/// has) or `--json` with `--fields` (one flat object a row, `null` where unknown). It counts
/// the unknown cells of each column, which ``unknownSummary()`` says.
package struct RowTable {
    /// How rows are written.
    package enum Format: Sendable {
        case csv, tsv, json
    }

    package let format: Format
    package let columns: [RowColumn]
    /// The site's links, for an `html_url` the server did not send.
    package let links: UserLinks
    /// The unknown cells of each column so far, in ``columns``' order.
    package private(set) var unknown: [Int]
    /// The rows written so far.
    package private(set) var rows = 0

    /// A table of `columns` written as `format`, with the links of the site in force.
    package init(format: Format, columns: [RowColumn], links: UserLinks) {
        self.format = format
        self.columns = columns
        self.links = links
        unknown = Array(repeating: 0, count: columns.count)
    }

    /// Whether a column needs the users' cached profiles.
    package var readsProfiles: Bool { columns.contains(where: \.readsProfile) }

    /// The CSV header row with its CRLF (`nil` for the other formats).
    package var header: [UInt8]? {
        guard format == .csv else { return nil }
        var bytes: [UInt8] = []
        for (index, column) in columns.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.appendCSV(column.name, to: &bytes)
        }
        bytes.append(contentsOf: [0x0D, 0x0A])
        return bytes
    }

    /// Appends the row of a cached user and its profile (`nil`: none cached): a line with its
    /// line break, or a JSON object without one.
    package mutating func append(_ details: UserDetails, profile: CachedProfile?, to bytes: inout [UInt8]) {
        append(columns.map { $0.cell(details, profile: profile, links: links) }, to: &bytes)
    }

    /// Appends the row of a note on an account not cached.
    package mutating func append(_ note: Note, to bytes: inout [UInt8]) {
        append(columns.map { $0.cell(note) }, to: &bytes)
    }

    private mutating func append(_ cells: [RowColumn.Cell], to bytes: inout [UInt8]) {
        rows += 1
        for (index, cell) in cells.enumerated() where cell == .unknown { unknown[index] += 1 }
        switch format {
        case .json:
            var writer = JSONWriter()
            writer.beginObject()
            for (column, cell) in zip(columns, cells) { writer.field(named: column.name, cell.json) }
            writer.endObject()
            bytes.append(contentsOf: writer.bytes)
        case .csv, .tsv:
            for (index, cell) in cells.enumerated() {
                if index > 0 { bytes.append(format == .csv ? UInt8(ascii: ",") : 0x09) }
                guard let text = cell.text else { continue }
                if format == .csv {
                    Self.appendCSV(text, to: &bytes)
                } else {
                    UserRowFormatter.appendEscaped(text, escapingBackslash: true, to: &bytes)
                }
            }
            bytes.append(contentsOf: format == .csv ? [0x0D, 0x0A] : [0x0A])
        }
    }

    /// Appends `text` as one CSV field: quoted when it holds a comma, a quote, a carriage
    /// return or a line feed, with its quotes doubled (RFC 4180, 2.6 and 2.7).
    static func appendCSV(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A }) else {
            bytes.append(contentsOf: utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The columns with unknown cells, each with how many (`email 12 of 40, followers 3 of 40`),
    /// or `nil` when every cell is known.
    package func unknownSummary() -> String? {
        let parts = zip(columns, unknown).filter { $0.1 > 0 }.map { "\($0.0.name) \($0.1) of \(rows)" }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
