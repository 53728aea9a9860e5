import GHUsersKit
import Logging

/// The `GHUSERS_*` variables ghusers reads whose value it cannot use: each is said once on
/// stderr ("ghusers: warning: …") and the default is used, rather than ignored in silence.
/// `GHUSERS_API_URL` is not here: a bad one is an error (``GlobalSettings/validate()``).
enum EnvironmentWarnings {
    /// One line for each variable in `environment` with a value that is not used.
    static func lines(_ environment: [String: String]) -> [String] {
        var lines: [String] = []
        func check(_ name: String, _ expected: String, _ valid: (String) -> Bool) {
            guard let value = environment[name], !value.isEmpty, !valid(value) else { return }
            lines.append("\(name)='\(value)' is not \(expected); it is ignored")
        }
        check("GHUSERS_AVATAR_CACHE_MB", "a whole number of mebibytes above 0") { Int64($0).map { $0 > 0 } ?? false }
        check("GHUSERS_GRAPHICS", "one of kitty, iterm2, sixels, symbols, 24bit, 256") {
            ["kitty", "iterm2", "sixels", "sixel", "symbols", "24bit", "256"].contains($0.lowercased())
        }
        check("GHUSERS_AVATARS", "one of auto, always, never") { AvatarMode(rawValue: $0.lowercased()) != nil }
        check("GHUSERS_LOG", "a log level (trace, debug, info, notice, warning, error, critical)") { Logger.Level(rawValue: $0) != nil }
        check("GHUSERS_READ_TIMEOUT", "a number of seconds above 0") { Double($0).map { $0 > 0 && $0.isFinite } ?? false }
        check("GHUSERS_AVATAR_TIMEOUT", "a number of seconds above 0") { Double($0).map { $0 > 0 && $0.isFinite } ?? false }
        return lines
    }
}
