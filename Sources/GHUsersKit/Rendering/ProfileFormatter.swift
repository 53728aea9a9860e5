/// Formats a profile as people read it: the login and name, the fields that are set, then the
/// local note.
package struct ProfileFormatter: Sendable {
    /// Whether to use ANSI colours.
    package var color: Bool

    /// Creates a formatter.
    package init(color: Bool) {
        self.color = color
    }

    /// The whole profile, lines ending in line feeds.
    package func text(_ details: ProfileDetails) -> String {
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
    package static func fields(_ details: ProfileDetails) -> [(label: String, value: String)] {
        // An unknown value is said to be unknown, never shown as absent or 0.
        let shown = Profile.Field.allCases.compactMap { field -> (String, String?)? in
            let spec = field.spec
            guard let label = spec.label else { return nil }
            guard !details.unknown.contains(field) else { return (label, "unknown") }
            let value: String? =
                switch details.profile[field] {
                case .text(let text): text
                case .count(let count): count.map(String.init)
                case .flag(let flag): flag.map { $0 ? "yes" : "no" }
                }
            return (label, value.map { spec.shownAfter + $0 })
        }
        var rows: [(String, String?)] =
            [("id", String(details.user.id)), ("type", details.user.type + (details.gone ? " (gone from GitHub: deleted or suspended)" : ""))]
            + shown + [("url", details.user.htmlURL)]
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
