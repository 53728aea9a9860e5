import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a detached tmux session of a given size showed after running one command line:
/// `capture-pane -p -e` (text with its colour escapes) and `capture-pane -p` (text only).
struct TmuxScreen {
    /// The pane with colour escapes.
    var escaped: String
    /// The pane as plain text.
    var plain: String

    /// Whether tmux is installed (scripts/install-system-packages installs it).
    static var isAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `env`'s arguments that start a pane's command from the same settings on every machine: no
    /// colour overrides, a UTF-8 locale (a test of another sets its own after these).
    static let neutralEnvironment = "-u NO_COLOR -u CLICOLOR_FORCE -u LC_ALL -u LC_CTYPE LANG=C.UTF-8"

    /// Runs `command` in a new `columns` × `rows` session on a private socket, waits for it to
    /// finish, captures the pane and ends the session.
    static func run(_ command: String, columns: Int, rows: Int, environment: [String: String]) async throws -> TmuxScreen {
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("ghusers-tmux-\(UUID().uuidString.prefix(8))").path
        let exports = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        // The pane stays open after the command (for the capture) for at most two minutes, so
        // even a session whose test crashed goes away by itself.
        let pidFile = socket + ".pid"
        // The pane must not inherit colour or locale settings from whoever runs the tests (a test
        // runner may set NO_COLOR when its output is not a terminal, a CI machine no LANG).
        let line = "echo $PPID $$ > \(pidFile); env \(Self.neutralEnvironment) \(exports) \(command); echo __END__; exec sleep 120"
        try await tmux(socket, ["new-session", "-d", "-s", "screen", "-x", String(columns), "-y", String(rows), line])
        // The server (the pane shell's parent) and the pane's last process (the shell, which
        // execs sleep) are killed by pid: neither `kill-server` nor SIGTERM proved reliable here.
        defer {
            let pids = ((try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? "").split(separator: " ").compactMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            for pid in pids { kill(pid, SIGKILL) }
            unlink(pidFile)
            unlink(socket)
        }
        return try await waitAndCapture(socket: socket, command: command)
    }

    private static func waitAndCapture(socket: String, command: String) async throws -> TmuxScreen {
        // Wait for the marker: the command's own pace, not a timed assertion.
        let deadline = ContinuousClock.now + .seconds(60)
        var plain = ""
        while true {
            plain = try await tmux(socket, ["capture-pane", "-p", "-t", "screen"])
            if plain.contains("__END__") { break }
            guard ContinuousClock.now < deadline else { throw HarnessError("\(command) did not finish in tmux:\n\(plain)") }
            try await Task.sleep(for: .milliseconds(50))
        }
        let escaped = try await tmux(socket, ["capture-pane", "-p", "-e", "-t", "screen"])
        return TmuxScreen(escaped: escaped, plain: plain)
    }

    /// Runs tmux without blocking a thread of the cooperative pool (which the fake server in
    /// this process needs to answer the ghusers in the pane). posix_spawn and a polled
    /// `waitpid`, not Foundation's Process, which does not see `tmux new-session` exit; output
    /// goes through a file, never a pipe, which the forked tmux server would keep open.
    @discardableResult
    static func tmux(_ socket: String, _ arguments: [String]) async throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("ghusers-tmux-out-\(UUID().uuidString)").path
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // `-u`: the pane is UTF-8 whatever the locale of the test process.
        let argv = (["tmux", "-u", "-S", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The tmux server this may start lives past the test: it must not keep a listener or a
        // connection of the test process (NIO opens them without close-on-exec), as ghusers'
        // own ChildProcess does not.
        #if os(Linux)
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
                _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            }
        #endif
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "tmux", &actions, nil, argv, environ) == 0 else { throw HarnessError("cannot start tmux") }
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        guard status == 0 else { throw HarnessError("tmux \(arguments.first ?? "") failed (\(status))") }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }
}
