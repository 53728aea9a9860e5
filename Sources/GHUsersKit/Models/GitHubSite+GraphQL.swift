import Foundation

extension GitHubSite {
    /// The site's GraphQL endpoint, beside its REST root: `https://api.github.com/graphql`;
    /// `https://api.TENANT.ghe.com/graphql` on GHE.com; `https://HOST/api/graphql` on an
    /// Enterprise Server, whose REST root is `https://HOST/api/v3`. Any other root (a fake on
    /// loopback) gets `/graphql` after its path.
    ///
    /// GitHub Docs, "Forming calls with GraphQL"
    /// (https://docs.github.com/en/graphql/guides/forming-calls-with-graphql#the-graphql-endpoint):
    /// "The REST API has numerous endpoints. With the GraphQL API, the endpoint remains constant":
    /// `https://api.github.com/graphql`; the Enterprise Server version of the same page gives
    /// `http(s)://HOSTNAME/api/graphql`; GHE.com's API is at `api.SUBDOMAIN.ghe.com` ("Network
    /// details for GHE.com"), so its endpoint is `https://api.SUBDOMAIN.ghe.com/graphql`.
    public var graphQLURL: URL {
        var components = URLComponents(url: apiURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        var path = components.percentEncodedPath
        if path.hasSuffix("/api/v3") { path.removeLast("/v3".count) }
        components.percentEncodedPath = path + "/graphql"
        return components.url ?? apiURL.appendingPathComponent("graphql")
    }
}
