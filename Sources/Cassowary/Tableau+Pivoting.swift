/// Pivoting: making a symbol basic and substituting its row everywhere else, and the objective
/// kept in terms of the parametric symbols.
extension Tableau {
    // MARK: - Pivoting

    /// Makes `entering` basic in row `index` (whose basic symbol leaves) and eliminates it from
    /// every other row and from the objective.
    ///
    /// Row `b = c + a·e + Σ aⱼ·xⱼ` becomes `e = −c/a + (1/a)·b + Σ (−aⱼ/a)·xⱼ`.
    mutating func pivot(entering: Symbol, row index: Int32) {
        // A marker enters only to be taken out or in phase 1's last resort: every row that
        // holds it must show it.
        if kinds[entering.index] == .dummy { extractMarker(entering) }
        let r = Int(index)
        let leaving = rows[r].basic!
        let a = rows[r].coefficient(of: entering)
        pivotCount += 1
        precondition(a != 0, "pivot on a zero coefficient")
        let factor = -1 / a
        var cells: [Cell] = []
        cells.reserveCapacity(rows[r].cells.count + Row.slack)
        var placedLeaving = false
        for cell in rows[r].cells {
            if cell.symbol == entering { continue }
            if !placedLeaving && leaving < cell.symbol {
                cells.append(Cell(symbol: leaving, coefficient: 1 / a))
                placedLeaving = true
            }
            cells.append(Cell(symbol: cell.symbol, coefficient: cell.coefficient * factor))
        }
        if !placedLeaving {
            cells.append(Cell(symbol: leaving, coefficient: 1 / a))
        }
        rows[r].cells = cells
        rows[r].constant *= factor
        if rows[r].markers >= 0 {
            rows[r].markers = markerNodes.make([(MarkerNodes.node(rows[r].markers), factor)], row: index)
            factoredGeneration &+= 1
        }
        rows[r].basic = entering
        values[entering.index] = rows[r].constant
        values[leaving.index] = 0
        addToColumn(leaving, row: index)
        basicRow[leaving.index] = -1
        basicRow[entering.index] = index
        removeCandidate(entering)
        if isLoggingPivots { pivotLog.append((entering, leaving, index)) }
        substitute(entering, definedBy: index)
        collectMarkerNodesIfNeeded()
    }

    /// Replaces the now-basic `symbol` by its row everywhere else: in every row of its column
    /// and in the objective.
    mutating func substitute(_ symbol: Symbol, definedBy index: Int32) {
        let s = symbol.index
        let column = scratch.copyRows(of: s, in: columns)
        rowsTouched += Int(held(symbol))
        clearColumn(symbol)
        for target in column where target != index {
            // Junk: a row that no longer holds the symbol, or one already done.
            let coefficient = rows[Int(target)].coefficient(of: symbol)
            if coefficient == 0 { continue }
            addRow(index, times: coefficient, into: target, eliminating: symbol)
            let basic = rows[Int(target)].basic!
            if isRestricted(basic) && rows[Int(target)].constant < -Tolerance.epsilon {
                infeasible.append(basic)
            }
        }
        substituteInObjective(symbol, definedBy: index)
    }

    /// `objective += d · row` for each level where the symbol's entry `d` is non-zero.
    mutating func substituteInObjective(_ symbol: Symbol, definedBy index: Int32) {
        let s = symbol.index
        let base = s * stride
        var touched = false
        for slot in 0..<stride {
            let d = objective[base + slot]
            if d == 0 { continue }
            objective[base + slot] = 0
            touched = true
            let row = rows[Int(index)]
            objectiveValue[slot] += d * row.constant
            if row.markers >= 0 { objectiveMarkerParts.append((slot, row.markers, d)) }
            for cell in row.cells {
                let position = cell.symbol.index * stride + slot
                let value = objective[position] + d * cell.coefficient
                objective[position] = Tolerance.isZero(value) ? 0 : value
                if slot == 0 { artificialTouched.append(cell.symbol) }
            }
        }
        if touched {
            objectiveChanged()
            for cell in rows[Int(index)].cells { refreshCandidate(cell.symbol) }
        }
    }

    /// Adds `weight · symbol` to the objective at `slot`, in terms of parametric symbols.
    mutating func addToObjective(_ symbol: Symbol, weight: Double, slot: Int) {
        objectiveChanged()
        let r = basicRow[symbol.index]
        if r < 0 {
            let position = symbol.index * stride + slot
            objective[position] += weight
            if Tolerance.isZero(objective[position]) { objective[position] = 0 }
            if slot == 0 { artificialTouched.append(symbol) }
            refreshCandidate(symbol)
        } else {
            let row = rows[Int(r)]
            objectiveValue[slot] += weight * row.constant
            if row.markers >= 0 { objectiveMarkerParts.append((slot, row.markers, weight)) }
            for cell in row.cells {
                let position = cell.symbol.index * stride + slot
                objective[position] += weight * cell.coefficient
                if Tolerance.isZero(objective[position]) { objective[position] = 0 }
                if slot == 0 { artificialTouched.append(cell.symbol) }
                refreshCandidate(cell.symbol)
            }
        }
    }

    /// Clears the phase-1 objective (slot 0).
    mutating func clearArtificialObjective() {
        objectiveChanged()
        let touched = artificialTouched
        artificialTouched.removeAll(keepingCapacity: true)
        objectiveMarkerParts.removeAll { $0.slot == 0 }
        for symbol in touched {
            objective[symbol.index * stride] = 0
            refreshCandidate(symbol)
        }
        objectiveValue[0] = 0
    }

    // MARK: - Levels

    /// Grows the objective's stride so that `slot` fits.
    mutating func ensureSlot(_ slot: Int) {
        guard slot >= stride else { return }
        objectiveChanged()
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
        objectiveChanged()
        for s in 0..<kinds.count { objective[s * stride + slot] = 0 }
        objectiveMarkerParts.removeAll { $0.slot == slot }
        objectiveValue[slot] = 0
    }
}
