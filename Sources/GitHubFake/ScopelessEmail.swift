/// How the fake answers a token without scopes (fine-grained `github_pat_…`, an installation's
/// `ghs_…`) that asks `User.email`, where no source settles what GitHub does (Docs/FAKE.md,
/// "Harsher readings"; ../shared/fixtures/github/SOURCES.md: "whether GitHub refuses the query or
/// nulls the field per node (`FORBIDDEN`, a `path` ending at `email`) is not documented").
public enum ScopelessEmail: String, Sendable, Codable, CaseIterable {
    /// The harsher reading, the default: the query runs and costs its points, and every `User`
    /// node that asks `email` is `null` (`email` is `String!`, so its error nulls the node: the
    /// GraphQL specification, "Handling Field Errors") with a `FORBIDDEN` error whose `path`
    /// ends at the field.
    case nullsNodes
    /// The document is refused whole, as a classic token without the scope is
    /// (`INSUFFICIENT_SCOPES`, nothing spent).
    case refusesDocument
}
