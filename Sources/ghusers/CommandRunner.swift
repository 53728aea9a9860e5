import GHUsersKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `search` throws when nothing matched, after saying so: exit 1, as `grep` (no more words).
struct NothingFound: Error {}

/// Runs a command's body with the service its settings describe, then ends the process: exit
/// status 0, or one line on stderr and the documented exit code of the failure.
enum CommandRunner {
    /// Runs `body` and exits.
    ///
    /// It exits rather than returns so that the service is never torn down: the HTTP client and
    /// the database are closed explicitly (the WAL is checkpointed as usual), but releasing
    /// GRDB's `DispatchQueue` would make libdispatch start a worker thread, and its epoll
    /// manager, only to free the queue: about 0.5 ms of every command (Docs/BENCHMARKS.md).
    ///
    /// `configure` adjusts the service's configuration (`browse`'s retry schedule); `onRetry`
    /// replaces the retry notices on stderr. `interruptible`: `body` runs in a task of a group
    /// the runner holds, which the first Ctrl-C cancels (``Interruption/run(_:)``); it ends its
    /// output whole, and the process then exits 130. Otherwise `body` runs in the caller's task,
    /// on its executor (`nonisolated(nonsending)`: the fast path's main thread).
    /// `networkAdvice`: what to add to a network failure's line (the command's own remedy).
    nonisolated(nonsending) static func run(
        _ settings: GlobalSettings, waitForNetwork: Bool = false, interruptible: Bool = false, networkAdvice: String? = nil,
        configure: (inout CombinedService.Configuration) -> Void = { _ in },
        onRetry: (@Sendable (RetryController.Event) -> Void)? = nil,
        _ body: nonisolated(nonsending) @escaping @Sendable (CombinedService) async throws -> Void
    ) async -> Never {
        // A write to stdout that fails ends the command: quietly when the reader went away
        // (`ghusers list | head -1`, as ripgrep does), else with one line and exit 1 (a full
        // disk is an error, never a success).
        OutputStream.standardOutput.onFailure = { code in
            if code == EPIPE { exit(ExitStatus.success.rawValue) }
            Messages.error(AtomicFile.WriteError(path: "standard output", code: code))
            exit(ExitStatus.failure.rawValue)
        }
        // A lock held by another process: said after a second, not 30 silent ones.
        AppDatabase.onLongBusyWait.withLock { $0 = { Messages.notice("waiting for another process (ghusers, or sqlite3) to finish with the database…") } }
        let service: CombinedService
        var configuration = settings.serviceConfiguration(waitForNetwork: waitForNetwork)
        configure(&configuration)
        do {
            service = try CombinedService(
                configuration: configuration,
                onRetry: onRetry ?? { event in Messages.retrying(event, waitingForNetwork: waitForNetwork) })
        } catch {
            Messages.error(error)
            exit(ExitStatus(for: error).rawValue)
        }
        var failure: (any Error)?
        do {
            if interruptible {
                try await Interruption.run { @MainActor in try await body(service) }
            } else {
                try await body(service)
            }
        } catch {
            failure = error
        }
        OutputStream.standardOutput.flush()
        Messages.endStatus()
        if interruptible && Interruption.happened {
            Messages.notice("interrupted; everything saved before it is kept")
            await service.shutdown()
            exit(ExitStatus.interrupted.rawValue)
        }
        // Nothing found is said already (a notice), and is exit 1 as grep's.
        if let failure, !(failure is NothingFound) { Messages.error(failure, tokenSent: service.sentToken, networkAdvice: networkAdvice) }
        await service.shutdown()
        exit(failure.map { ExitStatus(for: $0).rawValue } ?? ExitStatus.success.rawValue)
    }
}
