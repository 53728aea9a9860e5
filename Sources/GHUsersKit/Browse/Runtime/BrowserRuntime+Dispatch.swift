import Foundation

extension BrowserRuntime {
    /// One event of the loop, applied: it becomes messages (bytes through `input`, a result, a
    /// resize), each message goes through ``BrowserModel/update(_:)``, and the effects it returns
    /// run.
    func dispatch(_ event: Event, model: inout BrowserModel, decoder: inout BrowserInputDecoder, screen: inout BrowserScreen) {
        for message in messages(for: event, model: &model, decoder: &decoder, screen: &screen) {
            perform(model.update(message), model: &model, screen: &screen)
        }
    }

    private func messages(for event: Event, model: inout BrowserModel, decoder: inout BrowserInputDecoder, screen: inout BrowserScreen) -> [BrowserMessage] {
        switch event {
        case .input(let bytes, let readAt):
            // When the bytes were read, not when the loop got to them: a busy loop must not
            // squeeze an escape sequence's timing.
            let read = decoder.read(bytes, at: seconds(readAt - clockStart))
            if let generation = read.escapeTimer {
                Task { [events] in
                    try? await Task.sleep(for: BrowserInputDecoder.escapeDelay)
                    events.yield(.escapeTimeout(generation))
                }
            }
            return read.message.map { [$0] } ?? []
        case .escapeTimeout(let generation):
            return decoder.escapeTimedOut(generation, at: now).map { [$0] } ?? []
        case .message(let message):
            switch message {
            case .avatarDrawn(let id, _), .avatarFailed(let id, _), .avatarNotCached(let id): _ = avatarTasks.withLock { $0.removeValue(forKey: id) }
            case .databaseChanged: search.refresh()
            default: break
            }
            return [message]
        case .resized:
            let size = session.size()
            screen.repaint()
            return [.resized(columns: size.columns, rows: size.rows)]
        case .repaint:
            screen.repaint()
            return []
        case .inputEnded:
            model.quitting = true
            return []
        }
    }

    /// Runs `effects` in order: most start a task whose result comes back as a message.
    func perform(_ effects: [BrowserEffect], model: inout BrowserModel, screen: inout BrowserScreen) {
        for effect in effects {
            switch effect {
            case .loadWindow(let request): loadWindow(request)
            case .cancelSearch: search.cancel()
            case .searchOnline(let query): searchOnline(query)
            case .cancelOnlineSearch: onlineTask.withLock { $0 }?.cancel()
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
            case .repaint: screen.repaint()
            case .suspend:
                session.suspend()
                screen.repaint()
                events.yield(.resized)  // a stopped job gets no SIGWINCH
            case .quit: break
            }
        }
    }

    /// Hands `message` to the loop (from an effect's task).
    func deliver(_ message: BrowserMessage) {
        events.yield(.message(message))
    }

    private func fire(_ timer: BrowserTimer, after seconds: Double) {
        Task { [self] in
            try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            deliver(.timerFired(timer, at: now))
        }
    }
}
