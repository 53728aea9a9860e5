import Testing

@testable import GHUsersKit

@Suite("Profile counts in one or two bytes, the large ones apart")
struct CountColumnTests {
    /// Counts drawn from `spread`: nil (unknown) one time in nine, else up to `largest`.
    static func counts(_ count: Int, largest: Int64, seed: UInt64) -> [Int64?] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let draw = Int64(state >> 33)
            if draw % 9 == 0 { return nil }
            // Mostly small, a tail up to `largest`, and the escape values themselves.
            switch draw % 7 {
            case 0: return draw % (largest + 1)
            case 1: return [253, 254, 255, 65_533, 65_534, 65_535, 4_294_967_295][Int(draw / 7 % 7)]
            default: return draw % 60
            }
        }
    }

    @Test("every range, negated or not, finds exactly the known counts in it; each count reads back", arguments: zip([255, 1_000, 300_000, Int64(UInt32.max) + 10] as [Int64], [1, 2, 3, 4] as [UInt64]))
    func agreesWithNaive(largest: Int64, seed: UInt64) {
        let values = Self.counts(5_000, largest: largest, seed: seed)
        var column = CountColumn()
        column.reserve(values.count)
        values.forEach { column.append($0) }
        #expect(column.count == values.count)
        let clamped = values.map { $0.map { min($0, Int64(UInt32.max)) } }
        let bounds: [Int64?] = [nil, 0, 1, 59, 60, 253, 254, 255, 256, 65_533, 65_534, 65_535, 300_000, Int64(UInt32.max)]
        for lower in bounds {
            for upper in bounds {
                for negated in [false, true] {
                    let expected = clamped.indices.filter { index in
                        guard let value = clamped[index] else { return false }
                        return ((lower.map { value >= $0 } ?? true) && (upper.map { value < $0 } ?? true)) != negated
                    }.map(Int32.init)
                    let found = column.profiles(lower, upper, negated: negated)
                    #expect(found == expected, "\(String(describing: lower))..<\(String(describing: upper)) negated \(negated): \(found.count) found, \(expected.count) expected")
                }
            }
        }
        #expect(values.indices.allSatisfy { column[$0] == clamped[$0].map(UInt32.init) }, "each profile's count read back")
    }

    @Test("small counts take a byte each; many past 253 take two; a few past 65,533 are kept apart, not four bytes each")
    func memory() {
        var small = CountColumn()
        small.reserve(10_000)  // as a load does
        (0..<10_000).forEach { small.append(Int64($0 % 200)) }
        #expect(small.memory < 12_000)
        var rare = CountColumn()
        rare.reserve(10_000)  // as a load does
        (0..<10_000).forEach { rare.append($0 % 500 == 0 ? 100_000 : 5) }  // a 500th large: still a byte each
        #expect(rare.memory < 12_000)
        var wide = CountColumn()
        wide.reserve(10_000)  // as a load does
        (0..<10_000).forEach { wide.append($0 % 10 == 0 ? 1_000 : $0 % 100 == 1 ? 1_000_000 : 5) }
        #expect(wide.memory > 20_000 && wide.memory < 22_000)
    }
}
