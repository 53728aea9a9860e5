import ArgumentParser
import GHUsersKit

/// Refuses an invalid login before anything else runs, with GitHub's rule in the message.
enum LoginArgument {
    static func validate(_ login: String) throws {
        guard Login.isValid(login) else {
            let shown = TerminalSanitizer.sanitize(login, keepNewlines: false)
            throw ValidationError("'\(shown)' is not a valid login: \(Login.rule).")
        }
    }
}
