import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Edits a note the way `git commit` edits a message: `$VISUAL`, else `$EDITOR`, else `vi`,
/// run by `/bin/sh` (so `EDITOR="code -w"` works) on a private temporary file holding the note.
/// The caller hands the terminal over around ``edit(_:login:)``.
package struct NoteEditor: Sendable {
    /// The environment the editor is chosen from.
    package var environment: [String: String]
    /// Where the edited text is kept when the editor fails or writes something refused (over
    /// 1 MiB, not UTF-8), so nothing typed is lost; `nil`: nowhere.
    package var drafts: URL?

    /// An editor chosen from `environment`.
    package init(environment: [String: String]) {
        self.environment = environment
    }

    /// The editor's command line: `$VISUAL`, else `$EDITOR`, else `vi` (empty values skipped).
    package var command: String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
        }
        return "vi"
    }

    /// Runs the editor on `text` (the note of `login`, `nil` for none) and waits for it: what
    /// came of it. Blocks; the temporary file (in a 0700 folder, mode 0600) is removed after,
    /// once anything new in it that cannot be saved is kept in ``drafts``.
    package func edit(_ text: String?, login: String) -> NoteEdit {
        let base = (environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/ghusers-note.XXXXXX"
        var template = Array(base.utf8CString)
        guard let folder = mkdtemp(&template).map({ String(cString: $0) }) else {
            return .failed("cannot make a temporary folder: \(String(cString: strerror(errno)))")
        }
        let file = folder + "/" + login.filter { $0.isLetter || $0.isNumber || $0 == "-" } + ".md"
        defer { try? FileManager.default.removeItem(atPath: folder) }  // with an editor's backups
        do {
            // A text file ends in a newline (POSIX): an editor that appends, or `echo >>`, then
            // starts a line of its own; ``outcome(original:edited:)`` drops that newline again.
            let contents = text.map { $0.isEmpty || $0.hasSuffix("\n") ? $0 : $0 + "\n" } ?? ""
            try AtomicFile.write(Data(contents.utf8), to: URL(fileURLWithPath: file))
        } catch {
            return .failed(ErrorText.sentence(error))
        }
        let command = self.command
        let status: Int32
        switch ChildProcess.spawn("/bin/sh", ["sh", "-c", command + " \"$1\"", "sh", file]) {
        case .failure(let error): return .failed("cannot start /bin/sh: \(ErrorText.sentence(error))")
        case .success(let pid): status = ChildProcess.wait(pid)
        }
        // The program's name, not its whole path: the status line is short.
        let name = command.split(separator: " ").first.map { URL(fileURLWithPath: String($0)).lastPathComponent } ?? command
        let data = FileManager.default.contents(atPath: file)
        /// A failure, with the file's new text kept as a draft when it has any.
        func refused(_ reason: String) -> NoteEdit {
            guard let data, data != Data((text ?? "").utf8), let drafts,
                let kept = NoteDraft.keep(data, login: login, in: drafts)
            else { return .failed(reason) }
            return .failed(reason + "; your text is in \(NoteDraft.shown(kept))")
        }
        switch status {
        case 0: break
        case 127: return .failed("\(name): command not found; set VISUAL or EDITOR")
        default: return refused("\(name) exited with status \(status)")
        }
        guard let data else { return .failed("cannot read \(file) back") }
        // The limits of `ghusers note -`.
        guard data.count <= Note.maximumBytes else { return refused("the note is larger than 1 MiB; nothing saved") }
        guard let edited = String(data: data, encoding: .utf8) else { return refused("the file is not UTF-8 text; nothing saved") }
        guard !Note.hasNUL(edited) else { return refused("the file has a NUL byte, which is not text; nothing saved") }
        return Self.outcome(original: text, edited: edited)
    }

    /// What an edit of `original` into `edited` comes to: one trailing newline added by the
    /// editor is not a change (and is not kept); a file left empty (or blank) is a request to
    /// delete the note.
    package static func outcome(original: String?, edited: String) -> NoteEdit {
        if edited == original { return .unchanged }  // a note that ends in a newline, kept as is
        var text = edited
        if text.hasSuffix("\r\n") {
            text.removeLast()  // "\r\n" is one Character
        } else if text.hasSuffix("\n") {
            text.removeLast()
        }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return original == nil ? .unchanged : .emptied }
        return text == original ? .unchanged : .changed(text)
    }
}
