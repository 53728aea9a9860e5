import Foundation
import Testing

@testable import GHUsersKit

@Suite("Which token goes to which site")
struct TokenSourceTests {
    static let enterprise = GitHubSite(apiRoot: "https://ghe.example.com/api/v3")!
    static let everyToken = [
        "GH_TOKEN": "dotcom", "GITHUB_TOKEN": "dotcom-2", "GH_ENTERPRISE_TOKEN": "ghe", "GITHUB_ENTERPRISE_TOKEN": "ghe-2",
    ]

    @Test("github.com reads GH_TOKEN then GITHUB_TOKEN, never an Enterprise token")
    func dotcom() {
        #expect(TokenSource(site: .gitHubDotCom, environment: Self.everyToken).environmentToken == "dotcom")
        #expect(TokenSource(site: .gitHubDotCom, environment: ["GITHUB_TOKEN": "b", "GH_TOKEN": ""]).environmentToken == "b")
        #expect(TokenSource(site: .gitHubDotCom, environment: ["GH_ENTERPRISE_TOKEN": "ghe"]).environmentToken == nil)
    }

    @Test("a GHE.com tenant reads GH_TOKEN then GITHUB_TOKEN, as gh sends them; never an Enterprise token")
    func gheCom() {
        let tenant = GitHubSite(ghHost: "octo.ghe.com")!
        #expect(TokenSource(site: tenant, environment: Self.everyToken).environmentToken == "dotcom")
        #expect(TokenSource(site: tenant, environment: ["GH_ENTERPRISE_TOKEN": "ghe"]).environmentToken == nil)
    }

    @Test("another host reads GH_ENTERPRISE_TOKEN then GITHUB_ENTERPRISE_TOKEN, never GH_TOKEN")
    func enterprise() {
        #expect(TokenSource(site: Self.enterprise, environment: Self.everyToken).environmentToken == "ghe")
        #expect(TokenSource(site: Self.enterprise, environment: ["GITHUB_ENTERPRISE_TOKEN": "e"]).environmentToken == "e")
        #expect(TokenSource(site: Self.enterprise, environment: ["GH_TOKEN": "a", "GITHUB_TOKEN": "b"]).environmentToken == nil)
    }

    /// Runs `script probe` until it can be exec'd (for up to 20 s): a child that another test
    /// forked while the file was open for writing holds it, and exec fails with ETXTBSY meanwhile.
    static func waitUntilRunnable(_ script: URL) throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            let probe = Process()
            probe.executableURL = script
            probe.arguments = ["probe"]
            do {
                try probe.run()
                probe.waitUntilExit()
                return
            } catch where ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
    }

    @Test("gh auth token --hostname HOST answers when gh is on PATH, unless GHUSERS_NO_GH=1")
    func ghFallback() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Logged in for ghe.example.com only, like `gh auth token` answers.
        try Self.gh(
            in: folder,
            """
            [ "$1 $2 $3 $4" = "auth token --hostname ghe.example.com" ] && { echo "gho_from_gh"; exit 0; }
            echo "no oauth token found for $4" >&2; exit 1
            """)
        let path = Self.path(folder)
        #expect(TokenSource(site: Self.enterprise, environment: path).ghToken() == "gho_from_gh")
        #expect(TokenSource(site: .gitHubDotCom, environment: path).ghToken() == nil)
        #expect(TokenSource(site: Self.enterprise, environment: path.merging(["GHUSERS_NO_GH": "1"]) { $1 }).ghToken() == nil)
        #expect(TokenSource(site: Self.enterprise, environment: ["PATH": "/nonexistent"]).ghToken() == nil)
    }

    @Test("a gh that does not finish in its time is stopped, and no token comes of it")
    func ghHangs() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.gh(in: folder, "exec sleep 60")
        let source = TokenSource(site: Self.enterprise, environment: Self.path(folder))
        #expect(source.ghToken(timeout: .milliseconds(300)) == nil)
    }

    @Test("a gh wrapper whose child holds the output open is stopped with that child at the limit")
    func ghWrapperHangs() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pidFile = folder.url.appendingPathComponent("child.pid")
        // A version manager's shim: the real program runs as a child and inherits stdout.
        try Self.gh(in: folder, "sleep 60 &\necho $! > '\(pidFile.path)'\nwait\necho gho_late")
        let source = TokenSource(site: Self.enterprise, environment: Self.path(folder))
        let started = ContinuousClock.now
        #expect(source.ghToken(timeout: .seconds(2)) == nil)
        // Not the grandchild's 60 s: the limit held (a bound far above it, not a timing).
        #expect(ContinuousClock.now - started < .seconds(30))
        let child = try #require(Self.pid(in: pidFile))
        #expect(Self.gone(child), "the wrapper's child is still running")
    }

    @Test("a gh that prints its token and exits while a child it started keeps the output open: the token, at once")
    func ghExitsFirst() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pidFile = folder.url.appendingPathComponent("child.pid")
        try Self.gh(in: folder, "sleep 60 &\necho $! > '\(pidFile.path)'\necho gho_now")
        let source = TokenSource(site: Self.enterprise, environment: Self.path(folder))
        let started = ContinuousClock.now
        #expect(source.ghToken(timeout: .seconds(20)) == "gho_now")
        #expect(ContinuousClock.now - started < .seconds(15), "waited for the child's child")
        if let child = Self.pid(in: pidFile) { kill(child, SIGKILL) }  // left running by design
    }

    @Test("gh starts with no signal blocked, whatever thread asks: a shim that waits for its child answers")
    func ghSignalMask() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.gh(in: folder, "(sleep 0.1; echo gho_waited) &\nwait")
        let source = TokenSource(site: Self.enterprise, environment: Self.path(folder))
        // As on a dispatch worker: SIGCHLD blocked, with which a shell's `wait` never returns.
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGCHLD)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        #expect(source.ghToken(timeout: .seconds(20)) == "gho_waited")
    }

    /// `PATH` with `folder` (where ``gh(in:_:)`` puts its script) first, the system's after it.
    static func path(_ folder: TemporaryDirectory) -> [String: String] {
        ["PATH": folder.url.path + ":/usr/bin:/bin"]
    }

    /// A `gh` script in `folder` running `body` (a probe answers at once), runnable.
    @discardableResult
    static func gh(in folder: TemporaryDirectory, _ body: String) throws -> URL {
        let script = folder.url.appendingPathComponent("gh")
        try Data("#!/bin/sh\n[ \"$1\" = probe ] && exit 0\n\(body)\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        try waitUntilRunnable(script)
        return script
    }

    static func pid(in file: URL) -> Int32? {
        (try? String(contentsOf: file, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Whether `pid` has ended within 10 s: no such process, or a zombie that an init which
    /// reaps slowly has not collected yet (state `Z` in /proc).
    static func gone(_ pid: Int32) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if kill(pid, 0) != 0 { return true }
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let state = stat.split(separator: ")").last?.split(separator: " ").first, state == "Z"
            {
                return true
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    @Test("a token variable's surrounding whitespace is not part of the token")
    func trimmed() {
        #expect(TokenSource(site: Self.enterprise, environment: ["GH_ENTERPRISE_TOKEN": "ghe\r\n"]).environmentToken == "ghe")
        #expect(TokenSource(site: Self.enterprise, environment: ["GH_ENTERPRISE_TOKEN": " ", "GITHUB_ENTERPRISE_TOKEN": "e"]).environmentToken == "e")
    }
}
