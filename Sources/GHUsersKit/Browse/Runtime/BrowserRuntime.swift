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
package final class BrowserRuntime: Sendable {
    /// What the loop waits for: terminal input, a timer, an effect's message, a signal.
    enum Event: Sendable {
        /// Bytes typed, and when their read returned on the input thread.
        case input([UInt8], readAt: ContinuousClock.Instant)
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
    /// The loop's events: posted from the reader thread, signals, timers and effects' tasks,
    /// taken by the loop on its own thread.
    let events: BrowserEventQueue
    let avatarTasks = Mutex<[Int64: Task<Void, Never>]>([:])
    /// Whether the avatar host's sign-in wall was said (once a session).
    let signInSaid = Mutex(false)
    /// The page fetch, the profile fetch and the pane's avatar in flight, if any.
    let pageTask = Mutex<Task<Void, Never>?>(nil)
    let profileTask = Mutex<Task<Void, Never>?>(nil)
    /// GitHub's user search under way (^O), if any.
    let onlineTask = Mutex<Task<Void, Never>?>(nil)
    let headerTask = Mutex<Task<Void, Never>?>(nil)
    /// Database reads run here, in order (the first window before the count), off Swift's
    /// cooperative pool, whose two threads a blocking read would hold; on a read-only
    /// connection of their own, so that they never wait for a page save.
    let databaseQueue = DispatchQueue(label: "ghusers.browse.database")
    /// Window reads, counts and cached profiles, through the service's reads.
    let reads: CombinedService.Reads
    /// Started on a background queue once the first frame is out.
    let watcher = Mutex<DatabaseWatcher?>(nil)
    /// The search as you type: its index, queue, connection and current read.
    let search: BrowseSearch
    /// The last write started (seen marks, notes: ``inOrder(_:)``); each waits for the one
    /// before it.
    let writes = Mutex<Task<Void, Never>?>(nil)
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
    package init(service: CombinedService, pipeline: AvatarPipeline?, view: BrowserView, editor: NoteEditor, retries: RetryRelay? = nil) {
        self.service = service
        self.pipeline = pipeline
        self.view = view
        self.editor = editor
        reads = service.reads()
        pixels = GraphicsMode.forcedPixels(environment: ProcessInfo.processInfo.environment)
        let events = BrowserEventQueue()
        self.events = events
        search = BrowseSearch(service: service) { events.yield(.message($0)) }
        if let path = ProcessInfo.processInfo.environment["GHUSERS_BROWSE_TRACE"], FileManager.default.createFile(atPath: path, contents: nil) {
            trace = FileHandle(forWritingAtPath: path)
        } else {
            trace = nil
        }
        // Only API requests report retries (avatar downloads are silenced): a host out of reach
        // makes the banner; a secondary rate limit the request waits out shows until when
        // ("rate limited until HH:MM"), as GitHub asks it to wait.
        retries?.listen { [events] event in
            if case .secondaryRateLimit = event.error {
                events.yield(.message(.rateLimitExhausted(until: Date().addingTimeInterval(event.delay.seconds))))
                return
            }
            guard case .offline(let reason) = RequestFailure(event.error) else { return }
            events.yield(.message(.networkTrouble(reason: TerminalSanitizer.sanitize(reason, keepNewlines: false))))
        }
    }

    /// Takes the terminal, runs until the user quits, and puts the terminal back. The loop
    /// runs on a thread of its own (``BrowserEventQueue``, ``loop()``).
    package func run() async throws {
        // After the terminal is restored (defers run last to first): unsaved text is named.
        defer {
            for path in draftsKept.withLock({ $0 }) where FileManager.default.fileExists(atPath: path) {
                OutputStream.standardError.write("ghusers: your unsaved note text is in \(path)\n")
            }
        }
        try session.enter(
            onSignal: { number in exit(128 + number) },
            onContinue: { [events] in events.yield(.resized) })
        defer { session.restore() }
        let resizes = watchResizes()
        defer { resizes.cancel() }
        // Keys go from the reader thread straight into the loop's events, with the instant of
        // their read (the trace's start).
        input.start { [events] chunk, readAt in events.yield(.input(chunk, readAt: readAt)) } ended: { [events] in events.yield(.inputEnded) }
        defer { input.stop() }
        defer { watcher.withLock { $0?.stop() } }

        // A cancelled `run()` ends the loop as the end of input does: the terminal is put back.
        await withTaskCancellationHandler {
            await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
                let thread = Thread { [self] in
                    loop()
                    ended.resume()
                }
                thread.name = "ghusers.browse-loop"
                thread.qualityOfService = .userInteractive
                thread.start()
            }
        } onCancel: { [events] in
            events.yield(.inputEnded)
        }
        avatarTasks.withLock { tasks in tasks.values.forEach { $0.cancel() } }
        await writes.withLock { $0 }?.value  // a note being saved is saved before the service closes
        pageTask.withLock { $0 }?.cancel()
        profileTask.withLock { $0 }?.cancel()
        onlineTask.withLock { $0 }?.cancel()
        headerTask.withLock { $0 }?.cancel()
    }

    /// The event loop, until the user quits: each event is dispatched
    /// (``dispatch(_:model:decoder:screen:)``: bytes decoded into keys, messages through the
    /// model, effects started), then the new frame is written (``BrowserScreen``).
    private func loop() {
        let size = session.size()
        var model = BrowserModel(columns: size.columns, rows: size.rows, offline: service.configuration.offline, avatarsEnabled: pipeline != nil)
        var decoder = BrowserInputDecoder()
        var screen = BrowserScreen(view: view, pixels: pixels, sessionGeneration: session.generation)
        var firstFrame = true
        perform(model.start(), model: &model, screen: &screen)
        while true {
            var event = events.next()
            var readAts: [Duration] = []
            // A key's first window of matches is drawn in its own frame if it comes within the
            // budget (one bounded wait, as nucleo's `tick(timeout)`); what comes meanwhile is
            // applied too.
            let deadline = DispatchTime.now() + BrowseSearch.frameBudget
            while true {
                if case .input(_, let at) = event { readAts.append(at - clockStart) }
                dispatch(event, model: &model, decoder: &decoder, screen: &screen)
                guard !model.quitting, search.awaitsFirstWindow(model.window.request), let next = events.next(before: deadline) else { break }
                event = next
            }
            if model.quitting { return }
            model.wallClock = Date()  // the view never reads the clock itself
            let written = screen.write(model, to: session)
            if firstFrame {
                firstFrame = false
                startAfterFirstFrame()
            }
            for readAt in readAts { traceRead(at: readAt, written: written) }
        }
    }

    /// SIGWINCH as `.resized` events, until the source is cancelled.
    private func watchResizes() -> any DispatchSourceSignal {
        let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        signal(SIGWINCH, SIG_IGN)
        source.setEventHandler { [events] in events.yield(.resized) }
        source.resume()
        return source
    }

    /// What waits for the first frame, so that the first screen waits for nothing else: the
    /// database watcher and the search index.
    private func startAfterFirstFrame() {
        // Opening its connection may wait on a locked file: not on this loop.
        DispatchQueue.global().async { [self, events] in
            let started = DatabaseWatcher(database: service.database) { events.yield(.message(.databaseChanged)) }
            watcher.withLock { $0 = started }
        }
        search.load { [self, events] in
            events.yield(.message(.searchIndexLoaded))
            guard let trace else { return }
            let at = nanoseconds(ContinuousClock.now - clockStart)
            trace.write(Data("# search index loaded at \(at): \(search.index.count) users, \(search.index.memory) bytes\n".utf8))
        }
    }

    /// One line of `GHUSERS_BROWSE_TRACE`: when the input was read, when its frame was written,
    /// and the frame's size in bytes.
    private func traceRead(at readAt: Duration, written bytes: Int) {
        guard let trace else { return }
        let written = ContinuousClock.now - clockStart
        trace.write(Data("\(nanoseconds(readAt)) \(nanoseconds(written)) \(bytes)\n".utf8))
    }

    func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }

    var now: Double { seconds(ContinuousClock.now - clockStart) }

    func seconds(_ elapsed: Duration) -> Double {
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
