import Foundation

/// Writes a ``NotesArchive`` as `ghusers notes export` prints it: a header, then one note per
/// line in the order they are given (by login for a stable, diffable file), then the closing
/// brackets. Notes are streamed: one in memory at a time.
///
/// ```swift
/// var archive = NotesArchiveWriter(output: .standardOutput, site: .gitHubDotCom, exportedAt: Date())
/// try service.exportNotes { archive.write($0) }
/// archive.finish()
/// ```
package struct NotesArchiveWriter {
    private let output: OutputStream
    private var writer = JSONWriter()
    private var isFirst = true

    /// Writes the archive's header, with `site`'s API root as its `site` and `exportedAt` as
    /// its `exported_at`, to `output`.
    package init(output: OutputStream, site: GitHubSite, exportedAt: Date) {
        self.output = output
        var header = JSONWriter()
        header.field("site", site.apiRoot)
        output.write("{\"format\":\"\(NotesArchive.formatName)\",\"version\":1,")
        output.write(bytes: header.bytes)
        output.write(",\"exported_at\":\"\(Timestamp.iso8601(exportedAt))\",\"notes\":[")
    }

    /// Writes `note` on a line of its own.
    package mutating func write(_ note: Note) {
        writer.reset()
        writer.write(note)
        output.write(isFirst ? "\n" : ",\n")
        output.write(bytes: writer.bytes)
        isFirst = false
    }

    /// Closes the list and the object. Nothing may be written after.
    package func finish() {
        output.write("\n]}\n")
    }
}
