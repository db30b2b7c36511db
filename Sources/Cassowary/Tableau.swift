/// The simplex tableau in basic feasible solved form, with a column index and a lexicographic
/// objective.
///
/// The objective has one level per distinct priority in use (and level slot 0 for the
/// artificial objective of phase 1, above every priority). It is stored densely as
/// `objective[symbol * stride + slot]`, in terms of the parametric symbols: the reduced-cost
/// vector of a symbol is its entries over the slots in `levelOrder` (highest priority first).
/// A symbol whose first non-zero entry is negative can enter the basis and improve the
/// objective; the set of such symbols is kept up to date in `candidates`.
struct Tableau {
    // MARK: Symbols (struct of arrays, indexed by symbol id)
    /// Per-symbol arrays are longer than the number of symbols made (`growSymbols`).
    var kinds: [SymbolKind] = []
    var symbolCount = 0
    /// The row in which the symbol is basic, or -1 when it is parametric.
    var basicRow: [Int32] = []
    /// For a parametric symbol, the rows that hold it (unordered), and how many do (`held`).
    var columns = Columns()
    /// The value of each symbol in the current basic solution (its row's constant, or 0 when
    /// parametric), kept up to date wherever a row's constant or basic symbol changes, so that
    /// reading a variable is one load.
    var values: [Double] = []
    /// The constraint (or variable, for externals) that owns the symbol; -1 for none.
    var owners: [Int32] = []
    var freeSymbols: [Symbol] = []

    // MARK: Rows
    var rows: [Row] = []
    var freeRows: [Int32] = []

    // MARK: Factored markers (`MarkerNodes`)
    var markerNodes = MarkerNodes()
    /// `factoredMarkerCount` for this tableau (tests lower it, to factor every row).
    var markerFactoring = Tableau.factoredMarkerCount
    var restrictedMarkerFactoring = Tableau.factoredRestrictedMarkerCount
    /// The objective's share of factored markers: at `slot`, `coefficient` times a node's
    /// markers (a marker's objective entry is read only once it enters the basis, which
    /// writes the rows out first).
    var objectiveMarkerParts: [(slot: Int, node: Int32, coefficient: Double)] = []
    /// The pool's size at which `collectMarkerNodesIfNeeded` next runs, and the least it is
    /// set to after a collection (tests lower both, to collect at every doubling).
    var markerNodeLimit = Tableau.firstMarkerNodeLimit
    var markerNodeFloor = Tableau.firstMarkerNodeLimit
    /// The markers the restricted rows' nodes weigh, by marker, for the pool's
    /// `factoredGeneration` (`restrictedNodeWeights`); nil inside when too many to keep.
    var restrictedWeights: (generation: Int, byMarker: [Int32: [(row: Int32, weight: Double)]]?)?
    /// Bumped whenever a factored row is made, dropped, pivoted or gains another node (not
    /// when a marker is brought out of the nodes, nor when they are collected).
    var factoredGeneration = 0
    /// The generation at which `restrictedNodeWeights` was last asked without its index.
    var restrictedAskedAt: Int?

    // MARK: Objective
    var stride = 4
    var objective: [Double] = []
    /// The value of each level's objective at the current basic solution.
    var objectiveValue: [Double] = [0, 0, 0, 0]
    /// Slots in priority order, highest first; slot 0 (phase 1) always leads.
    var levelOrder: [Int] = [0]
    /// Symbols whose phase-1 entry (slot 0) may be non-zero.
    var artificialTouched: [Symbol] = []
    /// Bumped by every change of the objective or its levels (`objectiveChanged`): answers
    /// kept with an older number are stale.
    var objectiveGeneration: UInt64 = 1
    /// Per symbol, `hasZeroCost`'s answer as `generation << 1 | answer`. An ambiguity
    /// check scans the rows of the views a change reached; in a stack of 1,000 views those rows
    /// are ~3,000 cells of nearly the same symbols, whose costs would otherwise be looked up
    /// level by level for each row.
    var zeroCostMemo: [UInt64] = []

    // MARK: Entering candidates and infeasible rows
    var candidatePosition: [Int32] = []
    var candidates: [Symbol] = []
    /// Basic symbols of restricted rows whose constant may have become negative.
    var infeasible: [Symbol] = []

