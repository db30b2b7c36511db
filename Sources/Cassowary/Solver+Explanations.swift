/// Conflict and violation explanations.
///
/// A failed required addition leaves behind a Farkas certificate: the artificial (or
/// infeasible) row is a linear combination of original rows, and the constraints whose markers
/// it names are a sufficient conflicting set. A deletion filter then shrinks it to a minimal
/// one, testing each candidate subset in a scratch solver that holds only that subset (each
/// test also returns its own certificate, which usually shrinks the set at once).
extension Solver {
    // MARK: - Errors of constraints

    /// How far the current solution is from meeting a constraint: `|expr|` for an equality,
    /// the shortfall for an inequality.
    public func error(of id: ConstraintID) throws -> Double {
        guard let record = liveRecord(id) else { throw SolverError.unknownConstraint(id) }
        return violation(of: record.constraint)
    }

    func violation(of constraint: Constraint) -> Double { measure(constraint, at: value(of:)).violation }

    /// How far the point where each variable has the value `value` gives it is from meeting a
    /// constraint, and the largest magnitude summed (the scale the tolerance applies to).
    func measure(_ constraint: Constraint, at value: (Variable) -> Double) -> (violation: Double, scale: Double) {
        var total = constraint.expression.constant
        var scale = abs(total)
        for term in constraint.expression.terms {
            let part = term.coefficient * value(term.variable)
            total += part
            scale = max(scale, abs(part))
        }
        switch constraint.relation {
        case .equal: return (abs(total), scale)
        case .lessThanOrEqual: return (max(0, total), scale)
        case .greaterThanOrEqual: return (max(0, -total), scale)
        }
    }

    /// Whether the current solution meets a constraint (within the solver's tolerance).
    public func isSatisfied(_ id: ConstraintID) throws -> Bool {
        guard let record = liveRecord(id) else { throw SolverError.unknownConstraint(id) }
        return isMet(record.constraint)
    }

    /// Whether the current solution meets a constraint that need not be in the solver (its
    /// variables are): a refused one, as it would be met were it optional.
    public func isSatisfied(_ constraint: Constraint) -> Bool { isMet(constraint) }

    func isMet(_ constraint: Constraint) -> Bool {
        let (violation, scale) = measure(constraint, at: value(of:))
        return Tolerance.isZero(violation, scale: scale)
    }

    // MARK: - Violations

    /// For an optional constraint that the optimum does not meet: a minimal set of other
    /// constraints, each of equal or higher priority, that cannot all hold together with it
    /// (treating every member as if it had to hold exactly). Empty when the constraint is met.
    ///
    /// Such a set always exists for a violated constraint: if all constraints of its priority
    /// or higher could hold with it, the lexicographic optimum would meet them all.
    /// - Complexity: one scratch solve over the constraints connected to this one, then, only
    ///   when its certificate leaves the violated constraint out, a deletion filter over a set
    ///   that is usually a handful of constraints.
    public func violationExplanation(for id: ConstraintID) throws -> [ConstraintID] {
        guard let record = liveRecord(id) else { throw SolverError.unknownConstraint(id) }
        guard !record.constraint.isRequired, !isMet(record.constraint) else { return [] }
        let priority = record.constraint.priority
        let others = connectedConstraints(to: id)
            .filter { $0 != id && model.records[Int($0.index)]!.constraint.priority >= priority && !isNudge($0) }
            .sorted {
                let a = model.records[Int($0.index)]!.constraint.priority
                let b = model.records[Int($1.index)]!.constraint.priority
                return a != b ? a > b : $0 < $1
            }
        var items = [hard(record.constraint)]
        items += others.map { hard(model.records[Int($0.index)]!.constraint) }

        // The violated constraint first, then the others from the highest priority down; the
        // first one that cannot be added gives a certificate (preferably one naming the
        // violated constraint).
        var scratch = ScratchSolver(for: self)
        guard scratch.add(items[0], tag: 0) == nil else { return [] }
        var chosen: (certificate: [Int], failing: Int)?
        for k in 1..<items.count {
            if let certificate = scratch.add(items[k], tag: k) {
                if certificate.contains(0) {
                    chosen = (certificate, k)
                    break
                }
                if chosen == nil { chosen = (certificate, k) }
            }
        }
        guard let chosen else { return [] }
        // A certificate that names the violated constraint is already irreducible: it is the
        // Farkas certificate of the failing add, every member required, and so minimal for the
        // reason `minimalConflict` gives (a deletion filter over it kept every member: checked
        // on every test, transcript and benchmark, and the random tests compare each set with
        // the reference's). Otherwise the certificate is a conflict among the others alone;
        // adding the violated constraint back, the filter must test every other member.
        let subset = Set(chosen.certificate).union([0]).sorted()
        if chosen.certificate.contains(0) { return subset.filter { $0 != 0 }.map { others[$0 - 1] }.sorted() }
        let pinned: Set<Int> = [0]
        let kept = Solver.irreducibleInfeasibleSubset(
            subset.map { items[$0] },
            mustKeep: Set(subset.indices.filter { pinned.contains(subset[$0]) }),
            template: self)
        return kept.map { subset[$0] }.filter { $0 != 0 }.map { others[$0 - 1] }.sorted()
    }

