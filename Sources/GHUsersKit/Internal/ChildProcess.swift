import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starting another program from `browse`: the note's editor (which gets the terminal and is
/// waited for) and the desktop's URL opener (which gets `/dev/null` and is not). `posix_spawn`,
/// not Foundation's `Process`, so that the child shares the terminal and the process group as
/// a shell's child would.
enum ChildProcess {
    /// Starts `path` with `arguments` (the first is the program's name) and this process's
    /// environment; `quiet`: stdin, stdout and stderr on `/dev/null`. The process id, or the
    /// error number.
    static func spawn(_ path: String, _ arguments: [String], quiet: Bool = false) -> Result<pid_t, POSIXError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if quiet {
            for descriptor in [Int32(0), 1, 2] {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        return start(path, arguments, actions: &actions, redirected: quiet ? [0, 1, 2] : [], ownGroup: false)
    }

    /// `posix_spawn` of `path` with `actions` (which set the standard streams of `redirected`):
    /// the child holds no other descriptor of ghusers (``closeDescriptorsAboveStandardError(_:redirected:)``) and starts with the signals this process
    /// ignores or handles itself (SIGINT, SIGTERM, SIGWINCH, …, set to SIG_IGN for the dispatch
    /// sources) back at their defaults and none blocked (a dispatch thread blocks nearly all;
    /// a shell with SIGCHLD blocked never returns from `wait`), so Ctrl-C and a hang-up reach
    /// it as they would from a shell; `ownGroup`: as the leader of a process group of its own.
    private static func start(
        _ path: String, _ arguments: [String], actions: inout posix_spawn_file_actions_t, redirected: Set<Int32>, ownGroup: Bool
    ) -> Result<pid_t, POSIXError> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGWINCH, SIGCONT, SIGPIPE, SIGTSTP, SIGCHLD] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        #if canImport(Darwin)
            flags |= POSIX_SPAWN_CLOEXEC_DEFAULT
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        closeDescriptorsAboveStandardError(&actions, redirected: redirected)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard code == 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: code) ?? .EINVAL)) }
        return .success(pid)
    }

    /// Runs `path` with `arguments` (the first is the program's name), stdin and stderr on
    /// `/dev/null`, and returns what it wrote to stdout (at most 64 KiB) once it has exited
    /// with status 0; `nil` when it cannot start, fails, or has not exited within `limit`.
    ///
    /// The child leads a process group of its own, and at the limit the whole group is killed: a wrapper script (a version manager's shim) may leave a
    /// grandchild holding the pipe, which killing the child alone would leave running and the
    /// read waiting on. A child that has exited is not waited for past its output so far.
    static func output(of path: String, _ arguments: [String], limit: Duration) -> Data? {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let (reading, writing) = (pipeEnds[0], pipeEnds[1])
        // Not inherited by programs started later (pipe2 is not in Swift's Glibc module; one
        // started on another thread in between keeps the write end, and this waits its limit).
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(reading, F_SETFL, fcntl(reading, F_GETFL) | O_NONBLOCK)
        defer { close(reading) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writing, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let started = start(path, arguments, actions: &actions, redirected: [0, 1, 2], ownGroup: true)
        close(writing)
        guard case .success(let pid) = started else { return nil }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var open = true
        /// Reads what the pipe holds now; `open` turns false at its end.
        func drain() {
            while open, output.count <= 1 << 16 {
                let count = read(reading, &buffer, buffer.count)
                if count > 0 {
                    output.append(contentsOf: buffer[0..<count])
                } else {
                    if count == 0 || (errno != EAGAIN && errno != EINTR) { open = false }
                    return
                }
            }
        }
        let deadline = ContinuousClock.now + limit
        var status: Int32 = 0
        var exited = false
        while !exited, output.count <= 1 << 16, ContinuousClock.now < deadline {
            drain()
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                exited = true
                // What it wrote before exiting; a grandchild holding the pipe is not waited for.
                drain()
            } else if result < 0, errno != EINTR {
                return nil
            } else {
                var descriptor = pollfd(fd: reading, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, open ? 1 : 0, 10)
            }
        }
        if !exited {
            // SIGKILL: a child may have inherited SIGTERM ignored (browse ignores it).
            kill(-pid, SIGKILL)
            _ = wait(pid)
            return nil
        }
        return exitCode(status) == 0 && output.count <= 1 << 16 ? output : nil
    }

    /// Makes sure the child holds nothing of ghusers above stderr: the editor, the URL opener and
    /// `gh auth token` get no socket of ghusers' connections, and no lock or database file (a
    /// long-lived child, such as a browser the opener starts, would hold them open for its own
    /// life). SwiftNIO and SQLite open theirs without close-on-exec.
    /// - Linux: glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, looked up at run time
    ///   because Swift's Glibc module does not declare it; with an older C library (or
    ///   ``forcedFallback``), every descriptor above stderr is marked close-on-exec first
    ///   (``markAboveStandardErrorCloseOnExec()``: ghusers never relies on inheriting one).
    /// - macOS: `POSIX_SPAWN_CLOEXEC_DEFAULT` (set in ``start(_:_:actions:redirected:ownGroup:)``), which
    ///   closes every descriptor the actions do not name; 0–2 are named by `addinherit_np`
    ///   where the actions leave them.
    static func closeDescriptorsAboveStandardError(_ actions: inout posix_spawn_file_actions_t, redirected: Set<Int32>) {
        #if os(Linux)
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            guard !forcedFallback.withLock({ $0 }), let symbol = closeFromSymbol else { return markAboveStandardErrorCloseOnExec() }
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        #elseif canImport(Darwin)
            for descriptor in [Int32(0), 1, 2] where !redirected.contains(descriptor) {
                posix_spawn_file_actions_addinherit_np(&actions, descriptor)
            }
        #endif
    }

    /// Marks every open descriptor above stderr close-on-exec (those `/proc/self/fd` or
    /// `/dev/fd` lists): where the C library cannot close them in the child.
    static func markAboveStandardErrorCloseOnExec() {
        let folder = FileManager.default.fileExists(atPath: "/proc/self/fd") ? "/proc/self/fd" : "/dev/fd"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for descriptor in names.compactMap(Int32.init) where descriptor > 2 {
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0, flags & FD_CLOEXEC == 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// Tests: take the fallback even where the C library has `addclosefrom_np`.
    static let forcedFallback = Mutex(false)

    #if os(Linux)
        /// `posix_spawn_file_actions_addclosefrom_np`, when the C library has it.
        nonisolated(unsafe) private static let closeFromSymbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
    #endif

    /// Waits for `pid` to end: its exit status, or `128 + signal` when a signal ended it.
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        return exitCode(status)
    }

    /// A `waitpid` status as a shell says it: the exit status, or `128 + signal`.
    private static func exitCode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// The first executable named `name` on `PATH`.
    static func find(_ name: String, environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
