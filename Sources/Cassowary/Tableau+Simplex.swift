/// What `Tableau.freedom(ofRow:nudgeSlot:)` found.
enum RowFreedom { case external, zeroCost }

/// The simplex steps: reduced costs and entering candidates, the primal simplex (optimise), the
/// dual simplex (restore feasibility after constants moved), constant shifts, undo.
extension Tableau {
    // MARK: - Reduced costs

    /// The rank (position in `levelOrder`) and value of the first non-zero entry of a
    /// symbol's reduced-cost vector, or nil when every entry is zero.
    @inline(__always)
    func leadingEntry(_ symbol: Symbol) -> (rank: Int, value: Double)? {
        let base = symbol.index * stride
        for rank in 0..<levelOrder.count {
            let value = objective[base + levelOrder[rank]]
            if value != 0 && !Tolerance.isZero(value) { return (rank, value) }
        }
        return nil
    }

    /// Whether a slack or error symbol's reduced cost is zero at every level but phase 1's and
    /// the nudges' (`nudgeSlot`, always the solver's own: answers are kept, `zeroCostMemo`,
    /// until the objective changes).
    mutating func hasZeroCost(_ s: Int, nudgeSlot: Int?) -> Bool {
        let (generation, stride, nudge) = (objectiveGeneration, stride, nudgeSlot ?? -1)
        return zeroCostMemo.withUnsafeMutableBufferPointer { memo in
            objective.withUnsafeBufferPointer { objective in
                levelOrder.withUnsafeBufferPointer { levels in
                    Tableau.hasZeroCost(s, memo, generation, objective, stride, levels, nudge)
                }
            }
        }
    }

    /// `hasZeroCost` on buffers: the kept answer when it is of this generation, else the
    /// reduced cost looked at level by level (all but phase 1's and `nudge`) and kept.
    @inline(__always)
    static func hasZeroCost(_ s: Int, _ memo: UnsafeMutableBufferPointer<UInt64>, _ generation: UInt64,
                            _ objective: UnsafeBufferPointer<Double>, _ stride: Int,
                            _ levels: UnsafeBufferPointer<Int>, _ nudge: Int) -> Bool {
        if memo[s] >> 1 == generation { return memo[s] & 1 == 1 }
        var zero = true
        for level in 0..<levels.count where levels[level] != 0 && levels[level] != nudge {
            if !Tolerance.isZero(objective[s * stride + levels[level]]) {
                zero = false
                break
            }
        }
        memo[s] = generation << 1 | (zero ? 1 : 0)
        return zero
    }

    /// What keeps a basic symbol's value from being unique, looking along its row in order:
    /// the first parametric external symbol or zero-cost slack or error met; nil for neither.
    /// - Complexity: O(row length), one pass over buffers rather than a loop of solver calls,
    ///   each reaching into the tableau.
    mutating func freedom(ofRow index: Int32, nudgeSlot: Int?) -> RowFreedom? {
        let generation = objectiveGeneration
        let stride = stride
        let nudge = nudgeSlot ?? -1
        return rows[Int(index)].cells.withUnsafeBufferPointer { cells in
        kinds.withUnsafeBufferPointer { kinds in
        zeroCostMemo.withUnsafeMutableBufferPointer { memo in
        objective.withUnsafeBufferPointer { objective in
        levelOrder.withUnsafeBufferPointer { levels in
            for k in 0..<cells.count {
                let s = cells[k].symbol.index
                switch kinds[s] {
                case .external: return .external
                case .slack, .error:
                    if Tableau.hasZeroCost(s, memo, generation, objective, stride, levels, nudge) { return .zeroCost }
                default: continue
                }
            }
            return nil
        }
        }
        }
        }
        }
    }

    /// Whether solving `row` (`0 = constant + Σ aⱼ·xⱼ`) for `subject` and putting it in the
    /// objective would give one of the row's other restricted symbols a negative reduced cost
    /// (an entering candidate). Each `xⱼ` gains `obj[subject] · (−aⱼ/a)`, in either sign of
    /// the row. Mutating only so that a call on `solver.tableau` does not copy the tableau.
    mutating func leavesImprovement(_ row: RowBuilder, solvedFor subject: Symbol) -> Bool {
        let subjectBase = subject.index * stride
        let factor = -1 / row.coefficient(of: subject)
        for k in row.symbols.indices where row.symbols[k] != subject {
            let symbol = row.symbols[k]
            let kind = kinds[symbol.index]
            if kind == .external || kind == .dummy { continue }
            let base = symbol.index * stride
            let b = row.coefficients[k] * factor
            for slot in levelOrder {
                let value = objective[base + slot] + objective[subjectBase + slot] * b
                if value != 0 && !Tolerance.isZero(value) {
                    if value < 0 { return true }
                    break
                }
            }
        }
        return false
    }

