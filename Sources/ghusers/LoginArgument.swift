import ArgumentParser
import GHUsersKit

/// Refuses an invalid login before anything else runs, with GitHub's rule in the message.
enum LoginArgument {
    /// The help of a login argument. Accounts from before 2013 may start with a hyphen (`-ACE-`),
    /// which reads as an option unless `--` comes first, as for any argument that starts with `-`.
    static let help = ArgumentHelp(
        "The user's login (after `--` when it starts with `-`: `ghusers profile -- -ACE-`).", valueName: "login")

    static func validate(_ login: String) throws {
        guard Login.isValid(login) else {
            let shown = TerminalSanitizer.sanitize(login, keepNewlines: false)
            throw ValidationError("'\(shown)' is not a valid login: \(Login.rule).")
        }
    }
}
