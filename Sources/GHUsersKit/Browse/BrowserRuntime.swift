import Dispatch
import Foundation
import Synchronization

/// Runs `ghusers browse`: owns the terminal, turns input and effect results into messages for
/// ``BrowserModel/update(_:)``, runs the effects it returns, and draws each new frame with one
/// write of what changed (``FrameDiff``).
///
/// Nothing waits on anything else: the terminal is read on its own thread, database reads,
/// page fetches and avatar loads run in their own tasks and come back as messages, so a key is
/// answered while a download or a page save is in progress.
public final class BrowserRuntime: Sendable {
    private enum Event: Sendable {
        case input([UInt8])
        case escapeTimeout(Int)
        case message(BrowserMessage)
        case resized
        case repaint
        case inputEnded
    }

    private let service: CombinedService
    private let pipeline: AvatarPipeline?
    private let view: BrowserView
    private let session = TerminalSession()
    private let events: AsyncStream<Event>
    private let send: AsyncStream<Event>.Continuation
    private let avatarTasks = Mutex<[Int64: Task<Void, Never>]>([:])
    /// Database reads run here, in order (the first window before the count), off Swift's
    /// cooperative pool, whose two threads a blocking read would hold.
    private let databaseQueue = DispatchQueue(label: "ghusers.browse.database")
    private let clockStart = ContinuousClock.now
    /// `GHUSERS_BROWSE_TRACE=FILE`: one line per input read, "<read> <frame written> <bytes>"
    /// in nanoseconds since start, for the key-to-frame benchmark (Benchmarks/browse.py).
    private let trace: FileHandle?

    /// Creates the runtime over `service`; `pipeline` is `nil` when avatars are not drawn.
    public init(service: CombinedService, pipeline: AvatarPipeline?, view: BrowserView) {
        self.service = service
        self.pipeline = pipeline
        self.view = view
        (events, send) = AsyncStream<Event>.makeStream(bufferingPolicy: .unbounded)
        if let path = ProcessInfo.processInfo.environment["GHUSERS_BROWSE_TRACE"], FileManager.default.createFile(atPath: path, contents: nil) {
            trace = FileHandle(forWritingAtPath: path)
        } else {
            trace = nil
        }
    }

    /// Takes the terminal, runs until the user quits, and puts the terminal back.
    public func run() async throws {
        try session.enter(
            onSignal: { number in exit(128 + number) },
            onContinue: { [send] in send.yield(.resized) })
        defer { session.restore() }
        let winch = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        signal(SIGWINCH, SIG_IGN)
        winch.setEventHandler { [send] in send.yield(.resized) }
        winch.resume()
        defer { winch.cancel() }
        let input = Task { [send] in
            for await chunk in TerminalInput.chunks() { send.yield(.input(chunk)) }
            send.yield(.inputEnded)  // stdin closed (EOF, EIO): nothing can be typed any more
        }
        defer { input.cancel() }

        let size = session.size()
        var model = BrowserModel(columns: size.columns, rows: size.rows, offline: service.configuration.offline, avatarsEnabled: pipeline != nil)
        var decoder = KeyDecoder()
        var escapeGeneration = 0
        var shown: CellGrid? = nil
        perform(model.start(), model: &model, shown: &shown)
        for await event in events {
            var messages: [BrowserMessage] = []
            var readAt: Duration?
            switch event {
            case .input(let bytes):
                readAt = ContinuousClock.now - clockStart
                let keys = decoder.feed(bytes)
                if decoder.hasPending {
                    escapeGeneration += 1
                    let generation = escapeGeneration
                    Task { [send] in
                        try? await Task.sleep(for: .milliseconds(50))
                        send.yield(.escapeTimeout(generation))
                    }
                }
                if !keys.isEmpty { messages.append(.keys(keys, at: now)) }
            case .escapeTimeout(let generation):
                if generation == escapeGeneration {
                    let keys = decoder.flush()
                    if !keys.isEmpty { messages.append(.keys(keys, at: now)) }
                }
            case .message(let message):
                messages.append(message)
                switch message {
                case .avatarDrawn(let id, _), .avatarFailed(let id): _ = avatarTasks.withLock { $0.removeValue(forKey: id) }
                default: break
                }
            case .resized:
                let size = session.size()
                shown = nil
                messages.append(.resized(columns: size.columns, rows: size.rows))
            case .repaint:
                shown = nil
            case .inputEnded:
                model.quitting = true
            }
            for message in messages {
                perform(model.update(message), model: &model, shown: &shown)
            }
            if model.quitting { break }
            let frame = view.frame(model)
            let bytes = FrameDiff.bytes(from: shown, to: frame)
            session.write(bytes)
            shown = frame
            if let trace, let readAt {
                let written = ContinuousClock.now - clockStart
                trace.write(Data("\(nanoseconds(readAt)) \(nanoseconds(written)) \(bytes.count)\n".utf8))
            }
        }
        avatarTasks.withLock { tasks in tasks.values.forEach { $0.cancel() } }
    }

