import Testing

@testable import ghusers

/// A word starting with `-` meant as text gets the command again with `--` before it; options,
/// option values and everything after `--` are left to ArgumentParser.
@Suite("Text that starts with '-'")
struct DashArgumentTests {
    @Test("text and logins that start with '-' are named, with the command to copy")
    func refused() {
        #expect(DashArgument.error(in: ["search", "-dash"])?.hasSuffix("ghusers search -- -dash") == true)
        #expect(DashArgument.error(in: ["note", "x", "-5 stars"])?.hasSuffix("ghusers note x -- '-5 stars'") == true)
        #expect(DashArgument.error(in: ["--offline", "profile", "-ACE-"])?.hasSuffix("ghusers --offline profile -- -ACE-") == true)
        #expect(DashArgument.error(in: ["note", "x", "it's -"]) == nil, "not at the start")
        #expect(DashArgument.error(in: ["note", "x", "-it's"])?.hasSuffix("-- '-it'\\''s'") == true, "quoted as a shell reads it back")
    }

    @Test("every suggested command is accepted as it is printed, options after the word included")
    func suggestionsParse() throws {
        let lines: [[String]] = [
            ["profile", "-ACE-", "--avatars", "never"], ["search", "-dash", "--json", "--limit", "3"], ["note", "-ACE-", "hello", "--json"],
            ["--offline", "profile", "-Jerry-", "--color", "never", "--refresh"], ["note", "x", "-5 stars", "--append"],
        ]
        for arguments in lines {
            let message = try #require(DashArgument.error(in: arguments), "\(arguments)")
            let suggested = try #require(message.range(of: ": ghusers ").map { String(message[$0.upperBound...]) })
            let words = Self.shellWords(suggested)
            #expect(throws: Never.self, "\(suggested)") { _ = try GHUsersCommand.parseAsRoot(words) }
            #expect(words.last.map { arguments.contains($0) } == true)
        }
        #expect(DashArgument.error(in: ["profile", "-ACE-", "--avatars", "never"])?.hasSuffix("ghusers profile --avatars never -- -ACE-") == true)
    }

    /// Splits a line the way a POSIX shell reads words: spaces between, single quotes around.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                started = true
            } else if character == " ", !quoted {
                if started { words.append(word) }
                word = ""
                started = false
            } else if character == "\\", !quoted {
                continue
            } else {
                word.append(character)
                started = true
            }
        }
        if started { words.append(word) }
        return words
    }

    @Test("options, their values, stdin's '-', -h and -o, and anything after '--' pass")
    func passed() {
        let lines: [[String]] = [
            ["search", "--", "-dash"], ["note", "x", "-"], ["notes", "export", "-o", "-"], ["search", "-h"], ["list", "--limit", "-1"],
            ["next-page", "--pages", "-5"], ["--home", "-odd", "list"], ["note", "x", "--delete"], ["list", "--json", "--offline"], [],
        ]
        for arguments in lines {
            #expect(DashArgument.error(in: arguments) == nil, "\(arguments)")
        }
    }

    @Test("usage errors read as one sentence after 'error:': a plain capitalised first word is lowered, names are not")
    func sentenceCase() {
        #expect(Messages.sentenceCase("The note is empty.") == "the note is empty.")
        #expect(Messages.sentenceCase("Unknown option '--x'") == "unknown option '--x'")
        #expect(Messages.sentenceCase("A login") == "a login")
        #expect(Messages.sentenceCase("GitHub refused") == "GitHub refused")
        #expect(Messages.sentenceCase("--pages must be") == "--pages must be")
        #expect(Messages.sentenceCase("") == "")
    }

    @Test("GHUSERS_* values that cannot be used are each warned about once; good and empty ones are not")
    func environmentWarnings() {
        let bad = EnvironmentWarnings.lines([
            "GHUSERS_AVATAR_CACHE_MB": "0", "GHUSERS_GRAPHICS": "crayons", "GHUSERS_LOG": "loud", "GHUSERS_READ_TIMEOUT": "soon",
        ])
        #expect(bad.count == 4 && bad.allSatisfy { $0.hasSuffix("it is ignored") }, "\(bad)")
        let good = EnvironmentWarnings.lines([
            "GHUSERS_AVATAR_CACHE_MB": "50", "GHUSERS_GRAPHICS": "Kitty", "GHUSERS_LOG": "debug", "GHUSERS_READ_TIMEOUT": "2.5", "GHUSERS_HOME": "",
        ])
        #expect(good.isEmpty, "\(good)")
    }
}

/// A first word that is no command gets the nearest one, as git and gh suggest.
@Suite("Commands typed wrong")
struct CommandSuggestionTests {
    static let commands = GHUsersCommand.commandTree

    @Test("a typo gets the nearest command; a word near none is named; commands, options and '--' pass")
    func suggestions() {
        #expect(CommandSuggestion.error(in: ["lsit"], commands: Self.commands)?.contains("did you mean 'list'?") == true)
        #expect(CommandSuggestion.error(in: ["serch", "moj"], commands: Self.commands)?.contains("did you mean 'search'?") == true)
        #expect(CommandSuggestion.error(in: ["--home", "/tmp/h", "profil", "x"], commands: Self.commands)?.contains("'profile'") == true)
        #expect(CommandSuggestion.error(in: ["frobnicate"], commands: Self.commands) == "'frobnicate' is not a ghusers command; `ghusers --help` lists them")
        for arguments in [
            ["list"], ["--offline", "search", "x"], ["--home", "lsit", "list"], [], ["--version"], ["--", "lsit"],
            ["--generate-completion-script", "bash"], ["---completion", "profile", "--", "x"], ["--color=never", "list"],
            ["notes", "export"], ["notes"], ["notes", "--help"], ["notes", "help"], ["help", "notes"], ["profiles", "prefetch", "--limit", "5"],
        ] {
            #expect(CommandSuggestion.error(in: arguments, commands: Self.commands) == nil, "\(arguments)")
        }
    }

    @Test("a typo in a command of commands gets the nearest of its own: notes exprot, help lsit, profiles perfetch")
    func nestedSuggestions() {
        #expect(
            CommandSuggestion.error(in: ["notes", "exprot"], commands: Self.commands)
                == "'exprot' is not a ghusers notes command; did you mean 'export'? (`ghusers notes --help` lists them)")
        #expect(CommandSuggestion.error(in: ["help", "lsit"], commands: Self.commands)?.contains("did you mean 'list'?") == true)
        #expect(CommandSuggestion.error(in: ["--offline", "profiles", "perfetch"], commands: Self.commands)?.contains("'prefetch'") == true)
        #expect(CommandSuggestion.error(in: ["avatars", "zap"], commands: Self.commands) == "'zap' is not a ghusers avatars command; `ghusers avatars --help` lists them")
    }
}