    // MARK: Pivot log, so that a failed operation can be undone exactly.
    var isLoggingPivots = false
    var pivotLog: [(entering: Symbol, leaving: Symbol, row: Int32)] = []

    // MARK: Scratch buffers for row merges
    var scratch = MergeScratch()
    /// Per symbol, the number of rows that hold it. Its column may hold more entries (junk):
    /// rows that no longer hold the symbol (a cell cancelled in a merge, or the row was
    /// dropped) and repeats (a row that gained the symbol again while its old entry was still
    /// there). Columns are lazy because taking an entry out of a shared symbol's column of
    /// thousands of rows costs a search each time: entries stay until junk is two thirds of the
    /// column (`isJunky`), and every reader skips rows whose coefficient is zero and rows it
    /// has seen (or calls `column(_:)`, which compacts).
    @inline(__always)
    func held(_ symbol: Symbol) -> Int32 { columns.held(symbol.index) }
    /// Per symbol with a long column (`tracksLosses`), the rows that lost it since its column
    /// was last compacted, once per loss. A column lists a row once per gain, so a row holds
    /// the symbol exactly when it is listed once more than it lost it: compaction counts
    /// instead of searching a long row per entry. Short columns search: keeping their losses
    /// costs more than the searches.
    var losses: [[Int32]] = []
    var tracksLosses: [Bool] = []
    static let trackedColumnLength = 64
    /// Columns to compact after the losses under way are noted (`noteLost`; empty between).
    var junkyColumns: [Symbol] = []
    /// Per row, a counter used while compacting a column (zero between uses).
    var rowCounts: [Int32] = []

    /// Statistics, for benchmarks and tests.
    var pivotCount = 0
    var phaseOneCount = 0
    var phaseOnePivots = 0
    /// Rows that phase 1 would have solved with one pivot, solved directly (`phaseOneShortcut`).
    var phaseOneShortcuts = 0
    var rowsTouched = 0

    /// Consecutive degenerate pivots before the entering rule falls back to Bland's rule.
    static let degeneratePivotLimit = 64

    // MARK: - Symbols

    mutating func makeSymbol(_ kind: SymbolKind, owner: Int32) -> Symbol {
        if let symbol = freeSymbols.popLast() {
            kinds[symbol.index] = kind
            owners[symbol.index] = owner
            return symbol
        }
        if symbolCount == kinds.count { growSymbols() }
        let symbol = Symbol(Int32(symbolCount))
        symbolCount += 1
        kinds[symbol.index] = kind
        owners[symbol.index] = owner
        return symbol
    }

    /// Makes room for more symbols in every per-symbol array at once, each entry as a new
    /// symbol starts (parametric, in no row, zero in the objective): appending to ten arrays
    /// one symbol at a time costs more. Doubling from 8: scratch tableaux of a few symbols are
    /// made by the hundred (`extremum`), and a large first block for each would slow them.
    private mutating func growSymbols() {
        let extra = max(8, kinds.count)
        kinds.append(contentsOf: repeatElement(.artificial, count: extra))
        basicRow.append(contentsOf: repeatElement(-1, count: extra))
        values.append(contentsOf: repeatElement(0, count: extra))
        columns.grow(by: extra)
        losses.append(contentsOf: repeatElement([], count: extra))
        tracksLosses.append(contentsOf: repeatElement(false, count: extra))
        owners.append(contentsOf: repeatElement(-1, count: extra))
        candidatePosition.append(contentsOf: repeatElement(-1, count: extra))
        objective.append(contentsOf: repeatElement(0, count: extra * stride))
        zeroCostMemo.append(contentsOf: repeatElement(0, count: extra))
    }

    /// Marks every answer drawn from the objective as stale.
    @inline(__always)
    mutating func objectiveChanged() { objectiveGeneration &+= 1 }

