/// The kind of a tableau symbol.
///
/// `external` symbols are the user's variables and are unrestricted in sign; every other kind is
/// restricted to be non-negative. `dummy` symbols are markers of required equalities: they are
/// fixed at zero and never enter the basis in an optimisation.
enum SymbolKind: UInt8 {
    case external
    case slack
    case error
    case dummy
    case artificial
}

/// A term of a row: a symbol and its coefficient, side by side so that a lookup touches one
/// buffer.
struct Cell {
    var id: Int32
    var coefficient: Double
}

/// One row of the tableau: `basic = constant + Σ cells[k].coefficient · cells[k].id`.
///
/// Cells are sorted by symbol id and never hold a zero coefficient.
struct Row {
    var basic: Int32
    var constant: Double
    var cells: [Cell]

    /// The row's symbols, in order (allocates: not for hot paths).
    var ids: [Int32] { cells.map(\.id) }

    /// `coefficient(of:)` for a symbol that is likely among the row's newest (an edit
    /// constraint's errors are): a scan from the end, whose branches predict well, instead of
    /// a binary search, whose branches do not (and stall the loads of the next rows).
    @inline(__always)
    func coefficientNearEnd(of symbol: Int32) -> Double {
        cells.withUnsafeBufferPointer { cells in
            var k = cells.count - 1
            while k >= 0 {
                let id = cells[k].id
                if id == symbol { return cells[k].coefficient }
                if id < symbol { return 0 }
                k -= 1
            }
            return 0
        }
    }

