/// The one table of `ghusers browse`'s keys: ``BrowserModel`` handles keys through it, and the
/// help overlay, the footers and the command's help text (hence its man page) are drawn from
/// it, so a key is added, changed or described in one place (a test checks that they agree).
package enum BrowserKeymap {
    /// Where the footer is: the list, the profile pane, or a kept search.
    package enum Context: Hashable, Sendable, CaseIterable {
        case list, pane, search
    }

    /// One line of the help: keys, what they do, and the footer's words for it by context.
    package struct Binding: Sendable {
        /// The keys and the action of each.
        package var keys: [(KeyEvent, BrowserAction)]
        /// The keys as the help shows them, e.g. `j ↓ / k ↑`.
        package var label: String
        /// What they do, in a few words.
        package var summary: String
        /// The footer's words where this binding is shown there, e.g. `j/k move`.
        package var footer: [Context: String]
    }

    /// Every binding, in the help's order (the footers follow it too).
    package static let bindings: [Binding] = [
        Binding(
            keys: [(.character("j"), .next), (.down, .lineDown), (.character("k"), .previous), (.up, .lineUp)],
            label: "j ↓ / k ↑", summary: "next / previous user (↓ ↑: a line of cards)",
            footer: [.list: "j/k move", .pane: "j/k move"]),
        Binding(
            keys: [(.character("h"), .left), (.left, .left), (.character("l"), .right), (.right, .right)],
            label: "h ← / l →", summary: "left / right in the grid", footer: [:]),
        Binding(
            keys: [(.pageDown, .pageDown), (.character(" "), .pageDown), (.control("d"), .pageDown), (.pageUp, .pageUp), (.control("u"), .pageUp)],
            label: "PgDn Space ^D / PgUp ^U", summary: "a screen down / up", footer: [:]),
        Binding(
            keys: [(.character("J"), .paneDown), (.character("K"), .paneUp)],
            label: "J / K", summary: "scroll the profile pane down / up", footer: [.pane: "J/K scroll"]),
        Binding(
            keys: [(.character("g"), .first), (.home, .first), (.character("G"), .last), (.end, .last)],
            label: "g Home / G End", summary: "first / last cached user", footer: [:]),
        Binding(
            keys: [(.character("n"), .nextPage)],
            label: "n", summary: "fetch a page of GitHub's users list",
            footer: [.list: "n next page"]),
        Binding(
            keys: [(.enter, .open), (.escape, .back)],
            label: "Enter / Esc", summary: "open / close the pane; Esc ends a search",
            footer: [.list: "Enter profile", .pane: "Esc close", .search: "Enter profile  Esc all users"]),
        Binding(
            keys: [(.character("/"), .search)],
            label: "/", summary: "search logins and notes as you type",
            footer: [.list: "/ search", .pane: "/ search", .search: "/ edit the search"]),
        Binding(keys: [], label: "  a b 'a ^a a$ !a", summary: "search terms: all, exact, start/end, not", footer: [:]),
        Binding(keys: [], label: "  location:a repos:>9", summary: "GitHub's qualifiers (ghusers search --help)", footer: [:]),
        Binding(keys: [], label: "  ^O", summary: "ask GitHub's user search too; the list fills", footer: [:]),
        Binding(
            keys: [(.character("e"), .editNote), (.character("x"), .deleteNote)],
            label: "e / x", summary: "edit the note in $EDITOR / delete it",
            footer: [.list: "e/x note", .pane: "e note  x delete", .search: "e note  x delete"]),
        Binding(
            keys: [(.character("o"), .openPage)],
            label: "o", summary: "open the GitHub page in your browser", footer: [.pane: "o open"]),
        Binding(
            keys: [(.character("r"), .retry)],
            label: "r", summary: "retry the network and failed avatars now", footer: [:]),
        Binding(keys: [], label: "mouse wheel / click", summary: "scroll three rows / select", footer: [:]),
        Binding(
            keys: [(.character("?"), .help)],
            label: "?", summary: "this help (any key closes it)", footer: [.list: "? help", .pane: "? help", .search: "? help"]),
        Binding(
            keys: [(.control("l"), .redraw), (.control("z"), .suspend)],
            label: "^L / ^Z", summary: "redraw / suspend (fg brings it back)", footer: [:]),
        Binding(
            keys: [(.character("q"), .closeOrQuit), (.control("c"), .quit)],
            label: "q ^C", summary: "quit (q closes the pane first)", footer: [.list: "q quit", .search: "q quit"]),
    ]

    private static let actions: [KeyEvent: BrowserAction] = {
        var table: [KeyEvent: BrowserAction] = [:]
        for binding in bindings {
            for (key, action) in binding.keys {
                precondition(table[key] == nil, "\(key) is bound twice")
                table[key] = action
            }
        }
        return table
    }()

    /// The action of `key`, or `nil` when it is not bound (mouse events and pastes are not
    /// keys: the model handles them itself).
    package static func action(for key: KeyEvent) -> BrowserAction? {
        actions[key]
    }

    /// The footer in `context`: its bindings' words, in the table's order (made once: every
    /// frame draws one).
    package static func footer(_ context: Context) -> String {
        footers[context] ?? ""
    }

    private static let footers = Dictionary(
        uniqueKeysWithValues: Context.allCases.map { context in
            (context, " " + bindings.compactMap { $0.footer[context] }.joined(separator: "  "))
        })

    /// The keys as the command's help and man page list them, one line a binding.
    package static var manual: String {
        let width = bindings.map { $0.label.count }.max() ?? 0
        return bindings.map { "  " + $0.label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
            .joined(separator: "\n")
    }
}
