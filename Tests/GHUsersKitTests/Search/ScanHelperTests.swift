import Dispatch
import Synchronization
import Testing

@testable import GHUsersKit

@Suite("Scan helper: a scan's parts on two threads")
struct ScanHelperTests {
    /// A helper of this test's own: the index's tests running beside it use the shared one.
    let helper = ScanHelper()

    @Test("both runs the body on the calling thread and the helper's at once, and returns once both are done")
    func both() {
        let entered = Atomic(0)
        let finished = Atomic(0)
        let together = Atomic(false)
        helper.both {
            entered.add(1, ordering: .relaxed)
            // Each waits (up to 10 s) for the other to be inside: only two threads at once get past.
            let deadline = DispatchTime.now() + .seconds(10)
            while entered.load(ordering: .relaxed) < 2, DispatchTime.now() < deadline {}
            if entered.load(ordering: .relaxed) == 2 { together.store(true, ordering: .relaxed) }
            finished.add(1, ordering: .relaxed)
        }
        let (wereTogether, finishedCount) = (together.load(ordering: .relaxed), finished.load(ordering: .relaxed))
        #expect(wereTogether)
        #expect(finishedCount == 2)
    }

    @Test("callers on many threads at once: each returns only once its body is done on every thread that ran it")
    func manyCallers() {
        let early = Atomic(0)
        let ran = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            let running = Atomic(0)
            helper.both {
                running.add(1, ordering: .relaxed)
                ran.add(1, ordering: .relaxed)
                for _ in 0..<2_000 { _ = running.load(ordering: .relaxed) }
                running.subtract(1, ordering: .relaxed)
            }
            if running.load(ordering: .relaxed) != 0 { early.add(1, ordering: .relaxed) }
        }
        let (returnedEarly, bodies) = (early.load(ordering: .relaxed), ran.load(ordering: .relaxed))
        #expect(returnedEarly == 0)
        #expect(bodies >= 64 && bodies <= 128)
    }

    @Test("while the helper is busy, another caller runs the body alone")
    func busy() {
        let inner = Atomic(0)
        let outer = Atomic(0)
        helper.both {
            // Whichever thread gets here first asks again while the helper is taken; then each
            // waits (up to 10 s) for the other, so that both threads run the outer body.
            if outer.add(1, ordering: .relaxed).oldValue == 0 {
                helper.both { inner.add(1, ordering: .relaxed) }
            }
            let deadline = DispatchTime.now() + .seconds(10)
            while outer.load(ordering: .relaxed) < 2, DispatchTime.now() < deadline {}
        }
        let (outerCount, innerCount) = (outer.load(ordering: .relaxed), inner.load(ordering: .relaxed))
        #expect(outerCount == 2 && innerCount == 1)
    }
}
