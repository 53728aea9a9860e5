import Foundation
import PropertyBased
import Testing

@testable import GHUsersKit

/// `UsersPage.fastUsers(in:)` reads the common shape of a page without `JSONDecoder`; whatever
/// it accepts must read exactly as `JSONDecoder` reads it, and whatever it declines goes to
/// `JSONDecoder`, so a page always decodes as it did item by item.
@Suite("Page reader: the fast path agrees with JSONDecoder")
struct UsersPageFastReadingTests {
    /// Checks one body: the page is the item-by-item page (or both throw), and what the fast
    /// path accepts is what `JSONDecoder` makes of it. Returns whether the fast path took it.
    @discardableResult
    static func check(_ data: Data, _ what: @autoclosure () -> String) -> Bool {
        let page = try? UsersPage(decoding: data)
        let slow = try? UsersPage(decodingItemByItem: data)
        #expect(page == slow, "\(what())")
        guard let fast = UsersPage.fastUsers(in: data) else { return false }
        #expect(fast == (try? JSONDecoder().decode([User].self, from: data)), "\(what())")
        return true
    }

    @Test("GitHub's own pages take the fast path, pretty-printed or compact")
    func realPages() throws {
        for name in ["users-since-0.captured.json", "users-list.example.json"] {
            let data = try Fixtures.data(name)
            #expect(Self.check(data, name))
            let object = try JSONSerialization.jsonObject(with: data)
            let compact = try JSONSerialization.data(withJSONObject: object, options: .withoutEscapingSlashes)
            #expect(Self.check(compact, "\(name), compact"))
            // Escaped slashes are declined, and JSONDecoder reads the page as before
            #expect(!Self.check(try JSONSerialization.data(withJSONObject: object), "\(name), escaped slashes"))
        }
        #expect(Self.check(Data("[]".utf8), "[]") && Self.check(Data(" [ ] \n".utf8), "[ ]"))
    }

    /// Values a field may have: right and wrong types, escapes, non-ASCII, odd numbers.
    static let values = [
        "\"mojombo\"", "\"a b\"", "\"é\"", "\"tab\\tthere\"", "\"\\u0041\"", "\"quote\\\"\"", "\"https://avatars.example/u/1?v=4\"",
        "\"file:///etc/passwd\"", "\"\"", "0", "7", "-3", "12.5", "1e3", "007", "99999999999999999999", "true", "false", "null",
        "[]", "[1,{\"a\":[null]}]", "{}", "{\"k\":\"v\",\"k\":2}", "\"User\"", "\"Organization\"",
    ]
    static let keys = ["id", "login", "node_id", "avatar_url", "html_url", "type", "site_admin", "url", "gravatar_id", "score"]

    /// Picks from generated numbers in turn (0 once they run out), so a failing page shrinks
    /// with them.
    struct Choices {
        var numbers: [Int]

        mutating func next(below bound: Int) -> Int {
            numbers.isEmpty ? 0 : numbers.removeFirst() % bound
        }

        mutating func pick<T>(_ options: [T]) -> T { options[next(below: options.count)] }
    }

    /// A page of `count` items built from `choices`: mostly well-formed users with their fields
    /// in any order, some fields missing, repeated or of another type, extra fields, whitespace.
    static func page(_ choices: [Int], count: Int) -> Data {
        var choices = Choices(numbers: choices)
        var items: [String] = []
        for index in 0..<count {
            var fields: [(String, String)] = [
                ("id", "\(index + 1)"), ("login", "\"user\(index + 1)\""), ("node_id", "\"N\(index)\""),
                ("avatar_url", "\"https://avatars.example/u/\(index)\""), ("html_url", "\"https://github.com/user\(index)\""),
                ("type", "\"User\""), ("site_admin", "false"), ("url", "\"https://api.example/users/u\(index)\""),
            ]
            for _ in 0..<choices.next(below: 3) {
                let key = choices.pick(keys)
                let value = choices.pick(values)
                switch choices.next(below: 3) {
                case 0: fields.append((key, value))  // extra or repeated
                case 1: fields.removeAll { $0.0 == key }  // missing
                default: fields = fields.map { $0.0 == key ? (key, value) : $0 }  // another value
                }
            }
            let first = choices.next(below: fields.count)
            fields = Array(fields[first...] + fields[..<first])
            let space = choices.pick([" ", "", "\n  ", "\t"])
            items.append("{" + fields.map { "\(space)\"\($0.0)\"\(space):\(space)\($0.1)" }.joined(separator: ",") + "\(space)}")
            if choices.next(below: 20) == 0 { items.append(choices.pick(values)) }
        }
        return Data(("[" + items.joined(separator: ", ") + "]").utf8)
    }

    @Test("generated pages: what the fast path accepts reads as JSONDecoder reads it; pages decode as before")
    func generatedPages() async {
        let taken = Counter()
        let checks = PropertyScale.count(400)
        let input = zip(Gen<Int>.value(in: 0...1_000_000).array(of: 0...80), Gen<Int>.value(in: 0...12))
        await propertyCheck(count: checks, input: input) { choices, count in
            let data = Self.page(choices, count: count)
            if Self.check(data, String(decoding: data, as: UTF8.self)) { taken.increment() }
        }
        // Both paths must be exercised (a share of clean pages is random: a fixed threshold
        // would fail now and then).
        #expect(taken.value > 0 && taken.value < checks, "\(taken.value) of \(checks) took the fast path")
    }

    @Test("damaged real pages: a byte replaced, removed or inserted anywhere")
    func damagedPages() async throws {
        let original = try JSONSerialization.data(
            withJSONObject: JSONSerialization.jsonObject(with: Fixtures.data("users-since-0.captured.json")),
            options: .withoutEscapingSlashes)
        let bytes: [UInt8] = Array("\"\\,:{}[]0-.e nt}x\u{1}".utf8) + [0xC3, 0xFF]
        let input = zip(Gen<Int>.value(in: 0...original.count - 1), Gen<Int>.value(in: 0...bytes.count - 1), Gen<Int>.value(in: 0...2))
        await propertyCheck(count: PropertyScale.count(600), input: input) { position, byte, kind in
            var data = original
            switch kind {
            case 0: data[position] = bytes[byte]
            case 1: data.remove(at: position)
            default: data.insert(bytes[byte], at: position)
            }
            Self.check(data, "\(kind) at \(position): \(bytes[byte])")
        }
    }
}
