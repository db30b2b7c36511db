/// The output buffers of row merges: allocated once per tableau and grown as needed, so that
/// a merge writes without bounds or uniqueness checks and copies the result into the target
/// row's own storage.
final class MergeScratch {
    private(set) var cells: UnsafeMutablePointer<Cell>
    /// The symbols whose cells cancelled (never more than the merged cells).
    private(set) var cancelled: UnsafeMutablePointer<Symbol>
    /// The symbols the target gained (never more than the merged cells).
    private(set) var gained: UnsafeMutablePointer<Symbol>
    private var capacity: Int
    /// A copy of a column's rows (`copyRows`).
    private var rowIndices: UnsafeMutablePointer<Int32>
    private var rowCapacity = 64

    init() {
        capacity = 64
        cells = .allocate(capacity: capacity)
        cancelled = .allocate(capacity: capacity)
        gained = .allocate(capacity: capacity)
        rowIndices = .allocate(capacity: rowCapacity)
    }

    /// A copy of a column's rows (junk included), to go through while rows change and columns
    /// grow (a pointer into the pool would not survive either). Valid until the next call.
    func copyRows(of s: Int, in columns: Columns) -> UnsafeBufferPointer<Int32> {
        let count = columns.count(s)
        if count > rowCapacity {
            rowIndices.deallocate()
            rowCapacity = max(count, rowCapacity * 2)
            rowIndices = .allocate(capacity: rowCapacity)
        }
        columns.withRows(s) { column in
            for k in 0..<count { rowIndices[k] = column[k] }
        }
        return UnsafeBufferPointer(start: rowIndices, count: count)
    }

    deinit {
        cells.deallocate()
        cancelled.deallocate()
        gained.deallocate()
        rowIndices.deallocate()
    }

    @inline(__always)
    func reserve(_ count: Int) {
        guard count > capacity else { return }
        cells.deallocate()
        cancelled.deallocate()
        gained.deallocate()
        capacity = max(count, capacity * 2)
        cells = .allocate(capacity: capacity)
        cancelled = .allocate(capacity: capacity)
        gained = .allocate(capacity: capacity)
    }
}

extension Tableau {
    /// What is wrong with the tableau's bookkeeping, for tests: rows in solved form (sorted,
    /// non-zero cells of parametric symbols), `basicRow`, `values`, `held` and the (lazy)
    /// columns all agreeing. Empty when all is well.
    func consistencyProblems() -> [String] {
        var problems: [String] = []
        var holding = [Int](repeating: 0, count: kinds.count)
        var rowHolds = Set<Int64>()
        for (index, row) in rows.enumerated() {
            guard let basic = row.basic?.index else { continue }
            if basicRow[basic] != Int32(index) { problems.append("row \(index): basic \(basic) says row \(basicRow[basic])") }
            if values[basic] != row.constant { problems.append("row \(index): value \(values[basic]) ≠ constant \(row.constant)") }
            for k in row.cells.indices {
                let id = row.cells[k].symbol
                if k > 0 && row.cells[k - 1].symbol >= id { problems.append("row \(index): cells out of order") }
                if row.cells[k].coefficient == 0 { problems.append("row \(index): zero cell \(id)") }
                if basicRow[id.index] >= 0 { problems.append("row \(index): basic symbol \(id) in a cell") }
                holding[id.index] += 1
                rowHolds.insert(Int64(id.id) << 32 | Int64(index))
            }
        }
        for symbol in kinds.indices {
            if Int(columns.held(symbol)) != holding[symbol] {
                problems.append("symbol \(symbol): held \(columns.held(symbol)), rows holding it \(holding[symbol])")
            }
            let listed = Set(columns.rows(symbol).filter { rowHolds.contains(Int64(symbol) << 32 | Int64($0)) })
            if listed.count != holding[symbol] { problems.append("symbol \(symbol): column misses rows") }
            // A long column's rows are listed once per gain and lost once per loss: one more
            // gain than losses exactly when the row holds the symbol.
            if !tracksLosses[symbol] && !losses[symbol].isEmpty { problems.append("symbol \(symbol): losses kept for a short column") }
            var balance: [Int32: Int] = [:]
            if tracksLosses[symbol] {
                for row in columns.rows(symbol) { balance[row, default: 0] += 1 }
                for row in losses[symbol] { balance[row, default: 0] -= 1 }
            }
            for (row, count) in balance where count != (rowHolds.contains(Int64(symbol) << 32 | Int64(row)) ? 1 : 0) {
                problems.append("symbol \(symbol): row \(row) listed \(count) more times than lost")
            }
            if basicRow[symbol] < 0 && values[symbol] != 0 { problems.append("symbol \(symbol): parametric at \(values[symbol])") }
        }
        return problems
    }
}
