import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An interactive program in a detached tmux session on a private socket: keys in, the screen
/// and the terminal's modes out, polled until a condition holds (never a fixed sleep).
final class TmuxSession: @unchecked Sendable {
    let socket: String
    private let pidFile: String

    /// Starts `command` in a `columns` × `rows` session; after it ends, the pane prints
    /// `__EXIT <status>` and stays for the capture.
    static func start(_ command: String, columns: Int, rows: Int, environment: [String: String]) async throws -> TmuxSession {
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("ghusers-tmux-\(UUID().uuidString.prefix(8))").path
        let session = TmuxSession(socket: socket)
        let exports = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let line = "echo $PPID $$ > \(session.pidFile); env \(TmuxScreen.neutralEnvironment) SWIFT_BACKTRACE=interactive=no \(exports) \(command); echo __EXIT $?; exec sleep 300"
        try await TmuxScreen.tmux(socket, ["new-session", "-d", "-s", "s", "-x", String(columns), "-y", String(rows), line])
        return session
    }

    private init(socket: String) {
        self.socket = socket
        self.pidFile = socket + ".pid"
    }

    /// Types `keys` (tmux key names such as `j`, `PageDown`, `C-c`, or literal text with `literal`).
    func send(_ keys: String..., literal: Bool = false) async throws {
        try await TmuxScreen.tmux(socket, ["send-keys", "-t", "s"] + (literal ? ["-l"] : []) + keys)
    }

    /// Pastes `text` as a terminal does (bracketed paste: the program knows it is not typed).
    func paste(_ text: String) async throws {
        try await TmuxScreen.tmux(socket, ["set-buffer", text])
        try await TmuxScreen.tmux(socket, ["paste-buffer", "-p", "-t", "s"])
    }

    /// Appends every byte the program writes to the terminal from now on to `file`: every
    /// frame, not only the ones a capture happens to see.
    func record(to file: URL) async throws {
        try await TmuxScreen.tmux(socket, ["pipe-pane", "-o", "-t", "s", "cat >> '\(file.path)'"])
    }

    /// The screen as plain text.
    func screen() async throws -> String {
        try await TmuxScreen.tmux(socket, ["capture-pane", "-p", "-t", "s"])
    }

    /// `#{alternate_on} #{cursor_flag} #{mouse_sgr_flag}` of the pane.
    func modes() async throws -> String {
        try await TmuxScreen.tmux(socket, ["display-message", "-p", "-t", "s", "#{alternate_on} #{cursor_flag} #{mouse_sgr_flag}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func resize(columns: Int, rows: Int) async throws {
        try await TmuxScreen.tmux(socket, ["resize-window", "-t", "s", "-x", String(columns), "-y", String(rows)])
    }

    /// The pid of the program running in the pane (the shell's child).
    func programPID() throws -> pid_t {
        let shell = try String(contentsOfFile: pidFile, encoding: .utf8).split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        guard let pid = children.split(separator: " ").first.flatMap({ pid_t($0) }) else { throw HarnessError("no program runs in the pane") }
        return pid
    }

    /// Polls the screen until `condition` holds on it; fails after `timeout` with the last screen.
    @discardableResult
    func waitFor(_ what: String, timeout: Duration = .seconds(30), _ condition: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var text = ""
        while ContinuousClock.now < deadline {
            text = try await screen()
            if condition(text) { return text }
            try await Task.sleep(for: .milliseconds(40))
        }
        throw HarnessError("waited \(timeout) for \(what); the screen was:\n\(text)")
    }

    /// Polls until the pane's modes are `expected`.
    func waitForModes(_ expected: String, timeout: Duration = .seconds(30)) async throws {
        let deadline = ContinuousClock.now + timeout
        var modes = ""
        while ContinuousClock.now < deadline {
            modes = try await self.modes()
            if modes == expected { return }
            try await Task.sleep(for: .milliseconds(40))
        }
        throw HarnessError("the pane's modes stayed '\(modes)', not '\(expected)'")
    }

    /// Ends the session and everything in it.
    func close() {
        let pids = ((try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? "").split(separator: " ").compactMap {
            pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        if let program = try? programPID() { kill(program, SIGKILL) }
        for pid in pids { kill(pid, SIGKILL) }
        unlink(pidFile)
        unlink(socket)
    }
}
