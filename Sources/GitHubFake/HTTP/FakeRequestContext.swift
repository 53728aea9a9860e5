import Hummingbird
import NIOCore

/// The request context of the fake: Hummingbird's core context plus the connection's
/// `Channel`, which the fake needs to tell connections apart and to drop them.
struct FakeRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection the request arrived on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }
}
