/// An incremental Cassowary solver with strict priority order.
///
/// Required constraints (priority 1000) always hold. Optional ones are satisfied in strict
/// priority order: a higher priority beats any number of lower ones; within one priority the
/// sum of the absolute errors is minimised. Each operation re-optimises incrementally (Badros,
/// Borning and Stuckey, "The Cassowary linear arithmetic constraint solving algorithm", 2001),
/// over a tableau with a column index and one objective level per priority in use.
///
/// A refused operation throws and leaves the solver as it was.
public final class Solver {
    // The state in named parts, so that a copy is one line a part. Each part is stored
    // without run-time exclusivity checks: the solver changes them in place at every step,
    // where a check each time is a large part of adding a constraint, and nothing outside
    // the solver reaches them.
    /// The simplex tableau: rows, columns, the objective.
    @exclusivity(unchecked) var tableau = Tableau()
    /// The user's variables and constraints.
    @exclusivity(unchecked) var model = SolverModel()
    /// The priority levels of the objective.
    @exclusivity(unchecked) var levels = PriorityLevels()
    /// Buffers kept from one operation to the next.
    @exclusivity(unchecked) var workspace = SolverWorkspace()
    /// Emptied solvers lent for feasibility tests and explanations (`withScratchSolver`),
    /// one pool per kind, rather than one made and freed per test: hundreds of violations are
    /// each explained with a few tests. A copy's pools are its own.
    var scratchPool: [Solver] = []
    var feasibilityPool: [Solver] = []

    /// A solver for feasibility tests: required equalities get no marker in their rows (so a
    /// chain of n of them fills n rows of a few cells, not n²/2 cells), a constraint that cannot
    /// hold is refused with a conflict that names only the rejected one, and constraints can be
    /// added but not removed or changed.
    public let isFeasibilityOnly: Bool
    /// Off only in tests, which compare the shortcut with phase 1 itself.
    var usesPhaseOneShortcut = true
    #if CASSOWARY_INTERNAL_CHECKS
    /// How many public operations have asked for a check (`checkInvariants`).
    var invariantCheckCount = 0
    #endif

    public init() { isFeasibilityOnly = false }

    public init(feasibilityOnly: Bool) { isFeasibilityOnly = feasibilityOnly }

    /// A solver in this one's state, as if it had gone through the same operations (its pools
    /// of scratch solvers are its own). Its arrays are shared until either changes them.
    public func copy() -> Solver {
        let copy = Solver(feasibilityOnly: isFeasibilityOnly)
        copy.tableau = tableau
        copy.model = model
        copy.levels = levels
        copy.workspace = workspace
        copy.usesPhaseOneShortcut = usesPhaseOneShortcut
        #if CASSOWARY_INTERNAL_CHECKS
        copy.invariantCheckCount = invariantCheckCount
        #endif
        return copy
    }

    /// Lends an empty solver for a scratch test (as `Solver(feasibilityOnly:)` makes one) and
    /// takes it back emptied, its arrays' room kept for the next test.
    /// - Complexity: O(what the test made), to empty it after.
    public func withScratchSolver<R>(feasibilityOnly: Bool, _ body: (Solver) throws -> R) rethrows -> R {
        let scratch = borrowScratch(feasibilityOnly: feasibilityOnly)
        defer { giveBack(scratch) }
        return try body(scratch)
    }

    func borrowScratch(feasibilityOnly: Bool) -> Solver {
        (feasibilityOnly ? feasibilityPool.popLast() : scratchPool.popLast()) ?? Solver(feasibilityOnly: feasibilityOnly)
    }

    func giveBack(_ scratch: Solver) {
        scratch.clearForReuse()
        if scratch.isFeasibilityOnly { feasibilityPool.append(scratch) } else { scratchPool.append(scratch) }
    }

    /// Empties the solver as if new, keeping its arrays' room.
    func clearForReuse() {
        tableau.clearForReuse()
        model.variableSymbols.removeAll(keepingCapacity: true)
        model.variableNames.removeAll(keepingCapacity: true)
        model.records.removeAll(keepingCapacity: true)
        model.connectionIndex = nil
        model.termLog.removeAll(keepingCapacity: true)
        model.liveConstraintCount = 0
        levels.slotForPriority.removeAll(keepingCapacity: true)
        levels.nudgeSlot = nil
        levels.slotPriority = [Priority.infinity]
        levels.slotUseCount = [0]
        levels.retiredSlots.removeAll(keepingCapacity: true)
        model.edits.removeAll(keepingCapacity: true)
        model.nudges.removeAll(keepingCapacity: true)
    }

