import Hummingbird
import Logging
import ServiceLifecycle

/// Starts and stops the Hummingbird application that serves a ``FakeBackend``, and
/// restarts it on the same port after a period of refused connections; with
/// ``FakeConfiguration/separateAvatarHost``, a second application serves the avatars on a port
/// of its own, which refusals leave alone (another host).
actor ServerLifecycle {
    /// A Hummingbird application running in its own service group.
    private struct RunningApplication {
        var group: ServiceGroup
        var task: Task<Void, any Error>
        /// Ends the waits of its handlers once it shuts down.
        var shutdown: ShutdownSignal
    }

    private enum Phase {
        case idle
        /// Binding; concurrent callers of ``start()`` wait for this task.
        case starting(Task<RunningApplication, any Error>)
        case running(RunningApplication)
        /// Not listening; a restart is scheduled.
        case refusing(restart: Task<Void, Never>)
        case stopped
    }

    private let backend: FakeBackend
    private var phase = Phase.idle
    /// The avatar host of ``FakeConfiguration/separateAvatarHost``, once started.
    private var avatarApplication: RunningApplication?
    private let logger: Logger

    init(backend: FakeBackend) {
        self.backend = backend
        var logger = Logger(label: "GitHubFake")
        logger.logLevel = .critical
        self.logger = logger
    }

    deinit {
        switch phase {
        case .running(let application): application.task.cancel()
        case .refusing(let restart): restart.cancel()
        case .idle, .starting, .stopped: break
        }
        avatarApplication?.task.cancel()
    }

    /// Binds the configured port (or, when restarting, the port bound before) and returns
    /// once the server listens. Does nothing if it is already running.
    func start() async throws {
        switch phase {
        case .running, .refusing: return
        case .starting(let task): _ = try await task.value; return
        case .idle, .stopped: break
        }
        let port = backend.port != 0 ? backend.port : backend.configuration.port
        let task = Task {
            let application = port == 0 ? try await self.launchOnFreePort() : try await self.launch(port: port)
            do {
                try await self.startAvatarHost()
            } catch {
                await self.shutDown(application)
                throw error
            }
            return application
        }
        phase = .starting(task)
        do {
            let application = try await task.value
            // If stop() ran meanwhile, it has shut this application down.
            if case .starting = phase { phase = .running(application) }
        } catch {
            if case .starting = phase { phase = .idle }
            throw error
        }
    }

    /// Stops listening and closes all connections; waits up to 2 s for requests in flight, and
    /// returns once connecting is refused.
    func stop() async {
        switch phase {
        case .running(let application):
            phase = .stopped
            await shutDown(application)
        case .starting(let task):
            phase = .stopped
            if let application = try? await task.value { await shutDown(application) }
        case .refusing(let restart):
            phase = .stopped
            restart.cancel()
            await restart.value
        case .idle, .stopped:
            phase = .stopped
        }
        if let avatars = avatarApplication {
            avatarApplication = nil
            await shutDown(avatars, port: backend.avatarPort)
        }
    }

    /// Stops listening, so that connecting fails with `ECONNREFUSED`, and returns once the
    /// old listener is gone; `duration` after that the server listens again on the same port.
    /// Counted from the listener's end, not the call: on a loaded machine the shutdown alone
    /// once took most of a 20 s window, and a client started after the call met no refusal.
    func refuseConnections(for duration: Duration) async throws {
        guard case .running(let application) = phase else { throw GitHubFakeServer.LifecycleError.notRunning }
        let shutdown = Task.detached { await self.shutDown(application) }
        let restart = Task.detached { [weak self] in
            await shutdown.value
            try? await Task.sleep(for: duration)
            await self?.restartAfterRefusing()
        }
        phase = .refusing(restart: restart)
        await shutdown.value
    }

    private func restartAfterRefusing() async {
        guard case .refusing = phase, !Task.isCancelled else { return }
        // The old listener is closed; retry briefly in case the system is slow to release the port.
        var lastError: (any Error)?
        for _ in 0..<20 {
            do {
                let application = try await launch(port: backend.port)
                guard case .refusing = phase else {
                    // Stopped while starting: undo.
                    await shutDown(application)
                    return
                }
                phase = .running(application)
                return
            } catch {
                lastError = error
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        logger.critical("GitHubFake could not listen again on port \(backend.port): \(String(describing: lastError))")
        phase = .stopped
    }

    /// Ports picked for "any free port": below Linux's ephemeral range (32768-60999), so that
    /// while this server refuses connections, no other server started with port 0 (and no
    /// outgoing connection) can be given its port and answer in its place.
    static let freePortRange = 20_000..<32_000

    /// Starts the avatar host on a free port when the configuration asks for one and it is not running.
    private func startAvatarHost() async throws {
        guard backend.configuration.separateAvatarHost, avatarApplication == nil else { return }
        avatarApplication = try await launchOnFreePort(role: .avatars)
    }

    /// Binds a random free port of ``freePortRange``, trying again when one is taken.
    private func launchOnFreePort(role: FakeResponder.Role = .api) async throws -> RunningApplication {
        var lastError: (any Error)?
        for _ in 0..<64 {
            do {
                return try await launch(port: Int.random(in: Self.freePortRange), role: role)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                lastError = error
            }
        }
        throw lastError ?? GitHubFakeServer.LifecycleError.didNotStart
    }

    // MARK: - Hummingbird

    /// Starts an application on `port` answering as `role`, and records the port it bound.
    private func launch(port: Int, role: FakeResponder.Role = .api) async throws -> RunningApplication {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let shutdown = ShutdownSignal()
        let responder = FakeResponder(backend: backend, role: role, shutdown: shutdown) { [weak self] duration in
            // Detached: a request handler's task-locals include its application's graceful
            // shutdown, which must not reach the next application.
            Task.detached { try? await self?.refuseConnections(for: duration) }
        }
        let application = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(backend.configuration.host, port: port), serverName: "github-fake"),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? port)
                continuation.finish()
            },
            logger: logger
        )
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [application], logger: logger))
        // Detached, so that the application never inherits task-locals (such as another service
        // group's graceful shutdown) from whoever started it.
        let task = Task.detached {
            defer { continuation.finish() }
            try await group.run()
        }
        for await boundPort in ports {
            switch role {
            case .api: backend.port = boundPort
            case .avatars: backend.avatarPort = boundPort
            }
            return RunningApplication(group: group, task: task, shutdown: shutdown)
        }
        if Task.isCancelled {
            task.cancel()
            _ = await task.result
            throw CancellationError()
        }
        // The application stopped before listening: report why (for instance, the port is taken).
        try await task.value
        throw GitHubFakeServer.LifecycleError.didNotStart
    }

    /// Stops `application` gracefully: it stops accepting, its handlers' waits end (see
    /// ``ShutdownSignal``), and the requests in flight are answered. Returns once connecting is
    /// refused. The listening socket may close a little after the application has stopped (on a
    /// busy machine, noticeably): up to 15 s more (3 s was once too little in CI).
    private func shutDown(_ application: RunningApplication) async {
        await shutDown(application, port: backend.port)
    }

    private func shutDown(_ application: RunningApplication, port: Int) async {
        await application.group.triggerGracefulShutdown()
        application.shutdown.fire()
        // The last resort, for a handler stuck where no signal reaches: cancelling risks NIO's
        // trap (see ``ShutdownSignal``), so it waits far longer than any graceful shutdown takes.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(30))
            self.logger.critical("GitHubFake: a graceful shutdown took over 30 s; cancelling the server")
            application.task.cancel()
        }
        _ = await application.task.result
        watchdog.cancel()
        guard backend.configuration.host == "127.0.0.1" else { return }
        for _ in 0..<1_500 where PortProbe.isListening(port: port) {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}
