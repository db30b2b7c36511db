/// Turning constraints into tableau rows and back: validation, insertion (with phase 1 when no
/// subject can be found), extraction, and constant shifts.
extension Solver {
    // MARK: - Validation

    static let constantLimit = 1e10

    func validated(_ constraint: Constraint) throws -> Constraint {
        try validatePriority(constraint.priority)
        try validateConstant(constraint.expression.constant)
        var coefficients: [Int32: Double] = [:]
        var order: [Variable] = []
        for term in constraint.expression.terms {
            try validateVariable(term.variable)
            guard term.coefficient.isFinite else {
                throw SolverError.nonFiniteCoefficient(term.variable, term.coefficient)
            }
            guard abs(term.coefficient) <= Solver.constantLimit else {
                throw SolverError.constantOutOfRange(term.coefficient)
            }
            if coefficients[term.variable.index] == nil { order.append(term.variable) }
            coefficients[term.variable.index, default: 0] += term.coefficient
        }
        var result = constraint
        result.expression.terms = order.compactMap { variable in
            let coefficient = coefficients[variable.index]!
            return coefficient == 0 ? nil : Term(variable, coefficient)
        }
        return result
    }

    func validateConstant(_ constant: Double) throws {
        guard constant.isFinite else { throw SolverError.nonFiniteConstant(constant) }
        guard abs(constant) <= Solver.constantLimit else { throw SolverError.constantOutOfRange(constant) }
    }

    func validatePriority(_ priority: Priority) throws {
        guard priority > 0 && priority <= .required else { throw SolverError.invalidPriority(priority) }
    }

    func validateVariable(_ variable: Variable) throws {
        guard variable.index >= 0 && Int(variable.index) < variableSymbols.count else {
            throw SolverError.unknownVariable(variable)
        }
    }

    // MARK: - Insertion

    /// Puts a validated constraint into the tableau under `id` and re-optimises.
    /// - Returns: nil on success; for a required constraint that cannot hold, a sufficient
    ///   (not yet minimal) conflicting set, with the tableau left exactly as it was.
    func insert(_ constraint: Constraint, id: ConstraintID) -> [ConstraintID]? {
        // 1. The expression, with every basic variable replaced by its row.
        var builder = RowBuilder(constant: constraint.expression.constant)
        var scale = abs(constraint.expression.constant)
        for term in constraint.expression.terms {
            let symbol = variableSymbols[Int(term.variable.index)]
            let index = tableau.basicRow[Int(symbol)]
            if index < 0 {
                builder.add(symbol, term.coefficient)
            } else {
                let row = tableau.rows[Int(index)]
                builder.add(row, times: term.coefficient)
                scale = max(scale, abs(row.constant * term.coefficient))
            }
        }

        // 2. Slack, error and marker symbols (the markers identify the row later).
        let owner = id.index
        let slot = constraint.isRequired ? -1 : acquireSlot(for: constraint.priority)
        var marker: Int32
        var other: Int32 = -1
        var markerCoefficient: Double
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // expr <= 0  ⇔  expr + slack = 0;  expr >= 0  ⇔  expr − slack = 0.
            markerCoefficient = constraint.relation == .lessThanOrEqual ? 1 : -1
            marker = tableau.makeSymbol(.slack, owner: owner)
            builder.add(marker, markerCoefficient)
            if slot >= 0 {
                other = tableau.makeSymbol(.error, owner: owner)
                builder.add(other, -markerCoefficient)
                tableau.addToObjective(other, weight: 1, slot: slot)
            }
        case .equal:
            if slot >= 0 {
                // expr = e⁺ − e⁻, both errors weighted 1 at the constraint's level.
                marker = tableau.makeSymbol(.error, owner: owner)
                other = tableau.makeSymbol(.error, owner: owner)
                markerCoefficient = -1
                builder.add(marker, -1)
                builder.add(other, 1)
                tableau.addToObjective(marker, weight: 1, slot: slot)
                tableau.addToObjective(other, weight: 1, slot: slot)
            } else {
                marker = tableau.makeSymbol(.dummy, owner: owner)
                markerCoefficient = 1
                builder.add(marker, 1)
            }
        }
        var reversed = false
        if builder.constant < 0 {
            builder.negate()
            reversed = true
            markerCoefficient = -markerCoefficient
        }
        let record = ConstraintRecord(constraint: constraint, marker: marker, other: other,
                                      markerCoefficient: markerCoefficient, reversed: reversed, slot: slot)