    private func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }

    private var now: Double {
        let elapsed = ContinuousClock.now - clockStart
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private func perform(_ effects: [BrowserEffect], model: inout BrowserModel, shown: inout CellGrid?) {
        for effect in effects {
            switch effect {
            case .loadWindow(let request): loadWindow(request)
            case .count: count()
            case .fetchPage: fetchPage()
            case .loadAvatar(let id, let url, let position, let priority): loadAvatar(id: id, url: url, position: position, priority: priority)
            case .cancelAvatar(let id): avatarTasks.withLock { $0.removeValue(forKey: id) }?.cancel()
            case .pauseTimer(let seconds):
                Task { [send] in
                    try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
                    send.yield(.message(.scrollPaused(at: self.now)))
                }
            case .repaint: shown = nil
            case .suspend:
                session.suspend()
                shown = nil
                send.yield(.resized)  // a stopped job gets no SIGWINCH
            case .quit: break
            }
        }
    }

    private func deliver(_ message: BrowserMessage) {
        send.yield(.message(message))
    }

    private func loadWindow(_ request: WindowRequest) {
        let window = StoreService.Users.Window(database: service.database)
        databaseQueue.async { [self] in
            do {
                switch request {
                case .first(let count):
                    deliver(.windowLoaded(request, start: 0, users: try window.after(0, count: count)))
                case .after(let id, let index, let count):
                    deliver(.windowLoaded(request, start: index + 1, users: try window.after(id, count: count)))
                case .before(let id, let index, let count):
                    let users = try window.before(id, count: count)
                    deliver(.windowLoaded(request, start: index - users.count, users: users))
                case .last(let count):
                    let (users, total) = try window.lastWithTotal(count: count)
                    deliver(.windowLoaded(request, start: total - users.count, users: users))
                }
            } catch {
                deliver(.windowFailed(error.localizedDescription))
            }
        }
    }

    private func count() {
        let database = service.database
        databaseQueue.async { [self] in
            do {
                let total = try StoreService.Users.Window(database: database).count()
                let state = try StoreService.Sync.State(database: database)()
                deliver(.counted(total, pageSize: state.pageSize, rateLimit: state.rateLimit, endReached: state.endReached))
            } catch {
                deliver(.countFailed(error.localizedDescription))
            }
        }
    }

    private func fetchPage() {
        let service = self.service
        Task { [self] in
            do {
                var outcome: CombinedService.PageOutcome?
                try await RequestQueue.$priority.withValue(-1) {
                    try await service.nextPage(pages: 1) { outcome = $0 }
                }
                let rateLimit = try? StoreService.Sync.State(database: service.database)().rateLimit
                guard let outcome else { return deliver(.pageFailed("no page came back")) }
                deliver(.pageFetched(users: outcome.users, reachedEnd: outcome.reachedEnd, isFirst: outcome.isFirstStore, rateLimit: rateLimit))
            } catch {
                let reason = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
                deliver(.pageFailed(TerminalSanitizer.sanitize(reason, keepNewlines: false)))
            }
        }
    }

    private func loadAvatar(id: Int64, url: String, position: Int, priority: Int) {
        guard let pipeline, let request = AvatarRequest(avatarURL: url, size: .thumbnail) else {
            return deliver(.avatarFailed(id))
        }
        let drawer = view.drawer
        let task = Task { [self] in
            do {
                let image = try await RequestQueue.$priority.withValue(priority) { try await pipeline.image(for: request) }
                let row = AvatarListRenderer.row(UserDetails(user: User(id: id, login: "", avatarURL: url)), position: position)
                let small = AvatarListRenderer(columns: 80, drawer: drawer, color: false).avatar(row, image)
                let large = AvatarListRenderer(columns: AvatarListRenderer.gridMinimumColumns, drawer: drawer, color: false).avatar(row, image)
                deliver(.avatarDrawn(id, AvatarCells(small: small, large: large)))
            } catch is CancellationError {
                return
            } catch {
                deliver(.avatarFailed(id))
            }
        }
        avatarTasks.withLock { $0[id] = task }
    }
}
