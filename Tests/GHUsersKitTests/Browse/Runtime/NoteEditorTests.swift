import Foundation
import Testing

@testable import GHUsersKit

@Suite("Browse: the note's editor")
struct NoteEditorTests {
    @Test("one trailing newline is not a change; an emptied file asks to delete; other text is a change")
    func outcomes() {
        #expect(NoteEditor.outcome(original: "met at a conference", edited: "met at a conference\n") == .unchanged)
        #expect(NoteEditor.outcome(original: "met at a conference", edited: "met at a conference") == .unchanged)
        #expect(NoteEditor.outcome(original: "a", edited: "a\n\n") == .changed("a\n"))
        #expect(NoteEditor.outcome(original: "a", edited: "b\n") == .changed("b"))
        #expect(NoteEditor.outcome(original: "a", edited: "") == .emptied)
        #expect(NoteEditor.outcome(original: "a", edited: "  \n") == .emptied)
        #expect(NoteEditor.outcome(original: nil, edited: "\n") == .unchanged)
        #expect(NoteEditor.outcome(original: nil, edited: "new\r\n") == .changed("new"))
        // A note that ends in a newline (saved from stdin), written back as it was
        #expect(NoteEditor.outcome(original: "line\n", edited: "line\n") == .unchanged)
    }

    @Test("the file ends in a newline: an editor that appends starts a line of its own")
    func appendingEditor() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let script = folder.url.appendingPathComponent("append.sh")
        try "#!/bin/sh\necho 'follow up in May' >> \"$1\"\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let editor = NoteEditor(environment: ["EDITOR": script.path, "TMPDIR": folder.url.path])
        #expect(editor.edit("met at a conference", login: "mojombo") == .changed("met at a conference\nfollow up in May"))
        #expect(editor.edit(nil, login: "mojombo") == .changed("follow up in May"))
    }

    @Test("VISUAL wins over EDITOR; vi when neither is set")
    func choice() {
        #expect(NoteEditor(environment: ["VISUAL": "nano", "EDITOR": "ed"]).command == "nano")
        #expect(NoteEditor(environment: ["VISUAL": " ", "EDITOR": "ed"]).command == "ed")
        #expect(NoteEditor(environment: [:]).command == "vi")
    }

    @Test("a real editor (a script) gets the note in a private file; its text comes back; the file is removed")
    func runsTheEditor() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let script = folder.url.appendingPathComponent("editor.sh")
        let log = folder.url.appendingPathComponent("log")
        try """
            #!/bin/sh
            { cat "$1"; echo; stat -c %a "$1"; echo "$1"; } > "\(log.path)"
            printf 'rewritten\\n' > "$1"
            """.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let editor = NoteEditor(environment: ["EDITOR": script.path + " ", "TMPDIR": folder.url.path])
        #expect(editor.edit("the old note", login: "mojombo") == .changed("rewritten"))
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first == "the old note" && lines.dropFirst().first == "600")
        let path = try #require(lines.last)
        #expect(path.hasSuffix("/mojombo.md") && !FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent))
    }

    @Test("a failing or missing editor is a failure, never a save")
    func failures() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let environment = ["TMPDIR": folder.url.path]
        guard case .failed(let status) = NoteEditor(environment: environment.merging(["EDITOR": "false"]) { $1 }).edit("x", login: "a") else {
            Issue.record("a failing editor was not a failure")
            return
        }
        #expect(status.contains("exited with status 1"))
        guard case .failed(let missing) = NoteEditor(environment: environment.merging(["EDITOR": "no-such-editor-here"]) { $1 }).edit("x", login: "a") else {
            Issue.record("a missing editor was not a failure")
            return
        }
        #expect(missing.contains("command not found"))
    }

    @Test("the editor gets the signals browse ignores (Ctrl-C, a hang-up) back at their defaults")
    func signalsAreTheEditors() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = folder.url.appendingPathComponent("sigign")
        let script = folder.url.appendingPathComponent("editor.sh")
        try "#!/bin/sh\ngrep SigIgn /proc/$$/status > '\(log.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        // As browse does: SIGINT and SIGHUP ignored in this process while the editor runs
        let previous = (signal(SIGINT, SIG_IGN), signal(SIGHUP, SIG_IGN))
        defer {
            signal(SIGINT, previous.0)
            signal(SIGHUP, previous.1)
        }
        #expect(NoteEditor(environment: ["EDITOR": script.path, "TMPDIR": folder.url.path]).edit("x", login: "a") == .unchanged)
        let field = try String(contentsOf: log, encoding: .utf8).split(separator: "\t").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        let ignored = try #require(UInt64(field, radix: 16))
        #expect(ignored & (1 << (UInt64(SIGINT) - 1)) == 0 && ignored & (1 << (UInt64(SIGHUP) - 1)) == 0, "SigIgn \(field)")
    }
}
