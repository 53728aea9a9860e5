/// The keys of `/`'s query line and of browse's two questions, each bound to an action in one
/// table, as ``BrowserKeymap`` binds the list's: ``BrowserModel`` switches on the actions, so
/// that a key added here must be given its meaning there (no `default:` drops it). Text typed
/// or pasted is the query's, never a key; keys bound nowhere change nothing.
package enum QueryLineKeymap {
    /// What a key does on the query line.
    package enum Action: Hashable, Sendable, CaseIterable {
        /// Backspace, ^U, ^W: erase a character, the query, a word.
        case eraseCharacter, eraseAll, eraseWord
        /// Enter: keep the matches; Esc: the whole list back.
        case keep, cancel
        /// ^O: ask GitHub's user search the same query.
        case askGitHub
        /// ^C: quit.
        case quit
        /// ↑ ^P / ↓ ^N: the selection up / down; PgUp / PgDn: a screen.
        case up, down, pageUp, pageDown
    }

    /// The query line's keys.
    package static let bindings: [(KeyEvent, Action)] = [
        (.backspace, .eraseCharacter), (.control("u"), .eraseAll), (.control("w"), .eraseWord),
        (.enter, .keep), (.escape, .cancel), (.control("o"), .askGitHub), (.control("c"), .quit),
        (.up, .up), (.control("p"), .up), (.down, .down), (.control("n"), .down), (.pageUp, .pageUp), (.pageDown, .pageDown),
    ]

    private static let actions = Dictionary(uniqueKeysWithValues: bindings)

    /// The action of `key` on the query line, or `nil` when it is bound to none.
    package static func action(for key: KeyEvent) -> Action? {
        actions[key]
    }

    /// An answer to one of browse's questions.
    package enum Answer: Hashable, Sendable, CaseIterable {
        /// `y`: delete the note; `m`: save mine; `b`: edit both; `t` or Esc: keep theirs.
        case yes, mine, both, theirs
    }

    /// The answers' keys (a key bound to none answers "no" to `x`'s question and leaves the
    /// conflict's question open).
    package static let answers: [(KeyEvent, Answer)] = [
        (.character("y"), .yes), (.character("Y"), .yes), (.character("m"), .mine), (.character("b"), .both), (.character("t"), .theirs), (.escape, .theirs),
    ]

    private static let answerTable = Dictionary(uniqueKeysWithValues: answers)

    /// The answer `key` gives, if any.
    package static func answer(for key: KeyEvent) -> Answer? {
        answerTable[key]
    }
}
