/// The first index of `0..<count` at which `isBelow` is false, for a predicate that is true on
/// a prefix of the range and false after it (a binary search: a sorted array's lower bound).
@inline(__always) func partitionPoint(_ count: Int, isBelow: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
        let middle = (low + high) / 2
        if isBelow(middle) { low = middle + 1 } else { high = middle }
    }
    return low
}
