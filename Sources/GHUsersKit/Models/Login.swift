/// GitHub's rules for an account name.
///
/// A login is 1 to 39 ASCII letters, digits and hyphens; it neither starts nor ends with a hyphen
/// and has no two hyphens in a row. Everything that reaches a URL path or the database as a login
/// has passed ``Login/isValid(_:)``, so a login can never smuggle a path segment (`../x`, `a/b`),
/// white space or a control character.
public enum Login {
    /// The longest login GitHub allows.
    public static let maximumLength = 39

    /// One sentence that tells a user what a valid login is.
    public static let rule =
        "a GitHub login is 1 to 39 letters, digits or single hyphens, and does not start or end with a hyphen"

    /// Whether `login` follows GitHub's rules.
    public static func isValid(_ login: String) -> Bool {
        let bytes = login.utf8
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return false }
        var previousWasHyphen = true  // treats the start like a hyphen: no leading hyphen
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                previousWasHyphen = false
            case UInt8(ascii: "-"):
                if previousWasHyphen { return false }
                previousWasHyphen = true
            default:
                return false
            }
        }
        return !previousWasHyphen
    }
}
