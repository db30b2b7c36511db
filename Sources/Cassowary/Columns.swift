/// The column index of a tableau: for each symbol, the rows that list it, all kept in one
/// pool of row indices.
///
/// A column is a span of the pool (`start`, `count`, `capacity`) with the number of rows that
/// hold the symbol (`held`; see `Tableau.held`) beside it, so that noting a row's gain reads one
/// 16-byte span and writes one slot. Each column was its own array: adding a constraint of the
/// cells benchmark allocated and later freed almost two of them, and in a long stack each cell
/// a row gained loaded a column's header from wherever the heap had put it (two thirds of a
/// row merge's time, by perf, were those loads and stores).
///
/// A full column moves to the end of the pool with twice the room (or grows where it is, when
/// it is already last); the room it left is garbage, and the pool is packed again when garbage
/// is more than a third of it (columns that double leave at most half of the pool behind, so
/// at half it would never be packed). A span keeps its room when emptied, as an array's
/// `removeAll(keepingCapacity:)` did.
///
/// Slots of the pool are only ever read within a span: the pool may move and be packed when a
/// column grows, so no pointer into it outlives a call.
struct Columns {
    struct Span {
        var start: Int32 = 0
        var count: Int32 = 0
        var capacity: Int32 = 0
        /// Rows that hold the symbol (the column may list more: see `Tableau.held`).
        var held: Int32 = 0
    }

    private(set) var spans: [Span] = []
    /// The pool; slots from `end` on are free room.
    private var pool: [Int32] = []
    private var end = 0
    private var garbage = 0

    /// A column's first room: grown from nothing, an array of row indices would be reallocated
    /// at 1, 2, 6… entries.
    static let firstCapacity: Int32 = 6
    /// Garbage below this is never worth packing (a property so that tests can pack often).
    var packingThreshold = 4096
    /// How many times the pool was packed, for tests.
    private(set) var packCount = 0

    /// Adds `extra` empty columns.
    mutating func grow(by extra: Int) {
        spans.append(contentsOf: repeatElement(Span(), count: extra))
    }

    @inline(__always)
    func count(_ s: Int) -> Int { Int(spans[s].count) }

    @inline(__always)
    func held(_ s: Int) -> Int32 { spans[s].held }

    /// Calls `body` with the rows a column lists (junk included). `body` must not change the
    /// columns.
    @inline(__always)
    func withRows<R>(_ s: Int, _ body: (UnsafeBufferPointer<Int32>) throws -> R) rethrows -> R {
        let span = spans[s]
        return try pool.withUnsafeBufferPointer { pool in
            try body(UnsafeBufferPointer(rebasing: pool[Int(span.start)..<Int(span.start + span.count)]))
        }
    }

    /// The rows a column lists, as an array (junk included).
    func rows(_ s: Int) -> [Int32] { withRows(s) { Array($0) } }

    /// Notes that a row now holds symbol `s` (it did not a moment ago).
    @inline(__always)
    mutating func append(_ row: Int32, to s: Int) {
        if spans[s].count == spans[s].capacity { makeRoom(for: s, extra: 1) }
        let span = spans[s]
        pool[Int(span.start + span.count)] = row
        spans[s].count += 1
        spans[s].held += 1
    }

    /// `append(row, to:)` for each of `count` symbols (`symbol(k)`, distinct), room made first
    /// for all of them, then the slots written through the buffers taken once.
    @inline(__always)
    mutating func append(_ row: Int32, toEach count: Int, _ symbol: (Int) -> Int) {
        guard count > 0 else { return }
        var needed = 0
        spans.withUnsafeBufferPointer { spans in
            for k in 0..<count {
                let span = spans[symbol(k)]
                if span.count == span.capacity { needed += Int(Columns.grownCapacity(span.capacity)) }
            }
        }
        if needed > 0 {
            reserve(needed)
            for k in 0..<count {
                let s = symbol(k)
                if spans[s].count == spans[s].capacity { makeRoom(for: s, extra: 1) }
            }
        }
        spans.withUnsafeMutableBufferPointer { spans in
            pool.withUnsafeMutableBufferPointer { pool in
                for k in 0..<count {
                    let s = symbol(k)
                    pool[Int(spans[s].start + spans[s].count)] = row
                    spans[s].count += 1
                    spans[s].held += 1
                }
            }
        }
    }