    // MARK: - Variables

    /// Makes a new variable, initially 0.
    public func makeVariable(named name: String = "") -> Variable {
        let variable = Variable(index: Int32(model.variableSymbols.count))
        let symbol = tableau.makeSymbol(.external, owner: variable.index)
        model.variableSymbols.append(symbol)
        model.variableNames.append(name)  // "" until asked: `name(of:)` says "vN" then
        return variable
    }

    public var variableCount: Int { model.variableSymbols.count }

    /// Pivots and phase-1 runs so far (for benchmarks).
    public var statistics: (pivots: Int, phaseOnes: Int, phaseOnePivots: Int, rowsTouched: Int, rows: Int) {
        (tableau.pivotCount, tableau.phaseOneCount, tableau.phaseOnePivots, tableau.rowsTouched, tableau.rows.count - tableau.freeRows.count)
    }

    public func name(of variable: Variable) -> String {
        let name = model.variableNames[Int(variable.index)]
        return name.isEmpty ? "v\(variable.index)" : name
    }

    /// The value of a variable in the current optimal solution.
    /// - Complexity: O(1).
    public func value(of variable: Variable) -> Double {
        tableau.values[model.variableSymbols[Int(variable.index)].index]
    }

    /// The values of many variables at once, written into `values` (resized to fit): what a
    /// layout pass does after every change, without a call per variable.
    /// - Complexity: O(variables.count).
    public func read(_ variables: [Variable], into values: inout [Double]) {
        if values.count != variables.count { values = [Double](repeating: 0, count: variables.count) }
        let symbols = model.variableSymbols
        tableau.values.withUnsafeBufferPointer { current in
            values.withUnsafeMutableBufferPointer { out in
                for k in variables.indices {
                    out[k] = current[symbols[Int(variables[k].index)].index]
                }
            }
        }
    }

    // MARK: - Constraints

    public var constraintCount: Int { model.liveConstraintCount - model.nudges.count }

    /// The constraint behind a handle, or nil when it is not in the solver.
    public func constraint(_ id: ConstraintID) -> Constraint? {
        guard id.index >= 0 && Int(id.index) < model.records.count else { return nil }
        return model.records[Int(id.index)]?.constraint
    }

    /// Every constraint in the solver, in the order they were added.
    public var constraintIDs: [ConstraintID] {
        model.records.indices.compactMap {
            guard let record = model.records[$0], record.constraint.priority != Solver.nudgePriority else { return nil }
            return ConstraintID(index: Int32($0))
        }
    }

    /// Adds a constraint and re-optimises.
    ///
    /// - Throws: `SolverError.unsatisfiable` with a minimal conflicting set of required
    ///   constraints (including this one) when a required constraint cannot hold; an input
    ///   error for NaN, infinite or out-of-range numbers, unknown variables, bad priorities.
    /// - Complexity: proportional to the rows that the pivots touch, through the column index.
    @discardableResult
    public func add(_ constraint: Constraint) throws -> ConstraintID {
        defer { checkInvariants() }
        let normalized = try validated(constraint)
        let id = ConstraintID(index: Int32(model.records.count))
        model.records.append(nil)
        if let explanation = insert(normalized, id: id) {
            guard !isFeasibilityOnly else { throw SolverError.unsatisfiable(Conflict(members: [id], rejected: id)) }
            throw SolverError.unsatisfiable(minimalConflict(certificate: explanation, rejected: id))
        }
        return id
    }

    /// Removes a constraint and re-optimises.
    /// - Throws: `SolverError.unknownConstraint` if the handle is not live.
    public func remove(_ id: ConstraintID) throws {
        defer { checkInvariants() }
        precondition(!isFeasibilityOnly, "a feasibility-only solver cannot remove constraints")
        guard let record = liveRecord(id) else { throw SolverError.unknownConstraint(id) }
        if let variable = model.edits.first(where: { $0.value == id })?.key { model.edits[variable] = nil }
        if let variable = model.nudges.first(where: { $0.value == id })?.key { model.nudges[variable] = nil }
        extract(record, id: id)
        tableau.optimize()
    }

