import GHUsersKit

/// Reads the common shapes of the read commands — `search`, `profile` and `list` with long
/// options — without swift-argument-parser, and declines everything else.
///
/// ArgumentParser builds the whole command tree by reflection on every start (about 4 ms, most
/// of it the Swift runtime scanning the binary's protocol conformances), which is more than a
/// search of a million users costs (Docs/BENCHMARKS.md). ArgumentParser stays the one
/// definition of the command line: help, completions, every error message and every other
/// command. This reader only recognises what it is sure of: global options (``GlobalOptions``,
/// which the root command declares too), then the subcommand name, then the options the
/// command declares, all in `--name value` or `--name=value` form, each at most once over the
/// whole line, and exactly the positional arguments the command takes. Anything else —
/// `--help`, `--`, short options, a repeated or unknown option, a value that starts with `-`, `--name=`,
/// input that fails validation — returns `nil`, and ArgumentParser parses the arguments
/// and reports the error as usual. `FastPathTests` checks that whenever this reader accepts
/// arguments, ArgumentParser accepts them too and produces the same ``Invocation``.
enum FastPath {
    /// The invocation `arguments` (without the program name) describe, or `nil` when
    /// ArgumentParser must decide.
    static func invocation(for arguments: [String]) -> Invocation? {
        var command: String?  // nil until the subcommand's name: before it, only global options
        var settings = GlobalSettings()
        var avatars = AvatarMode.auto
        var refresh = false
        var online = false
        var limit: Int?
        var after: Int64 = 0
        var positionals: [String] = []
        var given: [Option] = []  // an array: a Set would cost a conformance lookup at start-up

        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                if command != nil {
                    positionals.append(argument)
                } else {
                    guard commands.contains(argument) else { return nil }
                    command = argument
                }
                continue
            }
            let equals = argument.firstIndex(of: "=")
            let inline = equals.map { String(argument[argument.index(after: $0)...]) }
            // ArgumentParser reads `--name=` as a bare `--name`: leave that spelling to it.
            guard let option = Option(rawValue: String(argument[..<(equals ?? argument.endIndex)])),
                option.isDeclared(by: command), !given.contains(option), inline != ""
            else { return nil }
            given.append(option)
            // A flag takes no value (`--flag=x` is declined); an option's value comes after `=`,
            // else it is the next argument unless that looks like an option.
            var value = inline
            if !option.takesValue {
                guard inline == nil else { return nil }
            } else if value == nil {
                guard index < arguments.endIndex, !arguments[index].hasPrefix("-") else { return nil }
                value = arguments[index]
                index += 1
            }
            switch option {
            case .offline: settings.offline = true
            case .json: settings.json = true
            case .tsv: settings.tsv = true
            case .csv: settings.csv = true
            case .fields: settings.fields = value
            case .refresh: refresh = true
            case .online: online = true
            case .dryRun: return nil  // ArgumentParser's: a plan, not rows
            case .apiURL: settings.apiURL = value
            case .home: settings.home = value
            case .color:
                guard let mode = value.flatMap(ColorMode.init(rawValue:)) else { return nil }
                settings.color = mode
            case .avatars:
                guard let mode = value.flatMap(AvatarMode.init(rawValue:)) else { return nil }
                avatars = mode
            case .limit:
                guard let number = value.flatMap({ Int($0) }) else { return nil }
                limit = number
            case .after:
                guard let number = value.flatMap({ Int64($0) }) else { return nil }
                after = number
            }
        }

        guard let command, (try? settings.validate()) != nil else { return nil }
        switch (command, positionals.count) {
        case ("search", 1):
            guard (try? GHUsersCommand.Search.validate(query: positionals[0])) != nil,
                (try? GHUsersCommand.List.validate(limit: limit, after: 0)) != nil, after == 0
            else { return nil }
            return .search(settings, avatars: avatars, query: positionals[0], limit: limit, online: online)
        case ("profile", 1):
            guard (try? LoginArgument.validate(positionals[0])) != nil else { return nil }
            return .profile(settings, avatars: avatars, login: positionals[0], refresh: refresh)
        case ("list", 0):
            guard (try? GHUsersCommand.List.validate(limit: limit, after: after)) != nil else { return nil }
            return .list(settings, avatars: avatars, limit: limit, after: after)
        default:
            return nil
        }
    }
}

extension FastPath {
    /// The commands this reader knows.
    static let commands = ["search", "profile", "list"]

    /// The long options of ``commands`` as this reader knows them: names, whether each takes a
    /// value, and which commands declare it. `FastPathTests` checks this table against
    /// ArgumentParser's definitions, so a renamed, added or removed option fails a test instead
    /// of drifting.
    enum Option: String, CaseIterable {
        case apiURL = "--api-url"
        case home = "--home"
        case offline = "--offline"
        case json = "--json"
        case tsv = "--tsv"
        case csv = "--csv"
        case fields = "--fields"
        case color = "--color"
        case avatars = "--avatars"
        case refresh = "--refresh"
        case online = "--online"
        case dryRun = "--dry-run"
        case limit = "--limit"
        case after = "--after"

        /// Whether the option takes a value (an `@Option`) rather than none (a `@Flag`).
        var takesValue: Bool {
            switch self {
            case .offline, .json, .tsv, .csv, .refresh, .online, .dryRun: false
            case .apiURL, .home, .color, .avatars, .limit, .after, .fields: true
            }
        }

        /// Whether `command` declares the option (`nil`: the root command, before the
        /// subcommand's name): the global options are on the root and every read command, the
        /// avatar options on every read command; `--refresh` is on `profile`, `--online` on
        /// `search`, `--limit` on `list` and `search`, `--after` on `list`.
        func isDeclared(by command: String?) -> Bool {
            switch self {
            case .apiURL, .home, .offline, .json, .color: true
            case .avatars: command != nil
            case .refresh: command == "profile"
            case .online, .dryRun: command == "search"
            case .limit, .tsv, .csv, .fields: command == "list" || command == "search"
            case .after: command == "list"
            }
        }
    }
}
