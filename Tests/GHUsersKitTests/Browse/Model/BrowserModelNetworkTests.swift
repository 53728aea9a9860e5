import Foundation
import Testing

@testable import GHUsersKit

/// What failures mean on screen: a cancelled request is never a failure, only the
/// API makes the network's state, a thumbnail that fails is its row's state, and a note edited
/// while another process wrote it is never silently replaced.
@Suite("Browse: cancellation, per-row failures, note conflicts")
struct BrowserModelNetworkTests {
    typealias Base = BrowserModelTests
    typealias Modes = BrowserModelModesTests

    @Test("cancelled page and profile requests change nothing: no banner, no failure, no message")
    func cancelledIsNothing() {
        var model = Modes.model()
        _ = Base.keys(&model, [.enter], at: 0)
        _ = Base.keys(&model, [.character("j")], at: 1)  // the pane moves: its request is cancelled
        #expect(model.update(.profileFailed(id: 1, .cancelled)).isEmpty)
        #expect(model.update(.pageFailed(.cancelled)).isEmpty)
        #expect(model.network.connection == .online && model.avatars.failed == 0)
        #expect(model.pane.profile?.message == nil && model.counting.paging == .idle)
    }

    @Test("moving the pane at reading pace never changes the network state")
    func movingPane() {
        var model = Modes.model()
        _ = Base.keys(&model, [.enter], at: 0)
        for step in 1...10 {
            let effects = Base.keys(&model, [.character("j")], at: Double(step) * 0.5)
            #expect(effects.contains(.cancelProfile))
            _ = model.update(.profileFailed(id: Int64(step), .cancelled))
            #expect(model.network.connection == .online)
        }
        #expect(model.pane.profile?.id == 11)
    }

    @Test("a thumbnail that fails is its row's state: counted, marked, retried later; never an outage")
    func avatarIsARowState() {
        var model = Base.model(total: 30, loaded: 30)
        _ = model.update(.timerFired(.scrollPause, at: 0))
        let effects = model.update(.avatarFailed(1, retryable: true))
        #expect(model.network.connection == .online)
        #expect(model.avatars.failed == 1)
        guard case .failed(retryable: true) = model.avatars.slots[1] else { Issue.record("row 1 is marked failed"); return }
        #expect(effects.contains(.timer(.avatarRetry(1), seconds: BrowserModel.avatarRetryDelay)))
        #expect(model.update(.avatarFailed(2, retryable: true)).allSatisfy { if case .timer = $0 { false } else { true } }, "one timer")
        let retried = model.update(.timerFired(.avatarRetry(1), at: 31))
        #expect(retried.contains(.networkBack) && model.avatars.failed == 0)
        #expect(retried.contains { if case .loadAvatar(1, _, _, _) = $0 { true } else { false } }, "asked for again")
        // An image refused for its content is not asked for again, even on r.
        _ = model.update(.avatarFailed(1, retryable: false))
        _ = Base.keys(&model, [.character("r")], at: 40)
        #expect(model.avatars.failed >= 1 && model.network.connection == .online)
    }

    @Test("off the network by choice, a thumbnail not on disk is not cached, not failed: counted apart, asked again on r only")
    func avatarNotCached() {
        var model = Base.model(total: 30, loaded: 30, offline: true)
        _ = model.update(.timerFired(.scrollPause, at: 0))
        guard case .loading = model.avatars.slots[1] else { Issue.record("row 1's avatar is asked for"); return }
        // When the runtime says it is not cached
        let effects = model.update(.avatarNotCached(1))
        // Then it is counted apart, with no retry timer
        #expect(effects.isEmpty && model.avatars.notCached == 1 && model.avatars.failed == 0)
        guard case .notCached = model.avatars.slots[1] else { Issue.record("row 1 is not cached"); return }
        // A second answer for a row no longer loading changes nothing
        _ = model.update(.avatarNotCached(1))
        #expect(model.avatars.notCached == 1)
        // And r asks for it again (from disk: `avatars prefetch` may have run meanwhile)
        let retried = Base.keys(&model, [.character("r")], at: 40)
        #expect(retried.contains { if case .loadAvatar(1, _, _, _) = $0 { true } else { false } })
        #expect(model.avatars.notCached == 0)
    }

