import Testing
@testable import Cassowary
import CassowaryReference

/// Random systems checked against `ReferenceSystem` after every kind of change.
@Suite struct RandomSystemTests {
    static let priorities: [Priority] = [1000, 1000, 1000, 1000, 999, 750, 500, 251, 250, 1]
    static let coefficients: [Double] = [1, 1, 1, -1, -1, 2, 0.5, -2]

    static func randomConstraint(variables: [Variable], using rng: inout SeededGenerator) -> Constraint {
        let count = Int.random(in: 1...min(3, variables.count), using: &rng)
        let chosen = variables.shuffled(using: &rng).prefix(count)
        let terms = chosen.map { Term($0, coefficients.randomElement(using: &rng)!) }
        let constant = Double(Int.random(in: -30...30, using: &rng))
        let relation = [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
        return Constraint(Expression(terms, constant: constant), relation,
                          priority: priorities.randomElement(using: &rng)!)
    }

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-4) -> Bool {
        abs(a - b) <= tolerance * max(1, abs(a), abs(b))
    }

    static func hard(_ c: Constraint) -> Constraint {
        var copy = c
        copy.priority = .required
        return copy
    }

    @Test(arguments: 0..<300)
    func randomSystemsMatchTheReference(seed: Int) throws {
        try matchTheReference(seed: seed, factoring: Tableau.factoredMarkerCount)
    }

    /// The same systems with every row's markers kept apart (`MarkerNodes`), which the
    /// random systems' few variables never reach by themselves, and the nodes no row reaches
    /// collected whenever their pool doubles.
    @Test(arguments: 0..<300)
    func randomSystemsWithFactoredMarkersMatchTheReference(seed: Int) throws {
        try matchTheReference(seed: seed, factoring: 0)
    }

