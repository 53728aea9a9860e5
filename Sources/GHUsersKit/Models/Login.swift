/// What ghusers accepts as an account name: what makes a login safe, not today's sign-up rule.
///
/// A login is 1 to 39 ASCII letters, digits, hyphens and underscores, optionally followed by
/// `[bot]` within the 39 (a GitHub App's bot account, `dependabot[bot]`). Hyphens may lead,
/// trail and repeat, and `_` appears, because real accounts have them:
///
/// - GitHub's sign-up rule (letters, digits and single inner hyphens) dates from about 2013;
///   older accounts break it: `artur-`, `mees-`, `gil--`, `0----0`, `-ACE-`, `-Jerry-`
///   (shinnn/github-username-regex #1, #4, #7; sdboyer/gps #201 found trailing and double
///   hyphens across all public commits; peetzweg/commit-history #115).
/// - Managed users (Enterprise Managed Users, every user of a GHE.com tenant) are named
///   `HANDLE_SHORTCODE`, e.g. `mona-cat_octo` (GitHub Docs, "Username considerations for
///   external authentication").
/// - Bot accounts end in `[bot]` (`GET /users/dependabot[bot]` answers type `Bot`).
///
/// Everything that reaches a URL path or the database as a login has passed
/// ``Login/isValid(_:)``, so a login can never smuggle a path segment (`../x`, `a/b`), a query
/// (`?`, `%`), white space or a control character; ``Login/pathComponent(_:)`` percent-encodes
/// the brackets of `[bot]` for a URL path.
public enum Login {
    /// The longest login GitHub allows, `[bot]` included.
    public static let maximumLength = 39

    /// The suffix of a bot account's login.
    static let botSuffix = "[bot]"

    /// One sentence that tells a user what a valid login is.
    public static let rule =
        "a GitHub login is 1 to 39 letters, digits, hyphens or underscores (a bot's may end in [bot])"

    /// Whether `login` is a name GitHub could have given an account (see ``Login``).
    public static func isValid(_ login: String) -> Bool {
        var bytes = Substring(login).utf8
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return false }
        if login.hasSuffix(botSuffix) {
            bytes = bytes.dropLast(botSuffix.utf8.count)
            guard !bytes.isEmpty else { return false }
        }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                true
            default:
                false
            }
        }
    }

    /// `login` as one URL path segment: `[` and `]` percent-encoded, the rest as is.
    ///
    /// - Throws: ``User/ValidationError/invalidLogin(_:)`` when `login` is not valid: typed
    ///   logins are checked before they get here, but one read back from a database edited by
    ///   hand is not, and must not reach a URL.
    public static func pathComponent(_ login: String) throws(User.ValidationError) -> String {
        guard isValid(login) else { throw .invalidLogin(login) }
        var component = ""
        for character in login {
            switch character {
            case "[": component += "%5B"
            case "]": component += "%5D"
            default: component.append(character)
            }
        }
        return component
    }
}
