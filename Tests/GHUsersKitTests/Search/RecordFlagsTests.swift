import Testing

@testable import GHUsersKit

@Suite("Records' flags as sets of bits")
struct RecordFlagsTests {
    @Test("any of the flags, or none of them, over any range and any list of records: the records a naive test finds")
    func agreesWithNaive() {
        var state: UInt64 = 7
        let values: [UInt8] = (0..<1_000).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return [0, 0, 0, 1, 2, 3][Int(state >> 33 % 6)]
        }
        var flags = RecordFlags()
        flags.reserve(values.count)
        values.forEach { flags.append($0) }
        #expect(flags.records == values.count && flags.memory <= 2 * 32 * 8)  // 16 words a flag, rounded up by the allocator
        let listed: [Int32] = stride(from: 3, to: values.count, by: 7).map(Int32.init)
        for wanted: UInt8 in [1, 2, 3] {
            for lacking in [false, true] {
                let holds = { (record: Int) in (values[record] & wanted != 0) != lacking }
                for range in [0..<values.count, 0..<0, 5..<6, 63..<65, 1..<999, 64..<128, 130..<1_000] {
                    #expect(flags.records(range, anyOf: wanted, lacking: lacking) == range.filter(holds).map(Int32.init), "\(wanted) \(lacking) \(range)")
                }
                #expect(flags.records(listed, anyOf: wanted, lacking: lacking) == listed.filter { holds(Int($0)) }, "\(wanted) \(lacking) listed")
                #expect(values.indices.allSatisfy { flags.has($0, anyOf: wanted) == (values[$0] & wanted != 0) })
            }
        }
    }
}