    private func matchTheReference(seed: Int, factoring: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed))
        let solver = Solver()
        solver.tableau.markerFactoring = factoring
        solver.tableau.restrictedMarkerFactoring = factoring
        if factoring == 0 {
            solver.tableau.markerNodeFloor = 1
            solver.tableau.markerNodeLimit = 1
        }
        let variableCount = Int.random(in: 2...5, using: &rng)
        let variables = (0..<variableCount).map { _ in solver.makeVariable() }
        var live: [ConstraintID: Constraint] = [:]
        let context = "seed \(seed)"

        func checkConflict(_ conflict: Conflict, rejected constraint: Constraint) {
            let members = conflict.members.map { $0 == conflict.rejected ? constraint : live[$0]! }
            #expect(conflict.members.contains(conflict.rejected), "\(context): the conflict names the rejected constraint")
            #expect(members.allSatisfy(\.isRequired) || constraint.isRequired, "\(context)")
            let set = members.map(Self.hard)
            #expect(!ReferenceSystem(variableCount: variableCount, constraints: set).allCanHold(),
                    "\(context): the conflicting set can hold")
            for k in set.indices {
                var smaller = set
                smaller.remove(at: k)
                #expect(ReferenceSystem(variableCount: variableCount, constraints: smaller).allCanHold(),
                        "\(context): the conflicting set is not minimal")
            }
        }

        func checkState(_ step: String) throws {
            let problems = solver.tableau.consistencyProblems()
            #expect(problems.isEmpty, "\(context) \(step): \(problems.prefix(3))")
            let constraints = live.keys.sorted().map { live[$0]! }
            let reference = ReferenceSystem(variableCount: variableCount, constraints: constraints)
            guard let optima = reference.levelOptima() else {
                Issue.record("\(context) \(step): the solver kept required constraints that conflict")
                return
            }
            for (id, constraint) in live where constraint.isRequired {
                #expect(try solver.isSatisfied(id), "\(context) \(step): required \(constraint) does not hold")
            }
            for (level, optimum) in optima {
                var sum = 0.0
                for (id, constraint) in live where constraint.priority == level { sum += try solver.error(of: id) }
                #expect(Self.close(sum, optimum, 1e-6), "\(context) \(step): level \(level) error \(sum), optimum \(optimum)")
            }
            for variable in variables {
                let expected = reference.range(of: variable)
                let actual = solver.range(of: variable)
                let lowerOK = (expected.lower == nil) == (actual.lower == nil)
                    && (expected.lower.map { Self.close($0, actual.lower!) } ?? true)
                let upperOK = (expected.upper == nil) == (actual.upper == nil)
                    && (expected.upper.map { Self.close($0, actual.upper!) } ?? true)
                #expect(lowerOK && upperOK, "\(context) \(step): range of \(variable) is \(actual), reference \(expected)")
            }
            for (id, constraint) in live where !constraint.isRequired {
                let forcedBy = try solver.violationExplanation(for: id)
                guard try solver.error(of: id) > 1e-6 else {
                    #expect(forcedBy.isEmpty, "\(context) \(step)")
                    continue
                }
                #expect(!forcedBy.isEmpty, "\(context) \(step): violated \(constraint) has no explanation")
                #expect(forcedBy.allSatisfy { live[$0]!.priority >= constraint.priority && $0 != id }, "\(context) \(step)")
                let set = forcedBy.map { Self.hard(live[$0]!) }
                let withIt = set + [Self.hard(constraint)]
                #expect(!ReferenceSystem(variableCount: variableCount, constraints: withIt).allCanHold(),
                        "\(context) \(step): forcedBy of \(constraint) can hold with it")
                for k in set.indices {
                    var smaller = set
                    smaller.remove(at: k)
                    #expect(ReferenceSystem(variableCount: variableCount, constraints: smaller + [Self.hard(constraint)]).allCanHold(),
                            "\(context) \(step): forcedBy of \(constraint) is not minimal")
                }
            }
        }

        // 1. Adds, one by one.
        let count = Int.random(in: 3...10, using: &rng)
        for _ in 0..<count {
            let constraint = Self.randomConstraint(variables: variables, using: &rng)
            do {
                let id = try solver.add(constraint)
                live[id] = constraint
            } catch SolverError.unsatisfiable(let conflict) {
                #expect(constraint.isRequired, "\(context): an optional constraint was refused")
                checkConflict(conflict, rejected: constraint)
            }
        }
        try checkState("after adds")

        // 2. Constant changes.
        for id in live.keys.sorted() where Bool.random(using: &rng) {
            let newConstant = Double(Int.random(in: -30...30, using: &rng))
            do {
                try solver.setConstant(id, to: newConstant)
                live[id]!.expression.constant = newConstant
            } catch SolverError.unsatisfiable(let conflict) {
                var changed = live[id]!
                changed.expression.constant = newConstant
                #expect(conflict.rejected == id)
                checkConflict(conflict, rejected: changed)
            }
        }
        try checkState("after constant changes")

        // 3. Exercise every ambiguous variable: the result must stay optimal.
        for variable in variables where solver.isAmbiguous(variable) {
            let before = solver.value(of: variable)
            #expect(solver.exerciseAmbiguity(of: variable))
            #expect(!Self.close(before, solver.value(of: variable), 1e-9), "\(context): exercise did not move")
        }
        try checkState("after exercise")
        solver.clearExercise()

        // 4. Priority changes, then removals.
        for id in live.keys.sorted() where Int.random(in: 0..<4, using: &rng) == 0 {
            let priority = Self.priorities.randomElement(using: &rng)!
            do {
                try solver.setPriority(id, to: priority)
                live[id]!.priority = priority
            } catch SolverError.unsatisfiable(let conflict) {
                var changed = live[id]!
                changed.priority = priority
                checkConflict(conflict, rejected: changed)
            }
        }
        try checkState("after priority changes")
        for id in live.keys.sorted() where Bool.random(using: &rng) {
            try solver.remove(id)
            live[id] = nil
        }
        try checkState("after removals")
        for id in live.keys.sorted() { try solver.remove(id) }
        #expect(solver.constraintCount == 0)
        #expect(solver.tableau.rows.allSatisfy { $0.basic == nil }, "\(context): rows left after removing everything")
        #expect(variables.allSatisfy { solver.value(of: $0) == 0 })
    }
}

