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

    let service: CombinedService
    let pipeline: AvatarPipeline?
    let view: BrowserView
    let editor: NoteEditor
    let session = TerminalSession()
    let input = TerminalInput()
    private let events: AsyncStream<Event>
    private let send: AsyncStream<Event>.Continuation
    let avatarTasks = Mutex<[Int64: Task<Void, Never>]>([:])
    /// The page fetch, the profile fetch and the pane's avatar in flight, if any.
    let pageTask = Mutex<Task<Void, Never>?>(nil)
    let profileTask = Mutex<Task<Void, Never>?>(nil)
    let headerTask = Mutex<Task<Void, Never>?>(nil)
    /// Database reads run here, in order (the first window before the count), off Swift's
    /// cooperative pool, whose two threads a blocking read would hold; on a read-only
    /// connection of their own, so that they never wait for a page save.
    let databaseQueue = DispatchQueue(label: "ghusers.browse.database")
    /// Window reads, counts and cached profiles, through the service's reads.
    let reads: CombinedService.Reads
    /// Their connection, for the search's reads until they have one of their own.
    var reader: AppDatabase { reads.database }
    /// Searches run here, on another read-only connection (opened at the first search), which a
    /// newer query interrupts.
    let searchQueue = DispatchQueue(label: "ghusers.browse.search")
    let searchReader: Lazy<AppDatabase?>
    /// Started on a background queue once the first frame is out.
    let watcher = Mutex<DatabaseWatcher?>(nil)
    /// The logins and notes in memory, read after the first frame: searches use it once loaded.
    let searchIndex = SearchIndex()
    /// The index's answer to the read of the frame being made.
    let handoff = SearchHandoff()
    /// The search read running, and the one the model waits for.
    let searches = Mutex<(running: WindowRequest?, current: WindowRequest?)>((nil, nil))
    /// Writes (seen marks, notes) run here, in order, on the service's connection.
    let writeQueue = DispatchQueue(label: "ghusers.browse.write")
    let clockStart = ContinuousClock.now
    /// The pixel protocol `GHUSERS_GRAPHICS` forces for the pane's avatar, if any (never
    /// detected: block symbols are the default).
    let pixels: GraphicsMode.Pixels?
    /// Note drafts written in this session (conflicts, failed saves).
    let draftsKept = Mutex<[String]>([])
    /// `GHUSERS_BROWSE_TRACE=FILE`: one line per input read, "<read> <frame written> <bytes>"
    /// in nanoseconds since start, for the key-to-frame benchmark (Benchmarks/browse.py); a
    /// line starting with `#` is a note (the search index loaded, its size).
    let trace: FileHandle?

    /// Creates the runtime over `service`; `pipeline` is `nil` when avatars are not drawn.
    /// `retries` relays the service's retry events (the offline banner); `editor` edits notes.
    public init(service: CombinedService, pipeline: AvatarPipeline?, view: BrowserView, editor: NoteEditor, retries: RetryRelay? = nil) {
        self.service = service
        self.pipeline = pipeline
        self.view = view
        self.editor = editor
        reads = service.reads()
        pixels = GraphicsMode.forcedPixels(environment: ProcessInfo.processInfo.environment)
        searchReader = Lazy { [database = service.database] in database.reader() }
        (events, send) = AsyncStream<Event>.makeStream(bufferingPolicy: .unbounded)
        if let path = ProcessInfo.processInfo.environment["GHUSERS_BROWSE_TRACE"], FileManager.default.createFile(atPath: path, contents: nil) {
            trace = FileHandle(forWritingAtPath: path)
        } else {
            trace = nil
        }
        // Only API requests report retries (avatar downloads are silenced), and only a host
        // out of reach makes the banner.
        retries?.listen { [send] event in
            guard case .offline(let reason) = RequestFailure(event.error) else { return }
            send.yield(.message(.networkTrouble(reason: TerminalSanitizer.sanitize(reason, keepNewlines: false))))
        }
    }

    /// Takes the terminal, runs until the user quits, and puts the terminal back.
    public func run() async throws {
        // After the terminal is restored (defers run last to first): unsaved text is named.
        defer {
            for path in draftsKept.withLock({ $0 }) where FileManager.default.fileExists(atPath: path) {
                OutputStream.standardError.write("ghusers: your unsaved note text is in \(path)\n")
            }
        }
        try session.enter(
            onSignal: { number in exit(128 + number) },
            onContinue: { [send] in send.yield(.resized) })
        defer { session.restore() }
        let winch = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        signal(SIGWINCH, SIG_IGN)
        winch.setEventHandler { [send] in send.yield(.resized) }
        winch.resume()
        defer { winch.cancel() }
        let reading = Task { [send, input] in
            for await chunk in input.chunks() { send.yield(.input(chunk)) }
            send.yield(.inputEnded)  // stdin closed (EOF, EIO): nothing can be typed any more
        }
        defer { reading.cancel() }
        // Started once the first frame is out: the first screen waits for nothing else.
        var watching = false
        defer { watcher.withLock { $0?.stop() } }

        let size = session.size()
        var model = BrowserModel(columns: size.columns, rows: size.rows, offline: service.configuration.offline, avatarsEnabled: pipeline != nil)
        var decoder = KeyDecoder()
        var escapeGeneration = 0
        var shown: CellGrid? = nil
        var overlayShown: PixelOverlay? = nil
        var shownGeneration = session.generation
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
                case .avatarDrawn(let id, _), .avatarFailed(let id, _): _ = avatarTasks.withLock { $0.removeValue(forKey: id) }
                case .databaseChanged: refreshSearchIndex()
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
            // A search the index answers within the frame is drawn in it.
            for message in handoff.take() {
                perform(model.update(message), model: &model, shown: &shown)
            }
            if model.quitting { break }
            // The terminal was taken again (after the editor, after fg): the screen is blank.
            if session.generation != shownGeneration {
                shownGeneration = session.generation
                shown = nil
            }
            model.wallClock = Date()  // the view never reads the clock itself
            let frame = view.frame(model)
            let overlay = pixelOverlay(model)
            let bytes =
                pixels == nil
                ? FrameDiff.bytes(from: shown, to: frame)
                : PixelOverlay.bytes(previous: overlayShown, next: overlay, shown: shown, frame: frame)
            overlayShown = overlay
            session.write(bytes)
            shown = frame
            if !watching {
                watching = true
                // Opening its connection may wait on a locked file: not on this loop.
                DispatchQueue.global().async { [self, send] in
                    let started = DatabaseWatcher(database: service.database) { send.yield(.message(.databaseChanged)) }
                    watcher.withLock { $0 = started }
                }
                loadSearchIndex()
            }
            if let trace, let readAt {
                let written = ContinuousClock.now - clockStart
                trace.write(Data("\(nanoseconds(readAt)) \(nanoseconds(written)) \(bytes.count)\n".utf8))
            }
        }
        avatarTasks.withLock { tasks in tasks.values.forEach { $0.cancel() } }
        writeQueue.sync {}  // a note being saved is saved before the service closes
        pageTask.withLock { $0 }?.cancel()
        profileTask.withLock { $0 }?.cancel()
        headerTask.withLock { $0 }?.cancel()
    }

    /// The pane's avatar as a pixel picture over its cells, when one is forced and drawn for
    /// the user and the size the pane shows (not under the help or a question).
    private func pixelOverlay(_ model: BrowserModel) -> PixelOverlay? {
        guard let pixels, let pane = model.pane.profile, !model.showsHelp, model.confirmation == nil, !model.isTooSmall,
            let picture = pane.picture,
            picture.columns == model.paneHeaderCells.columns, picture.rows == model.paneHeaderCells.rows
        else { return nil }
        let x = (model.paneBeside ? model.listColumns + 1 : 0) + 1
        return PixelOverlay(x: x, y: 0, columns: picture.columns, rows: picture.rows, pixels: pixels, picture: picture.bytes)
    }

    func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }

    var now: Double {
        let elapsed = ContinuousClock.now - clockStart
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private func perform(_ effects: [BrowserEffect], model: inout BrowserModel, shown: inout CellGrid?) {
        for effect in effects {
            switch effect {
            case .loadWindow(let request): loadWindow(request)
            case .cancelSearch: cancelSearch()
            case .count: count()
            case .fetchPage: fetchPage()
            case .retryPageNow:
                if let task = pageTask.withLock({ $0 }) {
                    task.cancel()
                    fetchPage()
                }
            case .loadAvatar(let id, let url, let position, let priority): loadAvatar(id: id, url: url, position: position, priority: priority)
            case .cancelAvatar(let id): avatarTasks.withLock { $0.removeValue(forKey: id) }?.cancel()
            case .networkBack: pipeline?.resumeNetwork()
            case .loadCachedProfile(let id, let login): loadCachedProfile(id: id, login: login)
            case .fetchProfile(let id, let login): fetchProfile(id: id, login: login)
            case .cancelProfile:
                profileTask.withLock { $0 }?.cancel()
                headerTask.withLock { $0 }?.cancel()
            case .loadHeader(let id, let url): loadHeader(id: id, url: url, size: model.paneHeaderCells)
            case .markSeen(let id): markSeen(id)
            case .editNote(let login, let draft):
                input.pause()  // now: not one more key is read until the editor is done
                editNote(login: login, draft: draft)
            case .saveNote(let login, let text, let base, let draft): saveNote(login: login, text: text, base: base, draft: draft)
            case .deleteNote(let login, let base): deleteNote(login: login, base: base)
            case .openURL(let url): openURL(url)
            case .timer(let timer, let seconds): fire(timer, after: seconds)
            case .timerAt(let timer, let date):
                // A reset already past (a skewed clock) must not make a loop of requests.
                fire(timer, after: max(10, date.timeIntervalSinceNow + 0.5))
            case .repaint: shown = nil
            case .suspend:
                session.suspend()
                shown = nil
                send.yield(.resized)  // a stopped job gets no SIGWINCH
            case .quit: break
            }
        }
    }

    func deliver(_ message: BrowserMessage) {
        send.yield(.message(message))
    }

    private func fire(_ timer: BrowserTimer, after seconds: Double) {
        Task { [self] in
            try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            deliver(.timerFired(timer, at: now))
        }
    }
}
