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
        return problems + markerNodeProblems()
    }

    /// The nodes' links agreeing with their terms: each row's node made for it, and every
    /// marker's weights found upwards (`MarkerNodes.weights(of:)`) the same as weighed through
    /// every node, oldest first.
    func markerNodeProblems() -> [String] {
        var problems: [String] = []
        let nodes = markerNodes
        for (index, row) in rows.enumerated() where row.basic != nil && row.markers >= 0 {
            if row.markers >= Int32(nodes.count) { problems.append("row \(index): node \(row.markers) of \(nodes.count)"); continue }
            if nodes.madeFor[Int(row.markers)] != Int32(index) { problems.append("row \(index): node \(row.markers) made for row \(nodes.madeFor[Int(row.markers)])") }
        }
        for marker in Set(nodes.refs.filter { $0 >= 0 }) {
            var forward = [Double](repeating: 0, count: nodes.count)
            for n in 0..<nodes.count {
                for k in Int(nodes.starts[n])..<Int(nodes.starts[n + 1]) {
                    let ref = nodes.refs[k]
                    if ref == marker { forward[n] += nodes.coefficients[k] } else if ref < 0 { forward[n] += nodes.coefficients[k] * forward[Int(-ref - 1)] }
                }
            }
            let upward = nodes.weights(of: Symbol(marker))
            for n in 0..<nodes.count where abs(forward[n] - upward[Int32(n)]) > 1e-9 * max(1, abs(forward[n])) {
                problems.append("marker \(marker): node \(n) weighs \(forward[n]), found upwards \(upward[Int32(n)])")
            }
        }
        return problems
    }
}

extension Tableau {
    /// What is wrong with the simplex's state between public operations, beyond the
    /// bookkeeping: every restricted row feasible (its basic symbol non-negative), no free
    /// (external) symbol in a restricted row, no row left queued as infeasible, and the
    /// entering candidates exactly the parametric restricted symbols whose reduced-cost vector
    /// leads with a negative entry, each at its recorded position. Empty when all is well.
    /// - Complexity: O(cells of the tableau + symbols × levels).
    func invariantProblems() -> [String] {
        var problems: [String] = []
        for (index, row) in rows.enumerated() {
            guard let basic = row.basic, kinds[basic.index] != .external else { continue }
            if row.constant < -1e-7 {
                problems.append("row \(index): restricted basic \(basic) at \(row.constant) < 0")
            }
            for cell in row.cells where kinds[cell.symbol.index] == .external {
                problems.append("row \(index): free symbol \(cell.symbol) in the restricted row of \(basic)")
            }
        }
        if !infeasible.isEmpty { problems.append("rows queued as infeasible: \(infeasible)") }
        for (position, symbol) in candidates.enumerated() where candidatePosition[symbol.index] != Int32(position) {
            problems.append("candidate \(symbol) at \(position) says \(candidatePosition[symbol.index])")
        }
        for s in 0..<symbolCount {
            let symbol = Symbol(Int32(s))
            let kind = kinds[s]
            let listed = candidatePosition[s] >= 0
            var negative = false
            if basicRow[s] < 0 && kind != .external && kind != .dummy, let entry = leadingEntry(symbol) { negative = entry.value < 0 }
            if listed != negative {
                problems.append("symbol \(symbol): \(listed ? "listed as a candidate without" : "not listed as a candidate with") a negative reduced cost")
            }
        }
        return problems
    }
}

extension Solver {
    /// Stops with what is wrong when the tableau breaks an invariant of its bookkeeping
    /// (`consistencyProblems`) or of the simplex (`invariantProblems`). Every public operation
    /// that changes the tableau runs it as it returns or throws. Compiled only under
    /// `CASSOWARY_INTERNAL_CHECKS`, which debug builds (the tests') define; release builds
    /// carry none of it.
    ///
    /// A check reads the whole tableau, so it runs after every operation while the tableau has
    /// at most `Solver.checkedRows` rows, and on larger ones after the 1st, 2nd, 4th, 8th, …
    /// operation of the solver: building 10,000 views stays linear in all.
    @inline(__always)
    func checkInvariants() {
        #if CASSOWARY_INTERNAL_CHECKS
        invariantCheckCount += 1
        guard tableau.rows.count <= Solver.checkedRows || invariantCheckCount & (invariantCheckCount - 1) == 0 else { return }
        let problems = tableau.consistencyProblems() + tableau.invariantProblems()
        precondition(problems.isEmpty, "Cassowary's tableau broke an invariant: " + problems.prefix(5).joined(separator: "; "))
        #endif
    }

    static let checkedRows = 300
}