    /// - Complexity: O(log n) in the row's length.
    func coefficient(of symbol: Int32) -> Double {
        cells.withUnsafeBufferPointer { cells in
            var low = 0
            var high = cells.count
            while low < high {
                let mid = (low + high) >> 1
                let id = cells[mid].id
                if id == symbol { return cells[mid].coefficient }
                if id < symbol { low = mid + 1 } else { high = mid }
            }
            return 0
        }
    }
}

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
    var kinds: [SymbolKind] = []
    /// The row in which the symbol is basic, or -1 when it is parametric.
    var basicRow: [Int32] = []
    /// For a parametric symbol, the rows that hold it (unordered).
    var columns: [[Int32]] = []
    /// The value of each symbol in the current basic solution (its row's constant, or 0 when
    /// parametric), kept up to date wherever a row's constant or basic symbol changes, so that
    /// reading a variable is one load.
    var values: [Double] = []
    /// The constraint (or variable, for externals) that owns the symbol; -1 for none.
    var owners: [Int32] = []
    var freeSymbols: [Int32] = []

    // MARK: Rows
    var rows: [Row] = []
    var freeRows: [Int32] = []

    // MARK: Objective
    var stride = 4
    var objective: [Double] = []
    /// The value of each level's objective at the current basic solution.
    var objectiveValue: [Double] = [0, 0, 0, 0]
    /// Slots in priority order, highest first; slot 0 (phase 1) always leads.
    var levelOrder: [Int] = [0]
    /// Symbols whose phase-1 entry (slot 0) may be non-zero.
    var artificialTouched: [Int32] = []

    // MARK: Entering candidates and infeasible rows
    var candidatePosition: [Int32] = []
    var candidates: [Int32] = []
    /// Basic symbols of restricted rows whose constant may have become negative.
    var infeasible: [Int32] = []

    // MARK: Pivot log, so that a failed operation can be undone exactly.
    var isLoggingPivots = false
    var pivotLog: [(entering: Int32, leaving: Int32, row: Int32)] = []

    // MARK: Scratch buffers for row merges
    var scratch = MergeScratch()
    /// Per symbol, the number of rows that hold it. Its column may hold more entries (junk):
    /// rows that no longer hold the symbol (a cell cancelled in a merge, or the row was
    /// dropped) and repeats (a row that gained the symbol again while its old entry was still
    /// there). Columns are lazy because taking an entry out of a shared symbol's column of
    /// thousands of rows costs a search each time: entries stay until junk is half the column,
    /// and every reader skips rows whose coefficient is zero and rows it has seen (or calls
    /// `column(_:)`, which compacts).
    var held: [Int32] = []
    /// Per row, a mark used while filtering a column.
    var rowMarks: [Bool] = []

    /// Statistics, for benchmarks and tests.
    var pivotCount = 0
    var phaseOneCount = 0
    var phaseOnePivots = 0
    var rowsTouched = 0

    /// Consecutive degenerate pivots before the entering rule falls back to Bland's rule.
    static let degeneratePivotLimit = 64

    // MARK: - Symbols

    mutating func makeSymbol(_ kind: SymbolKind, owner: Int32) -> Int32 {
        if let symbol = freeSymbols.popLast() {
            kinds[Int(symbol)] = kind
            owners[Int(symbol)] = owner
            return symbol
        }
        let symbol = Int32(kinds.count)
        kinds.append(kind)
        basicRow.append(-1)
        values.append(0)
        columns.append([])
        owners.append(owner)
        candidatePosition.append(-1)
        held.append(0)
        objective.append(contentsOf: repeatElement(0, count: stride))
        return symbol
    }

    /// Returns a parametric symbol that no row holds any more to the free list.
    mutating func releaseSymbol(_ symbol: Int32) {
        let s = Int(symbol)
        precondition(basicRow[s] < 0, "releasing a basic symbol")
        for rowIndex in columns[s] {
            removeCell(symbol, fromRow: rowIndex)
        }
        columns[s].removeAll(keepingCapacity: true)
        held[s] = 0
        for slot in 0..<stride { objective[s * stride + slot] = 0 }
        removeCandidate(symbol)
        owners[s] = -1
        freeSymbols.append(symbol)
    }

    /// Only for use inside `Tableau`: called on `solver.tableau` from `Solver` code, a
    /// non-mutating method copies the whole struct (seen in perf as `TableauVwcp`); read
    /// `tableau.kinds` there instead.
    @inline(__always)
    func isRestricted(_ symbol: Int32) -> Bool { kinds[Int(symbol)] != .external }

    // MARK: - Rows

    /// Inserts a row whose basic symbol is `basic`; the cells must be sorted and non-zero.
    @discardableResult
    mutating func insertRow(basic: Int32, constant: Double, ids: [Int32], coefficients: [Double]) -> Int32 {
        insertRow(basic: basic, constant: constant,
                  cells: ids.indices.map { Cell(id: ids[$0], coefficient: coefficients[$0]) })
    }

    /// Inserts a row whose basic symbol is `basic`; the cells must be sorted and non-zero.
    @discardableResult
    mutating func insertRow(basic: Int32, constant: Double, cells: [Cell]) -> Int32 {
        let index: Int32
        let row = Row(basic: basic, constant: constant, cells: cells)
        if let reused = freeRows.popLast() {
            index = reused
            rows[Int(reused)] = row
        } else {
            index = Int32(rows.count)
            rows.append(row)
        }
        for cell in cells { addToColumn(cell.id, row: index) }
        basicRow[Int(basic)] = index
        values[Int(basic)] = constant
        return index
    }

    /// Removes a row from the tableau; its basic symbol becomes parametric (and appears nowhere).
    mutating func dropRow(_ index: Int32) {
        let row = rows[Int(index)]
        for cell in row.cells { held[Int(cell.id)] -= 1 }
        basicRow[Int(row.basic)] = -1
        values[Int(row.basic)] = 0
        rows[Int(index)] = Row(basic: -1, constant: 0, cells: [])
        freeRows.append(index)
    }

    /// Records that a row now holds the symbol (it did not a moment ago).
    @inline(__always)
    mutating func addToColumn(_ symbol: Int32, row: Int32) {
        let s = Int(symbol)
        columns[s].append(row)
        held[s] += 1
    }

    /// Records that a row no longer holds the symbol; its entry stays until the column is
    /// compacted.
    @inline(__always)
    mutating func noteCancelled(_ symbol: Int32, inRow target: Int32) {
        let s = Int(symbol)
        held[s] -= 1
        let junk = columns[s].count - Int(held[s])
        if junk >= 8 && junk * 2 > columns[s].count { compactColumn(symbol) }
    }

    /// Removes junk from a symbol's column: one pass, keeping the first entry of each row
    /// that holds the symbol.
    mutating func compactColumn(_ symbol: Int32) {
        let s = Int(symbol)
        if rowMarks.count < rows.count {
            rowMarks.append(contentsOf: repeatElement(false, count: rows.count - rowMarks.count))
        }
        var kept = 0
        for k in 0..<columns[s].count {
            let row = columns[s][k]
            if rowMarks[Int(row)] || rows[Int(row)].coefficient(of: symbol) == 0 { continue }
            rowMarks[Int(row)] = true
            columns[s][kept] = row
            kept += 1
        }
        columns[s].removeLast(columns[s].count - kept)
        for row in columns[s] { rowMarks[Int(row)] = false }
    }

    /// The rows that hold a symbol, each once (compacting its column if it has junk).
    mutating func column(_ symbol: Int32) -> [Int32] {
        if columns[Int(symbol)].count > Int(held[Int(symbol)]) { compactColumn(symbol) }
        return columns[Int(symbol)]
    }

    /// Deletes one cell from a row (the symbol is being fixed at zero); the column is the
    /// caller's to update.
    mutating func removeCell(_ symbol: Int32, fromRow index: Int32) {
        let r = Int(index)
        if let k = rows[r].cells.firstIndex(where: { $0.id == symbol }) {
            rows[r].cells.remove(at: k)
        }
    }

    /// `row[target] += multiple · row[source]`, leaving out the cell of `eliminated` in the
    /// target (the symbol that `source` now defines).
    ///
    /// A two-pointer merge of two sorted rows into scratch buffers, which are then swapped in.
    /// A cell that cancels leaves junk in its column (see `junk`).
    /// - Complexity: O(length of both rows), plus the column appends of cells that appear.
    mutating func addRow(_ source: Int32, times multiple: Double, into target: Int32, eliminating eliminated: Int32) {
        let t = Int(target)
        let sourceIndex = Int(source)
        let aCount = rows[t].cells.count
        let bCount = rows[sourceIndex].cells.count
        let buffer = scratch
        buffer.reserve(aCount + bCount)
        let out = buffer.cells
        var n = 0
        rows[t].cells.withUnsafeBufferPointer { a in
        rows[sourceIndex].cells.withUnsafeBufferPointer { b in
            var i = 0
            var j = 0
            while i < aCount || j < bCount {
                if j == bCount || (i < aCount && a[i].id < b[j].id) {
                    if a[i].id != eliminated {
                        out[n] = a[i]
                        n += 1
                    }
                    i += 1
                } else if i == aCount || b[j].id < a[i].id {
                    let value = multiple * b[j].coefficient
                    if !Tolerance.isZero(value) {
                        out[n] = Cell(id: b[j].id, coefficient: value)
                        n += 1
                        addToColumn(b[j].id, row: target)
                    }
                    j += 1
                } else {
                    let value = a[i].coefficient + multiple * b[j].coefficient
                    if Tolerance.isZero(value) {
                        noteCancelled(a[i].id, inRow: target)
                    } else {
                        out[n] = Cell(id: a[i].id, coefficient: value)
                        n += 1
                    }
                    i += 1
                    j += 1
                }
            }
        }
        }
        rows[t].constant += multiple * rows[sourceIndex].constant
        values[Int(rows[t].basic)] = rows[t].constant
        rows[t].cells.removeAll(keepingCapacity: true)
        rows[t].cells.append(contentsOf: UnsafeBufferPointer(start: out, count: n))
    }

    // MARK: - Pivoting

    /// Makes `entering` basic in row `index` (whose basic symbol leaves) and eliminates it from
    /// every other row and from the objective.
    ///
    /// Row `b = c + a·e + Σ aⱼ·xⱼ` becomes `e = −c/a + (1/a)·b + Σ (−aⱼ/a)·xⱼ`.
    mutating func pivot(entering: Int32, row index: Int32) {
        let r = Int(index)
        let leaving = rows[r].basic
        let a = rows[r].coefficient(of: entering)
        pivotCount += 1
        precondition(a != 0, "pivot on a zero coefficient")
        let factor = -1 / a
        var cells: [Cell] = []
        cells.reserveCapacity(rows[r].cells.count)
        var placedLeaving = false
        for cell in rows[r].cells {
            if cell.id == entering { continue }
            if !placedLeaving && leaving < cell.id {
                cells.append(Cell(id: leaving, coefficient: 1 / a))
                placedLeaving = true
            }
            cells.append(Cell(id: cell.id, coefficient: cell.coefficient * factor))
        }
        if !placedLeaving {
            cells.append(Cell(id: leaving, coefficient: 1 / a))
        }
        rows[r].cells = cells
        rows[r].constant *= factor
        rows[r].basic = entering
        values[Int(entering)] = rows[r].constant
        values[Int(leaving)] = 0
        addToColumn(leaving, row: index)
        basicRow[Int(leaving)] = -1
        basicRow[Int(entering)] = index
        removeCandidate(entering)
        if isLoggingPivots { pivotLog.append((entering, leaving, index)) }
        substitute(entering, definedBy: index)
    }

    /// Replaces the now-basic `symbol` by its row everywhere else: in every row of its column
    /// and in the objective.
    mutating func substitute(_ symbol: Int32, definedBy index: Int32) {
        let s = Int(symbol)
        let column = columns[s]
        rowsTouched += Int(held[s])
        columns[s] = []
        held[s] = 0
        for target in column where target != index {
            // Junk: a row that no longer holds the symbol, or one already done.
            let coefficient = rows[Int(target)].coefficient(of: symbol)
            if coefficient == 0 { continue }
            addRow(index, times: coefficient, into: target, eliminating: symbol)
            let basic = rows[Int(target)].basic
            if isRestricted(basic) && rows[Int(target)].constant < -Tolerance.epsilon {
                infeasible.append(basic)
            }
        }
        substituteInObjective(symbol, definedBy: index)
    }

    /// `objective += d · row` for each level where the symbol's entry `d` is non-zero.
    mutating func substituteInObjective(_ symbol: Int32, definedBy index: Int32) {
        let s = Int(symbol)
        let base = s * stride
        var touched = false
        for slot in 0..<stride {
            let d = objective[base + slot]
            if d == 0 { continue }
            objective[base + slot] = 0
            touched = true
            let row = rows[Int(index)]
            objectiveValue[slot] += d * row.constant
            for cell in row.cells {
                let position = Int(cell.id) * stride + slot
                let value = objective[position] + d * cell.coefficient
                objective[position] = Tolerance.isZero(value) ? 0 : value
                if slot == 0 { artificialTouched.append(cell.id) }
            }
        }
        if touched {
            for cell in rows[Int(index)].cells { refreshCandidate(cell.id) }
        }
    }

    /// Adds `weight · symbol` to the objective at `slot`, in terms of parametric symbols.
    mutating func addToObjective(_ symbol: Int32, weight: Double, slot: Int) {
        let r = basicRow[Int(symbol)]
        if r < 0 {
            let position = Int(symbol) * stride + slot
            objective[position] += weight
            if Tolerance.isZero(objective[position]) { objective[position] = 0 }
            if slot == 0 { artificialTouched.append(symbol) }
            refreshCandidate(symbol)
        } else {
            let row = rows[Int(r)]
            objectiveValue[slot] += weight * row.constant
            for cell in row.cells {
                let position = Int(cell.id) * stride + slot
                objective[position] += weight * cell.coefficient
                if Tolerance.isZero(objective[position]) { objective[position] = 0 }
                if slot == 0 { artificialTouched.append(cell.id) }
                refreshCandidate(cell.id)
            }
        }
    }

    /// Clears the phase-1 objective (slot 0).
    mutating func clearArtificialObjective() {
        let touched = artificialTouched
        artificialTouched.removeAll(keepingCapacity: true)
        for symbol in touched {
            objective[Int(symbol) * stride] = 0
            refreshCandidate(symbol)
        }
        objectiveValue[0] = 0
    }

    // MARK: - Levels

    /// Grows the objective's stride so that `slot` fits.
    mutating func ensureSlot(_ slot: Int) {
        guard slot >= stride else { return }
        var newStride = stride
        while newStride <= slot { newStride *= 2 }
        let symbolCount = kinds.count
        var grown = [Double](repeating: 0, count: symbolCount * newStride)
        for s in 0..<symbolCount {
            for k in 0..<stride { grown[s * newStride + k] = objective[s * stride + k] }
        }
        objective = grown
        objectiveValue += [Double](repeating: 0, count: newStride - stride)
        stride = newStride
    }

    /// Zeroes one level's entries for every symbol (a slot about to be reused).
    mutating func zeroSlot(_ slot: Int) {
        for s in 0..<kinds.count { objective[s * stride + slot] = 0 }
        objectiveValue[slot] = 0
    }

    // MARK: - Reduced costs

    /// The rank (position in `levelOrder`) and value of the first non-zero entry of a
    /// symbol's reduced-cost vector, or nil when every entry is zero.
    @inline(__always)
    func leadingEntry(_ symbol: Int32) -> (rank: Int, value: Double)? {
        let base = Int(symbol) * stride
        for rank in 0..<levelOrder.count {
            let value = objective[base + levelOrder[rank]]
            if value != 0 && !Tolerance.isZero(value) { return (rank, value) }
        }
        return nil
    }

    mutating func refreshCandidate(_ symbol: Int32) {
        let s = Int(symbol)
        let kind = kinds[s]
        var negative = false
        if basicRow[s] < 0 && kind != .external && kind != .dummy, let entry = leadingEntry(symbol) {
            negative = entry.value < 0
        }
        if negative {
            if candidatePosition[s] < 0 {
                candidatePosition[s] = Int32(candidates.count)
                candidates.append(symbol)
            }
        } else {
            removeCandidate(symbol)
        }
    }

    mutating func removeCandidate(_ symbol: Int32) {
        let position = Int(candidatePosition[Int(symbol)])
        guard position >= 0 else { return }
        let last = candidates.removeLast()
        if last != symbol {
            candidates[position] = last
            candidatePosition[Int(last)] = Int32(position)
        }
        candidatePosition[Int(symbol)] = -1
    }

    // MARK: - Primal simplex

    /// Pivots until no symbol can improve the lexicographic objective.
    ///
    /// Entering rule: the most negative reduced cost at the highest level that has one
    /// (Dantzig; in phase 1, the shortest column among the symbols that reduce the artificial
    /// objective), falling back to the lowest id (Bland) after a run of degenerate pivots, which
    /// rules out cycling. Leaving rule: the minimum ratio `−constant/coefficient` over the
    /// restricted rows of the entering column, ties to the lowest basic id.
    /// - Returns: false if some candidate could grow without bound (only possible for an
    ///   objective that is not bounded below, as in a range query).
    @discardableResult
    mutating func optimize() -> Bool {
        var degenerateRun = 0
        while true {
            guard let entering = chooseEntering(bland: degenerateRun >= Tableau.degeneratePivotLimit) else {
                return true
            }
            guard let (leaving, ratio) = leavingRow(for: entering) else {
                return false
            }
            degenerateRun = ratio <= Tolerance.epsilon ? degenerateRun + 1 : 0
            pivot(entering: entering, row: leaving)
        }
    }

    func chooseEntering(bland: Bool) -> Int32? {
        var best: Int32 = -1
        var bestRank = 0
        for symbol in candidates {
            guard let entry = leadingEntry(symbol), entry.value < 0 else { continue }
            if best < 0 {
                best = symbol
                bestRank = entry.rank
            } else if bland {
                if symbol < best { best = symbol }
            } else if entry.rank == 0 && bestRank == 0 {
                // Phase 1 only seeks feasibility: of the symbols that reduce the artificial
                // objective, the one held by the fewest rows makes the cheapest pivot (a
                // shared symbol's column spans every row that depends on it).
                let a = held[Int(symbol)]
                let b = held[Int(best)]
                if a < b || (a == b && isLexicographicallySmaller(symbol, than: best)) {
                    best = symbol
                }
            } else if isLexicographicallySmaller(symbol, than: best) {
                best = symbol
                bestRank = entry.rank
            }
        }
        return best < 0 ? nil : best
    }

    /// Compares two reduced-cost vectors level by level (the most negative wins at the first
    /// level where they differ); ties go to the lower id. Among symbols that improve the top
    /// level equally, this prefers the one that costs the lower levels least.
    @inline(__always)
    func isLexicographicallySmaller(_ a: Int32, than b: Int32) -> Bool {
        let aBase = Int(a) * stride
        let bBase = Int(b) * stride
        for slot in levelOrder {
            let x = objective[aBase + slot]
            let y = objective[bBase + slot]
            if abs(x - y) > Tolerance.epsilon { return x < y }
        }
        return a < b
    }

    func leavingRow(for entering: Int32) -> (row: Int32, ratio: Double)? {
        var best: Int32 = -1
        var bestRatio = Double.infinity
        var bestBasic = Int32.max
        for index in columns[Int(entering)] {
            let row = rows[Int(index)]
            // Junk in the column: a dropped row (no basic symbol) or a zero coefficient, below.
            guard row.basic >= 0 && isRestricted(row.basic) else { continue }
            let coefficient = row.coefficient(of: entering)
            // A basic dummy (a redundant required equality) must stay at zero: it blocks the
            // entering symbol at once, whatever the sign of its coefficient.
            let isDummyRow = kinds[Int(row.basic)] == .dummy
            guard coefficient < -Tolerance.epsilon || (isDummyRow && coefficient > Tolerance.epsilon) else { continue }
            let ratio = isDummyRow ? 0 : max(0, -row.constant / coefficient)
            if ratio < bestRatio || (ratio == bestRatio && row.basic < bestBasic) {
                best = index
                bestRatio = ratio
                bestBasic = row.basic
            }
        }
        return best < 0 ? nil : (best, bestRatio)
    }

    // MARK: - Dual simplex

    /// Restores feasibility after constants changed, keeping the objective optimal.
    ///
    /// For each restricted row with a negative constant, the entering symbol is the one with a
    /// positive coefficient `a` whose reduced-cost vector `d/a` is lexicographically smallest.
    /// - Returns: false if some row can never become non-negative: the required constraints
    ///   cannot all hold.
    mutating func dualOptimize() -> Bool {
        while let basic = infeasible.popLast() {
            let index = basicRow[Int(basic)]
            guard index >= 0 else { continue }
            let row = rows[Int(index)]
            guard row.constant < -Tolerance.epsilon else { continue }
            var best: Int32 = -1
            var bestCoefficient = 0.0
            for cell in row.cells {
                let id = cell.id
                let coefficient = cell.coefficient
                guard coefficient > Tolerance.epsilon else { continue }
                let kind = kinds[Int(id)]
                guard kind != .dummy && kind != .external else { continue }
                if best < 0 || dualRatioIsSmaller(id, coefficient, than: best, bestCoefficient) {
                    best = id
                    bestCoefficient = coefficient
                }
            }
            if best < 0 {
                infeasible.append(basic)
                return false
            }
            pivot(entering: best, row: index)
        }
        return true
    }

    func dualRatioIsSmaller(_ a: Int32, _ aCoefficient: Double, than b: Int32, _ bCoefficient: Double) -> Bool {
        let aBase = Int(a) * stride
        let bBase = Int(b) * stride
        for slot in levelOrder {
            let x = objective[aBase + slot] / aCoefficient
            let y = objective[bBase + slot] / bCoefficient
            if abs(x - y) > Tolerance.epsilon { return x < y }
        }
        return a < b
    }

    // MARK: - Constant shifts

    /// Substitutes `marker = marker′ + shift` everywhere (a constraint's constant changed):
    /// rows that hold the marker move by `coefficient · shift`, its own row (if basic) by
    /// `−shift`; rows that go negative are queued for the dual simplex.
    /// - Complexity: O(column length · log row length).
    mutating func shift(_ marker: Int32, by shift: Double) {
        let index = basicRow[Int(marker)]
        if index >= 0 {
            rows[Int(index)].constant -= shift
            values[Int(marker)] = rows[Int(index)].constant
            if isRestricted(marker) && rows[Int(index)].constant < -Tolerance.epsilon {
                infeasible.append(marker)
            }
            return
        }
        // The hot loop of an edit (a suggestion moves every row that depends on the edited
        // variable): through buffer pointers, without a uniqueness check per row.
        let rowIndices = column(marker)
        var negative: [Int32] = []
        let kinds = self.kinds
        values.withUnsafeMutableBufferPointer { values in
            rows.withUnsafeMutableBufferPointer { rows in
                for index in rowIndices {
                    let r = Int(index)
                    let constant = rows[r].constant + rows[r].coefficientNearEnd(of: marker) * shift
                    rows[r].constant = constant
                    let basic = Int(rows[r].basic)
                    values[basic] = constant
                    if constant < -Tolerance.epsilon && kinds[basic] != .external {
                        negative.append(Int32(basic))
                    }
                }
            }
        }
        infeasible.append(contentsOf: negative)
    }

    // MARK: - Undo

    /// Reverses the logged pivots, newest first, and clears the log.
    mutating func undoLoggedPivots() {
        let log = pivotLog
        pivotLog.removeAll()
        let wasLogging = isLoggingPivots
        isLoggingPivots = false
        for step in log.reversed() {
            pivot(entering: step.leaving, row: step.row)
        }
        isLoggingPivots = wasLogging
        infeasible.removeAll()
    }
}

