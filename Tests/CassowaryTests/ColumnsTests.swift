import Testing
@testable import Cassowary

/// The column pool against a model of one array per column: random appends (one at a time and
/// in batches), losses, compactions and emptyings, with the pool's moves, in-place growth and
/// packing all exercised.
@Suite struct ColumnsTests {
    /// A linear congruential generator, so that a failure can be replayed from its seed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func check(_ columns: Columns, _ model: [[Int32]], _ held: [Int32], seed: UInt64, step: Int) {
        for s in model.indices {
            #expect(columns.rows(s) == model[s], "seed \(seed), step \(step), column \(s)")
            #expect(columns.held(s) == held[s], "seed \(seed), step \(step), column \(s)")
            #expect(columns.count(s) == model[s].count)
        }
        // No two columns share a slot.
        var slots = Set<Int32>()
        for span in columns.spans where span.capacity > 0 {
            for slot in span.start..<(span.start + span.capacity) {
                #expect(slots.insert(slot).inserted, "seed \(seed), step \(step): slot \(slot) in two columns")
            }
            #expect(span.count <= span.capacity)
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func aPoolListsWhatOneArrayPerColumnWould(seed: UInt64) {
        var random = Generator(state: seed)
        var columns = Columns()
        columns.packingThreshold = seed % 2 == 0 ? 16 : 4096
        var model: [[Int32]] = []
        var held: [Int32] = []
        let symbols = 40
        columns.grow(by: symbols)
        model = Array(repeating: [], count: symbols)
        held = Array(repeating: 0, count: symbols)
        // Enough steps for columns of hundreds (moves, growth in place) and for packing (over
        // `packingThreshold` of garbage).
        for step in 0..<20_000 {
            let s = random.next(random.next(4) == 0 ? symbols : 6)
            switch random.next(20) {
            case 0..<12:
                let row = Int32(random.next(1_000))
                columns.append(row, to: s)
                model[s].append(row)
                held[s] += 1
            case 12..<16:
                // A batch of distinct columns.
                let row = Int32(random.next(1_000))
                let batch = Array(Set((0..<random.next(8)).map { _ in random.next(symbols) }))
                columns.append(row, toEach: batch.count) { batch[$0] }
                for t in batch {
                    model[t].append(row)
                    held[t] += 1
                }
            case 16:
                columns.removeAll(s)
                model[s] = []
                held[s] = 0
            case 17, 18:
                guard held[s] > 0 else { continue }
                columns.withSpans { $0[s].held -= 1 }
                held[s] -= 1
            default:
                // Keep the even rows, as a compaction keeps the rows that hold the symbol.
                columns.compact(s) { column in
                    var kept = 0
                    for k in 0..<column.count where column[k] % 2 == 0 {
                        column[kept] = column[k]
                        kept += 1
                    }
                    return kept
                }
                model[s] = model[s].filter { $0 % 2 == 0 }
            }
            if step % 997 == 0 { Self.check(columns, model, held, seed: seed, step: step) }
        }
        Self.check(columns, model, held, seed: seed, step: 20_000)
        if seed % 2 == 0 { #expect(columns.packCount >= 2) }
        columns.removeAll(symbolCount: symbols)
        #expect(columns.spans.allSatisfy { $0.count == 0 && $0.held == 0 && $0.capacity == 0 })
        columns.append(7, to: 3)
        #expect(columns.rows(3) == [7])
    }

    /// A column that is last in the pool grows where it is; any other moves to the end and
    /// leaves its room behind, and the room is taken back by packing.
    @Test func aLastColumnGrowsInPlaceAndOthersMove() {
        var columns = Columns()
        columns.grow(by: 2)
        for row in 0..<6 as Range<Int32> { columns.append(row, to: 0) }
        #expect(columns.spans[0].start == 0 && columns.spans[0].capacity == 6)
        columns.append(6, to: 0)
        #expect(columns.spans[0].start == 0 && columns.spans[0].capacity == 12)
        columns.append(100, to: 1)
        #expect(columns.spans[1].start == 12)
        for row in 7..<13 as Range<Int32> { columns.append(row, to: 0) }
        #expect(columns.spans[0].start == 18 && columns.spans[0].capacity == 24)
        #expect(columns.rows(0) == Array(0..<13))
        #expect(columns.rows(1) == [100])
    }
}