    @Test("only the API out of reach is offline; a 404 or a cut answer is that request's message")
    func offlineFromTheAPIOnly() {
        var model = Modes.model()
        _ = Base.keys(&model, [.enter], at: 0)
        _ = model.update(.profileFailed(id: 1, .failed("not found on GitHub")))
        #expect(model.network.connection == .online && model.pane.profile?.message == "not found on GitHub · r tries again")
        // r fetches it again (the API answers: no banner, no wait).
        var again = model
        #expect(Base.keys(&again, [.character("r")], at: 0.5).contains(.fetchProfile(id: 1, login: "user1")))
        #expect(again.pane.profile?.message == nil && again.pane.profile?.fetching == true)
        _ = Base.keys(&model, [.enter], at: 1)
        let down = model.update(.profileFailed(id: 1, .offline("connection refused")))
        #expect(model.network.connection == .down(reason: "connection refused"))
        #expect(down.contains { if case .timer(.retry, _) = $0 { true } else { false } })
        #expect(model.pane.profile?.message?.hasPrefix("offline:") == true)
    }

    @Test("a note changed while it was edited is a question: m keeps mine over theirs, b edits both, t keeps theirs")
    func noteConflict() {
        var model = Modes.model()
        _ = Base.keys(&model, [.character("e")], at: 0)
        #expect(model.update(.noteEdited(login: "user1", .changed("mine"), base: "old")) == [.saveNote(login: "user1", text: "mine", base: "old")])
        _ = model.update(.noteConflict(login: "user1", mine: "mine", theirs: "theirs", draft: "/d/user1.md"))
        #expect(model.confirmation == .noteConflict(login: "user1", mine: "mine", theirs: "theirs", draft: "/d/user1.md"))
        #expect(model.notice?.contains("/d/user1.md") == true)
        var keepMine = model
        #expect(Base.keys(&keepMine, [.character("m")], at: 1) == [.saveNote(login: "user1", text: "mine", base: "theirs", draft: "/d/user1.md")])
        var both = model
        let edit = Base.keys(&both, [.character("b")], at: 1)
        guard case .editNote("user1", let draft?) = edit.first else { Issue.record("b opens the editor on both texts"); return }
        #expect(draft.contains("mine") && draft.contains("theirs") && draft.contains("<<<<<<<") && draft.contains(">>>>>>>"))
        let resolved = "mine\ntheirs"
        #expect(both.update(.noteEdited(login: "user1", .changed(resolved), base: "theirs")) == [.saveNote(login: "user1", text: resolved, base: "theirs", draft: "/d/user1.md")])
        // Leaving the editor without a change decides nothing: the question again.
        var untouched = model
        _ = Base.keys(&untouched, [.character("b")], at: 1)
        #expect(Base.work(untouched.update(.noteEdited(login: "user1", .unchanged, base: "theirs"))).isEmpty)
        #expect(untouched.confirmation == model.confirmation)
        // Type-ahead or the mouse does not answer; t (or Esc) keeps theirs and names the draft.
        var keepTheirs = model
        #expect(Base.keys(&keepTheirs, [.character("j"), .wheel(up: false)], at: 1).isEmpty)
        #expect(keepTheirs.confirmation == model.confirmation && keepTheirs.window.cursor == 0)
        #expect(Base.work(Base.keys(&keepTheirs, [.character("t")], at: 2)).isEmpty)
        #expect(keepTheirs.confirmation == nil && keepTheirs.notice?.contains("/d/user1.md") == true)
        // Without a draft, keeping theirs would lose mine: refused.
        var noDraft = Modes.model()
        _ = noDraft.update(.noteConflict(login: "user1", mine: "mine", theirs: "theirs", draft: nil))
        _ = Base.keys(&noDraft, [.character("t")], at: 1)
        #expect(noDraft.confirmation != nil)
    }

    @Test("a draft's long path keeps its file name in view at 80 columns, before and after t")
    func longDraftPath() {
        var model = Modes.model()  // 80 columns
        let draft = "/root/.local/share/ghusers/sites/ghe.example.com_api_v3/drafts/user1-2026-11-24T001200Z.md"
        _ = Base.keys(&model, [.character("e")], at: 0)
        _ = model.update(.noteConflict(login: "user1", mine: "mine", theirs: "theirs", draft: draft))
        let asked = model.notice ?? ""
        #expect(asked.hasSuffix("…/drafts/user1-2026-11-24T001200Z.md") && CellGrid.columns(of: asked) <= model.columns - 2, "\(asked)")
        _ = Base.keys(&model, [.character("t")], at: 1)
        let kept = model.notice ?? ""
        #expect(kept.hasSuffix("…/drafts/user1-2026-11-24T001200Z.md") && CellGrid.columns(of: kept) <= model.columns - 2, "\(kept)")
        // Where it fits, the whole path.
        #expect(NoteDraft.shown("/tmp/d/user1.md", width: 40) == "/tmp/d/user1.md")
    }
}
