/// A free-text field of a profile that tests may overwrite with hostile text (escape
/// sequences, huge values) through ``GitHubFakeServer/setProfileText(login:field:to:)``.
public enum ProfileTextField: String, Sendable, CaseIterable, Codable {
    case name, company, blog, location, bio
}
