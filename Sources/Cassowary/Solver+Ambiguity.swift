/// Ambiguity: is a variable's value the same in every optimal solution, and over what range
/// does it vary?
///
/// At an optimal basis with reduced-cost vectors `d`, the optimal face is the set of feasible
/// points where every parametric symbol with a non-zero `d` (at some user level) stays zero.
/// So a variable whose row holds only such symbols (and dummies) is unique; otherwise its exact
/// range is found by maximising and minimising it over the face, in a small scratch tableau
/// made of the rows reachable through the zero-cost symbols.
extension Solver {
    /// The priority of the constraints that `exerciseAmbiguity` adds: below every user level.
    static let nudgePriority: Priority = 0

    /// The range of a variable's value over all optimal solutions.
    /// - Complexity: O(row length) when the value is unique; otherwise two small simplex runs
    ///   over the rows connected to it through zero-cost symbols.
    public func range(of variable: Variable) -> ValueRange {
        range(of: Expression([Term(variable)]))
    }

    /// The range of a linear expression of variables over all optimal solutions (for an
    /// edge `x + width`, or a constraint's error, which varies when equal priorities compete).
    /// - Complexity: as `range(of:)` for a variable.
    public func range(of expression: Expression) -> ValueRange {
        range(of: expression, onlyUniqueness: false)
    }

    /// `range(of:)`; with `onlyUniqueness`, an unbounded upper end is returned at once (the
    /// lower is then not looked for: the value is not unique either way).
    func range(of expression: Expression, onlyUniqueness: Bool) -> ValueRange {
        range(of: expression, stoppingEarly: onlyUniqueness).range
    }

    /// `range(of:onlyUniqueness:)`, saying whether the range returned is whole (false when it
    /// stopped at an unbounded upper end without looking for the lower).
    func range(of expression: Expression, stoppingEarly onlyUniqueness: Bool) -> (range: ValueRange, whole: Bool) {
        var builder = RowBuilder(constant: expression.constant)
        for term in expression.terms {
            guard term.variable.index >= 0 && Int(term.variable.index) < model.variableSymbols.count else { continue }
            let symbol = model.variableSymbols[Int(term.variable.index)]
            let index = tableau.basicRow[symbol.index]
            if index < 0 {
                builder.insert(symbol, term.coefficient)
            } else {
                builder.insert(tableau.rows[Int(index)], times: term.coefficient)
            }
        }
        var free: [(symbol: Symbol, coefficient: Double)] = []
        for k in builder.symbols.indices {
            let id = builder.symbols[k]
            if tableau.kinds[id.index] == .external { return (ValueRange(lower: nil, upper: nil), true) }
            if hasZeroCost(id) { free.append((id, builder.coefficients[k])) }
        }
        if free.isEmpty { return (ValueRange(lower: builder.constant, upper: builder.constant), true) }
        // The upper end first: a size is bounded below by zero, so a free one is unbounded above.
        let upper = hasOpenRay(free, upwards: true) ? nil : extremum(constant: builder.constant, terms: free, maximise: true)
        if upper == nil && onlyUniqueness { return (ValueRange(lower: nil, upper: nil), false) }
        let lower = hasOpenRay(free, upwards: false) ? nil : extremum(constant: builder.constant, terms: free, maximise: false)
        return (ValueRange(lower: lower, upper: upper), true)
    }

    /// Whether one zero-cost symbol alone moves the expression without end (up or down) with
    /// nothing in its way: no row whose basic symbol must stay non-negative falls as it grows,
    /// and no redundant equality's marker moves. Then the extremum is unbounded, as the scratch
    /// simplex of `extremum` would find after making its tableau (what most ambiguity checks
    /// of a view still being built come to).
    private func hasOpenRay(_ free: [(symbol: Symbol, coefficient: Double)], upwards: Bool) -> Bool {
        free.contains { symbol, coefficient in
            guard upwards ? coefficient > Tolerance.epsilon : coefficient < -Tolerance.epsilon else { return false }
            // Read in place: a row copied out per entry retained its cells (a free width's
            // column lists every view of a stack, asked at each command).
            return tableau.rows.withUnsafeBufferPointer { rows in
            tableau.kinds.withUnsafeBufferPointer { kinds in
            tableau.columns.withRows(symbol.index) { column in
                for index in column {
                    guard let basic = rows[Int(index)].basic, kinds[basic.index] != .external else { continue }
                    let entry = rows[Int(index)].coefficient(of: symbol)
                    if entry < -Tolerance.epsilon || (kinds[basic.index] == .dummy && entry > Tolerance.epsilon) { return false }
                }
                return true
            }
            }
            }
        }
    }

    /// The constraints that fix a variable's value in the current solution: those whose
    /// marker or error symbols its row holds (held at zero, they leave it nothing else), the
    /// basis's own answer to `constraintsAffectingLayout`. Empty when nothing holds it.
    /// - Complexity: O(row length).
    public func determiningConstraints(of variable: Variable) -> [ConstraintID] {
        guard variable.index >= 0 && Int(variable.index) < model.variableSymbols.count else { return [] }
        let index = tableau.basicRow[model.variableSymbols[Int(variable.index)].index]
        guard index >= 0 else { return [] }
        return owners(of: tableau.wholeSymbols(ofRow: index)).filter { !isNudge($0) && model.records[Int($0.index)] != nil }
    }