    mutating func refreshCandidate(_ symbol: Symbol) {
        let s = symbol.index
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

    mutating func removeCandidate(_ symbol: Symbol) {
        let position = Int(candidatePosition[symbol.index])
        guard position >= 0 else { return }
        let last = candidates.removeLast()
        if last != symbol {
            candidates[position] = last
            candidatePosition[last.index] = Int32(position)
        }
        candidatePosition[symbol.index] = -1
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

    func chooseEntering(bland: Bool) -> Symbol? {
        var chosen: Symbol?
        var bestRank = 0
        for symbol in candidates {
            guard let entry = leadingEntry(symbol), entry.value < 0 else { continue }
            guard let best = chosen else {
                chosen = symbol
                bestRank = entry.rank
                continue
            }
            if bland {
                if symbol < best { chosen = symbol }
            } else if entry.rank == 0 && bestRank == 0 {
                // Phase 1 only seeks feasibility: of the symbols that reduce the artificial
                // objective, the one held by the fewest rows makes the cheapest pivot (a
                // shared symbol's column spans every row that depends on it).
                let a = held(symbol)
                let b = held(best)
                if a < b || (a == b && isLexicographicallySmaller(symbol, than: best)) {
                    chosen = symbol
                }
            } else if isLexicographicallySmaller(symbol, than: best) {
                chosen = symbol
                bestRank = entry.rank
            }
        }
        return chosen
    }

    /// Compares two reduced-cost vectors level by level (the most negative wins at the first
    /// level where they differ); ties go to the lower id. Among symbols that improve the top
    /// level equally, this prefers the one that costs the lower levels least.
    @inline(__always)
    func isLexicographicallySmaller(_ a: Symbol, than b: Symbol) -> Bool {
        let aBase = a.index * stride
        let bBase = b.index * stride
        for slot in levelOrder {
            let x = objective[aBase + slot]
            let y = objective[bBase + slot]
            if abs(x - y) > Tolerance.epsilon { return x < y }
        }
        return a < b
    }

    func leavingRow(for entering: Symbol) -> (row: Int32, ratio: Double)? {
        var best: Int32 = -1
        var bestRatio = Double.infinity
        var bestBasic = Symbol(Int32.max)
        columns.withRows(entering.index) { column in
            for index in column {
                let row = rows[Int(index)]
                // Junk in the column: a dropped row (no basic symbol) or a zero coefficient, below.
                guard let basic = row.basic, isRestricted(basic) else { continue }
                let coefficient = row.coefficient(of: entering)
                // A basic dummy (a redundant required equality) must stay at zero: it blocks the
                // entering symbol at once, whatever the sign of its coefficient.
                let isDummyRow = kinds[basic.index] == .dummy
                guard coefficient < -Tolerance.epsilon || (isDummyRow && coefficient > Tolerance.epsilon) else { continue }
                let ratio = isDummyRow ? 0 : max(0, -row.constant / coefficient)
                if ratio < bestRatio || (ratio == bestRatio && basic < bestBasic) {
                    best = index
                    bestRatio = ratio
                    bestBasic = basic
                }
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
            let index = basicRow[basic.index]
            guard index >= 0 else { continue }
            let row = rows[Int(index)]
            guard row.constant < -Tolerance.epsilon else { continue }
            var chosen: (symbol: Symbol, coefficient: Double)?
            for cell in row.cells {
                let coefficient = cell.coefficient
                guard coefficient > Tolerance.epsilon else { continue }
                let kind = kinds[cell.symbol.index]
                guard kind != .dummy && kind != .external else { continue }
                if let best = chosen, !dualRatioIsSmaller(cell.symbol, coefficient, than: best.symbol, best.coefficient) { continue }
                chosen = (cell.symbol, coefficient)
            }
            guard let entering = chosen?.symbol else {
                infeasible.append(basic)
                return false
            }
            pivot(entering: entering, row: index)
        }
        return true
    }

    func dualRatioIsSmaller(_ a: Symbol, _ aCoefficient: Double, than b: Symbol, _ bCoefficient: Double) -> Bool {
        let aBase = a.index * stride
        let bBase = b.index * stride
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
    mutating func shift(_ marker: Symbol, by shift: Double) {
        let index = basicRow[marker.index]
        if index >= 0 {
            rows[Int(index)].constant -= shift
            values[marker.index] = rows[Int(index)].constant
            if isRestricted(marker) && rows[Int(index)].constant < -Tolerance.epsilon {
                infeasible.append(marker)
            }
            return
        }
        // The hot loop of an edit (a suggestion moves every row that depends on the edited
        // variable): through buffer pointers, without a uniqueness check per row.
        let rowIndices = column(marker)
        var negative: [Symbol] = []
        let kinds = self.kinds
        values.withUnsafeMutableBufferPointer { values in
            rows.withUnsafeMutableBufferPointer { rows in
                for index in rowIndices {
                    let r = Int(index)
                    let constant = rows[r].constant + rows[r].coefficientNearEnd(of: marker) * shift
                    rows[r].constant = constant
                    let basic = rows[r].basic!
                    values[basic.index] = constant
                    if constant < -Tolerance.epsilon && kinds[basic.index] != .external {
                        negative.append(basic)
                    }
                }
            }
        }
        infeasible.append(contentsOf: negative)
    }

    /// After `shift(marker, …)`: a row the shift reached whose basic symbol is a dummy (a
    /// redundant required equality's marker, whose row holds markers only) and whose constant
    /// is no longer zero, or nil.
    mutating func inconsistentMarkerRow(touchedBy marker: Symbol) -> Int32? {
        let index = basicRow[marker.index]
        let reached = index >= 0 ? [index] : column(marker)
        for row in reached {
            guard let basic = rows[Int(row)].basic, kinds[basic.index] == .dummy else { continue }
            if abs(rows[Int(row)].constant) > Tolerance.epsilon && rows[Int(row)].cells.allSatisfy({ kinds[$0.symbol.index] == .dummy }) {
                return row
            }
        }
        return nil
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
