import Foundation

/// One page of `GET /users`, decoded item by item.
///
/// A page is never rejected for one bad item: valid users are kept, invalid ones are counted in
/// ``skipped``, and ``cursor`` is the id of the last item the server returned, valid or not, so
/// the next page starts after it.
public struct UsersPage: Sendable, Hashable {
    /// The valid users, in the server's order.
    public var users: [User]
    /// How many items the server returned, valid or not.
    public var itemCount: Int
    /// How many items were invalid and skipped.
    public var skipped: Int
    /// The id of the last item that carried an id; `nil` for an empty page.
    public var cursor: Int64?
    /// The ids of every item that carried one, valid or not, in the server's order: the
    /// accounts GitHub lists in this page's range (an id missing from them is gone).
    public var listedIDs: [Int64]
    /// Whether the answer's `Link` header has a `rel="next"` page: more users follow, so this
    /// batch is a full one (GitHub Docs, "Using pagination in the REST API").
    public var hasNext: Bool

    /// Creates a page; `listedIDs` `nil` means the users' ids.
    public init(users: [User], itemCount: Int, skipped: Int, cursor: Int64?, listedIDs: [Int64]? = nil, hasNext: Bool = false) {
        self.users = users
        self.itemCount = itemCount
        self.skipped = skipped
        self.cursor = cursor
        self.listedIDs = listedIDs ?? users.map(\.id)
        self.hasNext = hasNext
    }

    /// Whether a `Link` header value has a `rel="next"` link.
    public static func hasNextLink(_ link: String?) -> Bool {
        guard let link else { return false }
        return link.split(separator: ",").contains { part in
            part.split(separator: ";").dropFirst().contains {
                $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\"", with: "") == "rel=next"
            }
        }
    }

    /// Whether the server returned no item at all: the end of the list.
    public var isEmpty: Bool { itemCount == 0 }

    /// Decodes a `GET /users` body.
    ///
    /// - Throws: `DecodingError` when the body is not a JSON array; bad items never throw.
    public init(decoding data: Data) throws {
        if let users = Self.fastUsers(in: data) {
            self.init(items: users.map { (id: $0.id, user: try? $0.validated()) })
        } else {
            try self.init(decodingItemByItem: data)
        }
    }

    /// Decodes a `GET /users` body with `JSONDecoder`, item by item: what ``init(decoding:)``
    /// does with any body that ``fastUsers(in:)`` declines.
    init(decodingItemByItem data: Data) throws {
        self.init(items: try JSONDecoder().decode([Item].self, from: data).map { (id: $0.id, user: $0.user) })
    }

    /// A page of items in the server's order: each one's id if it carried one, and its user if
    /// it was valid.
    private init(items: [(id: Int64?, user: User?)]) {
        var users: [User] = []
        users.reserveCapacity(items.count)
        var cursor: Int64?
        var listed: [Int64] = []
        listed.reserveCapacity(items.count)
        for item in items {
            if let id = item.id {
                cursor = id
                listed.append(id)
            }
            if let user = item.user { users.append(user) }
        }
        self.init(users: users, itemCount: items.count, skipped: items.count - users.count, cursor: cursor, listedIDs: listed)
    }

    /// An array element that decodes whatever it is: a valid user, or just an id, or nothing.
    private struct Item: Decodable {
        var user: User?
        var id: Int64?

        private struct IDOnly: Decodable { var id: Int64 }

        init(from decoder: any Decoder) throws {
            if let user = try? User(from: decoder) {
                self.id = user.id
                self.user = try? user.validated()
            } else {
                self.id = (try? IDOnly(from: decoder))?.id
                self.user = nil
            }
        }
    }
}
