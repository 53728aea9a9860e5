import ArgumentParser
import Foundation
import GHUsersKit
import PropertyBased
import Synchronization
import Testing

@testable import ghusers

/// ``FastPath`` must never disagree with ArgumentParser: whatever it accepts, ArgumentParser
/// accepts too, with the same meaning. What it declines goes to ArgumentParser anyway.
@Suite("Fast path of the read commands")
struct FastPathTests {
    /// What ArgumentParser makes of `arguments`: the invocation, or `nil` when it refuses them
    /// (or they name another command).
    static func parsed(_ arguments: [String]) -> Invocation? {
        switch try? GHUsersCommand.parseAsRoot(arguments) {
        case let command as GHUsersCommand.Search: command.invocation
        case let command as GHUsersCommand.Profile: command.invocation
        case let command as GHUsersCommand.List: command.invocation
        default: nil
        }
    }

    @Test(
        "the common shapes take the fast path and mean what ArgumentParser says",
        arguments: [
            ["search", "octo"],
            ["search", "octo", "--offline", "--home", "/tmp/gh"],
            ["search", "--json", "mo jo", "--color=never", "--avatars", "never"],
            ["search", "help"],
            ["profile", "tawk"],
            ["profile", "--refresh", "tawk", "--json", "--api-url", "http://127.0.0.1:8080"],
            ["profile", "tawk", "--offline", "--avatars=always", "--color", "always"],
            ["list"],
            ["list", "--json", "--offline"],
            ["list", "--limit", "5", "--after=10", "--home=/tmp/gh"],
            ["list", "--limit=+7"],
            // Global options before the command, as `gh` and `git -C` users type them.
            ["--offline", "list"],
            ["--home", "/tmp/gh", "search", "octo"],
            ["--json", "profile", "tawk", "--refresh"],
            ["--color=never", "--api-url", "http://127.0.0.1:8080", "list", "--limit", "3", "--offline"],
            ["--home=/tmp/gh", "--json", "search", "--avatars", "never", "list"],
        ])
    func accepted(arguments: [String]) throws {
        let fast = try #require(FastPath.invocation(for: arguments))
        #expect(fast == Self.parsed(arguments))
    }

    @Test(
        "anything else is left to ArgumentParser",
        arguments: [
            [], ["--version"], ["help", "search"], ["note", "tawk"], ["status"],
            ["search"], ["search", "a", "b"], ["search", "--help"], ["search", "-h"], ["search", "--", "-x"],
            ["search", "   "], ["search", "-x"], ["search", "x", "--offline", "--offline"], ["search", "x", "--offline=yes"],
            ["search", "x", "--home"], ["search", "x", "--home", "--json"], ["search", "x", "--home="], ["list", "--home=", "/tmp/gh"],
            ["search", "x", "--color", "sometimes"], ["search", "x", "--api-url", "ftp://host"], ["search", "x", "--refresh"],
            ["profile", "bad login"], ["profile", "-tawk"], ["profile", "tawk", "--limit", "3"],
            ["list", "--limit", "0"], ["list", "--limit", "-3"], ["list", "--after", "x"], ["list", "extra"],
            ["list", "--limit", "1", "--limit", "2"],
            ["--offline"], ["--home", "/tmp/gh"], ["--offline", "note", "tawk"], ["--offline", "--", "list"],
            ["--avatars", "never", "list"], ["--limit", "3", "list"], ["--refresh", "profile", "tawk"],
            ["--offline", "list", "--offline"], ["--home", "/a", "list", "--home", "/b"], ["--home", "list"],
            ["-h", "list"], ["--json=", "list"], ["--color", "bad", "list"],
        ])
    func declined(arguments: [String]) {
        #expect(FastPath.invocation(for: arguments) == nil)
    }

    static let tokens = [
        // Values and positionals.
        "octo", "tawk", "mojombo", "a b", "", " ", "-", "--", "-x", "help", "search", "list", "é", "123", "0", "-3", "+7",
        "always", "never", "auto", "/tmp/gh", "http://127.0.0.1:8080", "ftp://host", "bad login", "x=y",
        // Options, known and not, with and without values.
        "--offline", "--json", "--refresh", "--api-url", "--home", "--color", "--avatars", "--limit", "--after",
        "--bogus", "-h", "--help", "--version", "--offline=1", "--color=never", "--color=bad", "--home=", "--home=/tmp/x",
        "--limit=3", "--limit=-1", "--after=+5", "--api-url=http://127.0.0.1:1", "--avatars=always", "--json=",
    ]
    static let commands = ["search", "profile", "list", "note", "status"]

    static let commandArguments = zip(
        Gen<Int>.value(in: 0...commands.count - 1),
        Gen<Int>.value(in: 0...tokens.count - 1).array(of: 0...6)
    ).map { command, tokens in [Self.commands[command]] + tokens.map { Self.tokens[$0] } }

    /// What may stand before the command: mostly global options with their values, some units
    /// that are not (a command option, a bad value, `--`, a command name, a missing value).
    static let leadingUnits = [
        ["--offline"], ["--json"], ["--home", "/tmp/gh"], ["--home=/tmp/x"], ["--color", "never"], ["--color=always"],
        ["--api-url", "http://127.0.0.1:8080"], ["--api-url=ftp://host"], ["--avatars=never"], ["--limit=3"], ["--refresh"],
        ["-h"], ["--"], ["list"], ["--home"], ["--color", "sometimes"],
    ]

    /// A command with random tokens after it, and before it nothing (a third of the time) or one
    /// or two of ``leadingUnits``.
    static let arguments = zip(
        Gen<Int>.value(in: 0...leadingUnits.count - 1).array(of: 0...2), commandArguments
    ).map { leading, rest in leading.flatMap { Self.leadingUnits[$0] } + rest }

    static let checks = 6_000

    @Test("whenever the fast path accepts arguments, ArgumentParser reads them the same way")
    func agreesWithArgumentParser() async {
        let accepted = Counter()
        await propertyCheck(count: Self.checks, input: Self.arguments) { arguments in
            guard let fast = FastPath.invocation(for: arguments) else { return }
            accepted.increment()
            #expect(fast == Self.parsed(arguments), "\(arguments)")
        }
        // The generator must reach the fast path often enough for the check to mean something.
        // About 3.5 % are accepted (≈ 210 of 6,000); 100 leaves no room for a flaky failure.
        #expect(accepted.value >= Self.checks / 60)
    }
}

/// A count shared with a property check's closure.
final class Counter: Sendable {
    private let count = Mutex(0)

    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
