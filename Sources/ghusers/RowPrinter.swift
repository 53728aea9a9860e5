import GHUsersKit

/// Streams rows to stdout: aligned lines for people (whole notes when stdout is not a
/// terminal, so that `grep` finds what a note says), one JSON array or tab-separated lines
/// (`--tsv`) for scripts, written as rows arrive so memory stays flat however many there are.
struct RowPrinter {
    private let json: Bool
    private let tsv: Bool
    private let formatter: UserRowFormatter
    private let links: UserLinks
    private let output = OutputStream.standardOutput
    private var writer = JSONWriter()
    /// The table of `--csv`, or of `--fields`; `nil` for the usual rows.
    private var table: RowTable?
    private(set) var count = 0

    /// The printer of `settings` (validated: ``GlobalSettings/columns``).
    init(settings: GlobalSettings) {
        self.json = settings.json
        self.tsv = settings.tsv
        var formatter = UserRowFormatter(color: settings.colorsStandardOutput)
        formatter.wholeNotes = !Terminal.isTerminal(1)
        self.formatter = formatter
        self.links = settings.links
        if let columns = (try? settings.columns) ?? nil {
            table = RowTable(format: settings.csv ? .csv : settings.tsv ? .tsv : .json, columns: columns, links: settings.links)
        }
    }

    /// Whether the rows show the users' cached profiles: `--json`, or a column of one.
    var readsProfiles: Bool { table?.readsProfiles ?? json }

    /// Whether a column of the table shows the users' cached profiles (`next-page`'s rows
    /// carry them only then).
    var columnsReadProfiles: Bool { table?.readsProfiles ?? false }

    /// Prints a cached user; `profile`: its cached profile (`.some(nil)`: none), which
    /// `--json` carries as `"profile"`.
    mutating func print(_ details: UserDetails, profile: CachedProfile?? = .none) {
        if table != nil { return printRow { $0.append(details, profile: profile ?? nil, to: &$1) } }
        let (links, formatter, tsv) = (links, formatter, tsv)
        print(json: { $0.write(details, links: links, profile: profile) }, line: { tsv ? UserRowFormatter.appendTSV(details, to: &$0) : formatter.append(details, to: &$0) })
    }

    mutating func print(_ result: SearchResult, profile: CachedProfile?? = .none) {
        switch result {
        case .user(let details): print(details, profile: profile)
        case .note(let note):
            if table != nil { return printRow { $0.append(note, to: &$1) } }
            let (links, formatter, tsv) = (links, formatter, tsv)
            print(json: { $0.write(result, links: links, profile: profile) }, line: { tsv ? UserRowFormatter.appendTSV(note, to: &$0) : formatter.append(note, to: &$0) })
        }
    }

    /// Prints one row of the table: a line (the header first), or an element of the array.
    private mutating func printRow(_ append: (inout RowTable, inout [UInt8]) -> Void) {
        guard var table else { return }
        var bytes: [UInt8] = []
        append(&table, &bytes)
        if table.format == .json {
            emit(bytes)
        } else {
            if count == 0, let header = table.header { output.write(bytes: header) }
            output.write(bytes: bytes)
        }
        self.table = table
        count += 1
    }

    /// Prints one row: the JSON object that `json` writes, or the line that `line` appends.
    private mutating func print(json write: (inout JSONWriter) -> Void, line: (inout [UInt8]) -> Void) {
        if json {
            writer.reset()
            write(&writer)
            emit(writer.bytes)
        } else {
            output.write { bytes in
                line(&bytes)
                bytes.append(0x0A)
            }
        }
        count += 1
    }

    /// Closes the JSON array (an empty one if nothing was printed); a CSV of no row is its
    /// header alone. Says on stderr how many cells of each column are unknown.
    func finish() {
        if count == 0, let header = table?.header { output.write(bytes: header) }
        if let unknown = table?.unknownSummary() {
            Messages.notice("unknown cells: \(unknown) (`ghusers profiles prefetch` fetches the profiles not cached; `--complete`, the fields a token could not read)")
        }
        guard json else { return }
        output.write(count == 0 ? "[]\n" : "\n]\n")
    }

    private func emit(_ bytes: [UInt8]) {
        output.write(count == 0 ? "[\n" : ",\n")
        output.write(bytes: bytes)
    }
}
