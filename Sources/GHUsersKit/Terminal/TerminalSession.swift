import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal of a full-screen program: raw mode, the alternate screen, no cursor, SGR mouse
/// reports and bracketed paste while it runs, and everything put back however it ends.
///
/// - ``restore()`` on quit; terminating signals (SIGTERM, SIGHUP, SIGINT, SIGQUIT) restore and
///   exit with 128 + the signal, handled with `DispatchSource`s after being set to `SIG_IGN`.
/// - A crash (SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGABRT) runs a `sigaction` handler that
///   writes the restore sequence and resets the modes with async-signal-safe calls only, then
///   chains to the handler that was there before (the Swift backtracer), which reports the crash
///   on a normal screen.
/// - ``suspend()`` (Ctrl-Z) restores, stops the process, and takes the terminal back on `fg`.
package final class TerminalSession: @unchecked Sendable {
    /// Why a session cannot start.
    package struct Unavailable: LocalizedError, CustomStringConvertible {
        package var description: String
        package var errorDescription: String? { description }
    }

    /// What the terminal is put back to, and how: kept in globals for the crash handler.
    private static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[H\u{1B}[2J"
    static let restoreSequence = "\u{1B}[0m\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l"

    private let input: Int32
    private let output: Int32
    private var signalSources: [DispatchSourceSignal] = []
    /// Whether the terminal is ours (raw, alternate screen); frames are written under it.
    private let active = Mutex(false)
    /// Counts the times the terminal was taken: a frame drawn for an earlier one is not what is
    /// on screen (the alternate screen was cleared when it was taken again).
    private let takes = Mutex(0)
    /// Another program (the note's editor) has the terminal: Ctrl-C and Ctrl-\ are its, not
    /// ours (as `system(3)` ignores them while its child runs).
    private let handedOver = Mutex(false)

    /// Checks that stdin and stdout are a terminal that can be driven (`TERM` set and not
    /// `dumb`), without changing anything.
    package static func check(environment: [String: String]) throws {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw Unavailable(description: "browse needs a terminal on stdin and stdout; use `ghusers list` for pipes and files")
        }
        let term = environment["TERM"] ?? ""
        guard !term.isEmpty, term != "dumb" else {
            throw Unavailable(description: "browse needs a terminal that can move the cursor (TERM is '\(term)'); use `ghusers list`")
        }
    }

    /// Creates a session on stdin/stdout; nothing changes until ``enter()``.
    package init() {
        self.input = 0
        self.output = 1
    }

    /// The terminal's size in cells.
    package func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Raw mode, the alternate screen, mouse and paste reporting; installs the signal and crash
    /// handlers. `onSignal` is called (on a dispatch queue) after the terminal is restored by a
    /// terminating signal, with the signal's number; `onContinue` after `fg` retook it.
    package func enter(onSignal: @escaping @Sendable (Int32) -> Void, onContinue: @escaping @Sendable () -> Void) throws {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { throw Unavailable(description: "cannot read the terminal's modes: \(String(cString: strerror(errno)))") }
        TerminalSessionState.saved = saved
        TerminalSessionState.fileDescriptor = output
        TerminalSessionState.installCrashHandlers()
        try takeTerminal()
        for number in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                if number == SIGINT || number == SIGQUIT, self?.handedOver.withLock({ $0 }) == true { return }
                self?.restore()
                onSignal(number)
            }
            source.resume()
            signalSources.append(source)
        }
        signal(SIGCONT, SIG_IGN)
        let resume = DispatchSource.makeSignalSource(signal: SIGCONT, queue: .global())
        resume.setEventHandler { [weak self] in
            // Not while the editor has the terminal (it was stopped and continued itself).
            guard let self, !self.isActive, !self.handedOver.withLock({ $0 }) else { return }
            try? self.takeTerminal()
            onContinue()
        }
        // The process may be continued from outside (kill -CONT, a shell's fg) after Ctrl-Z.
        resume.resume()
        signalSources.append(resume)
    }

    private var isActive: Bool { active.withLock { $0 } }

    /// Held through a whole take: a second taker (the loop back from Ctrl-Z, the SIGCONT
    /// handler) waits until the first has written the enter sequence, instead of seeing the
    /// session active and drawing a frame onto the normal screen before it.
    private let taking = Mutex(())

    private func takeTerminal() throws {
        try taking.withLock { _ in try takeTerminalOnce() }
    }

    private func takeTerminalOnce() throws {
        guard !isActive else { return }
        var raw = TerminalSessionState.saved
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            throw Unavailable(description: "cannot put the terminal in raw mode: \(String(cString: strerror(errno)))")
        }
        active.withLock { $0 = true }
        takes.withLock { $0 += 1 }
        // Standard error is the same terminal: a retry notice or a log line written there would
        // tear the frame (and the diff's idea of the screen). It goes to /dev/null while the
        // screen is ours; what matters reaches the activity line.
        if TerminalSessionState.standardError < 0 { TerminalSessionState.standardError = fcntl(2, F_DUPFD_CLOEXEC, 3) }
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if null >= 0 {
            dup2(null, 2)
            close(null)
        }
        TerminalSessionState.active = 1
        writeAll(Array(Self.enterSequence.utf8))
    }

    /// Puts the terminal back as it was: normal screen, cursor, echo and line mode, mouse and
    /// paste reporting off. Safe to call more than once, from any thread: it waits for a frame
    /// being written to finish, and no frame is written after it.
    package func restore() {
        let wasActive = active.withLock { isActive in
            defer { isActive = false }
            return isActive
        }
        guard wasActive else { return }
        TerminalSessionState.active = 0
        writeAll(Array(Self.restoreSequence.utf8))
        var saved = TerminalSessionState.saved
        tcsetattr(input, TCSAFLUSH, &saved)
        if TerminalSessionState.standardError >= 0 { dup2(TerminalSessionState.standardError, 2) }
    }

    /// Ctrl-Z: gives the terminal back and stops the process; returns after `fg` with the
    /// terminal taken again (the caller repaints).
    package func suspend() {
        restore()
        // raise, not kill(getpid()): the signal goes to this thread, which stops before it
        // returns; with kill, another thread may take the signal while this one runs on and
        // takes the terminal back before the process has stopped.
        raise(SIGSTOP)
        try? takeTerminal()  // waits for the SIGCONT handler's take, if it runs one
    }

    /// How many times the terminal has been taken (see ``write(_:)``): when it changes, the next
    /// frame must be drawn whole.
    package var generation: Int { takes.withLock { $0 } }

    /// Gives the terminal to another program for `body` (which runs it and waits), then takes
    /// it back: normal screen, cooked mode and the real standard error during `body`; Ctrl-C
    /// and Ctrl-\ reach only the other program. The caller stops reading input first
    /// (``TerminalInput/pause()``) and repaints after.
    package func handOver<T>(_ body: () throws -> T) rethrows -> T {
        handedOver.withLock { $0 = true }
        restore()
        defer {
            try? takeTerminal()
            handedOver.withLock { $0 = false }
        }
        return try body()
    }

    /// Writes a frame: all of `bytes` (one `write(2)` unless the kernel takes less), unless the
    /// terminal was given back (a signal may restore it while a frame is on its way).
    package func write(_ bytes: [UInt8]) {
        active.withLock { isActive in
            guard isActive else { return }
            writeAll(bytes)
        }
    }

    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = terminalWrite(output, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                offset += written
            }
        }
    }
}

