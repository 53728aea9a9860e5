import Testing

@testable import GHUsersKit

@Suite("Search handoff: a search's answer in the frame that asked for it")
struct SearchHandoffTests {
    let first = WindowRequest.searchAfter(query: "oc", id: nil, index: -1, count: 28)
    let next = WindowRequest.searchAfter(query: "oc", id: 90, index: 27, count: 200)

    @Test("the answer to the read expected is taken; one to another read is the caller's to deliver")
    func taken() {
        let handoff = SearchHandoff()
        handoff.expect(first)
        #expect(handoff.offer(next, [.notice("late")]) == false)
        #expect(handoff.offer(first, [.notice("answer")]))
        #expect(handoff.take().count == 1)
        #expect(handoff.take().isEmpty)
    }

    @Test("released: an answer already there is returned, a later one is the caller's to deliver")
    func released() {
        let handoff = SearchHandoff()
        // Given a read answered at once (on the loop) while the last answer was applied
        handoff.expect(next)
        #expect(handoff.offer(next, [.notice("chunk")]))
        // Then release hands it over, and nothing is left for the next event's take
        #expect(handoff.release().count == 1)
        #expect(handoff.take().isEmpty)
        // Given a read not answered yet
        handoff.expect(next)
        #expect(handoff.release().isEmpty)
        // Then its answer is not kept for a take that may never come
        #expect(handoff.offer(next, [.notice("chunk")]) == false)
        #expect(handoff.take().isEmpty)
    }
}
