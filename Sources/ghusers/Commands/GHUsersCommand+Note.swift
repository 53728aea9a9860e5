import ArgumentParser
import Foundation
import GHUsersKit

extension GHUsersCommand {
    struct Note: AsyncParsableCommand, NetworkDeclaring {
        static let configuration = CommandConfiguration(
            commandName: "note",
            abstract: "Write, show or delete your private note on a user.",
            discussion: """
                With TEXT, saves it (replacing any earlier note; --append adds it as a new line); \
                with -, saves standard input. Without TEXT, prints the note exactly as saved. Every \
                text replaced or deleted (here, in browse, by notes import) is kept: --history \
                prints them, the most recent first. Notes stay on this machine and work for users \
                not cached yet.
                """ + "\n\n" + network.sentence)

        static let network = NetworkUse.never

        @OptionGroup var options: GlobalOptions

        @Argument(help: LoginArgument.help, completion: LoginCompletion.kind)
        var login: String

        @Argument(
            help: ArgumentHelp(
                "The note, or - to read it from standard input. Several words are one note, joined by spaces, as people type them (`ghusers note mojombo met at a conference`); quote the text to keep its spacing.",
                valueName: "text"))
        var words: [String] = []

        /// The note's text: the words joined by one space; `nil` when none was given.
        var text: String? {
            words.isEmpty ? nil : words.joined(separator: " ")
        }

        @Flag(help: "Delete the note.")
        var delete = false

        @Flag(help: "Add TEXT to the note on a line of its own, rather than replace it.")
        var append = false

        @Flag(help: "Print the texts the note had before, the most recently replaced first.")
        var history = false

        func validate() throws {
            try LoginArgument.validate(login)
            if delete && text != nil { throw ValidationError("Pass either TEXT or --delete, not both.") }
            if delete && append { throw ValidationError("Pass either --append or --delete, not both.") }
            if history && (delete || text != nil || append) { throw ValidationError("--history only reads; pass it without TEXT, --append or --delete.") }
            if append && text == nil { throw ValidationError("--append needs TEXT (or - for standard input) to add.") }
            if let text, text.trimmed.isEmpty { throw Self.emptyNote(login) }
            if let text, text.utf8.count > GHUsersKit.Note.maximumBytes { throw Self.tooLong }
        }

        static func emptyNote(_ login: String) -> ValidationError {
            ValidationError("The note is empty; to remove the note use `ghusers note \(login) --delete`.")
        }

        static let tooLong = ValidationError("The note is larger than 1 MiB; shorten it.")

        func run() async throws {
            await CommandRunner.run(options.settings) { service in
                if delete {
                    try await service.deleteNote(login: login)
                    Messages.notice("deleted the note on \(login) (`ghusers note \(login) --history` shows its texts)")
                    if options.json {
                        var writer = JSONWriter()
                        writer.beginObject()
                        writer.field("login", login)
                        writer.field("deleted", true)
                        writer.endObject()
                        OutputStream.standardOutput.write(bytes: writer.bytes + [0x0A])
                    }
                } else if history {
                    let texts = try await service.noteHistory(login: login)
                    if options.json {
                        let objects = texts.map { note in
                            var writer = JSONWriter()
                            writer.write(note)
                            return writer.bytes
                        }
                        OutputStream.standardOutput.write(bytes: Array("[".utf8) + Array(objects.joined(separator: Array(",".utf8))) + Array("]\n".utf8))
                    } else if texts.isEmpty {
                        Messages.notice("the note on \(login) has no earlier texts")
                    } else {
                        let terminal = Terminal.isTerminal(1)
                        for note in texts {
                            let text = terminal ? TerminalSanitizer.sanitize(note.text) : note.text
                            OutputStream.standardOutput.write("# written \(Timestamp.iso8601(note.updatedAt))\n\(text)\n\n")
                        }
                    }
                } else if let text {
                    var body = text == "-" ? try Self.readStandardInput() : text
                    guard !body.trimmed.isEmpty else { throw Self.emptyNote(login) }
                    // Appended to the note as read, and saved only if it is still that note.
                    var base: String?? = nil
                    if append {
                        let existing = try await service.existingNote(login: login)
                        base = .some(existing?.text)
                        if let existing { body = existing.text + (existing.text.hasSuffix("\n") ? "" : "\n") + body }
                        guard body.utf8.count <= GHUsersKit.Note.maximumBytes else { throw Self.tooLong }
                    }
                    let earlier = await append ? nil : try service.existingNote(login: login)
                    let note = try await service.saveNote(login: login, text: body, base: base)
                    if options.json {
                        print(note)
                    } else if let earlier, earlier.text != note.text {
                        Messages.notice("saved the note on \(note.login), replacing the earlier one (`ghusers note \(note.login) --history` shows it)")
                    } else {
                        Messages.notice("saved the note on \(note.login)")
                    }
                } else {
                    let note = try await service.note(login: login)
                    if options.json {
                        print(note)
                    } else {
                        // A line ends it, which `note LOGIN -` drops again: `ghusers note a |
                        // ghusers note b -` copies a note exactly.
                        let text = Terminal.isTerminal(1) ? TerminalSanitizer.sanitize(note.text) : note.text
                        OutputStream.standardOutput.write(text + "\n")
                    }
                }
            }
        }

        private func print(_ note: GHUsersKit.Note) {
            var writer = JSONWriter()
            writer.write(note)
            OutputStream.standardOutput.write(bytes: writer.bytes + [0x0A])
        }

        /// Reads all of standard input as UTF-8, at most ``GHUsersKit/Note/maximumBytes``, less
        /// one trailing newline (`echo`'s, or the editor's: NoteEditor drops it too).
        static func readStandardInput() throws -> String {
            var data = Data()
            while let chunk = try FileHandle.standardInput.read(upToCount: 65_536), !chunk.isEmpty {
                data.append(chunk)
                if data.count > GHUsersKit.Note.maximumBytes { throw tooLong }
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw ValidationError("Standard input is not UTF-8 text; notes are text.")
            }
            if let offset = data.firstIndex(of: 0) {
                throw ValidationError("Standard input has a NUL byte (at byte \(offset - data.startIndex)), which is not text; nothing was saved.")
            }
            var note = text
            if note.hasSuffix("\n") || note.hasSuffix("\r\n") { note.removeLast() }  // "\r\n" is one Character
            return note
        }
    }
}
