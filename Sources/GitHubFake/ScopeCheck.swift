/// How the fake checks a token's scopes against a GraphQL document, where no source settles
/// what GitHub does (Docs/FAKE.md, "Harsher readings").
///
/// GitHub checks scopes before it runs a document: its refusal points at the field's place in
/// the document (atom/github #660 shows the caret under `email`), and others write that it
/// "validates the whole GraphQL document before executing it and rejects it outright"
/// (constructorfabric/insight #2318). No source says whether `@include(if: false)` or `@skip`
/// takes a field out of that check.
public enum ScopeCheck: String, Sendable, Codable, CaseIterable {
    /// The harsher reading, the default: a guarded field the document names anywhere refuses
    /// the whole document, whatever a directive says.
    case document
    /// The milder one: only a guarded field that the directives leave in the query.
    case executed
}
