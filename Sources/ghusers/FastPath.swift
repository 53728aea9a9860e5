import GHUsersKit

/// Reads the common shapes of the read commands — `search`, `profile` and `list` with long
/// options — without swift-argument-parser, and declines everything else.
///
/// ArgumentParser builds the whole command tree by reflection on every start (about 4 ms, most
/// of it the Swift runtime scanning the binary's protocol conformances), which is more than a
/// search of a million users costs (Docs/BENCHMARKS.md). ArgumentParser stays the one
/// definition of the command line: help, completions, every error message and every other
/// command. This reader only recognises what it is sure of: the subcommand name first,
/// then the options the command declares in `--name value` or `--name=value` form, each at
/// most once, and exactly the positional arguments the command takes. Anything else —
/// `--help`, `--`, short options, a repeated or unknown option, a value that starts with `-`, `--name=`,
/// input that fails validation — returns `nil`, and ArgumentParser parses the arguments
/// and reports the error as usual. `FastPathTests` checks that whenever this reader accepts
/// arguments, ArgumentParser accepts them too and produces the same ``Invocation``.
enum FastPath {
    /// The invocation `arguments` (without the program name) describe, or `nil` when
    /// ArgumentParser must decide.
    static func invocation(for arguments: [String]) -> Invocation? {
        guard let command = arguments.first, ["search", "profile", "list"].contains(command) else { return nil }
        var settings = GlobalSettings()
        var avatars = AvatarMode.auto
        var refresh = false
        var limit: Int?
        var after: Int64 = 0
        var positionals: [String] = []
        var given: [Substring] = []  // an array: a Set would cost a conformance lookup at start-up

        var index = arguments.index(after: arguments.startIndex)
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                positionals.append(argument)
                continue
            }
            let equals = argument.firstIndex(of: "=")
            let name = argument[..<(equals ?? argument.endIndex)]
            let inline = equals.map { String(argument[argument.index(after: $0)...]) }
            // ArgumentParser reads `--name=` as a bare `--name`: leave that spelling to it.
            guard !given.contains(name), inline != "" else { return nil }
            given.append(name)
            // An option's value: after `=`, else the next argument unless it looks like an option.
            func value() -> String? {
                if let inline { return inline }
                guard index < arguments.endIndex, !arguments[index].hasPrefix("-") else { return nil }
                index += 1
                return arguments[index - 1]
            }
            switch (name, command) {
            // Flags take no value; `--flag=x` falls to `default`.
            case ("--offline", _) where inline == nil: settings.offline = true
            case ("--json", _) where inline == nil: settings.json = true
            case ("--refresh", "profile") where inline == nil: refresh = true
            case ("--api-url", _):
                guard let url = value() else { return nil }
                settings.apiURL = url
            case ("--home", _):
                guard let home = value() else { return nil }
                settings.home = home
            case ("--color", _):
                guard let mode = value().flatMap(ColorMode.init(rawValue:)) else { return nil }
                settings.color = mode
            case ("--avatars", _):
                guard let mode = value().flatMap(AvatarMode.init(rawValue:)) else { return nil }
                avatars = mode
            case ("--limit", "list"):
                guard let number = value().flatMap({ Int($0) }) else { return nil }
                limit = number
            case ("--after", "list"):
                guard let number = value().flatMap({ Int64($0) }) else { return nil }
                after = number
            default:
                return nil
            }
        }

        guard (try? settings.validate()) != nil else { return nil }
        switch (command, positionals.count) {
        case ("search", 1):
            guard (try? GHUsersCommand.Search.validate(query: positionals[0])) != nil else { return nil }
            return .search(settings, avatars: avatars, query: positionals[0])
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
