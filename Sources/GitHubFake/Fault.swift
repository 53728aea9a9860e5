/// A misbehaviour the fake applies to an upcoming API request, queued with
/// ``GitHubFakeServer/inject(_:count:)`` or `POST /_fake/fault`.
///
/// Faults apply only to the API (`GET /users`, `GET /users/{login}`, `GET /user/{id}`), in FIFO order, one per
/// request. Faults that replace the response (everything but ``slow(_:)`` and
/// ``invalidItems``) do not consume the rate limit.
public enum Fault: Sendable, Equatable, Codable {
    /// Answers with this status and a GitHub-like JSON body, e.g. `{"message":"Server Error"}` for 5xx.
    case status(Int)
    /// Answers 429 with `Retry-After: retryAfter` (seconds).
    case tooManyRequests(retryAfter: Int)
    /// Answers 403 with `x-ratelimit-remaining: 0`, `x-ratelimit-reset` = now + `resetIn`
    /// (epoch seconds) and the captured primary-rate-limit body.
    case primaryRateLimit(resetIn: Int)
    /// Answers 403 with the captured secondary-rate-limit body, and `Retry-After` when given.
    case secondaryRateLimit(retryAfter: Int?)
    /// Answers a bare 429: no `Retry-After`, `x-ratelimit-remaining` above 0, and a body without
    /// the secondary-limit wording (`{"message":"Too Many Requests",…}`). GitHub Docs, "Rate
    /// limits for the REST API": a secondary limit is "a `403` or `429` response"; what a
    /// client meets at a proxy or an overloaded edge says no more than its status.
    case bareTooManyRequests
    /// Answers 403 with the secondary limit's old wording, as captured in 2017 and 2019
    /// (jcabi/jcabi-github #1325, openshift/release #6463):
    /// `{"documentation_url":"https://developer.github.com/v3/#abuse-rate-limits","message":"You have triggered an abuse detection mechanism. Please wait a few minutes before you try again."}`,
    /// with `Retry-After` when given.
    case abuseDetection(retryAfter: Int?)
    /// Closes the connection without sending anything.
    case dropConnection
    /// Sends the status line, the headers (chunked, no `Content-Length`) and half of the
    /// body, then closes the connection.
    case dropMidBody
    /// Sends a `Content-Length` of the whole body but only half of the bytes, then closes.
    case truncatedBody
    /// Answers 200 `application/json` with a body that is not valid JSON.
    case invalidJSON
    /// Answers 200 `text/html` with GitHub's "Unicorn!" error page.
    case htmlErrorPage
    /// Delays the normal response by this duration.
    case slow(Duration)
    /// Serves the normal response with three items made invalid in place (same ids): the first
    /// item loses `"login"`, the second gets the login `"bad login!"`, and the last item of the
    /// page gets `"avatar_url": "file:///etc/passwd"`. On a page of one or two items only the
    /// items that exist are changed, the last item always getting the bad avatar. On
    /// `GET /users/{login}` the profile gets the bad login and the bad avatar.
    case invalidItems
    /// Serves the normal page with the second item's id set to 0 and the third's negated
    /// (logins and everything else valid): ids no GitHub account has. Profiles are unchanged.
    case impossibleIDs
}