    /// Whether the variable takes the same value in every optimal solution.
    public func isAmbiguous(_ variable: Variable) -> Bool {
        !isUnique(variable)
    }

    /// `range(of:).isUnique` without building the row: a basic variable whose row names no
    /// parametric variable and no zero-cost symbol is unique; only otherwise is the range asked.
    /// - Complexity: O(row length), allocating nothing, when the value is unique.
    public func isUnique(_ variable: Variable) -> Bool {
        uniqueness(of: variable).isUnique
    }

    /// `isUnique`, with the variable's whole range when answering asked for all of it (a range
    /// query that did not stop at an unbounded upper end), for a caller that keeps ranges.
    public func uniqueness(of variable: Variable) -> (isUnique: Bool, range: ValueRange?) {
        guard variable.index >= 0 && Int(variable.index) < model.variableSymbols.count else { return (true, nil) }
        let symbol = model.variableSymbols[Int(variable.index)]
        let index = tableau.basicRow[symbol.index]
        // A parametric variable moves freely along its own column (what `range(of:)` finds at
        // once, after making a row and an expression for it: most checks of a view being built).
        if index < 0 && tableau.kinds[symbol.index] == .external { return (false, ValueRange(lower: nil, upper: nil)) }
        guard index >= 0 else { return askedRange(of: variable) }
        switch tableau.freedom(ofRow: index, nudgeSlot: levels.nudgeSlot) {
        case .external: return (false, nil)
        case .zeroCost: return askedRange(of: variable)
        case nil: return (true, nil)
        }
    }

    /// The uniqueness of a variable from a range query that stops at an unbounded upper end;
    /// the range too when it was found whole.
    private func askedRange(of variable: Variable) -> (isUnique: Bool, range: ValueRange?) {
        let (range, whole) = range(of: Expression([Term(variable)]), stoppingEarly: true)
        return (range.isUnique, whole ? range : nil)
    }

    /// Moves to another optimal solution in which the variable has a different value, as
    /// `exerciseAmbiguityInLayout` does: to the far end of its range (or 100 further along an
    /// unbounded direction). The move is held by a constraint below every user priority, so it
    /// changes nothing else that matters; it replaces the hold of an earlier exercise (two
    /// holds at one level could cancel out), and `clearExercise()` lets it go.
    /// - Returns: false when the value is unique (nothing moves).
    @discardableResult
    public func exerciseAmbiguity(of variable: Variable) -> Bool {
        defer { checkInvariants() }
        let before = value(of: variable)
        for (other, id) in model.nudges.sorted(by: { $0.key < $1.key }) where other != variable.index {
            try? remove(id)
        }
        let span = range(of: variable)
        guard !span.isUnique else { return false }
        // The end of the range farthest from where the variable was (100 along an unbounded
        // direction).
        let up = span.upper ?? before + 100
        let down = span.lower ?? before - 100
        let target = up - before >= before - down ? up : down
        if let id = model.nudges[variable.index] {
            try? setConstant(id, to: -target)
        } else {
            let id = ConstraintID(index: Int32(model.records.count))
            model.records.append(nil)
            let nudge = Constraint(Expression([Term(variable)], constant: -target), .equal, priority: Solver.nudgePriority)
            _ = insert(nudge, id: id)
            model.nudges[variable.index] = id
        }
        return true
    }

    /// Removes every constraint that `exerciseAmbiguity` added.
    public func clearExercise() {
        defer { checkInvariants() }
        for id in model.nudges.values.sorted() { try? remove(id) }
        model.nudges.removeAll()
    }

    func isNudge(_ id: ConstraintID) -> Bool {
        model.records[Int(id.index)]?.constraint.priority == Solver.nudgePriority
    }

    /// A restricted parametric symbol whose reduced cost is zero at every user level: it can
    /// move without changing any level's optimum.
    func hasZeroCost(_ symbol: Symbol) -> Bool {
        let kind = tableau.kinds[symbol.index]
        guard kind == .slack || kind == .error else { return false }
        return hasZeroCost(symbol, nudgeSlot: levels.nudgeSlot)
    }

    /// `hasZeroCost` for a slack or error symbol, the nudges' slot looked up once by the caller.
    func hasZeroCost(_ symbol: Symbol, nudgeSlot: Int?) -> Bool {
        tableau.hasZeroCost(symbol.index, nudgeSlot: nudgeSlot)
    }

    /// The maximum (or minimum) of `constant + Σ coefficient·symbol` over the optimal face, or
    /// nil when it is unbounded.
    private func extremum(constant: Double, terms: [(symbol: Symbol, coefficient: Double)], maximise: Bool) -> Double? {
        // One scratch tableau, used in place and emptied after each use, not one made and freed
        // per range.
        if workspace.spareTableau == nil { workspace.spareTableau = Tableau() }
        return extremum(constant: constant, terms: terms, maximise: maximise, in: &workspace.spareTableau!)
    }