/// What the crash handler needs, in plain globals: a signal handler may touch nothing else.
enum TerminalSessionState {
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var fileDescriptor: Int32 = 1
    nonisolated(unsafe) static var active: Int32 = 0
    /// A copy of the real standard error while it points at /dev/null, else -1.
    nonisolated(unsafe) static var standardError: Int32 = -1
    /// The actions replaced, by signal number (a plain array: a signal handler may not hash).
    nonisolated(unsafe) static var previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    nonisolated(unsafe) static var hasPrevious = UnsafeMutablePointer<Bool>.allocate(capacity: 65)
    nonisolated(unsafe) static var restoreBytes: UnsafeMutablePointer<UInt8>? = nil
    nonisolated(unsafe) static var restoreCount = 0
    static let crashSignals = [SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGABRT]

    static func installCrashHandlers() {
        guard restoreBytes == nil else { return }
        let bytes = Array(TerminalSession.restoreSequence.utf8)
        restoreBytes = .allocate(capacity: bytes.count)
        restoreBytes!.initialize(from: bytes, count: bytes.count)
        restoreCount = bytes.count
        hasPrevious.initialize(repeating: false, count: 65)
        for number in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { number, info, context in
                TerminalSessionState.crashed(number, info, context)
            }
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            if sigaction(number, &action, &old) == 0 {
                previous[Int(number)] = old
                hasPrevious[Int(number)] = true
            }
        }
    }

    /// Restores the terminal with async-signal-safe calls, then hands the signal on.
    static func crashed(_ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
        if active == 1, let restoreBytes {
            active = 0
            _ = terminalWrite(fileDescriptor, restoreBytes, restoreCount)
            _ = tcsetattr(0, TCSANOW, &saved)
            if standardError >= 0 { dup2(standardError, 2) }  // the backtrace goes to the terminal
        }
        guard number > 0, number < 65, hasPrevious[Int(number)] else {
            signal(number, SIG_DFL)
            raise(number)
            return
        }
        var old = previous[Int(number)]
        if old.sa_flags & SA_SIGINFO != 0, let handler = old.__sigaction_handler.sa_sigaction {
            handler(number, info, context)
            return
        }
        // SIG_DFL is 0 and SIG_IGN is 1: put the old disposition back and deliver again.
        if let handler = old.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) > 1 {
            handler(number)
        } else {
            sigaction(number, &old, nil)
            raise(number)
        }
    }
}

/// `write(2)`, out of reach of ``TerminalSession/write(_:)``'s name.
private func terminalWrite(_ fileDescriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fileDescriptor, bytes, count)
}