    /// Changes the constant of a constraint's expression (`expression RELATION 0`) in place:
    /// the cheap path, a marker shift followed by the dual simplex.
    ///
    /// - Throws: `SolverError.unsatisfiable` when a required constraint cannot hold with the new
    ///   constant (the solver is left as it was); input errors for bad numbers.
    public func setConstant(_ id: ConstraintID, to constant: Double) throws {
        defer { checkInvariants() }
        precondition(!isFeasibilityOnly, "a feasibility-only solver cannot change constraints")
        guard let record = liveRecord(id) else { throw SolverError.unknownConstraint(id) }
        try validateConstant(constant)
        let delta = constant - record.constraint.expression.constant
        if delta == 0 { return }
        shiftMarker(of: record, by: delta)
        // A required equality that another (or a set of them) made redundant keeps a row of
        // markers alone, which must stay at zero: no pivot can mend a constant there, so the
        // change conflicts with the equalities in that row.
        if let row = tableau.inconsistentMarkerRow(touchedBy: record.marker) {
            let certificate = owners(of: [tableau.rows[Int(row)].basic!] + tableau.wholeSymbols(ofRow: row))
            shiftMarker(of: record, by: -delta)
            tableau.infeasible.removeAll()
            throw SolverError.unsatisfiable(minimalConflict(certificate: certificate, rejected: id))
        }
        tableau.isLoggingPivots = record.constraint.isRequired
        tableau.pivotLog.removeAll()
        let feasible = tableau.dualOptimize()
        tableau.isLoggingPivots = false
        if !feasible {
            let certificate = infeasibleRowCertificate()
            tableau.undoLoggedPivots()
            shiftMarker(of: record, by: -delta)
            _ = tableau.dualOptimize()
            throw SolverError.unsatisfiable(minimalConflict(certificate: certificate, rejected: id))
        }
        tableau.pivotLog.removeAll()
        model.records[Int(id.index)]!.constraint.expression.constant = constant
    }

    /// Changes a constraint's priority.
    ///
    /// Optional to optional re-weights its errors in place. To or from required, the
    /// constraint is taken out and put back with the new priority, as current iOS does; if it
    /// cannot hold as required it is put back as it was and the conflict is thrown.
    public func setPriority(_ id: ConstraintID, to priority: Priority) throws {
        defer { checkInvariants() }
        precondition(!isFeasibilityOnly, "a feasibility-only solver cannot change constraints")
        guard let record = liveRecord(id) else { throw SolverError.unknownConstraint(id) }
        try validatePriority(priority)
        let old = record.constraint.priority
        if old == priority { return }
        if priority >= .required, let edited = model.edits.first(where: { $0.value == id })?.key {
            throw SolverError.requiredEditVariable(Variable(index: edited))
        }
        if old < .required && priority < .required {
            let oldSlot = record.slot
            let newSlot = acquireSlot(for: priority)
            for error in record.errorSymbols(in: tableau) {
                tableau.addToObjective(error, weight: -1, slot: oldSlot)
                tableau.addToObjective(error, weight: 1, slot: newSlot)
            }
            releaseSlot(oldSlot)
            model.records[Int(id.index)]!.slot = newSlot
            model.records[Int(id.index)]!.constraint.priority = priority
            tableau.optimize()
            return
        }
        extract(record, id: id)
        var changed = record.constraint
        changed.priority = priority
        if let certificate = insert(changed, id: id) {
            let conflict = minimalConflict(certificate: certificate, rejected: id)
            let restored = insert(record.constraint, id: id)
            precondition(restored == nil, "re-adding a constraint that held before failed")
            throw SolverError.unsatisfiable(conflict)
        }
    }

    // MARK: - Edit variables

    /// Makes a variable editable at an optional priority, starting at its current value.
    public func addEditVariable(_ variable: Variable, priority: Priority) throws {
        try validateVariable(variable)
        try validatePriority(priority)
        if priority >= .required { throw SolverError.requiredEditVariable(variable) }
        if model.edits[variable.index] != nil { throw SolverError.duplicateEditVariable(variable) }
        let current = value(of: variable)
        let id = try add(Constraint(Expression([Term(variable)], constant: -current), .equal, priority: priority))
        model.edits[variable.index] = id
    }