    /// Calls `body` with the spans, to note losses (`held`) of many columns at once. `body`
    /// must change nothing but `held`.
    @inline(__always)
    mutating func withSpans<R>(_ body: (UnsafeMutableBufferPointer<Span>) -> R) -> R {
        spans.withUnsafeMutableBufferPointer { body($0) }
    }

    /// Empties a column (the symbol became basic, or was released), keeping its room.
    @inline(__always)
    mutating func removeAll(_ s: Int) {
        spans[s].count = 0
        spans[s].held = 0
    }

    /// Rewrites a column in place: `body` gets its slots and returns how many to keep (the
    /// first ones). It must not change the columns.
    mutating func compact(_ s: Int, _ body: (UnsafeMutableBufferPointer<Int32>) -> Int) {
        let span = spans[s]
        let kept = pool.withUnsafeMutableBufferPointer { pool in
            body(UnsafeMutableBufferPointer(rebasing: pool[Int(span.start)..<Int(span.start + span.count)]))
        }
        precondition(kept >= 0 && kept <= Int(span.count), "compacting a column to more than it had")
        spans[s].count = Int32(kept)
    }

    /// Empties every column of the first `symbolCount` and the pool, for another use of the
    /// tableau (its room kept).
    mutating func removeAll(symbolCount: Int) {
        for s in 0..<symbolCount { spans[s] = Span() }
        end = 0
        garbage = 0
    }

    // MARK: - Room

    @inline(__always)
    static func grownCapacity(_ capacity: Int32) -> Int32 { max(firstCapacity, capacity * 2) }

    /// Makes sure that `extra` more slots past `end` exist in the pool.
    private mutating func reserve(_ extra: Int) {
        let needed = end + extra
        if needed > pool.count {
            pool.append(contentsOf: repeatElement(0, count: max(needed - pool.count, pool.count)))
        }
    }

    /// Gives column `s` room for `extra` more rows: where it is when it is last in the pool,
    /// else at the end of the pool (its old room becomes garbage).
    private mutating func makeRoom(for s: Int, extra: Int) {
        var span = spans[s]
        var capacity = Columns.grownCapacity(span.capacity)
        while capacity < span.count + Int32(extra) { capacity *= 2 }
        if span.capacity > 0 && Int(span.start + span.capacity) == end {
            reserve(Int(capacity - span.capacity))
            end += Int(capacity - span.capacity)
            spans[s].capacity = capacity
            return
        }
        if garbage > packingThreshold && garbage * 3 > end {
            pack()
            span = spans[s]
        }
        reserve(Int(capacity))
        let start = end
        let count = Int(span.count)
        if count > 0 {
            pool.withUnsafeMutableBufferPointer { pool in
                let base = pool.baseAddress!
                (base + start).update(from: base + Int(span.start), count: count)
            }
        }
        garbage += Int(span.capacity)
        end += Int(capacity)
        spans[s].start = Int32(start)
        spans[s].capacity = capacity
    }

    /// Moves the columns down over the garbage between them, in the order they lie in the pool,
    /// in place: a new pool for each packing (and the growth that soon followed, since a pool
    /// made to measure has no room left) made the process touch fresh memory over and over
    /// (the shell-stack benchmark at 1,000 labels: 69,000 page faults, 39,600 packed in place,
    /// 22,600 with an array per column). An empty column gives back room beyond its first.
    private mutating func pack() {
        var order: [Int32] = []
        for s in spans.indices where spans[s].capacity > 0 { order.append(Int32(s)) }
        order.sort { spans[Int($0)].start < spans[Int($1)].start }
        var write = 0
        pool.withUnsafeMutableBufferPointer { pool in
            let base = UnsafeMutableRawPointer(pool.baseAddress!)
            let size = MemoryLayout<Int32>.stride
            for s in order.map({ Int($0) }) {
                let span = spans[s]
                let capacity = span.count == 0 ? min(span.capacity, Columns.firstCapacity) : span.capacity
                if span.count > 0 && Int(span.start) != write {
                    // Overlapping regions are allowed (a move down by less than the column).
                    (base + write * size).copyMemory(from: base + Int(span.start) * size, byteCount: Int(span.count) * size)
                }
                spans[s].start = Int32(write)
                spans[s].capacity = capacity
                write += Int(capacity)
            }
        }
        end = write
        garbage = 0
        packCount += 1
    }
}