/// The output buffers of row merges: allocated once per tableau and grown as needed, so that
/// a merge writes without bounds or uniqueness checks and copies the result into the target
/// row's own storage.
final class MergeScratch {
    private(set) var cells: UnsafeMutablePointer<Cell>
    private var capacity: Int

    init() {
        capacity = 64
        cells = .allocate(capacity: capacity)
    }

    deinit { cells.deallocate() }

    @inline(__always)
    func reserve(_ count: Int) {
        guard count > capacity else { return }
        cells.deallocate()
        capacity = max(count, capacity * 2)
        cells = .allocate(capacity: capacity)
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
        for (index, row) in rows.enumerated() where row.basic >= 0 {
            let basic = Int(row.basic)
            if basicRow[basic] != Int32(index) { problems.append("row \(index): basic \(basic) says row \(basicRow[basic])") }
            if values[basic] != row.constant { problems.append("row \(index): value \(values[basic]) ≠ constant \(row.constant)") }
            for k in row.cells.indices {
                let id = row.cells[k].id
                if k > 0 && row.cells[k - 1].id >= id { problems.append("row \(index): cells out of order") }
                if row.cells[k].coefficient == 0 { problems.append("row \(index): zero cell \(id)") }
                if basicRow[Int(id)] >= 0 { problems.append("row \(index): basic symbol \(id) in a cell") }
                holding[Int(id)] += 1
                rowHolds.insert(Int64(id) << 32 | Int64(index))
            }
        }
        for symbol in kinds.indices {
            if Int(held[symbol]) != holding[symbol] {
                problems.append("symbol \(symbol): held \(held[symbol]), rows holding it \(holding[symbol])")
            }
            let listed = Set(columns[symbol].filter { rowHolds.contains(Int64(symbol) << 32 | Int64($0)) })
            if listed.count != holding[symbol] { problems.append("symbol \(symbol): column misses rows") }
            if basicRow[symbol] < 0 && values[symbol] != 0 { problems.append("symbol \(symbol): parametric at \(values[symbol])") }
        }
        return problems
    }
}
