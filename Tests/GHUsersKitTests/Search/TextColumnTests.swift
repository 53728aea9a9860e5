import Testing

@testable import GHUsersKit

/// A profile field's column for `browse`'s index: distinct values kept once, folded, each
/// profile a number as wide as the values need, and a test of each value answered for every
/// profile holding it.
@Suite struct TextColumnTests {
    @Test("each distinct value is kept once, folded; a profile without one holds the empty text")
    func distinctValues() {
        var column = TextColumn()
        for value in ["Berlin", "berlin", nil, "İstanbul", "", "Berlin"] { column.append(value) }
        column.finish()
        #expect(column.count == 6)
        #expect(column.values.count == 3)  // "", "berlin", "i̇stanbul"
        #expect((0..<6).map { column.valueOf[$0] } == [1, 1, 0, 2, 0, 1])
        #expect(column.profiles { bytes, from, to in Array(bytes[from..<to]) == Array("berlin".utf8) } == [0, 1, 5])
        #expect(column.profiles(candidates: column.candidates(Array("st".utf8))) { _, _, _ in true } == [3])
        #expect(column.profiles { _, _, _ in false }.isEmpty)
    }

    @Test("the numbers widen as the distinct values pass 256 and 65,536, and keep every profile's", arguments: [200, 300, 70_000])
    func widening(distinct: Int) {
        var column = TextColumn()
        for index in 0..<distinct { column.append("v\(index % distinct)") }
        for index in 0..<distinct { column.append("v\(index)") }
        column.finish()
        #expect(column.count == 2 * distinct && column.values.count == distinct + 1)
        let bytesPerProfile = distinct < 256 ? 1 : distinct < 65_536 ? 2 : 4
        #expect(column.valueOf.memory >= 2 * distinct * bytesPerProfile && column.valueOf.memory < 2 * distinct * bytesPerProfile * 2 + 4_096)
        #expect(column.valueOf[distinct - 1] == UInt32(distinct) && column.valueOf[2 * distinct - 1] == UInt32(distinct))
        let last = Array("v\(distinct - 1)".utf8)
        #expect(column.profiles { bytes, from, to in Array(bytes[from..<to]) == last } == [Int32(distinct - 1), Int32(2 * distinct - 1)])
    }
}