    /// Every constraint that shares a variable with this one, directly or through others.
    /// - Complexity: O(the constraints and terms of its component), once the index is made
    ///   (O(all terms), after any change).
    func connectedConstraints(to id: ConstraintID) -> [ConstraintID] {
        if model.connectionIndex == nil { model.connectionIndex = ConnectionIndex(log: &model.termLog, records: model.records, variableCount: model.variableSymbols.count) }
        let index = model.connectionIndex!
        // Constraints and variables seen are marked with this walk's stamp, by index, not kept
        // in two hashed sets per violation explained.
        workspace.walkStamp += 1
        let stamp = workspace.walkStamp
        if workspace.constraintMarks.count < model.records.count {
            workspace.constraintMarks.append(contentsOf: repeatElement(0, count: model.records.count - workspace.constraintMarks.count))
        }
        if workspace.variableMarks.count < model.variableSymbols.count {
            workspace.variableMarks.append(contentsOf: repeatElement(0, count: model.variableSymbols.count - workspace.variableMarks.count))
        }
        var seen = [id.index]
        workspace.constraintMarks[Int(id.index)] = stamp
        var queue = [id.index]
        while let current = queue.popLast() {
            for term in model.records[Int(current)]!.constraint.expression.terms {
                let variable = Int(term.variable.index)
                guard workspace.variableMarks[variable] != stamp else { continue }
                workspace.variableMarks[variable] = stamp
                for k in index.start[variable]..<index.start[variable + 1] where workspace.constraintMarks[Int(index.users[k])] != stamp {
                    workspace.constraintMarks[Int(index.users[k])] = stamp
                    seen.append(index.users[k])
                    queue.append(index.users[k])
                }
            }
        }
        return seen.sorted().map { ConstraintID(index: $0) }
    }

    private func hard(_ constraint: Constraint) -> Constraint {
        var required = constraint
        required.priority = .required
        return required
    }

    // MARK: - Minimal conflicts

    /// The conflict a failed required change leaves: the required constraints whose markers the
    /// failing row names, plus the rejected one (which need not be live).
    ///
    /// The set is already minimal (an irreducible infeasible subset), without a deletion
    /// filter: the failing row is a combination of original rows whose markers are all
    /// non-basic, so its multipliers are the only ones over that set (non-basic symbols are
    /// independent coordinates of the tableau's solutions); a smaller infeasible subset would
    /// give a second combination over the same markers (Gleeson and Ryan, "Identifying minimally
    /// infeasible subsystems of inequalities", 1990: such sets are the supports of the vertices
    /// of the alternative polyhedron). Optional constraints cannot appear: their errors come in
    /// opposite-signed pairs, and an optimal phase-1 row has none with a negative coefficient.
    /// - Complexity: O(certificate), where a deletion filter would solve the set once per member
    ///   (quadratic in a chain of n views, at n² cells each time).
    func minimalConflict(certificate: [ConstraintID], rejected: ConstraintID) -> Conflict {
        var ids: [ConstraintID] = []
        var seen = Set<ConstraintID>()
        for id in certificate where id != rejected && seen.insert(id).inserted {
            if let record = liveRecord(id), record.constraint.isRequired { ids.append(id) }
        }
        ids.append(rejected)
        return Conflict(members: ids, rejected: rejected)
    }