    public func removeEditVariable(_ variable: Variable) throws {
        guard let id = model.edits[variable.index] else { throw SolverError.unknownEditVariable(variable) }
        try remove(id)
    }

    public func hasEditVariable(_ variable: Variable) -> Bool { model.edits[variable.index] != nil }

    /// Suggests a value for an edit variable: the dual simplex moves the solution there as far
    /// as the higher priorities allow.
    /// - Complexity: proportional to the rows the pivots touch.
    public func suggestValue(_ variable: Variable, _ value: Double) throws {
        guard let id = model.edits[variable.index] else { throw SolverError.unknownEditVariable(variable) }
        try setConstant(id, to: -value)
    }

    // MARK: - Internals: records

    func liveRecord(_ id: ConstraintID) -> ConstraintRecord? {
        guard id.index >= 0 && Int(id.index) < model.records.count else { return nil }
        return model.records[Int(id.index)]
    }
}

/// The user's variables and constraints, as the solver knows them.
struct SolverModel {
    // Variables, by index.
    var variableSymbols: [Symbol] = []
    var variableNames: [String] = []
    // Constraints, by handle index (handles are never reused).
    var records: [ConstraintRecord?] = []
    /// Variable index → the constraints that name it; built on demand by explanations and
    /// dropped whenever a constraint enters or leaves.
    var connectionIndex: ConnectionIndex?
    /// Every (variable, constraint) pair of the constraints inserted, in order, with those of
    /// constraints since removed (and repeats of re-inserted ones) until the next index is made:
    /// the index reads this flat log instead of every record's terms.
    var termLog: [(variable: Int32, constraint: Int32)] = []
    var liveConstraintCount = 0
    // Edit variables: variable index -> the edit constraint.
    var edits: [Int32: ConstraintID] = [:]
    /// Constraints that `exerciseAmbiguity` added, by variable index.
    var nudges: [Int32: ConstraintID] = [:]
}

/// The objective's priority levels: a slot per priority (slot 0 is phase 1's), and how many
/// constraints use each.
struct PriorityLevels {
    var slotForPriority: [Priority: Int] = [:]
    /// `slotForPriority[Solver.nudgePriority]`, kept as slots change: ambiguity questions read
    /// it for every row they look at.
    var nudgeSlot: Int?
    var slotPriority: [Priority?] = [Priority.infinity]
    var slotUseCount: [Int] = [0]
    var retiredSlots: [Int] = []
}

/// Buffers the solver keeps from one operation to the next, so that a step allocates nothing.
struct SolverWorkspace {
    /// The arrays a new constraint's row is built in.
    var spareRow = RowBuilder(constant: 0)
    /// Scratch of `extremum`, by the tableau's symbol and row, all zero between uses.
    var scratchLocal: [Int32] = []
    var scratchSeenRows: [Bool] = []
    /// Marks of `connectedConstraints` walks: by constraint and by variable index, the stamp
    /// of the walk that last saw it.
    var walkStamp = 0
    var constraintMarks: [Int] = []
    var variableMarks: [Int] = []
    /// `extremum`'s scratch tableau, used in place, emptied after each use and kept, and the
    /// lists its walk builds it from.
    var spareTableau: Tableau?
    var spareWalk = ScratchWalk()
}

/// What the solver keeps about one constraint.
struct ConstraintRecord {
    var constraint: Constraint
    /// The symbol that identifies the constraint's row: a slack (inequality), a dummy
    /// (required equality) or the positive error (optional equality).
    var marker: Symbol
    /// The second error (optional equality) or the error (optional inequality), if any.
    var other: Symbol?
    /// The marker's coefficient in the normalised original row.
    var markerCoefficient: Double
    /// The row was negated so that its constant is non-negative.
    var reversed: Bool
    /// The objective level of the errors; -1 for required constraints.
    var slot: Int

    func errorSymbols(in tableau: Tableau) -> [Symbol] {
        [marker, other].compactMap { $0 }.filter { tableau.kinds[$0.index] == .error }
    }
}