    /// Empties the tableau for another use, keeping its arrays' room: the scratch tableaux of
    /// ambiguity checks are made by the hundred, and making and freeing each was most of one.
    /// Every level is emptied and only phase 1's is left in order; a stride that grew stays
    /// (a solver emptied with it starts its levels again from slot 1).
    mutating func clearForReuse() {
        objectiveChanged()
        for s in 0..<symbolCount {
            kinds[s] = .artificial
            basicRow[s] = -1
            values[s] = 0
            if !losses[s].isEmpty { losses[s].removeAll(keepingCapacity: true) }
            tracksLosses[s] = false
            owners[s] = -1
            candidatePosition[s] = -1
            for slot in 0..<stride { objective[s * stride + slot] = 0 }
        }
        columns.removeAll(symbolCount: symbolCount)
        symbolCount = 0
        freeSymbols.removeAll(keepingCapacity: true)
        // Rows stay, dropped, with their cells' room: the next use fills them again in index
        // order, rather than freeing and allocating each row's array. Only
        // the first `keptRows`: after one large use, every small one after it would empty them
        // all again.
        freeRows.removeAll(keepingCapacity: true)
        if rows.count > Tableau.keptRows { rows.removeLast(rows.count - Tableau.keptRows) }
        for r in rows.indices.reversed() {
            rows[r].basic = nil
            rows[r].constant = 0
            rows[r].markers = -1
            rows[r].cells.removeAll(keepingCapacity: true)
            freeRows.append(Int32(r))
        }
        for slot in objectiveValue.indices { objectiveValue[slot] = 0 }
        markerNodes.removeAll()
        factoredGeneration &+= 1
        markerNodeLimit = markerNodeFloor
        objectiveMarkerParts.removeAll(keepingCapacity: true)
        levelOrder.removeAll(keepingCapacity: true)
        levelOrder.append(0)
        artificialTouched.removeAll(keepingCapacity: true)
        candidates.removeAll(keepingCapacity: true)
        infeasible.removeAll(keepingCapacity: true)
        isLoggingPivots = false
        pivotLog.removeAll(keepingCapacity: true)
    }

    /// How many rows `clearForReuse` keeps for the next use.
    static let keptRows = 256

    /// Returns a parametric symbol that no row holds any more to the free list.
    mutating func releaseSymbol(_ symbol: Symbol) {
        let s = symbol.index
        precondition(basicRow[s] < 0, "releasing a basic symbol")
        for rowIndex in columns.rows(s) {
            removeCell(symbol, fromRow: rowIndex)
        }
        clearColumn(symbol)
        for slot in 0..<stride { objective[s * stride + slot] = 0 }
        objectiveChanged()
        removeCandidate(symbol)
        owners[s] = -1
        freeSymbols.append(symbol)
    }

    /// Only for use inside `Tableau`: called on `solver.tableau` from `Solver` code, a
    /// non-mutating method copies the whole struct (seen in perf as `TableauVwcp`); read
    /// `tableau.kinds` there instead.
    @inline(__always)
    func isRestricted(_ symbol: Symbol) -> Bool { kinds[symbol.index] != .external }

    // MARK: - Rows

    /// Inserts a row whose basic symbol is `basic`, its cells copied from a buffer into a
    /// dropped row's room when there is one; the cells must be sorted and non-zero.
    @discardableResult
    mutating func insertRow(basic: Symbol, constant: Double, copying cells: UnsafeBufferPointer<Cell>) -> Int32 {
        guard let reused = freeRows.popLast() else {
            return insertRow(basic: basic, constant: constant, cells: Array(cells))
        }
        let r = Int(reused)
        rows[r].basic = basic
        rows[r].constant = constant
        rows[r].markers = -1
        rows[r].cells.removeAll(keepingCapacity: true)
        rows[r].cells.append(contentsOf: cells)
        addToColumns(of: cells, row: reused)
        basicRow[basic.index] = reused
        values[basic.index] = constant
        return reused
    }

    /// Inserts a row whose basic symbol is `basic`; the cells must be sorted and non-zero.
    @discardableResult
    mutating func insertRow(basic: Symbol, constant: Double, cells: [Cell], markers: Int32 = -1) -> Int32 {
        let index: Int32
        let row = Row(basic: basic, constant: constant, cells: cells, markers: markers)
        if let reused = freeRows.popLast() {
            index = reused
            rows[Int(reused)] = row
        } else {
            index = Int32(rows.count)
            rows.append(row)
        }
        if markers >= 0 {
            markerNodes.madeFor[Int(markers)] = index
            factoredGeneration &+= 1
        }
        cells.withUnsafeBufferPointer { addToColumns(of: $0, row: index) }
        basicRow[basic.index] = index
        values[basic.index] = constant
        return index
    }

