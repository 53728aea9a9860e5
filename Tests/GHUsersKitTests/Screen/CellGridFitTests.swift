import Testing

@testable import GHUsersKit

@Suite("CellGrid.fitted: shortening at a word")
struct CellGridFitTests {
    @Test("text that fits is unchanged; longer text ends at a word with an ellipsis")
    func fit() {
        #expect(CellGrid.fitted("offline: try again", width: 40) == "offline: try again")
        let long = "⚠ offline: GitHub cannot be reached (connection refused) · retrying by itself"
        let fitted = CellGrid.fitted(long, width: 40)
        #expect(CellGrid.columns(of: fitted) <= 40 && fitted.hasSuffix("…"))
        let kept = String(fitted.dropLast())
        #expect(long.hasPrefix(kept) && long.dropFirst(kept.count).first == " ", "cut between words: \(fitted)")
        #expect(CellGrid.fitted("supercalifragilistic", width: 8) == "superca…")
        #expect(CellGrid.columns(of: CellGrid.fitted("日本語のテキストです", width: 7)) <= 7)
    }
}
