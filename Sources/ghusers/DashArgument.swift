/// A word on the command line that starts with `-` but is meant as text: `search -dash` (which
/// ArgumentParser reads as the flags `-d -a -s -h`, and so prints the help page) or
/// `note x "-5 stars"` ("Unknown option"). Such a word gets one line saying to put `--` before
/// it, as git and gh say, with the corrected command to copy.
enum DashArgument {
    /// The error for the first such word in `arguments` (without the program's name), or `nil`.
    ///
    /// A word counts when it starts with a single `-` and has more after it, is not a short
    /// option ghusers has (`-h`, `-o`), stands before any `--`, and follows a word that is not an
    /// option (so `--pages -1` is left to the option's own range check).
    static func error(in arguments: [String]) -> String? {
        var previous: String?
        for (index, word) in arguments.enumerated() {
            if word == "--" { return nil }
            defer { previous = word }
            guard word.hasPrefix("-"), !word.hasPrefix("--"), word.count > 1, !["-h", "-o"].contains(word) else { continue }
            if let previous, previous.hasPrefix("-") { continue }
            return "'\(word)' is not an option; to give text or a login that starts with '-', put '--' before it: "
                + (["ghusers"] + corrected(arguments, at: index)).map(quoted).joined(separator: " ")
        }
        return nil
    }

    /// The options of ghusers that take a value (the next word), which must stay before `--`.
    static let optionsTakingValues: Set<String> = [
        "--api-url", "--home", "--color", "--avatars", "--limit", "--after", "--pages", "--on-conflict", "--output", "-o",
    ]

    /// `arguments` with `--` before the word at `index`, and the options that followed it (with
    /// their values) moved before the `--`: after it, every word is text, so
    /// `profile -ACE- --avatars never` becomes `profile --avatars never -- -ACE-`.
    static func corrected(_ arguments: [String], at index: Int) -> [String] {
        var options: [String] = []
        var texts: [String] = []
        var position = index
        while position < arguments.count {
            let word = arguments[position]
            if position > index, word.hasPrefix("--") || ["-h", "-o"].contains(word) {
                options.append(word)
                if optionsTakingValues.contains(word), position + 1 < arguments.count {
                    options.append(arguments[position + 1])
                    position += 1
                }
            } else {
                texts.append(word)
            }
            position += 1
        }
        return Array(arguments[..<index]) + options + ["--"] + texts
    }

    /// `word` as a POSIX shell reads it back.
    private static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=@%+,".contains($0)) }
        return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