    /// Removes a row from the tableau; its basic symbol becomes parametric (and appears nowhere).
    mutating func dropRow(_ index: Int32) {
        let row = rows[Int(index)]
        if row.markers >= 0 { factoredGeneration &+= 1 }
        rows[Int(index)] = Row(basic: nil, constant: 0, cells: [])
        row.cells.withUnsafeBufferPointer { cells in noteLost(cells.count, { cells[$0].symbol }, inRow: index) }
        if let basic = row.basic {
            basicRow[basic.index] = -1
            values[basic.index] = 0
        }
        freeRows.append(index)
    }

    /// Records that a row now holds the symbol (it did not a moment ago).
    @inline(__always)
    mutating func addToColumn(_ symbol: Symbol, row: Int32) {
        columns.append(row, to: symbol.index)
    }

    /// `addToColumn` for each cell, room made once for all.
    mutating func addToColumns(of cells: UnsafeBufferPointer<Cell>, row: Int32) {
        columns.append(row, toEach: cells.count) { cells[$0].symbol.index }
    }

    /// Empties a symbol's column (it became basic, or it is released).
    mutating func clearColumn(_ symbol: Symbol) {
        let s = symbol.index
        columns.removeAll(s)
        if tracksLosses[s] {
            losses[s].removeAll(keepingCapacity: true)
            tracksLosses[s] = false
        }
    }

    /// Whether a column of `count` entries, `held` of them rows that hold its symbol, is due
    /// for compaction: junk past two thirds of it (at least 8). At half, the columns of a long
    /// stack's symbols, which gain three entries and lose two with each view appended, were
    /// compacted over and over (15% of building a stack of 1,000); at two thirds a column
    /// is at most three times its rows.
    @inline(__always)
    static func isJunky(count: Int, held: Int32) -> Bool {
        let junk = count - Int(held)
        return junk >= 8 && junk * 3 > count * 2
    }

    /// Records that a row no longer holds `count` symbols (`symbol(k)`; a cell cancelled, or
    /// the row dropped), through the columns' buffers taken once: their entries stay until
    /// the column is compacted, which happens after, for each column that became junky
    /// (`isJunky`), which is cheaper than noting each loss alone.
    @inline(__always)
    mutating func noteLost(_ count: Int, _ symbol: (Int) -> Symbol, inRow target: Int32) {
        guard count > 0 else { return }
        columns.withSpans { spans in
        tracksLosses.withUnsafeBufferPointer { tracksLosses in
        losses.withUnsafeMutableBufferPointer { losses in
            for k in 0..<count {
                let s = symbol(k).index
                spans[s].held -= 1
                if tracksLosses[s] { losses[s].append(target) }
                if Tableau.isJunky(count: Int(spans[s].count), held: spans[s].held) { junkyColumns.append(Symbol(Int32(s))) }
            }
        }
        }
        }
        guard !junkyColumns.isEmpty else { return }
        for k in junkyColumns.indices { compactColumn(junkyColumns[k], losing: target) }
        junkyColumns.removeAll(keepingCapacity: true)
    }

    /// Removes junk from a symbol's column: one pass, keeping the first entry of each row
    /// that holds the symbol (listed more times than it lost the symbol, or, for a short
    /// column, found in the row). `losing` is a row that has just lost the symbol but may
    /// still show it (a merge or a drop in progress). A long column compacted by searching
    /// is exact afterwards: its losses are recorded from then on.
    mutating func compactColumn(_ symbol: Symbol, losing: Int32 = -1) {
        let s = symbol.index
        if rowCounts.count < rows.count {
            rowCounts.append(contentsOf: repeatElement(0, count: rows.count - rowCounts.count))
        }
        let counting = tracksLosses[s]
        rowCounts.withUnsafeMutableBufferPointer { counts in
            if counting {
                columns.withRows(s) { column in
                    for row in column { counts[Int(row)] += 1 }
                }
                for row in losses[s] { counts[Int(row)] -= 1 }
            } else {
                columns.withRows(s) { column in
                    for row in column where row != losing && counts[Int(row)] == 0 && rows[Int(row)].coefficient(of: symbol) != 0 {
                        counts[Int(row)] = 1
                    }
                }
            }
            columns.compact(s) { column in
                var kept = 0
                for k in 0..<column.count {
                    let row = column[k]
                    let listed = counts[Int(row)]
                    counts[Int(row)] = 0
                    if listed > 0 {
                        column[kept] = row
                        kept += 1
                    }
                }
                return kept
            }
            for row in losses[s] { counts[Int(row)] = 0 }
        }
        if counting {
            losses[s].removeAll(keepingCapacity: true)
            if columns.count(s) < Self.trackedColumnLength / 2 { tracksLosses[s] = false }
        } else if columns.count(s) >= Self.trackedColumnLength {
            tracksLosses[s] = true
        }
    }

