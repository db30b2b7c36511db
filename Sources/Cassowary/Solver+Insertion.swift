/// Turning constraints into tableau rows: validation, then insertion as kiwi names its steps
/// (make the row, choose the subject, or find a basis with an artificial variable).
extension Solver {
    // MARK: - Validation

    static let constantLimit = 1e10

    func validated(_ constraint: Constraint) throws -> Constraint {
        try validatePriority(constraint.priority)
        try validateConstant(constraint.expression.constant)
        // Most constraints name a few variables once each, none with coefficient 0: those are
        // checked in place, without a dictionary per constraint.
        let terms = constraint.expression.terms
        if terms.count <= 8 {
            var plain = true
            for k in terms.indices {
                let term = terms[k]
                try validateTerm(term)
                if term.coefficient == 0 { plain = false }
                for j in 0..<k where terms[j].variable == term.variable { plain = false }
            }
            if plain { return constraint }
        }
        var coefficients: [Int32: Double] = [:]
        var order: [Variable] = []
        for term in constraint.expression.terms {
            try validateTerm(term)
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

    /// A known variable, with a finite coefficient within the limit.
    func validateTerm(_ term: Term) throws {
        try validateVariable(term.variable)
        guard term.coefficient.isFinite else {
            throw SolverError.nonFiniteCoefficient(term.variable, term.coefficient)
        }
        guard abs(term.coefficient) <= Solver.constantLimit else {
            throw SolverError.constantOutOfRange(term.coefficient)
        }
    }

    func validateConstant(_ constant: Double) throws {
        guard constant.isFinite else { throw SolverError.nonFiniteConstant(constant) }
        guard abs(constant) <= Solver.constantLimit else { throw SolverError.constantOutOfRange(constant) }
    }

    func validatePriority(_ priority: Priority) throws {
        guard priority > 0 && priority <= .required else { throw SolverError.invalidPriority(priority) }
    }

    func validateVariable(_ variable: Variable) throws {
        guard variable.index >= 0 && Int(variable.index) < model.variableSymbols.count else {
            throw SolverError.unknownVariable(variable)
        }
    }

    // MARK: - Insertion

    /// Puts a validated constraint into the tableau under `id` and re-optimises.
    /// - Returns: nil on success; for a required constraint that cannot hold, a sufficient
    ///   (not yet minimal) conflicting set, with the tableau left exactly as it was.
    func insert(_ constraint: Constraint, id: ConstraintID) -> [ConstraintID]? {
        var (row, record, scale) = makeRow(constraint, id: id)
        defer { workspace.spareRow = row }
        if row.constant < 0 {
            row.reverseSign()
            record.reversed = true
            record.markerCoefficient = -record.markerCoefficient
        }
        if var subject = chooseSubject(row, record) {
            if let alternative = balancingSubject(row, record, instead: subject) {
                row.reverseSign()
                record.reversed.toggle()
                record.markerCoefficient = -record.markerCoefficient
                subject = alternative
            }
            insertSolved(row, for: subject, own: record.marker)
        } else if row.symbols.allSatisfy({ tableau.kinds[$0.index] == .dummy }) {
            // Only markers of required equalities: the constraint is implied by them (constant
            // zero) or contradicts them.
            guard Tolerance.isZero(row.constant, scale: scale) else {
                let certificate = owners(of: wholeSymbols(of: row)) + [id]
                discardSymbols(of: record)
                return certificate
            }
            // Implied by others: a feasibility-only solver, with no marker to keep, drops it.
            if !row.symbols.isEmpty { insertSolved(row, for: record.marker, own: nil) }
        } else if usesPhaseOneShortcut, let subject = phaseOneShortcut(row) {
            tableau.phaseOneShortcuts += 1
            insertSolved(row, for: subject, own: record.marker)
        } else if let certificate = insertWithArtificialVariable(row, scale: scale) {
            discardSymbols(of: record)
            return certificate + [id]
        }
        model.records[Int(id.index)] = record
        for term in constraint.expression.terms { model.termLog.append((term.variable.index, id.index)) }
        model.connectionIndex = nil
        model.liveConstraintCount += 1
        if !tableau.infeasible.isEmpty { _ = tableau.dualOptimize() }
        tableau.optimize()
        return nil
    }

    /// The constraint's row: its expression with every basic variable replaced by its row, plus
    /// the slack, error and marker symbols made for it (the marker identifies the row later).
    /// - Returns: the row, the record of its symbols, and the magnitude of the constants that
    ///   went into it (the scale of the tolerance on its constant).
    func makeRow(_ constraint: Constraint, id: ConstraintID) -> (RowBuilder, ConstraintRecord, Double) {
        var row = RowBuilder(constant: 0)
        swap(&row, &workspace.spareRow)
        row.reset(constant: constraint.expression.constant, capacity: 4 * constraint.expression.terms.count + 3)
        let scale = substitute(constraint.expression, into: &row)
        let owner = id.index
        let slot = constraint.isRequired ? -1 : acquireSlot(for: constraint.priority)
        let marker: Symbol
        var other: Symbol?
        let markerCoefficient: Double
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // expr <= 0  ⇔  expr + slack = 0;  expr >= 0  ⇔  expr − slack = 0.
            markerCoefficient = constraint.relation == .lessThanOrEqual ? 1 : -1
            marker = tableau.makeSymbol(.slack, owner: owner)
            row.insert(marker, markerCoefficient)
            if slot >= 0 {
                let error = tableau.makeSymbol(.error, owner: owner)
                row.insert(error, -markerCoefficient)
                tableau.addToObjective(error, weight: 1, slot: slot)
                other = error
            }
        case .equal:
            if slot >= 0 {
                // expr = e⁺ − e⁻, both errors weighted 1 at the constraint's level.
                let minus = tableau.makeSymbol(.error, owner: owner)
                marker = tableau.makeSymbol(.error, owner: owner)
                other = minus
                markerCoefficient = -1
                row.insert(marker, -1)
                row.insert(minus, 1)
                tableau.addToObjective(marker, weight: 1, slot: slot)
                tableau.addToObjective(minus, weight: 1, slot: slot)
            } else {
                marker = tableau.makeSymbol(.dummy, owner: owner)
                markerCoefficient = 1
                if !isFeasibilityOnly { row.insert(marker, 1) }
            }
        }
        let record = ConstraintRecord(constraint: constraint, marker: marker, other: other,
                                      markerCoefficient: markerCoefficient, reversed: false, slot: slot)
        return (row, record, scale)
    }

    /// Adds a (validated) expression's terms to `row`, each basic variable replaced by its row;
    /// the row's constant starts as the expression's. Returns the largest magnitude among the
    /// constants summed, the scale the row's constant is compared against.
    func substitute(_ expression: Expression, into row: inout RowBuilder) -> Double {
        var scale = abs(expression.constant)
        for term in expression.terms {
            let symbol = model.variableSymbols[Int(term.variable.index)]
            let index = tableau.basicRow[symbol.index]
            if index < 0 {
                row.insert(symbol, term.coefficient)
            } else {
                let basic = tableau.rows[Int(index)]
                row.insert(basic, times: term.coefficient)
                scale = max(scale, abs(basic.constant * term.coefficient))
            }
        }
        return scale
    }

    /// The symbol to solve the new row for: an external symbol, else the constraint's own slack
    /// or error with a negative coefficient (its value is then constant/−coefficient ≥ 0); nil
    /// when there is none and phase 1 must find a basis.
    func chooseSubject(_ row: RowBuilder, _ record: ConstraintRecord) -> Symbol? {
        if let external = row.symbols.first(where: { tableau.kinds[$0.index] == .external }) { return external }
        if isOwnRestricted(record.marker) && row.coefficient(of: record.marker) < 0 { return record.marker }
        if let other = record.other, isOwnRestricted(other) && row.coefficient(of: other) < 0 { return other }
        return nil
    }

    /// A slack or an error: a constraint's own symbol that a row may be solved for.
    @inline(__always)
    private func isOwnRestricted(_ symbol: Symbol) -> Bool {
        let kind = tableau.kinds[symbol.index]
        return kind == .slack || kind == .error
    }

    /// A row with constant zero can be solved for either of its constraint's own restricted
    /// symbols (one after the row is negated): the one `chooseSubject` took, or this one when
    /// that would leave a symbol with a negative reduced cost and this one would not. The point
    /// is the same either way (the subject is 0); the basis is one the simplex would otherwise
    /// reach by degenerate pivots. Those were most of building a stack: n optional equalities
    /// that all say the same (a spanner's aligned edge), written through one of them, need it
    /// moved to another at each new row, and its column spans every row of the n.
    func balancingSubject(_ row: RowBuilder, _ record: ConstraintRecord, instead subject: Symbol) -> Symbol? {
        guard row.constant == 0, tableau.kinds[subject.index] != .external else { return nil }
        let alternative = subject == record.marker ? record.other : record.marker
        guard let alternative, isOwnRestricted(alternative), row.coefficient(of: alternative) > 0 else { return nil }
        guard tableau.leavesImprovement(row, solvedFor: subject) else { return nil }
        return tableau.leavesImprovement(row, solvedFor: alternative) ? nil : alternative
    }

    /// Solves the new row for `subject`, inserts it, and eliminates the subject elsewhere.
    private func insertSolved(_ row: RowBuilder, for subject: Symbol, own: Symbol?) {
        let (constant, solved, parts) = row.solved(for: subject)
        let (cells, markers) = tableau.factorMarkers(of: solved, parts: parts, basic: subject, own: own)
        let index = tableau.insertRow(basic: subject, constant: constant, cells: cells, markers: markers)
        tableau.removeCandidate(subject)
        tableau.substitute(subject, definedBy: index)
        tableau.collectMarkerNodesIfNeeded()
    }

    /// The symbol phase 1 would solve the row for, when phase 1 would be one pivot on the
    /// artificial row: nothing else can improve the objective (no candidates), so the entering
    /// symbol is the one `chooseEntering` prefers among the row's own, and the artificial row
    /// wins the ratio test (its ratio is the least, and on a tie its basic id, the next symbol
    /// made, the lowest). Solving the row for that symbol directly gives the same tableau, the
    /// same constants and the same objective, without the artificial row, its objective and
    /// its cells in every row the pivot reached (phase 1 would be a large part of building a
    /// stack view: each arranged view's spacing meets its top already placed by the canvas
    /// connection).
    /// With a zero constant and no symbol that reduces the row, phase 1 pivots on the row's
    /// first slack or error (the first dummy when there is none), as here. One difference: a
    /// degenerate phase-1 pivot counts towards the run of 64 after which the entering rule
    /// falls back to Bland's, so in such a run the fallback comes one pivot later here.
    /// - Returns: nil when phase 1 could do otherwise, or could fail (the row cannot reach zero).
    func phaseOneShortcut(_ row: RowBuilder) -> Symbol? {
        guard row.constant >= 0, tableau.candidates.isEmpty else { return nil }
        // Phase 1's objective is the row itself: each symbol's slot-0 entry is its coefficient.
        var chosen = -1
        for k in row.symbols.indices where row.coefficients[k] < 0 {
            let kind = tableau.kinds[row.symbols[k].index]
            guard kind == .slack || kind == .error else { continue }
            if chosen < 0 || phaseOnePrefers(k, over: chosen, in: row) { chosen = k }
        }
        guard chosen >= 0 else {
            guard row.constant == 0 else { return nil }
            return row.symbols.first { [.slack, .error].contains(tableau.kinds[$0.index]) } ?? row.symbols.first
        }
        // The leaving rule: the least ratio, ties to the lowest basic id.
        let entering = row.symbols[chosen]
        let coefficient = row.coefficients[chosen]
        guard coefficient < -Tolerance.epsilon else { return nil }
        let ratio = max(0, -row.constant / coefficient)
        let artificial = tableau.freeSymbols.last ?? Symbol(Int32(tableau.symbolCount))
        let blocked = tableau.columns.withRows(entering.index) { column in
            for index in column {
                let other = tableau.rows[Int(index)]
                guard let basic = other.basic, tableau.kinds[basic.index] != .external else { continue }
                let a = other.coefficient(of: entering)
                let isDummyRow = tableau.kinds[basic.index] == .dummy
                guard a < -Tolerance.epsilon || (isDummyRow && a > Tolerance.epsilon) else { continue }
                let otherRatio = isDummyRow ? 0 : max(0, -other.constant / a)
                if otherRatio < ratio || (otherRatio == ratio && basic < artificial) { return true }
            }
            return false
        }
        return blocked ? nil : entering
    }

    /// `chooseEntering`'s order in phase 1 between two of the row's symbols: fewer rows
    /// holding it, then the lexicographically smaller reduced-cost vector (slot 0 being the
    /// row's coefficient), then the lower id.
    private func phaseOnePrefers(_ k: Int, over j: Int, in row: RowBuilder) -> Bool {
        let a = row.symbols[k]
        let b = row.symbols[j]
        let heldA = tableau.held(a)
        let heldB = tableau.held(b)
        if heldA != heldB { return heldA < heldB }
        let x = row.coefficients[k]
        let y = row.coefficients[j]
        if abs(x - y) > Tolerance.epsilon { return x < y }
        let stride = tableau.stride
        for slot in tableau.levelOrder where slot != 0 {
            let x = tableau.objective[a.index * stride + slot]
            let y = tableau.objective[b.index * stride + slot]
            if abs(x - y) > Tolerance.epsilon { return x < y }
        }
        return a < b
    }

    /// Phase 1: adds the row with an artificial basic variable, minimised at a level above
    /// every priority. If it cannot reach zero, the required constraint cannot hold: the
    /// artificial row is then a combination of required rows whose markers it names (a Farkas
    /// certificate); the pivots are undone and that set is returned.
    private func insertWithArtificialVariable(_ row: RowBuilder, scale: Double) -> [ConstraintID]? {
        tableau.phaseOneCount += 1
        let artificial = tableau.makeSymbol(.artificial, owner: -1)
        // Phase 1 reads the row's markers (its certificate): written out.
        tableau.insertRow(basic: artificial, constant: row.constant, cells: wholeCells(of: row))
        tableau.addToObjective(artificial, weight: 1, slot: 0)
        tableau.pivotLog.removeAll()
        tableau.isLoggingPivots = true
        let pivotsBefore = tableau.pivotCount
        tableau.optimize()
        tableau.phaseOnePivots += tableau.pivotCount - pivotsBefore
        tableau.isLoggingPivots = false

        if !Tolerance.isZero(tableau.objectiveValue[0], scale: scale) {
            let index = tableau.basicRow[artificial.index]
            precondition(index >= 0, "an artificial variable at a non-zero value must be basic")
            let certificate = owners(of: tableau.wholeSymbols(ofRow: index))
            tableau.undoLoggedPivots()
            tableau.dropRow(tableau.basicRow[artificial.index])
            tableau.clearArtificialObjective()
            tableau.releaseSymbol(artificial)
            return certificate
        }
        tableau.pivotLog.removeAll()
        let index = tableau.basicRow[artificial.index]
        if index >= 0 {
            let symbols = tableau.wholeSymbols(ofRow: index)
            // A degenerate pivot (the constant is zero) takes the artificial variable out.
            let entering = symbols.first { [.slack, .error].contains(tableau.kinds[$0.index]) }
                ?? symbols.first { tableau.kinds[$0.index] != .artificial }
            if let entering {
                tableau.pivot(entering: entering, row: index)
            } else {
                tableau.dropRow(index)
            }
        }
        tableau.clearArtificialObjective()
        tableau.releaseSymbol(artificial)
        return nil
    }

    /// A row under construction's cells with the markers its parts keep apart written out.
    func wholeCells(of row: RowBuilder) -> [Cell] {
        tableau.wholeCells(of: row.cells, parts: row.markerParts)
    }

    /// `wholeCells(of:)`'s symbols.
    func wholeSymbols(of row: RowBuilder) -> [Symbol] {
        row.markerParts.isEmpty ? row.symbols : wholeCells(of: row).map(\.symbol)
    }

    /// The live constraints that own the given symbols (markers and errors), without repeats.
    func owners(of symbols: [Symbol]) -> [ConstraintID] {
        var seen = Set<Int32>()
        var result: [ConstraintID] = []
        for symbol in symbols {
            let owner = tableau.owners[symbol.index]
            let kind = tableau.kinds[symbol.index]
            guard owner >= 0, kind != .external, kind != .artificial, seen.insert(owner).inserted else { continue }
            result.append(ConstraintID(index: owner))
        }
        return result
    }

    /// Releases the symbols of a constraint whose insertion failed (they appear in no row).
    private func discardSymbols(of record: ConstraintRecord) {
        for symbol in [record.marker, record.other].compactMap({ $0 }) {
            if tableau.kinds[symbol.index] == .error { tableau.addToObjective(symbol, weight: -1, slot: record.slot) }
            tableau.releaseSymbol(symbol)
        }
        if record.slot >= 0 { releaseSlot(record.slot) }
    }

}
