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
            var corrected = arguments
            corrected.insert("--", at: index)
            return "'\(word)' is not an option; to give text or a login that starts with '-', put '--' before it: "
                + (["ghusers"] + corrected).map(quoted).joined(separator: " ")
        }
        return nil
    }

    /// `word` as a POSIX shell reads it back.
    private static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=@%+,".contains($0)) }
        return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
