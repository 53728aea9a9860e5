import GraphQL

/// The values of a field's arguments, literal or from the request's `variables` (JSON).
enum GraphQLArguments {
    /// The argument `name` of `field` as JSON-like values (`String`, `Int`, `[Any]`, …).
    static func value(_ field: Field, _ name: String, _ variables: [String: Any]) -> Any? {
        field.arguments.first { $0.name.value == name }.flatMap { resolve($0.value, variables) }
    }

    /// An argument that is a list of strings or enum values (`ids`, `ownerAffiliations`).
    static func strings(_ field: Field, _ name: String, _ variables: [String: Any]) -> [String]? {
        switch value(field, name, variables) {
        case let list as [Any]: list.compactMap { $0 as? String }
        case let single as String: [single]
        default: nil
        }
    }

    /// An argument that is an integer (`first`, `last`).
    static func int(_ field: Field, _ name: String, _ variables: [String: Any]) -> Int? {
        switch value(field, name, variables) {
        case let number as Int: number
        case let number as Double: Int(exactly: number)
        default: nil
        }
    }

    private static func resolve(_ value: any Value, _ variables: [String: Any]) -> Any? {
        switch value {
        case let variable as Variable: variables[variable.name.value]
        case let list as ListValue: list.values.map { resolve($0, variables) ?? NSNullLike() }
        case let string as StringValue: string.value
        case let enumeration as EnumValue: enumeration.value
        case let number as IntValue: Int(number.value)
        case let boolean as BooleanValue: boolean.value
        default: nil
        }
    }

    /// A `null` inside a list.
    private struct NSNullLike {}
}
