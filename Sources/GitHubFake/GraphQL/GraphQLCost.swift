import GraphQL

/// GitHub's point formula for a GraphQL query, computed from the query before it runs.
///
/// GitHub Docs, "Rate limits and query limits for the GraphQL API"
/// (https://docs.github.com/en/graphql/overview/rate-limits-and-query-limits-for-the-graphql-api),
/// "Calculating points for the primary rate limit": "Add up the number of requests needed to
/// fulfill each unique connection in the call. Assume every request will reach the `first` or
/// `last` argument limits. Divide the number by 100 and round the result to the nearest whole
/// number to get the final aggregate point value. If the result is less than 1, the point value
/// is 1." A connection under a list of `n` objects (the `n` ids of `nodes`, or `first: n`) is
/// `n` requests; every fragment counts, whichever type the ids turn out to be, since the cost
/// is known before the query runs.
enum GraphQLCost {
    /// The points `operation` costs, and the most objects it may return (`nodeCount`).
    static func of(
        _ operation: OperationDefinition, fragments: [String: FragmentDefinition], variables: [String: Any], schema: GraphQLSchema
    ) -> (points: Int, nodeCount: Int) {
        var walker = Walker(fragments: fragments, variables: variables, schema: schema)
        if let query = schema.queryType { walker.walk(operation.selectionSet, in: query, multiplier: 1, depth: 0) }
        let points = max(1, Int((Double(walker.requests) / 100).rounded()))
        return (points, walker.nodes)
    }

    private struct Walker {
        let fragments: [String: FragmentDefinition]
        let variables: [String: Any]
        let schema: GraphQLSchema
        var requests = 0
        var nodes = 0

        mutating func walk(_ selectionSet: SelectionSet, in type: any GraphQLNamedType, multiplier: Int, depth: Int) {
            guard depth < 32 else { return }
            for selection in selectionSet.selections {
                switch selection {
                case let field as Field:
                    guard let fieldType = Self.fields(of: type)?[field.name.value]?.type, let named = getNamedType(type: fieldType),
                        let selections = field.selectionSet
                    else { continue }
                    var inner = multiplier
                    if named.name.hasSuffix("Connection") {
                        requests += multiplier
                        let limit = GraphQLArguments.int(field, "first", variables) ?? GraphQLArguments.int(field, "last", variables) ?? 1
                        inner = multiplier * max(1, limit)
                        nodes += inner
                    } else if field.name.value == "nodes", let ids = GraphQLArguments.strings(field, "ids", variables) {
                        inner = multiplier * ids.count
                        nodes += inner
                    }
                    walk(selections, in: named, multiplier: inner, depth: depth + 1)
                case let fragment as InlineFragment:
                    let condition = fragment.typeCondition.flatMap { schema.getType(name: $0.name.value) } ?? type
                    walk(fragment.selectionSet, in: condition, multiplier: multiplier, depth: depth + 1)
                case let spread as FragmentSpread:
                    guard let definition = fragments[spread.name.value], let condition = schema.getType(name: definition.typeCondition.name.value)
                    else { continue }
                    walk(definition.selectionSet, in: condition, multiplier: multiplier, depth: depth + 1)
                default:
                    continue
                }
            }
        }

        static func fields(of type: any GraphQLNamedType) -> GraphQLFieldMap? {
            switch type {
            case let object as GraphQLObjectType: try? object.fields()
            case let interface as GraphQLInterfaceType: try? interface.fields()
            default: nil
            }
        }
    }
}
