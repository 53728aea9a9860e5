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
        if request.isSearch { return search.start(request) }
        databaseQueue.async { [self] in
            do {
                switch request {
                case .first(let count):
                    deliver(.windowLoaded(request, start: 0, users: try reads.users(after: 0, count: count)))
                case .after(let id, let index, let count):
                    deliver(.windowLoaded(request, start: index + 1, users: try reads.users(after: id, count: count)))
                case .before(let id, let index, let count):
                    let users = try reads.users(before: id, count: count)
                    deliver(.windowLoaded(request, start: index - users.count, users: users))
                case .last(let count):
                    let (users, total) = try reads.lastUsers(count: count)
                    deliver(.windowLoaded(request, start: total - users.count, users: users))
                case .reload(let id, let start, let count):
                    deliver(.windowLoaded(request, start: start, users: try reads.users(after: id - 1, count: count)))
                case .around(let id, let count):
                    let (start, users) = try reads.users(around: id, count: count)
                    deliver(.windowLoaded(request, start: start, users: users))
                case .searchAfter, .searchBefore:
                    break
                }
            } catch {
                deliver(.windowFailed(request, ErrorText.sentence(error)))
            }
        }
    }

    func count() {
        databaseQueue.async { [self] in
            do {
                let (total, state, walkLeads) = try reads.counted()
                deliver(.counted(total, pageSize: state.pageSize, rateLimit: state.rateLimit, endReached: state.endReached, walkLeads: walkLeads))
                if let limit = state.rateLimit, limit.remaining == 0, limit.reset > Date() {
                    deliver(.rateLimitExhausted(until: limit.reset))
                }
            } catch {
                deliver(.countFailed(ErrorText.sentence(error)))
            }
        }
    }

    func loadCachedProfile(id: Int64, login: String) {
        databaseQueue.async { [self] in
            let cached = try? reads.cachedProfile(login: login)
            deliver(.profileCached(id: id, cached))
        }
    }

    func markSeen(_ id: Int64) {
        inOrder { [service] in try? await service.markSeen(id: id) }
    }

    /// Runs `write` once the writes started before it have ended (seen marks, notes keep their
    /// order), on the database's writer executor: never on this loop's thread.
    func inOrder(_ write: @escaping @Sendable () async -> Void) {
        writes.withLock { last in
            let previous = last
            last = Task {
                await previous?.value
                await write()
            }
        }
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
                let rateLimit = try? await service.syncState().rateLimit
                guard let outcome else { return deliver(.pageFailed(.failed("no page came back"))) }
                deliver(
                    .pageFetched(
                        users: outcome.users, reachedEnd: outcome.reachedEnd, isFirst: outcome.isFirstStore,
                        pageSize: outcome.pageSize, rateLimit: rateLimit))
            } catch {
                // Cancelled: `r` started another; never a failure.
                let failure = RequestFailure(error)
                if failure == .cancelled || Task.isCancelled { return }
                deliver(.pageFailed(failure))
            }
        }
        pageTask.withLock { $0 = task }
    }

    /// GitHub's user search of `query`, through the same queue as every request (after the
    /// page and profile the screen waits for); each page it keeps reaches the list through the
    /// database watcher, and its progress the status line.
    func searchOnline(_ query: String) {
        let service = self.service
        onlineTask.withLock { $0 }?.cancel()
        let task = Task { [self] in
            do {
                let summary = try await RequestQueue.$priority.withValue(1) {
                    try await service.searchOnline(SearchQuery.gitHubForm(query)) { progress in
                        // A page was saved: the list reads it now, not at the watcher's next look.
                        deliver(.databaseChanged)
                        deliver(.onlineSearch(query: query, status: "GitHub: " + progress.counts, finished: false))
                    }
                }
                let missed = summary.missed > 0 ? " · \(summary.missed) of GitHub's count not kept" : ""
                deliver(.onlineSearch(query: query, status: "GitHub: done, " + summary.counts + missed, finished: true))
            } catch {
                if Task.isCancelled || error is CancellationError { return }
                var words = ErrorText.sentence(error)
                if case CombinedServiceError.offline = error { words = "offline (--offline), not asked" }
                deliver(.onlineSearch(query: query, status: "GitHub: " + words, finished: true))
            }
        }
        onlineTask.withLock { $0 = task }
    }

    func fetchProfile(id: Int64, login: String) {
        let task = Task { [self] in
            do {
                // A request already sent finishes and is cached even if the selection moved
                // on (GitHubClient); it is shown only if still wanted.
                let details = try await service.profile(login: login, staleOnFailure: false)
                try Task.checkCancellation()
                deliver(.profileFetched(id: id, details))
            } catch {
                let failure = RequestFailure(error)
                if failure == .cancelled || Task.isCancelled { return }
                deliver(.profileFailed(id: id, failure))
            }
        }
        profileTask.withLock { $0 = task }
    }

    func loadAvatar(id: Int64, url: String, position: Int, priority: Int) {
        guard let pipeline, let request = AvatarRequest(avatarURL: url, size: .thumbnail) else {
            return deliver(.avatarFailed(id, retryable: false))
        }
        let drawer = view.drawer
        let task = Task { [self] in
            do {
                let image = try await RequestQueue.$priority.withValue(priority) { try await pipeline.image(for: request) }
                let inverted = AvatarListRenderer.invertsAvatar(at: position)
                let cells = await BlockingExecutor.images.run {
                    AvatarCells(
                        small: AvatarListRenderer(columns: 80, drawer: drawer, color: false).avatar(image, inverted: inverted),
                        large: AvatarListRenderer(columns: AvatarListRenderer.gridMinimumColumns, drawer: drawer, color: false).avatar(image, inverted: inverted))
                }
                deliver(.avatarDrawn(id, cells))
            } catch {
                if RequestFailure(error) == .cancelled || Task.isCancelled { return }
                deliver(Self.avatarFailure(id, error, offline: service.configuration.offline))
                // A sign-in wall is said once a session: every other row of that host fails alike.
                if case .signInRequired = error as? AvatarError, signInSaid.withLock({ said in defer { said = true }; return !said }) {
                    deliver(.notice(ErrorText.sentence(error)))
                }
            }
        }
        avatarTasks.withLock { $0[id] = task }
    }

    /// What a thumbnail's load that threw `error` means for its row, never for the network:
    /// in a session `offline` by choice, one not on disk is not cached (no failure); an image
    /// refused for its size or content has failed for good; anything else has failed for now
    /// (online, `notCached` is a host out of reach) and is asked for again later.
    static func avatarFailure(_ id: Int64, _ error: any Error, offline: Bool) -> BrowserMessage {
        switch error as? AvatarError {
        case .notCached where offline: .avatarNotCached(id)
        case .refused, .invalidURL, .signInRequired: .avatarFailed(id, retryable: false)
        default: .avatarFailed(id, retryable: true)
        }
    }

    func loadHeader(id: Int64, url: String, size: (columns: Int, rows: Int)) {
        guard let pipeline, let request = AvatarRequest(avatarURL: url, size: .full) else { return }
        let drawer = view.drawer
        let task = Task { [self] in
            guard let image = try? await pipeline.image(for: request), !Task.isCancelled else { return }
            let (grid, picture) = await BlockingExecutor.images.run { [pixels] () -> (CellGrid, PanePicture?) in
                let grid = AvatarListRenderer(columns: 80, drawer: drawer, color: false)
                    .profileHeaderCells(image, id: id, login: "", columns: size.columns, rows: size.rows)
                guard let pixels else { return (grid, nil) }
                let forced = AvatarDrawer(mode: GraphicsMode(pixels: pixels, colors: drawer.mode.colors))
                var text = forced.picture(image, columns: size.columns, rows: size.rows)
                if text.hasSuffix("\n") { text.removeLast() }
                return (grid, PanePicture(columns: size.columns, rows: size.rows, bytes: Array(text.utf8)))
            }
            deliver(.headerDrawn(id: id, grid, picture: picture))
        }
        headerTask.withLock { $0 = task }
    }

    // MARK: - Notes and the outside world

    /// `e` (input already paused): gives the terminal to the editor on the note as the
    /// database has it now, takes the terminal back, reads keys again, and reports what came of
    /// it.
    /// `draft`: the file holds this text instead (both sides of a conflict); the note as the
    /// database has it is what a save expects to find still.
    func editNote(login: String, draft: String? = nil) {
        inOrder { [self] in
            let note: String?
            do {
                note = try await service.note(login: login).text
            } catch CombinedServiceError.noNote {
                note = nil
            } catch {
                // Not "no note": an editor opened empty could replace the note.
                input.resume()
                return deliver(.noteEdited(login: login, .failed("cannot read the note: \(ErrorText.sentence(error))"), base: nil))
            }
            let thread = Thread { [self] in
                defer { input.resume() }
                let edit = session.handOver { editor.edit(draft ?? note, login: login) }
                deliver(.noteEdited(login: login, edit, base: note))
            }
            thread.name = "ghusers.editor"
            thread.start()
        }
    }

    /// Saves `text` if the note is still `base`. When it is not (another process wrote it
    /// meanwhile) or the save fails, `text` is first kept in a draft file, so that nothing typed
    /// is lost, and the model is told (a conflict to resolve, or the failure with the path).
    func saveNote(login: String, text: String, base: String?, draft: String?) {
        inOrder { [self] in
            do {
                let note = try await service.saveNote(login: login, text: text, base: .some(base))
                if let draft { try? FileManager.default.removeItem(atPath: draft) }
                deliver(.noteSaved(login: login, text: note.text))
            } catch let conflict as NoteConflict {
                let kept = draft ?? keepDraft(text, login: login)
                deliver(.noteConflict(login: login, mine: text, theirs: conflict.current, draft: kept))
            } catch {
                let kept = draft ?? keepDraft(text, login: login)
                deliver(.noteFailed(
                    "the note on \(login) was not saved: \(ErrorText.sentence(error))"
                        + (kept.map { "; your text is in \(NoteDraft.shown($0))" } ?? "; your text could not be kept either")))
            }
        }
    }

    /// Keeps `text` in a draft file; its path, or `nil`. Drafts still there when browse ends
    /// are named on stderr once the terminal is back.
    private func keepDraft(_ text: String, login: String) -> String? {
        let path = NoteDraft.keep(Data((text + "\n").utf8), login: login, in: service.configuration.paths.drafts)
        if let path { draftsKept.withLock { $0.append(path) } }
        return path
    }

    func deleteNote(login: String, base: String?) {
        inOrder { [self] in
            do {
                try await service.deleteNote(login: login, base: base)
                deliver(.noteSaved(login: login, text: nil))
            } catch let conflict as NoteConflict {
                deliver(.noteFailed("the note on \(login) was not deleted: it changed meanwhile" + (conflict.current == nil ? " (deleted)" : "; e shows it")))
            } catch {
                deliver(.noteFailed("the note on \(login) was not deleted: \(ErrorText.sentence(error))"))
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
            deliver(.notice("could not run \(opener): \(ErrorText.sentence(error))"))
        }
    }
}
