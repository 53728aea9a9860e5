/// Response or request header fields, looked up without regard to case.
///
/// Names are stored lower-cased; a repeated field keeps its first value, which is all ghusers
/// ever needs of the headers it reads.
package struct HTTPHeaderFields: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    private var storage: [String: String] = [:]

    /// Creates empty header fields.
    package init() {}

    /// Creates header fields from name-value pairs.
    package init(_ pairs: some Sequence<(String, String)>) {
        for (name, value) in pairs where storage[name.lowercased()] == nil {
            storage[name.lowercased()] = value
        }
    }

    package init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The value of the field `name`, any case.
    package subscript(name: String) -> String? {
        get { storage[name.lowercased()] }
        set { storage[name.lowercased()] = newValue }
    }

    /// All fields, names lower-cased, in no particular order.
    package var all: [(name: String, value: String)] { storage.map { ($0.key, $0.value) } }
}
