/// A closure lent to another thread while its owner waits: run there, then let go before the
/// owner resumes. What `withoutActuallyEscaping` needs of a closure that an executor runs: nothing
/// may hold it once the call returns, though the executor's block may still be alive.
final class Lent<Input, Output>: @unchecked Sendable {  // set before it is handed over, cleared after the run
    private var body: ((Input) throws -> Output)?

    init(_ body: @escaping (Input) throws -> Output) {
        self.body = body
    }

    /// Runs the closure; `CancellationError` once it was let go.
    func run(_ input: Input) throws -> UncheckedSendable<Output> {
        guard let body else { throw CancellationError() }
        return UncheckedSendable(value: try body(input))
    }

    /// Lets the closure go, before the owner is resumed.
    func release() {
        body = nil
    }
}
