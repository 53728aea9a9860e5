import Testing

@testable import GHUsersKit

@Suite("User ids in four bytes each")
struct UserIDsTests {
    @Test("ids past 2^32 read back exact, and are found by the first position at least an id")
    func highBits() {
        let values: [Int64] = [1, 7, 4_294_967_295, 4_294_967_296, 4_294_967_300, 9_000_000_000, 9_000_000_001, 1 << 40]
        var ids = UserIDs()
        values.forEach { ids.append($0) }
        #expect(Array(ids) == values)
        #expect(ids.memory < values.count * 8 + 64)
        for (position, id) in values.enumerated() {
            #expect(ids.firstPosition(atLeast: id) == position)
            #expect(ids.firstPosition(atLeast: id + 1) == position + 1)
        }
        #expect(ids.firstPosition(atLeast: 0) == 0 && ids.firstPosition(atLeast: .max) == values.count)
        #expect(ids.firstPosition(atLeast: 9_000_000_001, from: 3) == 6)
    }

    @Test("two lists are equal when their ids are, high bits included")
    func equality() {
        let low: UserIDs = [1, 2, 3]
        #expect(low == [1, 2, 3] && low != [1, 2, 4])
        #expect(([1, 4_294_967_298] as UserIDs) != [1, 2])  // same low bits, not the same ids
        #expect(([] as UserIDs).isEmpty && ([] as UserIDs).last == nil && low.last == 3)
    }
}
