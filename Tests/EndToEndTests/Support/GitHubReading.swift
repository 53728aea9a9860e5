import GitHubFake
import Testing

/// Where no source settles what GitHub does, the fake takes the harsher reading by default and
/// has the milder one as an option (Docs/FAKE.md, "Harsher readings"). The end-to-end tests of
/// `profiles prefetch` and `search --online` run under each: the harsher readings together (the
/// fake's defaults) and the milder ones together.
enum GitHubReading: String, CaseIterable, CustomTestStringConvertible {
    /// A guarded field refused wherever the document names it, accounts counted but not given,
    /// queries of more than 50 nodes timed out, a scopeless token's email nulling its node.
    case harsher
    /// Only the fields the directives leave checked, every account given, no timeouts, a
    /// scopeless token's email refusing the document.
    case milder

    var testDescription: String { rawValue }

    /// `configuration` with this reading of every unsettled behaviour.
    func applied(to configuration: FakeConfiguration) -> FakeConfiguration {
        var configuration = configuration
        let defaults = FakeConfiguration()
        switch self {
        case .harsher:
            configuration.scopeCheck = defaults.scopeCheck
            configuration.searchWithholdsEvery = defaults.searchWithholdsEvery
            configuration.graphQLTimeoutAbove = defaults.graphQLTimeoutAbove
            configuration.scopelessEmail = defaults.scopelessEmail
        case .milder:
            configuration.scopeCheck = .executed
            configuration.searchWithholdsEvery = nil
            configuration.graphQLTimeoutAbove = nil
            configuration.scopelessEmail = .refusesDocument
        }
        return configuration
    }
}
