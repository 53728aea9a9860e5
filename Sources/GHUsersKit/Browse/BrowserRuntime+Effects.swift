import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The effects: each runs off the event loop (a dispatch queue for the database, a task for
/// the network, a thread for the editor) and reports back with a message.
extension BrowserRuntime {
    // MARK: - Database

    func loadWindow(_ request: WindowRequest) {
        if request.isSearch { return search(request) }
        let window = StoreService.Users.Window(database: reader)
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
                case .reload(let id, let start, let count):
                    deliver(.windowLoaded(request, start: start, users: try window.after(id - 1, count: count)))
                case .searchAfter, .searchBefore:
                    break
                }
            } catch {
                deliver(.windowFailed(request, error.localizedDescription))
            }
        }
    }

    func count() {
        databaseQueue.async { [self] in
            do {
                let total = try StoreService.Users.Window(database: reader).count()
                let state = try StoreService.Sync.State(database: reader)()
                deliver(.counted(total, pageSize: state.pageSize, rateLimit: state.rateLimit, endReached: state.endReached))
                if let limit = state.rateLimit, limit.remaining == 0, limit.reset > Date() {
                    deliver(.rateLimitExhausted(until: limit.reset))
                }
            } catch {
                deliver(.countFailed(error.localizedDescription))
            }
        }
    }

    func loadCachedProfile(id: Int64, login: String) {
        databaseQueue.async { [self] in
            let cached = try? StoreService.Profiles.Find(database: reader)(login: login)
            deliver(.profileCached(id: id, cached))
        }
    }

    func markSeen(_ id: Int64) {
        writeQueue.async { [self] in try? StoreService.Users.MarkSeen(database: service.database)(id: id) }
    }

    // MARK: - Network

    func fetchPage() {
        let service = self.service
        let task = Task { [self] in
            do {
                var outcome: CombinedService.PageOutcome?
                try await RequestQueue.$priority.withValue(-1) {
                    try await service.nextPage(pages: 1) { outcome = $0 }
                }
                let rateLimit = try? StoreService.Sync.State(database: service.database)().rateLimit
                guard let outcome else { return deliver(.pageFailed("no page came back")) }
                deliver(.pageFetched(users: outcome.users, reachedEnd: outcome.reachedEnd, isFirst: outcome.isFirstStore, rateLimit: rateLimit))
            } catch is CancellationError {
                return  // `r` started another
            } catch {
                if Task.isCancelled { return }  // the client's own cancellation error
                deliver(.pageFailed(Self.describe(error), pauseUntil: Self.pause(for: error)))
            }
        }
        pageTask.withLock { $0 = task }
    }

    func fetchProfile(id: Int64, login: String) {
        let task = Task { [self] in
            do {
                let details = try await service.profile(login: login)
                try Task.checkCancellation()
                deliver(.profileFetched(id: id, details))
            } catch is CancellationError {
                return
            } catch {
                if Task.isCancelled { return }
                deliver(.profileFailed(id: id, Self.describe(error), pauseUntil: Self.pause(for: error)))
            }
        }
        profileTask.withLock { $0 = task }
    }

    /// When GitHub asked for no requests until a time: a primary rate limit's reset, or a
    /// secondary limit's `Retry-After` (60 s when it gave none).
    static func pause(for error: any Error) -> Date? {
        switch error as? GitHubAPIError {
        case .rateLimited(let reset): reset
        case .secondaryRateLimit(let retryAfter): Date().addingTimeInterval(retryAfter?.seconds ?? 60)
        default: nil
        }
    }

    static func describe(_ error: any Error) -> String {
        let reason = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
        return TerminalSanitizer.sanitize(reason, keepNewlines: false)
    }

    func loadAvatar(id: Int64, url: String, position: Int, priority: Int) {
        guard let pipeline, let request = AvatarRequest(avatarURL: url, size: .thumbnail) else {
            return deliver(.avatarFailed(id, networkDown: nil))
        }
        let drawer = view.drawer
        let task = Task { [self] in
            let answers = pipeline.networkAnswers
            do {
                let image = try await RequestQueue.$priority.withValue(priority) { try await pipeline.image(for: request) }
                let row = AvatarListRenderer.row(UserDetails(user: User(id: id, login: "", avatarURL: url)), position: position)
                let small = AvatarListRenderer(columns: 80, drawer: drawer, color: false).avatar(row, image)
                let large = AvatarListRenderer(columns: AvatarListRenderer.gridMinimumColumns, drawer: drawer, color: false).avatar(row, image)
                deliver(.avatarDrawn(id, AvatarCells(small: small, large: large), downloaded: pipeline.networkAnswers > answers))
            } catch is CancellationError {
                return
            } catch {
                // For want of a network: the reason of the failed download; "" for the
                // avatars refused afterwards while the pipeline keeps off the network.
                var networkDown: String?
                if pipeline.isNetworkDown {
                    if case .failed(_, let reason) = error as? AvatarError { networkDown = reason } else { networkDown = "" }
                }
                deliver(.avatarFailed(id, networkDown: networkDown))
            }
        }
        avatarTasks.withLock { $0[id] = task }
    }

    func loadHeader(id: Int64, url: String, size: (columns: Int, rows: Int)) {
        guard let pipeline, let request = AvatarRequest(avatarURL: url, size: .full) else { return }
        let drawer = view.drawer
        let task = Task { [self] in
            guard let image = try? await pipeline.image(for: request), !Task.isCancelled else { return }
            let grid = AvatarListRenderer(columns: 80, drawer: drawer, color: false)
                .profileHeaderCells(image, id: id, login: "", columns: size.columns, rows: size.rows)
            if let pixels {
                let forced = AvatarDrawer(mode: GraphicsMode(pixels: pixels, colors: drawer.mode.colors))
                var picture = forced.picture(image, columns: size.columns, rows: size.rows)
                if picture.hasSuffix("\n") { picture.removeLast() }
                headerPicture.withLock { $0 = (id, size.columns, size.rows, Array(picture.utf8)) }
            }
            deliver(.headerDrawn(id: id, grid))
        }
        headerTask.withLock { $0 = task }
    }

    // MARK: - Notes and the outside world

    /// `e` (input already paused): gives the terminal to the editor on the note as the
    /// database has it now, takes the terminal back, reads keys again, and reports what came of
    /// it.
    func editNote(login: String) {
        let thread = Thread { [self] in
            defer { input.resume() }
            let note: String?
            do {
                note = try service.note(login: login).text
            } catch CombinedServiceError.noNote {
                note = nil
            } catch {
                // Not "no note": an editor opened empty could replace the note.
                return deliver(.noteEdited(login: login, .failed("cannot read the note: \(Self.describe(error))")))
            }
            let edit = session.handOver { editor.edit(note, login: login) }
            deliver(.noteEdited(login: login, edit))
        }
        thread.name = "ghusers.editor"
        thread.start()
    }

    func saveNote(login: String, text: String) {
        writeQueue.async { [self] in
            do {
                let note = try service.saveNote(login: login, text: text)
                deliver(.noteSaved(login: login, text: note.text))
            } catch {
                deliver(.noteFailed("the note on \(login) was not saved: \(Self.describe(error))"))
            }
        }
    }

    func deleteNote(login: String) {
        writeQueue.async { [self] in
            do {
                try service.deleteNote(login: login)
                deliver(.noteSaved(login: login, text: nil))
            } catch {
                deliver(.noteFailed("the note on \(login) was not deleted: \(Self.describe(error))"))
            }
        }
    }

    /// `o`: the desktop's opener (`xdg-open`, `open` on macOS) on `url`, detached and silent;
    /// a status-line message when there is none (never a text browser inside our screen).
    func openURL(_ url: String) {
        let environment = ProcessInfo.processInfo.environment
        #if os(macOS)
            let opener = ChildProcess.find("open", environment: environment)
        #else
            // Without a graphical session xdg-open falls back to a text browser (w3m, lynx),
            // which must never run behind our screen.
            guard !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty else {
                return deliver(.notice("no graphical session (DISPLAY) to open \(url) in"))
            }
            let opener = ChildProcess.find("xdg-open", environment: environment)
        #endif
        guard let opener else {
            return deliver(.notice("no xdg-open on PATH to open \(url)"))
        }
        switch ChildProcess.spawn(opener, [opener, url], quiet: true) {
        case .success(let pid):
            deliver(.notice("opened \(url)"))
            Thread.detachNewThread { _ = ChildProcess.wait(pid) }
        case .failure(let error):
            deliver(.notice("could not run \(opener): \(error.localizedDescription)"))
        }
    }
}
