extension Profile.Field {
    /// What ghusers knows of a profile field: how it is stored, shown, asked over GraphQL and
    /// searched. ``Profile/Field/spec`` holds one a field.
    public struct Spec {
        /// The field's value in ``Profile``, and so its kind.
        public let storage: Storage
        /// Its row label in `ghusers profile` and `browse`'s pane (`nil`: not a row; the name
        /// heads the profile and the bio follows it), and what precedes the value there.
        public let label: String?
        public let shownAfter: String
        /// Its qualifier's name in a query (`location:`), if it has one.
        public let qualifier: String?
        /// Whether `browse`'s index keeps it in memory (``ProfileColumns``), so that `/`
        /// answers its qualifier (or `in:`'s terms, for the name and email) without SQLite.
        public let indexed: Bool
        /// Where GraphQL's `User` and `Organization` give it (``ProfilesQuery``).
        public let user: GraphQLSource
        public let organization: GraphQLSource
        /// An interface both types implement where the field is asked once, for both (the same
        /// selection): a connection asked there is one connection in GitHub's reckoning of
        /// points, where one on each type is two.
        public let interface: String?

        init(
            _ storage: Storage, label: String? = nil, shownAfter: String = "", qualifier: String? = nil, indexed: Bool = false,
            user: GraphQLSource = .sameName, organization: GraphQLSource? = nil, interface: String? = nil
        ) {
            (self.storage, self.label, self.shownAfter, self.qualifier, self.indexed) = (storage, label, shownAfter, qualifier, indexed)
            (self.user, self.organization, self.interface) = (user, organization ?? user, interface)
        }
    }

    /// Where a field's value is kept in ``Profile``: its kind and its property.
    public enum Storage {
        case text(WritableKeyPath<Profile, String?>)
        /// An ISO 8601 time, as GitHub writes it (`2011-01-25T18:44:36Z`): compared in time order.
        case date(WritableKeyPath<Profile, String?>)
        case count(WritableKeyPath<Profile, Int?>)
        case flag(WritableKeyPath<Profile, Bool?>)
    }

    /// A field's value (a date is its text), `nil` inside for absent.
    public enum Value: Sendable, Hashable {
        case text(String?)
        case count(Int?)
        case flag(Bool?)

        /// The text, if this is one.
        var textValue: String? {
            if case .text(let text) = self { text } else { nil }
        }
    }

    /// How an account type's GraphQL object gives a field.
    public enum GraphQLSource: Sendable, Hashable {
        /// The GraphQL field named as the JSON key (`name`, `location`).
        case sameName
        /// The selection (`followers { totalCount }`, `alias: field`), and what REST sends
        /// where GraphQL's is null (`""` for `blog`).
        case asked(String, null: Value? = nil)
        /// A field GitHub lets only some tokens read, and checks against the token's scopes
        /// before it runs any of a document that names it, `@include(if: false)` or not: the
        /// selection is in the document only for a token that may read it, and a document for
        /// any other is built without it (unknown then, never "none"). The one guarded field
        /// today is `User.email` (``Profile/Field/spec``).
        case guarded(String)
        /// Not asked: REST's value for this type (an organization's `following` is 0).
        case fixed(Value)
        /// Not asked, and unknown for this type (an organization's `followers`).
        case unknown
    }

    /// The field's column in the `profile` table.
    public var column: String { rawValue }

    /// The fields that have a qualifier, and each one's field by its name.
    public static let qualified = allCases.filter { $0.spec.qualifier != nil }
    static func qualified(named name: String) -> Profile.Field? { qualified.first { $0.spec.qualifier == name } }

    /// `fields` as a column value: their JSON keys in GitHub's order, comma-separated (`""` for none).
    static func text(_ fields: Set<Profile.Field>) -> String {
        allCases.filter(fields.contains).map(\.rawValue).joined(separator: ",")
    }

    /// The fields a column value of ``text(_:)`` names; unknown names are left out.
    static func set(_ text: String?) -> Set<Profile.Field> {
        Set((text ?? "").split(separator: ",").compactMap { Profile.Field(rawValue: String($0)) })
    }
}

extension Profile {
    /// Longest text kept for one field; longer values are cut (a hostile server cannot fill the
    /// database or the screen).
    public static let maximumFieldLength = 1_024

    /// The value of `field`.
    public subscript(field: Field) -> Field.Value {
        get {
            switch field.spec.storage {
            case .text(let path), .date(let path): .text(self[keyPath: path])
            case .count(let path): .count(self[keyPath: path])
            case .flag(let path): .flag(self[keyPath: path])
            }
        }
        set {
            switch (field.spec.storage, newValue) {
            case (.text(let path), .text(let value)), (.date(let path), .text(let value)): self[keyPath: path] = value
            case (.count(let path), .count(let value)): self[keyPath: path] = value
            case (.flag(let path), .flag(let value)): self[keyPath: path] = value
            case (.text, _), (.date, _), (.count, _), (.flag, _): preconditionFailure("a \(newValue) for \(field)")
            }
        }
    }

    /// The same profile with every text field cut to ``maximumFieldLength`` characters.
    public func capped() -> Profile {
        var copy = self
        for field in Field.allCases {
            if case .text(let text?) = self[field], text.count > Self.maximumFieldLength {
                copy[field] = .text(String(text.prefix(Self.maximumFieldLength)))
            }
        }
        return copy
    }

    /// This profile with `fields` taken from `other` (the rest kept).
    public func copying(_ fields: Set<Field>, from other: Profile) -> Profile {
        var copy = self
        for field in fields { copy[field] = other[field] }
        return copy
    }

    /// This profile with `unknown` fields absent: an unknown value is never stored as one.
    public func knowing(_ unknown: Set<Field>) -> Profile {
        unknown.isEmpty ? self : copying(unknown, from: Profile())
    }
}
