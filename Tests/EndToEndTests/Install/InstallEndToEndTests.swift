import Foundation
import GitHubFake
import Testing

/// `scripts/install` into a temporary prefix, as a new user would run it: the binary, man pages
/// that `man -l` renders, completion scripts that complete cached logins when Tab is pressed in
/// bash, zsh and fish (in tmux), and `--uninstall` leaving the prefix as it was.
@Suite("scripts/install")
struct InstallEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `shell -c script` (bash, zsh or fish) with `environment` added.
    static func shell(_ shell: String, _ script: String, in world: EndToEnd, environment: [String: String] = [:]) async throws
        -> GHUsersProcess.Result
    {
        var process = world.ghusers
        guard let path = ["/usr/bin/\(shell)", "/bin/\(shell)"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw HarnessError("\(shell) is not installed: scripts/test installs it (scripts/install-system-packages zsh fish man-db)")
        }
        process.executable = URL(fileURLWithPath: path)
        process.environment = environment
        return try await process.run(["-c", script], timeout: .seconds(900))
    }

    /// Every file and folder under `folder`, relative to it.
    static func contents(of folder: URL) -> [String] {
        (FileManager.default.subpaths(atPath: folder.path) ?? []).sorted()
    }

    @Test("install, man page, completions of cached logins in bash, zsh and fish, uninstall", .timeLimit(.minutes(20)))
    func installAndUninstall() async throws {
        try await EndToEnd.with { world in
            let prefix = world.home.appendingPathComponent("prefix")
            try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
            try "mine\n".write(to: prefix.appendingPathComponent("kept.txt"), atomically: true, encoding: .utf8)
            let before = Self.contents(of: prefix)
            _ = try await world.run("next-page")
            _ = try await world.run("note", "mozart-not-cached", "a note on an uncached user")

            let install = try await Self.shell(
                "bash", "bash \(Self.repository.path)/scripts/install --prefix \(prefix.path)", in: world,
                environment: ["GHUSERS_INSTALL_BINARY": GHUsersProcess.binary.path])
            try #require(install.status == 0, "\(install)")
            #expect(install.stderr.contains("\(prefix.path)/bin is NOT on your PATH"), "\(install.stderr)")
            let bin = prefix.appendingPathComponent("bin/ghusers").path
            #expect(FileManager.default.isExecutableFile(atPath: bin))
            let installed = Self.contents(of: prefix)
            for file in ["share/man/man1/ghusers.1", "share/man/man1/ghusers.list.1", "share/man/man1/ghusers.notes.export.1",
                "share/bash-completion/completions/ghusers", "share/zsh/site-functions/_ghusers",
                "share/fish/vendor_completions.d/ghusers.fish"]
            {
                #expect(installed.contains(file), "\(file) missing: \(installed)")
            }

            let environment = ["PATH": "\(prefix.path)/bin:/usr/bin:/bin", "MANWIDTH": "80"]
            let man = try await Self.shell("bash", "man -P cat -l \(prefix.path)/share/man/man1/ghusers.1", in: world, environment: environment)
            #expect(man.status == 0, "\(man)")
            #expect(man.stdout.contains("--offline") && man.stdout.contains("ghusers"), "\(man.stdout)")
            #expect(!man.stderr.contains("warning"), "the page renders cleanly: \(man.stderr)")
            let byName = try await Self.shell("bash", "man -P cat ghusers.profile", in: world, environment: environment)
            #expect(byName.stdout.contains("--refresh"), "man finds the pages through PATH: \(byName)")

            // Tab in each shell, in a terminal: the installed script completes a cached login
            // (`defu`: only defunkt starts so) and the login of a note on a user not cached.
            let share = prefix.appendingPathComponent("share").path
            let shells = [
                ("bash --norc --noprofile -i", "source \(share)/bash-completion/completions/ghusers"),
                ("zsh -f -i", "fpath=(\(share)/zsh/site-functions $fpath); autoload -Uz compinit; compinit -u -d \(world.home.path)/zcd"),
                ("fish --no-config", "source \(share)/fish/vendor_completions.d/ghusers.fish"),
            ]
            for (shell, load) in shells {
                let session = try await TmuxSession.start(
                    shell, columns: 100, rows: 20,
                    environment: [
                        "PATH": environment["PATH"] ?? "", "GHUSERS_HOME": world.home.path, "GHUSERS_API_URL": world.ghusers.apiURL,
                        "TERM": "tmux-256color",
                    ])
                defer { session.close() }
                try await session.send(load, literal: true)
                try await session.send("Enter")
                try await session.send("ghusers profile defu", literal: true)
                try await session.send("Tab")
                try await session.waitFor("\(shell): Tab completes defunkt") { $0.contains("ghusers profile defunkt") }
                try await session.send("C-u")
                try await session.send("ghusers note mozart-n", literal: true)
                try await session.send("Tab")
                try await session.waitFor("\(shell): Tab completes the note's login") { $0.contains("ghusers note mozart-not-cached") }
            }

            let uninstall = try await Self.shell("bash", "bash \(Self.repository.path)/scripts/install --uninstall --prefix \(prefix.path)", in: world)
            #expect(uninstall.status == 0, "\(uninstall)")
            #expect(Self.contents(of: prefix) == before)
            let again = try await Self.shell("bash", "bash \(Self.repository.path)/scripts/install --uninstall --prefix \(prefix.path)", in: world)
            #expect(again.status == 1 && again.stderr.contains("nothing to uninstall"), "\(again)")
        }
    }
}
