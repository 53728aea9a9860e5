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
    private(set) var count = 0

    init(settings: GlobalSettings) {
        self.json = settings.json
        self.tsv = settings.tsv
        var formatter = UserRowFormatter(color: settings.colorsStandardOutput)
        formatter.wholeNotes = !Terminal.isTerminal(1)
        self.formatter = formatter
        self.links = settings.links
    }

    /// Prints a cached user; `profile`: its cached profile (`.some(nil)`: none), which
    /// `--json` carries as `"profile"`.
    mutating func print(_ details: UserDetails, profile: CachedProfile?? = .none) {
        let (links, formatter, tsv) = (links, formatter, tsv)
        print(json: { $0.write(details, links: links, profile: profile) }, line: { tsv ? UserRowFormatter.appendTSV(details, to: &$0) : formatter.append(details, to: &$0) })
    }

    mutating func print(_ result: SearchResult, profile: CachedProfile?? = .none) {
        switch result {
        case .user(let details): print(details, profile: profile)
        case .note(let note):
            let (links, formatter, tsv) = (links, formatter, tsv)
            print(json: { $0.write(result, links: links, profile: profile) }, line: { tsv ? UserRowFormatter.appendTSV(note, to: &$0) : formatter.append(note, to: &$0) })
        }
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

    /// Closes the JSON array (an empty one if nothing was printed).
    func finish() {
        guard json else { return }
        output.write(count == 0 ? "[]\n" : "\n]\n")
    }

    private func emit(_ bytes: [UInt8]) {
        output.write(count == 0 ? "[\n" : ",\n")
        output.write(bytes: bytes)
    }
}
