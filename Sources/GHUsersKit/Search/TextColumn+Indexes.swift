extension TextColumn {
    /// Numbers below the count of a column's distinct values, one a profile, each in as few
    /// bytes as the largest needs: one while there are at most 256 values, two to 65,536,
    /// four beyond (widened as they come, so a million profiles are never four bytes each
    /// only to be narrowed).
    struct Indexes: Sendable {
        private enum Storage {
            case bytes([UInt8]), shorts([UInt16]), words([UInt32])
        }
        private var storage = Storage.bytes([])

        var count: Int {
            switch storage {
            case .bytes(let numbers): numbers.count
            case .shorts(let numbers): numbers.count
            case .words(let numbers): numbers.count
            }
        }

        var memory: Int {
            switch storage {
            case .bytes(let numbers): numbers.capacity
            case .shorts(let numbers): numbers.capacity * 2
            case .words(let numbers): numbers.capacity * 4
            }
        }

        subscript(position: Int) -> UInt32 {
            switch storage {
            case .bytes(let numbers): UInt32(numbers[position])
            case .shorts(let numbers): UInt32(numbers[position])
            case .words(let numbers): numbers[position]
            }
        }

        /// Makes room for `count` numbers of one byte (the widening ones keep room for as many).
        mutating func reserve(_ count: Int) {
            guard case .bytes(var numbers) = storage else { return }
            storage = .bytes([])
            numbers.reserveCapacity(count)
            storage = .bytes(numbers)
        }

        /// Adds `number` at the end, widening every number first if it needs more bytes.
        mutating func append(_ number: UInt32) {
            switch storage {
            case .bytes(var numbers) where number <= UInt8.max:
                storage = .bytes([])  // one owner while it grows: no copy
                numbers.append(UInt8(number))
                storage = .bytes(numbers)
            case .bytes(let numbers):
                storage = .shorts(Self.widened(numbers))
                append(number)
            case .shorts(var numbers) where number <= UInt16.max:
                storage = .bytes([])
                numbers.append(UInt16(number))
                storage = .shorts(numbers)
            case .shorts(let numbers):
                storage = .words(Self.widened(numbers))
                append(number)
            case .words(var numbers):
                storage = .bytes([])
                numbers.append(number)
                storage = .words(numbers)
            }
        }

        private static func widened<Narrow: FixedWidthInteger, Wide: FixedWidthInteger>(_ numbers: [Narrow]) -> [Wide] {
            var wide = [Wide]()
            wide.reserveCapacity(Swift.max(numbers.capacity, 1_024))
            wide.append(contentsOf: numbers.lazy.map { Wide($0) })
            return wide
        }

        /// The positions (ascending) whose number has its bit set in `bits`: one pass without
        /// a branch on the bit, as ``TextArena/records(_:holding:)``.
        func positions(in bits: [UInt64]) -> [Int32] {
            switch storage {
            case .bytes(let numbers): Self.positions(numbers, bits)
            case .shorts(let numbers): Self.positions(numbers, bits)
            case .words(let numbers): Self.positions(numbers, bits)
            }
        }

        private static func positions<Number: FixedWidthInteger>(_ numbers: [Number], _ bits: [UInt64]) -> [Int32] {
            numbers.withUnsafeBufferPointer { numbers in
                bits.withUnsafeBufferPointer { bits in
                    [Int32](unsafeUninitializedCapacity: numbers.count) { buffer, kept in
                        kept = 0
                        var position = 0
                        while position < numbers.count {
                            let number = Int(truncatingIfNeeded: numbers[position])
                            buffer[kept] = Int32(truncatingIfNeeded: position)
                            kept &+= Int(truncatingIfNeeded: bits[number &>> 6] &>> UInt64(number & 63) & 1)
                            position &+= 1
                        }
                    }
                }
            }
        }
    }
}
