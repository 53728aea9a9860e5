/// When to draw avatars: `--avatars auto|always|never`.
package enum AvatarMode: String, CaseIterable, Sendable {
    /// Only when stdout is a terminal of 256 colours or more, with a UTF-8 locale, in colour (not with
    /// `NO_COLOR` or `--color never`: an avatar is colour, and no-color.org asks for none), and
    /// not with `--json`.
    case auto
    /// Also when stdout is a file or a pipe (not with `--json`).
    case always
    /// Never.
    case never

    /// Whether to draw avatars on output written to `fileDescriptor`, which is coloured when
    /// `colors` (`--color`, `NO_COLOR`, `CLICOLOR_FORCE`). `auto` is what `GHUSERS_AVATARS`
    /// says when it is `never` or `always`: avatars off (or on) for good, as `NO_COLOR` is for
    /// colour, while `--avatars` still decides for one command.
    package func drawsAvatars(fileDescriptor: Int32, json: Bool, environment: [String: String], colors: Bool = true) -> Bool {
        guard !json else { return false }
        let mode = self == .auto ? environment["GHUSERS_AVATARS"].flatMap { AvatarMode(rawValue: $0.lowercased()) } ?? .auto : self
        switch mode {
        case .always: return true
        case .never: return false
        // Avatars are drawn in 256 colours at the least: on an 8-colour terminal (`xterm`,
        // `linux`) they would be escape sequences it cannot show; without a UTF-8 locale there
        // are no block symbols to draw them with.
        case .auto:
            return colors && Terminal.isTerminal(fileDescriptor) && Terminal.colorCount(environment: environment) >= 256
                && Terminal.isUTF8(environment: environment)
        }
    }
}
