/// Formats a profile as people read it: the login and name, the fields that are set, then the
/// local note.
public struct ProfileFormatter: Sendable {
    /// Whether to use ANSI colours.
    public var color: Bool

    /// Creates a formatter.
    public init(color: Bool) {
        self.color = color
    }

    /// The whole profile, lines ending in line feeds.
    public func text(_ details: ProfileDetails) -> String {
        let profile = details.profile
        let login = clean(details.user.login)
        var output = color ? "\u{1B}[1m\(login)\u{1B}[22m" : login
        if let name = profile.name, !name.isEmpty { output += " (\(clean(name)))" }
        output += "\n"
        for (label, value) in Self.fields(details) {
            output += "  " + UserRowFormatter.pad(label, 10) + " " + clean(value) + "\n"
        }
        if let bio = profile.bio, !bio.isEmpty {
            output += "\n" + indent(TerminalSanitizer.sanitize(bio)) + "\n"
        }
        if let note = details.note {
            let marker = color ? "\u{1B}[1m\(UserRowFormatter.noteMarker) Note\u{1B}[22m" : "\(UserRowFormatter.noteMarker) Note"
            output += "\n" + marker + "\n" + indent(TerminalSanitizer.sanitize(note)) + "\n"
        }
        return output
    }

    /// The profile's fields that are set, as label and value (not sanitised), in the order
    /// `ghusers profile` prints them; `browse`'s pane shows the same.
    public static func fields(_ details: ProfileDetails) -> [(label: String, value: String)] {
        let profile = details.profile
        // An unknown value is said to be unknown, never shown as absent or 0.
        func value(_ field: Profile.Field, _ known: String?) -> String? {
            details.unknown.contains(field) ? "unknown" : known
        }
        var rows: [(String, String?)] = [
            ("id", String(details.user.id)),
            ("type", details.user.type + (details.gone ? " (gone from GitHub: deleted or suspended)" : "")),
            ("company", value(.company, profile.company)),
            ("blog", value(.blog, profile.blog)),
            ("location", value(.location, profile.location)),
            ("email", value(.email, profile.email)),
            ("hireable", value(.hireable, profile.hireable.map { $0 ? "yes" : "no" })),
            ("twitter", value(.twitterUsername, profile.twitterUsername.map { "@" + $0 })),
            ("repos", value(.publicRepos, profile.publicRepos.map(String.init))),
            ("gists", value(.publicGists, profile.publicGists.map(String.init))),
            ("followers", value(.followers, profile.followers.map(String.init))),
            ("following", value(.following, profile.following.map(String.init))),
            ("joined", value(.createdAt, profile.createdAt)),
            ("url", details.user.htmlURL),
        ]
        if details.user.siteAdmin { rows.insert(("staff", "site admin"), at: 2) }
        return rows.compactMap { label, value in
            guard let value, !value.isEmpty else { return nil }
            return (label, value)
        }
    }

    private func clean(_ text: String) -> String {
        TerminalSanitizer.sanitize(text, keepNewlines: false)
    }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