    /// The rows that hold a symbol, each once (compacting its column if it has junk). A
    /// marker's column is whole only with every row's markers written out.
    mutating func column(_ symbol: Symbol) -> [Int32] {
        if kinds[symbol.index] == .dummy { extractMarker(symbol) }
        if columns.count(symbol.index) > Int(held(symbol)) { compactColumn(symbol) }
        return columns.rows(symbol.index)
    }

    /// Deletes one cell from a row (the symbol is being fixed at zero); the column is the
    /// caller's to update.
    mutating func removeCell(_ symbol: Symbol, fromRow index: Int32) {
        let r = Int(index)
        if let k = rows[r].cells.firstIndex(where: { $0.symbol == symbol }) {
            rows[r].cells.remove(at: k)
        }
    }

    /// `row[target] += multiple · row[source]`, leaving out the cell of `eliminated` in the
    /// target (the symbol that `source` now defines).
    ///
    /// A two-pointer merge of two sorted rows into scratch buffers, which are then swapped in.
    /// A cell that cancels leaves junk in its column (see `junk`).
    /// - Complexity: O(length of both rows), plus the column appends of cells that appear.
    mutating func addRow(_ source: Int32, times multiple: Double, into target: Int32, eliminating eliminated: Symbol) {
        let t = Int(target)
        let sourceIndex = Int(source)
        let aCount = rows[t].cells.count
        let bCount = rows[sourceIndex].cells.count
        let buffer = scratch
        buffer.reserve(aCount + bCount)
        let out = buffer.cells
        let cancelled = buffer.cancelled
        let gained = buffer.gained
        var n = 0
        var lost = 0
        var gainedCount = 0
        // The columns of symbols the target gains are appended to after the merge, room made
        // once for all (`addToColumns`); cells that cancel are noted lost after it, which may
        // compact their columns.
        rows[t].cells.withUnsafeBufferPointer { a in
        rows[sourceIndex].cells.withUnsafeBufferPointer { b in
            var i = 0
            var j = 0
            while i < aCount || j < bCount {
                if j == bCount || (i < aCount && a[i].symbol < b[j].symbol) {
                    if a[i].symbol != eliminated {
                        out[n] = a[i]
                        n += 1
                    }
                    i += 1
                } else if i == aCount || b[j].symbol < a[i].symbol {
                    let value = multiple * b[j].coefficient
                    if !Tolerance.isZero(value) {
                        out[n] = Cell(symbol: b[j].symbol, coefficient: value)
                        n += 1
                        gained[gainedCount] = b[j].symbol
                        gainedCount += 1
                    }
                    j += 1
                } else {
                    let value = a[i].coefficient + multiple * b[j].coefficient
                    if Tolerance.isZero(value) {
                        cancelled[lost] = a[i].symbol
                        lost += 1
                    } else {
                        out[n] = Cell(symbol: a[i].symbol, coefficient: value)
                        n += 1
                    }
                    i += 1
                    j += 1
                }
            }
        }
        }
        columns.append(target, toEach: gainedCount) { gained[$0].index }
        addMarkers(of: source, times: multiple, into: target)
        rows[t].constant += multiple * rows[sourceIndex].constant
        values[rows[t].basic!.index] = rows[t].constant
        rows[t].cells.removeAll(keepingCapacity: true)
        rows[t].cells.append(contentsOf: UnsafeBufferPointer(start: out, count: n))
        noteLost(lost, { cancelled[$0] }, inRow: target)
    }
}
