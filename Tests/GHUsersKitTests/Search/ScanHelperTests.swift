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

    @Test("while the helper is busy, another caller runs the body alone")
    func busy() {
        let inner = Atomic(0)
        let outer = Atomic(0)
        helper.both {
            // Whichever thread gets here first asks again while the helper is taken.
            if outer.add(1, ordering: .relaxed).oldValue == 0 {
                helper.both { inner.add(1, ordering: .relaxed) }
            }
        }
        let (outerCount, innerCount) = (outer.load(ordering: .relaxed), inner.load(ordering: .relaxed))
        #expect(outerCount == 2 && innerCount == 1)
    }
}
