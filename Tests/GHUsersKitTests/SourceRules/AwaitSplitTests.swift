import Foundation
import Testing

/// Keeps a Swift 6.3 miscompile out of the sources: no `await` inside a tuple, call or literal
/// beside values computed before it (``AwaitSplitScanner`` says why).
@Suite("Source rules: no await split across a list")
struct AwaitSplitTests {
    /// The package's `Sources/` folder, from this file's path.
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    @Test("no Swift file under Sources/ builds a list around an await")
    func sourcesAreClean() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        // The folder really was read: the scanner saw the files that hold task groups.
        #expect(files.count > 100)
        #expect(files.contains { $0.lastPathComponent == "AvatarPrinter.swift" })
        var report: [String] = []
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            for finding in AwaitSplitScanner.findings(in: source) {
                report.append("\(file.path.replacingOccurrences(of: Self.sources.path + "/", with: "")): \(finding)")
            }
        }
        #expect(report.isEmpty, "bind the awaited value to a local first (swiftlang/swift#91911):\n\(report.joined(separator: "\n"))")
    }

    @Test("flags an await beside other elements", arguments: [
        "do { return (user.id, .success(try await pipeline.image(for: request))) } catch {}",
        "let row = Row(id: id, image: await load())",
        "let pair = (\n  id,\n  await load()\n)",
        "f(a, g(await x))",
        "let list = [a, await b]",
        "let map = [key: await value]",
        "f(a, \"\\(await x)\")",
    ])
    func flags(source: String) {
        #expect(AwaitSplitScanner.findings(in: source).count == 1, "\(source)")
    }

    @Test("leaves alone awaits that are bound first, alone in a list, in closures, comments or strings", arguments: [
        "let image = try await pipeline.image(for: request)\nreturn (user.id, .success(image))",
        "return (try await a())",
        "f(await g(a, b))",
        "await withTaskGroup(of: (Int64, Int).self) { group in group.addTask { await work() } }",
        "f(a, { await b() })",
        "// (a, await b)\n/* (a, await /* nested */ b) */",
        "let text = \"(a, await b)\"",
        "let text = \"\"\"\n(a, await b)\n\"\"\"",
        "let text = #\"(a, \"await\" b)\"#",
        "f(a, awaiting)",
    ])
    func ignores(source: String) {
        #expect(AwaitSplitScanner.findings(in: source).isEmpty, "\(source)")
    }

    @Test("reports the line of the await")
    func reportsLines() {
        let findings = AwaitSplitScanner.findings(in: "let a = 1\nlet text = \"\"\"\nx\n\"\"\"\nlet b = (a,\n  await c())")
        #expect(findings == [AwaitSplitScanner.Finding(listLine: 5, awaitLine: 6)])
    }
}