    /// A deletion filter: the positions of an irreducible infeasible subset of `constraints`
    /// (all treated as required), keeping the `mustKeep` positions. The input must be
    /// infeasible; if it is not (rounding), it is returned whole.
    static func irreducibleInfeasibleSubset(_ constraints: [Constraint], mustKeep: Set<Int>,
                                            template: Solver) -> [Int] {
        var current = Array(constraints.indices)
        var necessary = mustKeep
        while let candidate = current.first(where: { !necessary.contains($0) }) {
            // Members that must stay go last, so that certificates tend to contain them.
            let trial = current.filter { $0 != candidate }.sorted {
                (mustKeep.contains($0) ? 1 : 0, $0) < (mustKeep.contains($1) ? 1 : 0, $1)
            }
            var scratch = ScratchSolver(for: template)
            var certificate: [Int]?
            for position in trial where certificate == nil {
                certificate = scratch.add(constraints[position], tag: position)
            }
            guard let certificate else {
                necessary.insert(candidate)
                continue
            }
            let shrunk = Set(certificate).union(mustKeep.intersection(trial))
            // Trust the certificate only if it really is infeasible on its own.
            if shrunk.count < trial.count && ScratchSolver.isFeasible(shrunk.sorted().map { constraints[$0] }, template: template) {
                current = trial.sorted()
            } else {
                current = shrunk.sorted()
            }
        }
        return current.sorted()
    }
}

/// An empty solver, borrowed from another's pool, holding a few of its constraints as
/// required, for feasibility tests; given back, emptied, when it goes out of scope.
struct ScratchSolver: ~Copyable {
    let solver: Solver
    let template: Solver
    var variables: [Int32: Variable] = [:]
    /// The caller's tag of each constraint added, by scratch handle index.
    var tags: [Int] = []

    init(for template: Solver) {
        self.template = template
        solver = template.borrowScratch(feasibilityOnly: false)
    }

    deinit { template.giveBack(solver) }

    /// Adds a constraint (mapping the template's variables); nil if it holds, else the raw
    /// certificate: the tags of a conflicting set (including this one's).
    mutating func add(_ constraint: Constraint, tag: Int) -> [Int]? {
        var mapped = constraint
        mapped.expression.terms = constraint.expression.terms.map { term in
            if let existing = variables[term.variable.index] { return Term(existing, term.coefficient) }
            let fresh = solver.makeVariable()
            variables[term.variable.index] = fresh
            return Term(fresh, term.coefficient)
        }
        mapped.priority = .required
        let id = ConstraintID(index: Int32(solver.model.records.count))
        solver.model.records.append(nil)
        tags.append(tag)
        guard let certificate = solver.insert(mapped, id: id) else { return nil }
        return Array(Set(certificate.map { tags[Int($0.index)] }))
    }

    static func isFeasible(_ constraints: [Constraint], template: Solver) -> Bool {
        var scratch = ScratchSolver(for: template)
        for (position, constraint) in constraints.enumerated() where scratch.add(constraint, tag: position) != nil {
            return false
        }
        return true
    }
}

/// For each variable, the constraints that name it: `users[start[v]..<start[v + 1]]`, in the
/// order they went in (one array for all, no hashing; a constraint put back after a priority
/// change may be listed twice).
struct ConnectionIndex {
    var start: [Int]
    var users: [Int32]

    /// From the solver's log of (variable, constraint) pairs: those of live constraints, in a
    /// counting sort, rather than reading every record's terms (scattered, cold arrays). The
    /// log keeps only the live pairs afterwards.
    init(log: inout [(variable: Int32, constraint: Int32)], records: [ConstraintRecord?], variableCount: Int) {
        var pairs: [(variable: Int32, constraint: Int32)] = []
        pairs.reserveCapacity(log.count)
        records.withUnsafeBufferPointer { records in
            for pair in log where records[Int(pair.constraint)] != nil { pairs.append(pair) }
        }
        if pairs.count < log.count { log = pairs }
        var start = [Int](repeating: 0, count: variableCount + 1)
        for pair in pairs { start[Int(pair.variable) + 1] += 1 }
        for v in 0..<variableCount { start[v + 1] += start[v] }
        var next = start
        var users = [Int32](repeating: 0, count: pairs.count)
        for pair in pairs {
            users[next[Int(pair.variable)]] = pair.constraint
            next[Int(pair.variable)] += 1
        }
        self.start = start
        self.users = users
    }
}
