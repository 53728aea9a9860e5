import GHUsersKit

/// The line `profiles prefetch` and `search --online` end with when profiles they saved have no
/// known email: how many, why (the token's scopes, as GitHub named them), and the command that
/// fetches them, with its cost. An email GraphQL would not give is never missing in silence.
enum UnknownEmails {
    /// GitHub's REST limit an hour for a token, where none was seen yet ("Rate limits for the
    /// REST API": 5,000 requests an hour for a user's token).
    static let tokenRate = 5_000

    /// The line for `count` profiles without an email, or `nil` for none. `scopes`: the token's
    /// `X-OAuth-Scopes` (`nil`: a token without scopes); `rate`: the REST requests an hour the
    /// token was last given.
    static func sentence(_ count: Int, scopes: String?, rate: Int?) -> String? {
        guard count > 0 else { return nil }
        let why =
            switch (scopes, scopes.flatMap { ProfilesQuery.readsEmail(scopes: $0) }) {
            case (let scopes?, false?):
                "the token's scopes (\(scopes.isEmpty ? "none" : scopes)) include neither user:email nor read:user, which GraphQL asks for emails"
            case (_?, _): "GitHub's answer left them unknown"
            case (nil, _): "GraphQL does not give this token emails (it has no scopes: a fine-grained or an app's token)"
            }
        let rate = max(1, rate ?? tokenRate)
        let minutes = (count * 60 + rate - 1) / rate
        let time = minutes < 90 ? "about \(minutes) min" : "about \((minutes + 30) / 60) h"
        return "\(count) profile\(count == 1 ? "" : "s") saved \(count == 1 ? "has" : "have") no known email: \(why); "
            + "`ghusers profiles prefetch --complete` fetches them over REST: \(count) core request\(count == 1 ? "" : "s"), \(time) at \(rate) an hour"
    }

    /// Says the line on stderr, if any, with the token's last known REST rate.
    static func notice(_ count: Int, scopes: String?, service: CombinedService) async {
        let rate = (try? await service.syncState().rateLimit)??.limit
        if let line = sentence(count, scopes: scopes, rate: rate) { Messages.notice(line) }
    }
}
