/// Taking constraints out of the tableau, constant shifts, and the priority levels.
extension Solver {
    // MARK: - Extraction

    /// Takes a constraint out of the tableau (without re-optimising).
    ///
    /// The marker is made basic (choosing the row so that the other rows stay feasible) and its
    /// row dropped; the remaining rows then span exactly the system without this constraint.
    func extract(_ record: ConstraintRecord, id: ConstraintID) {
        for error in record.errorSymbols(in: tableau) {
            tableau.addToObjective(error, weight: -1, slot: record.slot)
        }
        let marker = record.marker
        let markerRow = tableau.basicRow[marker.index]
        if markerRow >= 0 {
            tableau.dropRow(markerRow)
        } else if let (index, unrestricted) = markerLeavingRow(marker) {
            let leaving = tableau.rows[Int(index)].basic!
            tableau.pivot(entering: marker, row: index)
            tableau.dropRow(index)
            if unrestricted { restoreFreeVariable(leaving) }
        }
        if let other = record.other {
            let otherRow = tableau.basicRow[other.index]
            if otherRow >= 0 { tableau.dropRow(otherRow) }
            tableau.releaseSymbol(other)
        }
        tableau.releaseSymbol(marker)
        if record.slot >= 0 { releaseSlot(record.slot) }
        model.records[Int(id.index)] = nil
        model.connectionIndex = nil
        model.liveConstraintCount -= 1
        if !tableau.infeasible.isEmpty { _ = tableau.dualOptimize() }
    }

    /// The row in which to make a parametric marker basic before dropping it: the restricted
    /// row that first blocks the marker growing, else the one that first blocks it shrinking,
    /// else an unrestricted row.
    private func markerLeavingRow(_ marker: Symbol) -> (row: Int32, unrestricted: Bool)? {
        var first: (row: Int32, ratio: Double, basic: Symbol)?
        var second: (row: Int32, ratio: Double, basic: Symbol)?
        var third: (row: Int32, basic: Symbol)?
        var dummy: (row: Int32, basic: Symbol)?
        for index in tableau.column(marker) {
            let row = tableau.rows[Int(index)]
            let basic = row.basic!
            let coefficient = row.coefficient(of: marker)
            if tableau.kinds[basic.index] == .dummy {
                // A basic dummy must stay at zero: the marker cannot move in either direction.
                if dummy == nil || basic < dummy!.basic { dummy = (index, basic) }
            } else if tableau.kinds[basic.index] == .external {
                if third == nil || basic < third!.basic { third = (index, basic) }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if first == nil || ratio < first!.ratio || (ratio == first!.ratio && basic < first!.basic) {
                    first = (index, ratio, basic)
                }
            } else {
                let ratio = row.constant / coefficient
                if second == nil || ratio < second!.ratio || (ratio == second!.ratio && basic < second!.basic) {
                    second = (index, ratio, basic)
                }
            }
        }
        if let dummy { return (dummy.row, false) }
        if let first { return (first.row, false) }
        if let second { return (second.row, false) }
        if let third { return (third.row, true) }
        return nil
    }

    /// Keeps the invariant that a parametric external symbol appears in no restricted row: if
    /// it does, it is pivoted into the restricted row that first blocks its move (in either
    /// direction, as it is unrestricted), which keeps every row feasible.
    private func restoreFreeVariable(_ symbol: Symbol) {
        var best: Int32 = -1
        var bestRatio = Double.infinity
        var bestBasic = Symbol(Int32.max)
        for index in tableau.column(symbol) {
            let row = tableau.rows[Int(index)]
            guard let basic = row.basic, tableau.kinds[basic.index] != .external else { continue }
            let coefficient = row.coefficient(of: symbol)
            let ratio = max(0, coefficient < 0 ? -row.constant / coefficient : row.constant / coefficient)
            if ratio < bestRatio || (ratio == bestRatio && basic < bestBasic) {
                best = index
                bestRatio = ratio
                bestBasic = basic
            }
        }
        if best >= 0 { tableau.pivot(entering: symbol, row: best) }
    }

    // MARK: - Constant shifts

    /// Applies a change `delta` of the expression constant: with the row `c + L + k·m = 0`, the
    /// new constant is the old system with `m = m′ + δ/k` (δ negated if the row was negated).
    func shiftMarker(of record: ConstraintRecord, by delta: Double) {
        tableau.shift(record.marker, by: (record.reversed ? -delta : delta) / record.markerCoefficient)
    }

    /// After a failed dual simplex: the constraints behind the row that cannot become
    /// non-negative (its basic symbol's and its cells').
    func infeasibleRowCertificate() -> [ConstraintID] {
        guard let basic = tableau.infeasible.last else { return [] }
        let index = tableau.basicRow[basic.index]
        guard index >= 0 else { return [] }
        return owners(of: [basic] + tableau.wholeSymbols(ofRow: index))
    }

    // MARK: - Priority levels

    func acquireSlot(for priority: Priority) -> Int {
        if let slot = levels.slotForPriority[priority] {
            levels.slotUseCount[slot] += 1
            return slot
        }
        let slot: Int
        if let reused = levels.retiredSlots.popLast() {
            slot = reused
            tableau.zeroSlot(slot)
        } else {
            slot = levels.slotPriority.count
            levels.slotPriority.append(nil)
            levels.slotUseCount.append(0)
            tableau.ensureSlot(slot)
        }
        levels.slotPriority[slot] = priority
        levels.slotForPriority[priority] = slot
        levels.slotUseCount[slot] = 1
        rebuildLevelOrder()
        return slot
    }

    func releaseSlot(_ slot: Int) {
        levels.slotUseCount[slot] -= 1
        guard levels.slotUseCount[slot] == 0, let priority = levels.slotPriority[slot] else { return }
        levels.slotForPriority[priority] = nil
        levels.slotPriority[slot] = nil
        levels.retiredSlots.append(slot)
        rebuildLevelOrder()
    }

    private func rebuildLevelOrder() {
        let used = levels.slotPriority.indices.dropFirst().filter { levels.slotPriority[$0] != nil }
        tableau.levelOrder = [0] + used.sorted { levels.slotPriority[$0]! > levels.slotPriority[$1]! }
        tableau.objectiveChanged()
        levels.nudgeSlot = levels.slotForPriority[Solver.nudgePriority]
    }
}

