/// A first word that is no command of ghusers, or a second word that is no command of a
/// command of commands (`notes exprot`, `help lsit`): one line naming it, with the nearest
/// command when one is near (`lsit` → `list`), as git and gh answer a typo. ArgumentParser
/// suggests options, not subcommands.
enum CommandSuggestion {
    /// The global options that take a value, which may stand before the command.
    private static let valued: Set<String> = ["--api-url", "--home", "--color"]
    /// The global flags; any other option before the first word (ArgumentParser's
    /// `--generate-completion-script bash`, its `---completion`) leaves the line to it.
    private static let flags: Set<String> = ["--offline", "--json"]

    /// The error for `arguments` (without the program's name), or `nil` when its first word is
    /// a command (or there is none, or it comes after `--`) and, for a command of commands
    /// (`notes`, `profiles`, `help`), its second word is one of them. `commands` maps each
    /// command to its own commands (empty for one that has none).
    static func error(in arguments: [String], commands: [String: [String]]) -> String? {
        var words = commandWords(arguments)[...]
        guard let first = words.popFirst() else { return nil }
        guard let children = commands[first] else { return unknown(first, among: commands.keys.sorted(), in: "ghusers") }
        guard !children.isEmpty, let second = words.first, !children.contains(second), second != "help" else { return nil }
        return unknown(second, among: children, in: first == "help" ? "ghusers" : "ghusers \(first)")
    }

    /// The words before `--` that are not options or a global option's value.
    private static func commandWords(_ arguments: [String]) -> [String] {
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { break }
            if word.hasPrefix("-") {
                let name = String(word.prefix { $0 != "=" })
                // Any other option before the first word (ArgumentParser's
                // `--generate-completion-script bash`, its `---completion`) leaves the line to it.
                guard valued.contains(name) || flags.contains(name) || !words.isEmpty else { return [] }
                index += valued.contains(word) ? 2 : 1
                continue
            }
            words.append(word)
            if words.count == 2 { break }
            index += 1
        }
        return words
    }

    /// "'WORD' is not a COMMAND command", with the nearest of `names` when one is near.
    private static func unknown(_ word: String, among names: [String], in command: String) -> String {
        let nearest = names.map { ($0, distance(word.lowercased(), $0)) }.min { $0.1 < $1.1 }
        if let nearest, nearest.1 <= max(1, min(2, word.count / 3)) {
            return "'\(word)' is not a \(command) command; did you mean '\(nearest.0)'? (`\(command) --help` lists them)"
        }
        return "'\(word)' is not a \(command) command; `\(command) --help` lists them"
    }

    /// Levenshtein distance, transpositions counting one (`lsit` is one from `list`).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }
}
