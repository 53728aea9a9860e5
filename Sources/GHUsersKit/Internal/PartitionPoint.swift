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

/// The first index from `start` (at most `count`) for which `isBelow` is false (`count` if none),
/// `isBelow` holding for every index before it: galloping from `start`, then halving, so that
/// a point near `start` costs a step or two and a far one a logarithm.
@inline(__always) func partitionPoint(from start: Int, _ count: Int, isBelow: (Int) -> Bool) -> Int {
    var low = start
    var step = 1
    while low + step <= count, isBelow(low + step - 1) {
        low += step
        step <<= 1
    }
    let high = min(low + step - 1, count)
    return low + partitionPoint(high - low) { isBelow(low + $0) }
}