    private func extremum(constant: Double, terms: [(symbol: Symbol, coefficient: Double)], maximise: Bool,
                          in scratch: inout Tableau) -> Double? {
        defer { scratch.clearForReuse() }
        // The rows reachable from the terms through zero-cost symbols, restricted to them. A
        // symbol's local copy is found by its index in `workspace.scratchLocal` (0: none yet, else the
        // local id + 1) and rows seen are marked in `workspace.scratchSeenRows`; both are cleared before
        // returning (hashing them was two thirds of the walk).
        if workspace.scratchLocal.count < tableau.kinds.count {
            workspace.scratchLocal.append(contentsOf: repeatElement(0, count: tableau.kinds.count - workspace.scratchLocal.count))
        }
        if workspace.scratchSeenRows.count < tableau.rows.count {
            workspace.scratchSeenRows.append(contentsOf: repeatElement(false, count: tableau.rows.count - workspace.scratchSeenRows.count))
        }
        // The walk's lists are the solver's, emptied and kept: allocating them, and an array of
        // cells per row, would cost more than a range query over a few rows.
        var walk = workspace.spareWalk
        workspace.spareWalk = ScratchWalk()
        walk.mapped.removeAll(keepingCapacity: true)
        walk.seenRows.removeAll(keepingCapacity: true)
        walk.queue.removeAll(keepingCapacity: true)
        walk.pending.removeAll(keepingCapacity: true)
        walk.cells.removeAll(keepingCapacity: true)
        defer {
            for symbol in walk.mapped { workspace.scratchLocal[symbol.index] = 0 }
            for row in walk.seenRows { workspace.scratchSeenRows[Int(row)] = false }
            workspace.spareWalk = walk
        }
        func localSymbol(_ symbol: Symbol) -> Symbol {
            let known = workspace.scratchLocal[symbol.index]
            if known != 0 { return Symbol(known - 1) }
            let made = scratch.makeSymbol(.slack, owner: -1)
            workspace.scratchLocal[symbol.index] = made.id + 1
            walk.mapped.append(symbol)
            return made
        }
        for term in terms {
            walk.queue.append(term.symbol)
            _ = localSymbol(term.symbol)
        }
        while let symbol = walk.queue.popLast() {
            for index in tableau.column(symbol) where !workspace.scratchSeenRows[Int(index)] {
                workspace.scratchSeenRows[Int(index)] = true
                walk.seenRows.append(index)
                guard let rowBasic = tableau.rows[Int(index)].basic, tableau.kinds[rowBasic.index] != .external else { continue }
                let start = walk.cells.count
                for cell in tableau.rows[Int(index)].cells {
                    let kind = tableau.kinds[cell.symbol.index]
                    guard (kind == .slack || kind == .error) && hasZeroCost(cell.symbol, nudgeSlot: levels.nudgeSlot) else { continue }
                    if workspace.scratchLocal[cell.symbol.index] == 0 { walk.queue.append(cell.symbol) }
                    walk.cells.append(Cell(symbol: localSymbol(cell.symbol), coefficient: cell.coefficient))
                }
                let basic = localSymbol(rowBasic)
                if tableau.kinds[rowBasic.index] == .dummy { scratch.kinds[basic.index] = .dummy }
                walk.pending.append((basic, tableau.rows[Int(index)].constant, start, walk.cells.count))
            }
        }
        // Each row's cells sorted in place (a slice's sort copied it out and back). The list
        // of rows is read apart from `walk`, which the buffer's closure holds.
        let pendingRows = walk.pending
        walk.cells.withUnsafeMutableBufferPointer { cells in
            for pending in pendingRows {
                var row = UnsafeMutableBufferPointer(rebasing: cells[pending.start..<pending.end])
                row.sort { $0.symbol < $1.symbol }
            }
        }
        walk.cells.withUnsafeBufferPointer { cells in
            for pending in pendingRows {
                scratch.insertRow(basic: pending.basic, constant: max(0, pending.constant),
                                  copying: UnsafeBufferPointer(rebasing: cells[pending.start..<pending.end]))
            }
        }
        // Minimise ±(constant + Σ a·x) at slot 0.
        let sign: Double = maximise ? -1 : 1
        scratch.objectiveValue[0] = sign * constant
        for term in terms {
            let local = Symbol(workspace.scratchLocal[term.symbol.index] - 1)
            scratch.objective[local.index * scratch.stride] = sign * term.coefficient
            scratch.refreshCandidate(local)
        }
        guard scratch.optimize() else { return nil }
        return sign * scratch.objectiveValue[0]
    }
}

/// The lists `extremum`'s walk builds its scratch tableau from, kept between range queries.
struct ScratchWalk {
    /// The solver's symbols given a local copy, to clear `workspace.scratchLocal` after.
    var mapped: [Symbol] = []
    /// The solver's rows seen, to clear `workspace.scratchSeenRows` after.
    var seenRows: [Int32] = []
    var queue: [Symbol] = []
    /// The rows to make: basic symbol, constant and their cells' range in `cells`.
    var pending: [(basic: Symbol, constant: Double, start: Int, end: Int)] = []
    var cells: [Cell] = []
}
