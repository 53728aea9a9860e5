import Testing

@testable import GHUsersKit

/// The one keymap: handling, the help overlay, the footers and the manual agree with it.
@Suite("Browse: one keymap for handling, help, footers and the manual")
struct BrowserKeymapTests {
    @Test("every action has a key, and every bound key does its binding's action")
    func everyActionBound() {
        let bound = Set(BrowserKeymap.bindings.flatMap { $0.keys.map(\.1) })
        #expect(bound == Set(BrowserAction.allCases), "unbound: \(Set(BrowserAction.allCases).subtracting(bound))")
        for binding in BrowserKeymap.bindings {
            for (key, action) in binding.keys { #expect(BrowserKeymap.action(for: key) == action, "\(key)") }
        }
    }

    @Test("each key of the table does what the help says: q quits, ? shows the help, / opens the query")
    func handlingFollowsTheTable() {
        var model = BrowserModelModesTests.model()
        _ = BrowserModelTests.keys(&model, [.character("?")], at: 0)
        #expect(model.showsHelp)
        _ = BrowserModelTests.keys(&model, [.character("x")], at: 1)  // any key closes the help
        #expect(!model.showsHelp)
        _ = BrowserModelTests.keys(&model, [.character("j")], at: 2)
        #expect(model.window.cursor == 1)
        _ = BrowserModelTests.keys(&model, [.character("/")], at: 3)
        #expect(model.search?.editing == true)
        var quitting = BrowserModelModesTests.model()
        #expect(BrowserModelTests.keys(&quitting, [.character("q")], at: 0) == [.quit])
    }

    @Test("the help overlay at 80 columns shows every binding, none cut mid-word")
    func helpShowsEveryBinding() {
        let text = BrowserViewTests.frame(columns: 80, rows: 30) { $0.showsHelp = true }
        for binding in BrowserKeymap.bindings {
            #expect(text.contains(binding.label), "\(binding.label)")
            #expect(text.contains(binding.summary), "shown whole: \(binding.summary)")
        }
    }

    @Test("each footer names only keys of the binding it describes")
    func footersNameBoundKeys() {
        for binding in BrowserKeymap.bindings {
            let labelKeys = Set(binding.label.split(whereSeparator: { $0 == " " || $0 == "/" }).map(String.init))
            for (context, words) in binding.footer {
                for segment in words.components(separatedBy: "  ") {
                    let keys = segment.split(separator: " ").first.map { $0.split(separator: "/").map(String.init) } ?? []
                    for key in keys { #expect(labelKeys.contains(key), "\(context): “\(segment)” names \(key), not in “\(binding.label)”") }
                }
            }
        }
        #expect(BrowserKeymap.footer(.list).contains("q quit") && BrowserKeymap.footer(.pane).contains("Esc close"))
    }

    @Test("the manual lists every binding with its summary")
    func manual() {
        for binding in BrowserKeymap.bindings {
            #expect(BrowserKeymap.manual.contains(binding.label) && BrowserKeymap.manual.contains(binding.summary))
        }
    }
}