/// Coupled rows of cells, as in the table benchmark but small: long shared columns, so the lazy
/// column bookkeeping (junk, compaction, and columns long enough to keep their losses) is
/// exercised by removals, constant changes and edits.
@Suite struct SharedColumnTests {
    @Test(.tags(.slow), .disabled(if: isQuickRun, "slow: left out of quick runs"), arguments: 0..<6)
    func churnKeepsTheTableauConsistentAndOptimal(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(1000 + seed))
        let solver = Solver()
        let root = solver.makeVariable(named: "root.width")
        var live: [(id: ConstraintID, constraint: Constraint)] = []
        var widths: [(Variable, Variable)] = []
        for i in 0..<16 {
            let v = (0..<8).map { _ in solver.makeVariable() }
            let (l1, w1, l2, w2, l3, w3, cl, cw) = (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7])
            var cell: [Constraint] = [
                Constraint(cl, .equal, 0),
                Constraint(cw, .equal, Expression(root)),
                Constraint(l1, .equal, cl + 8),
                Constraint(l2, .greaterThanOrEqual, l1 + w1 + 10),
                Constraint(l3, .equal, l2 + w2 + 10),
                Constraint(l3 + w3, .equal, cl + cw - 8),
            ]
            for (w, intrinsic) in [(w1, 60 + (7 * i) % 40), (w2, 80 + (13 * i) % 60), (w3, 50 + (5 * i) % 30)] {
                cell.append(Constraint(w, .greaterThanOrEqual, Double(intrinsic), priority: 750))
                cell.append(Constraint(w, .lessThanOrEqual, Double(intrinsic), priority: 250))
            }
            if let first = widths.first {
                cell.append(Constraint(w2, .equal, Expression(first.0)))
                cell.append(Constraint(w3, .equal, Expression(first.1)))
            }
            widths.append((w2, w3))
            for constraint in cell { live.append((try solver.add(constraint), constraint)) }
        }
        try solver.addEditVariable(root, priority: 999)

        func check(_ step: String) throws {
            let problems = solver.tableau.consistencyProblems()
            #expect(problems.isEmpty, "seed \(seed) \(step): \(problems.prefix(3))")
            for (id, constraint) in live where constraint.isRequired {
                #expect(try solver.isSatisfied(id), "seed \(seed) \(step): \(constraint) does not hold")
            }
        }

        var countedLosses = false
        for step in 0..<150 {
            countedLosses = countedLosses || solver.tableau.tracksLosses.contains(true)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                let k = Int.random(in: 0..<live.count, using: &rng)
                try solver.remove(live[k].id)
                live[k].id = try solver.add(live[k].constraint)
            case 1:
                try solver.suggestValue(root, Double(Int.random(in: 150...500, using: &rng)))
            default:
                let k = Int.random(in: 0..<live.count, using: &rng)
                guard !live[k].constraint.isRequired else { continue }
                let constant = live[k].constraint.expression.constant + Double(Int.random(in: -20...20, using: &rng))
                try solver.setConstant(live[k].id, to: constant)
                live[k].constraint.expression.constant = constant
            }
            try check("step \(step)")
        }

        #expect(countedLosses, "seed \(seed): no column was long enough to keep its losses")

        // The same constraints added afresh reach the same error at every level (the layout
        // itself may differ where it is ambiguous).
        let fresh = Solver()
        for _ in 0..<solver.variableCount { _ = fresh.makeVariable() }
        var freshIDs: [ConstraintID] = []
        for (_, constraint) in live { freshIDs.append(try fresh.add(constraint)) }
        try fresh.addEditVariable(root, priority: 999)
        try fresh.suggestValue(root, solver.value(of: root))
        var levels: [Priority: (Double, Double)] = [:]
        for (k, entry) in live.enumerated() where !entry.constraint.isRequired {
            let old = levels[entry.constraint.priority] ?? (0, 0)
            levels[entry.constraint.priority] = (old.0 + (try solver.error(of: entry.id)), old.1 + (try fresh.error(of: freshIDs[k])))
        }
        for (priority, (incremental, afresh)) in levels {
            #expect(RandomSystemTests.close(incremental, afresh, 1e-6), "seed \(seed): level \(priority) error \(incremental), afresh \(afresh)")
        }
        for (id, _) in live { try solver.remove(id) }
        try solver.removeEditVariable(root)
        #expect(solver.constraintCount == 0)
        #expect(solver.tableau.consistencyProblems().isEmpty)
    }
}
