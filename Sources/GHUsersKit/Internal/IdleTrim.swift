import CSearch
import Dispatch
import Synchronization

/// Gives the memory that searches freed back to the system once they rest: `delay` after the
/// last of a burst of ``schedule()`` calls, on a utility queue of its own.
///
/// glibc keeps what is freed for the next allocation, and once a large block has been
/// returned it raises its threshold for mapping blocks of their own (up to 32 MB), so packed
/// matches and match lists of a few MB that come and go stay counted in `browse`'s RSS. At a
/// million users, `g a r d e n`, four backspaces and `o c t o` took RSS to 102 MB; a
/// `malloc_trim` after `garden` took it from 99 to 91 MB.
final class IdleTrim: Sendable {
    private let delay: DispatchTimeInterval
    private let action: @Sendable () -> Void
    private let calls = Atomic(0)
    private let queue = DispatchQueue(label: "ghusers.idle-trim", qos: .utility)

    /// Runs `action` (by default ``returnFreedMemory()``) `delay` after the last ``schedule()``.
    init(delay: DispatchTimeInterval, action: @escaping @Sendable () -> Void = { _ = IdleTrim.returnFreedMemory() }) {
        self.delay = delay
        self.action = action
    }

    /// Asks for the action once the calls have stopped for `delay`: a later call puts it off.
    func schedule() {
        let call = calls.add(1, ordering: .relaxed).newValue
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            guard calls.load(ordering: .relaxed) == call else { return }
            action()
        }
    }

    /// glibc's `malloc_trim(0)`: the freed memory at the top of its heaps and the free pages
    /// inside them go back to the system (0.1 to 0.4 ms measured in `browse` at a million
    /// users). Whether some did; `false` where there is no glibc.
    static func returnFreedMemory() -> Bool {
        csearch_return_freed_memory() == 1
    }
}
