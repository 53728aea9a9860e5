import ArgumentParser

/// `ghusers-bench`: tools for the benchmark suite (`bash scripts/bench`), not for users.
///
/// `seed` fills a benchmark home with generated users, notes and profiles through the store's
/// own operations (same schema, migrations, triggers and upserts as `ghusers` itself); `open`
/// times opening the database, the fixed cost of every command; `draw` decodes and draws one
/// avatar as `ghusers list --avatars` does; `search` times `browse`'s search index per keystroke;
/// `prefetch` times what `profiles prefetch` does with a batch of 100 besides asking GitHub.
@main
struct GHUsersBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ghusers-bench",
        abstract: "Build benchmark data for ghusers (see Docs/BENCHMARKS.md).",
        subcommands: [Seed.self, Open.self, Draw.self, Search.self, Frame.self, Prefetch.self]
    )
}