        // 3. A subject: an external symbol, else a new slack or error with a negative
        //    coefficient (its value is then constant/−coefficient ≥ 0).
        var subject: Int32 = -1
        for id in builder.ids where tableau.kinds[Int(id)] == .external {
            subject = id
            break
        }
        if subject < 0 {
            for candidate in [marker, other] where candidate >= 0 {
                let kind = tableau.kinds[Int(candidate)]
                if (kind == .slack || kind == .error) && builder.coefficient(of: candidate) < 0 {
                    subject = candidate
                    break
                }
            }
        }

        if subject >= 0 {
            insertSolved(builder, for: subject)
        } else if builder.ids.allSatisfy({ tableau.kinds[Int($0)] == .dummy }) {
            // Only markers of required equalities: the constraint is implied by them (constant
            // zero) or contradicts them.
            guard Tolerance.isZero(builder.constant, scale: scale) else {
                let certificate = owners(of: builder.ids) + [id]
                discardSymbols(of: record)
                return certificate
            }
            insertSolved(builder, for: marker)
        } else if let certificate = insertWithArtificialVariable(builder, scale: scale) {
            discardSymbols(of: record)
            return certificate + [id]
        }
        records[Int(id.index)] = record
        connectionIndex = nil
        liveConstraintCount += 1
        if !tableau.infeasible.isEmpty { _ = tableau.dualOptimize() }
        tableau.optimize()
        return nil
    }

    /// Solves the new row for `subject`, inserts it, and eliminates the subject elsewhere.
    private func insertSolved(_ builder: RowBuilder, for subject: Int32) {
        let a = builder.coefficient(of: subject)
        let factor = -1 / a
        var ids: [Int32] = []
        var coefficients: [Double] = []
        ids.reserveCapacity(builder.ids.count)
        coefficients.reserveCapacity(builder.ids.count)
        for k in 0..<builder.ids.count where builder.ids[k] != subject {
            ids.append(builder.ids[k])
            coefficients.append(builder.coefficients[k] * factor)
        }
        let index = tableau.insertRow(basic: subject, constant: builder.constant * factor,
                                      ids: ids, coefficients: coefficients)
        tableau.removeCandidate(subject)
        tableau.substitute(subject, definedBy: index)
    }

    /// Phase 1: adds the row with an artificial basic variable, minimised at a level above
    /// every priority. If it cannot reach zero, the required constraint cannot hold: the
    /// artificial row is then a combination of required rows whose markers it names (a Farkas
    /// certificate); the pivots are undone and that set is returned.
    private func insertWithArtificialVariable(_ builder: RowBuilder, scale: Double) -> [ConstraintID]? {
        tableau.phaseOneCount += 1
        let artificial = tableau.makeSymbol(.artificial, owner: -1)
        tableau.insertRow(basic: artificial, constant: builder.constant,
                          ids: builder.ids, coefficients: builder.coefficients)
        tableau.addToObjective(artificial, weight: 1, slot: 0)
        tableau.pivotLog.removeAll()
        tableau.isLoggingPivots = true
        let pivotsBefore = tableau.pivotCount
        tableau.optimize()
        tableau.phaseOnePivots += tableau.pivotCount - pivotsBefore
        tableau.isLoggingPivots = false

        if !Tolerance.isZero(tableau.objectiveValue[0], scale: scale) {
            let index = tableau.basicRow[Int(artificial)]
            precondition(index >= 0, "an artificial variable at a non-zero value must be basic")
            let certificate = owners(of: tableau.rows[Int(index)].ids)
            tableau.undoLoggedPivots()
            tableau.dropRow(tableau.basicRow[Int(artificial)])
            tableau.clearArtificialObjective()
            tableau.releaseSymbol(artificial)
            return certificate
        }
        tableau.pivotLog.removeAll()
        let index = tableau.basicRow[Int(artificial)]
        if index >= 0 {
            let row = tableau.rows[Int(index)]
            if row.ids.isEmpty {
                tableau.dropRow(index)
            } else {
                // A degenerate pivot (the constant is zero) to take the artificial variable out.
                let pivotable = row.ids.first { [.slack, .error].contains(tableau.kinds[Int($0)]) }
                    ?? row.ids.first { tableau.kinds[Int($0)] != .artificial }
                if let entering = pivotable {
                    tableau.pivot(entering: entering, row: index)
                } else {
                    tableau.dropRow(index)
                }
            }
        }
        tableau.clearArtificialObjective()
        tableau.releaseSymbol(artificial)
        return nil
    }

    /// The live constraints that own the given symbols (markers and errors), without repeats.
    func owners(of symbols: [Int32]) -> [ConstraintID] {
        var seen = Set<Int32>()
        var result: [ConstraintID] = []
        for symbol in symbols {
            let owner = tableau.owners[Int(symbol)]
            let kind = tableau.kinds[Int(symbol)]
            guard owner >= 0, kind != .external, kind != .artificial, seen.insert(owner).inserted else { continue }
            result.append(ConstraintID(index: owner))
        }
        return result
    }

    /// Releases the symbols of a constraint whose insertion failed (they appear in no row).
    private func discardSymbols(of record: ConstraintRecord) {
        for symbol in [record.marker, record.other] where symbol >= 0 {
            if tableau.kinds[Int(symbol)] == .error { tableau.addToObjective(symbol, weight: -1, slot: record.slot) }
            tableau.releaseSymbol(symbol)
        }
        if record.slot >= 0 { releaseSlot(record.slot) }
    }

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
        let markerRow = tableau.basicRow[Int(marker)]
        if markerRow >= 0 {
            tableau.dropRow(markerRow)
        } else if let (index, unrestricted) = markerLeavingRow(marker) {
            let leaving = tableau.rows[Int(index)].basic
            tableau.pivot(entering: marker, row: index)
            tableau.dropRow(index)
            if unrestricted { restoreFreeVariable(leaving) }
        }
        if record.other >= 0 {
            let otherRow = tableau.basicRow[Int(record.other)]
            if otherRow >= 0 { tableau.dropRow(otherRow) }
            tableau.releaseSymbol(record.other)
        }
        tableau.releaseSymbol(marker)
        if record.slot >= 0 { releaseSlot(record.slot) }
        records[Int(id.index)] = nil
        connectionIndex = nil
        liveConstraintCount -= 1
        if !tableau.infeasible.isEmpty { _ = tableau.dualOptimize() }
    }

    /// The row in which to make a parametric marker basic before dropping it: the restricted
    /// row that first blocks the marker growing, else the one that first blocks it shrinking,
    /// else an unrestricted row.
    private func markerLeavingRow(_ marker: Int32) -> (row: Int32, unrestricted: Bool)? {
        var first: (row: Int32, ratio: Double, basic: Int32)?
        var second: (row: Int32, ratio: Double, basic: Int32)?
        var third: (row: Int32, basic: Int32)?
        var dummy: (row: Int32, basic: Int32)?
        for index in tableau.column(marker) {
            let row = tableau.rows[Int(index)]
            let coefficient = row.coefficient(of: marker)
            if tableau.kinds[Int(row.basic)] == .dummy {
                // A basic dummy must stay at zero: the marker cannot move in either direction.
                if dummy == nil || row.basic < dummy!.basic { dummy = (index, row.basic) }
            } else if !(tableau.kinds[Int(row.basic)] != .external) {
                if third == nil || row.basic < third!.basic { third = (index, row.basic) }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if first == nil || ratio < first!.ratio || (ratio == first!.ratio && row.basic < first!.basic) {
                    first = (index, ratio, row.basic)
                }
            } else {
                let ratio = row.constant / coefficient
                if second == nil || ratio < second!.ratio || (ratio == second!.ratio && row.basic < second!.basic) {
                    second = (index, ratio, row.basic)
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
    private func restoreFreeVariable(_ symbol: Int32) {
        var best: Int32 = -1
        var bestRatio = Double.infinity
        var bestBasic = Int32.max
        for index in tableau.column(symbol) {
            let row = tableau.rows[Int(index)]
            guard (tableau.kinds[Int(row.basic)] != .external) else { continue }
            let coefficient = row.coefficient(of: symbol)
            let ratio = max(0, coefficient < 0 ? -row.constant / coefficient : row.constant / coefficient)
            if ratio < bestRatio || (ratio == bestRatio && row.basic < bestBasic) {
                best = index
                bestRatio = ratio
                bestBasic = row.basic
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
        let index = tableau.basicRow[Int(basic)]
        guard index >= 0 else { return [] }
        return owners(of: [basic] + tableau.rows[Int(index)].ids)
    }

    // MARK: - Priority levels

    func acquireSlot(for priority: Priority) -> Int {
        if let slot = slotForPriority[priority] {
            slotUseCount[slot] += 1
            return slot
        }
        let slot: Int
        if let reused = retiredSlots.popLast() {
            slot = reused
            tableau.zeroSlot(slot)
        } else {
            slot = slotPriority.count
            slotPriority.append(nil)
            slotUseCount.append(0)
            tableau.ensureSlot(slot)
        }
        slotPriority[slot] = priority
        slotForPriority[priority] = slot
        slotUseCount[slot] = 1
        rebuildLevelOrder()
        return slot
    }

    func releaseSlot(_ slot: Int) {
        slotUseCount[slot] -= 1
        guard slotUseCount[slot] == 0, let priority = slotPriority[slot] else { return }
        slotForPriority[priority] = nil
        slotPriority[slot] = nil
        retiredSlots.append(slot)
        rebuildLevelOrder()
    }

    private func rebuildLevelOrder() {
        let used = slotPriority.indices.dropFirst().filter { slotPriority[$0] != nil }
        tableau.levelOrder = [0] + used.sorted { slotPriority[$0]! > slotPriority[$1]! }
    }
}

/// A row under construction: a constant and sorted cells.
struct RowBuilder {
    var constant: Double
    var ids: [Int32] = []
    var coefficients: [Double] = []

    init(constant: Double) { self.constant = constant }

    func coefficient(of symbol: Int32) -> Double {
        guard let k = ids.firstIndex(of: symbol) else { return 0 }
        return coefficients[k]
    }

    mutating func add(_ symbol: Int32, _ coefficient: Double) {
        var k = 0
        while k < ids.count && ids[k] < symbol { k += 1 }
        if k < ids.count && ids[k] == symbol {
            let value = coefficients[k] + coefficient
            if Tolerance.isZero(value) {
                ids.remove(at: k)
                coefficients.remove(at: k)
            } else {
                coefficients[k] = value
            }
        } else if !Tolerance.isZero(coefficient) {
            ids.insert(symbol, at: k)
            coefficients.insert(coefficient, at: k)
        }
    }

    mutating func add(_ row: Row, times multiple: Double) {
        constant += row.constant * multiple
        for cell in row.cells { add(cell.id, cell.coefficient * multiple) }
    }

    mutating func negate() {
        constant = -constant
        for k in coefficients.indices { coefficients[k] = -coefficients[k] }
    }
}
