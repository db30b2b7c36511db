import Testing
@testable import Cassowary
import CassowaryReference

/// Unit tests, one behaviour each: operations, strict priorities, errors.
@Suite struct SolverTests {
    /// Uniqueness keeps each slack's "costs nothing" answer until the objective changes: every
    /// change that gives a slack a cost, or takes it away, is seen at once, asked of the same
    /// variables again (and of a second variable whose row names the same slack).
    @Test func uniquenessFollowsEveryChangeOfTheObjective() throws {
        let solver = Solver()
        let (x, y) = (solver.makeVariable(named: "x"), solver.makeVariable(named: "y"))
        // y follows x, which is only held at 10 or more: both are free upwards.
        try solver.add(Constraint(x, .greaterThanOrEqual, 10))
        try solver.add(Constraint(y, .equal, x + 5))
        #expect(!solver.isUnique(x) && !solver.isUnique(y))
        let hold = try solver.add(Constraint(x, .lessThanOrEqual, 10, priority: 250))
        #expect(solver.isUnique(x) && solver.isUnique(y))
        #expect(solver.value(of: y) == 15)
        try solver.remove(hold)
        #expect(!solver.isUnique(x) && !solver.isUnique(y))
        let pull = try solver.add(Constraint(y, .equal, 40, priority: 500))
        #expect(solver.isUnique(x) && solver.isUnique(y))
        #expect(solver.value(of: x) == 35)
        try solver.setPriority(pull, to: 100)
        #expect(solver.isUnique(x) && solver.value(of: x) == 35)
        try solver.remove(pull)
        #expect(!solver.isUnique(x) && !solver.isUnique(y))
        // A hold that its level only ties (two equal and opposite pulls): free again.
        try solver.add(Constraint(x, .equal, 20, priority: 300))
        try solver.add(Constraint(x, .equal, 30, priority: 300))
        #expect(!solver.isUnique(x))
        #expect(solver.range(of: x) == ValueRange(lower: 20, upper: 30))
    }

    @Test func requiredEqualitiesChainThroughVariables() throws {
        let solver = Solver()
        let x = solver.makeVariable(named: "x")
        let y = solver.makeVariable(named: "y")
        try solver.add(Constraint(x, .equal, 10))
        try solver.add(Constraint(y, .equal, x + 5))
        #expect(solver.value(of: x) == 10)
        #expect(solver.value(of: y) == 15)
    }

    /// A variable named twice counts once with the sum of its coefficients, a coefficient of
    /// zero (given or summed) drops the term, first appearances keep their order; short and
    /// long expressions alike.
    @Test func repeatedAndZeroTermsAreMergedBeforeTheConstraintGoesIn() throws {
        let solver = Solver()
        let v = (0..<12).map { solver.makeVariable(named: "v\($0)") }
        let twice = try solver.add(Constraint(Expression([Term(v[0]), Term(v[0])], constant: -10), .equal))
        #expect(solver.constraint(twice)?.expression.terms == [Term(v[0], 2)])
        #expect(solver.value(of: v[0]) == 5)
        let cancelled = try solver.add(Constraint(Expression([Term(v[1], 3), Term(v[2]), Term(v[1], -3), Term(v[3], 0)], constant: -7), .equal))
        #expect(solver.constraint(cancelled)?.expression.terms == [Term(v[2])])
        #expect(solver.value(of: v[2]) == 7)
        let plain = Constraint(Expression([Term(v[4], 2), Term(v[5], -1)], constant: -1), .greaterThanOrEqual)
        #expect(solver.constraint(try solver.add(plain)) == plain)
        // Longer than the in-place check: the same rules.
        var terms = (6..<12).map { Term(v[$0]) } + (6..<9).map { Term(v[$0], -1) }
        terms.append(Term(v[11], 0))
        let long = try solver.add(Constraint(Expression(terms, constant: -9), .equal))
        #expect(solver.constraint(long)?.expression.terms == [Term(v[9]), Term(v[10]), Term(v[11])])
        #expect(throws: SolverError.nonFiniteCoefficient(v[4], .infinity)) {
            try solver.add(Constraint(Expression([Term(v[4], .infinity)]), .equal))
        }
        #expect(throws: SolverError.constantOutOfRange(1e11)) {
            try solver.add(Constraint(Expression([Term(v[4]), Term(v[5], 1e11)]), .equal))
        }
    }

    /// Each operator gives the terms in order (left side first, right side's negated by `-`)
    /// and the constant, however the sides are spelled.
    @Test func expressionOperatorsKeepTermsInOrderAndSumConstants() {
        let solver = Solver()
        let (x, y, z) = (solver.makeVariable(), solver.makeVariable(), solver.makeVariable())
        #expect(x + 5 == Expression([Term(x)], constant: 5))
        #expect(5 + x == Expression([Term(x)], constant: 5))
        #expect(x - 5 == Expression([Term(x)], constant: -5))
        #expect(x + y == Expression([Term(x), Term(y)]))
        #expect(x - y == Expression([Term(x), Term(y, -1)]))
        #expect((x + 1) - (y * 2 + 3) == Expression([Term(x), Term(y, -2)], constant: -2))
        #expect(x - (y + z / 4 - 8) == Expression([Term(x), Term(y, -1), Term(z, -0.25)], constant: 8))
        #expect((x + y) + z == Expression([Term(x), Term(y), Term(z)]))
        #expect((x * 3 - 6) / 3 == Expression([Term(x)], constant: -2))
        #expect(-(x - y) == Expression([Term(x, -1), Term(y)]))
        #expect(Constraint(x, .equal, 7).expression == Expression([Term(x)], constant: -7))
        #expect(Constraint(x, .lessThanOrEqual, y).expression == Expression([Term(x), Term(y, -1)]))
        #expect(Constraint(x, .equal, y + z + 1).expression == Expression([Term(x), Term(y, -1), Term(z, -1)], constant: -1))
        #expect(Constraint(x + y, .greaterThanOrEqual, 2).expression == Expression([Term(x), Term(y)], constant: -2))
        #expect(Constraint(x + 2, .equal, z - 1).expression == Expression([Term(x), Term(z, -1)], constant: 3))
        // A side without a constant gives +0, never -0 (the description would say "-0.0").
        #expect((x + 0).constant.sign == .plus && (x - 0).constant.sign == .plus)
        #expect(Constraint(x, .equal, 0).expression.constant.sign == .plus)
        #expect(Constraint(x, .equal, y + 0).expression.constant.sign == .plus)
    }

    @Test func readingManyValuesAtOnceMatchesOneByOne() throws {
        let solver = Solver()
        let x = solver.makeVariable(named: "x")
        let y = solver.makeVariable(named: "y")
        let free = solver.makeVariable(named: "free")
        try solver.add(Constraint(x, .equal, 10))
        try solver.add(Constraint(y, .equal, x * 2 + 5))
        var values = [1.0]
        solver.read([y, free, x, y], into: &values)
        #expect(values == [25, 0, 10, 25])
        try solver.addEditVariable(x, priority: 999)
        try solver.suggestValue(x, 12)   // required x == 10 wins
        try solver.removeEditVariable(x)
        solver.read([y, x], into: &values)
        #expect(values == [solver.value(of: y), solver.value(of: x)])
        #expect(values == [25, 10])
    }

    /// A stack's spanner: n optional equalities that all say the same thing (`s == xᵢ`, with
    /// every `xᵢ == x₀` required). Written through one of them, each new one used to make the
    /// simplex move that one's errors into every row of the n (degenerate pivots, n² in all);
    /// solved for the error that keeps the objective optimal, a new one touches a few rows.
    @Test func equalitiesThatSayTheSameThingAreAddedWithoutPivotingThroughAllOfThem() throws {
        let solver = Solver()
        let s = solver.makeVariable(named: "s")
        let x = (0..<400).map { solver.makeVariable(named: "x\($0)") }
        try solver.add(Constraint(s, .equal, 10))
        var spans: [ConstraintID] = []
        for (i, xi) in x.enumerated() {
            if i > 0 { try solver.add(Constraint(xi, .equal, x[0] + 0)) }
            spans.append(try solver.add(Constraint(s, .equal, xi + 0, priority: 999.5)))
        }
        #expect(x.allSatisfy { solver.value(of: $0) == 10 })
        #expect(solver.statistics.rowsTouched < 4 * x.count, "rows touched: \(solver.statistics.rowsTouched)")
        // Still optimal: one more pull on x₀ at a lower level cannot move it, one above all can.
        try solver.add(Constraint(x[0], .equal, 30, priority: 999))
        #expect(solver.value(of: x[399]) == 10)
        for span in spans.prefix(399) { try solver.remove(span) }
        #expect(solver.value(of: x[399]) == 10)
        try solver.remove(spans[399])
        #expect(solver.value(of: x[399]) == 30)
    }

    @Test func inequalitiesBoundAnOptionalPull() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.add(Constraint(x, .greaterThanOrEqual, 20))
        try solver.add(Constraint(x, .lessThanOrEqual, 30))
        let pull = try solver.add(Constraint(x, .equal, 100, priority: 500))
        #expect(solver.value(of: x) == 30)
        #expect(try solver.error(of: pull) == 70)
        try solver.setConstant(pull, to: -5)   // x == 5 @500
        #expect(solver.value(of: x) == 20)
    }

    @Test func oneHigherPriorityBeatsAnyNumberOfLowerOnes() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.add(Constraint(x, .equal, 10, priority: 251))
        for _ in 0..<1000 { try solver.add(Constraint(x, .equal, 20, priority: 250)) }
        #expect(solver.value(of: x) == 10)
    }

    @Test func closePrioritiesStayStrict() throws {
        // kiwi's single-double strengths cannot separate 999.5 from 999; strict levels can.
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.add(Constraint(x, .equal, 1, priority: 999.5))
        for _ in 0..<50 { try solver.add(Constraint(x, .equal, 2, priority: 999)) }
        #expect(solver.value(of: x) == 1)
    }

    @Test func withinALevelTheSumOfErrorsIsMinimised() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.add(Constraint(x, .equal, 10, priority: 250))
        try solver.add(Constraint(x, .equal, 10, priority: 250))
        try solver.add(Constraint(x, .equal, 40, priority: 250))
        #expect(solver.value(of: x) == 10)
    }

    @Test func removingAConstraintReleasesItsEffect() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.add(Constraint(x, .equal, 5, priority: 100))
        let strong = try solver.add(Constraint(x, .equal, 50))
        #expect(solver.value(of: x) == 50)
        try solver.remove(strong)
        #expect(solver.value(of: x) == 5)
    }

    @Test func removingEveryConstraintEmptiesTheSolver() throws {
        let solver = Solver()
        let vs = (0..<4).map { _ in solver.makeVariable() }
        var ids: [ConstraintID] = []
        ids.append(try solver.add(Constraint(vs[0], .equal, 3)))
        ids.append(try solver.add(Constraint(vs[1], .greaterThanOrEqual, vs[0] + 2)))
        ids.append(try solver.add(Constraint(vs[2], .equal, vs[1] * 2, priority: 750)))
        ids.append(try solver.add(Constraint(vs[3] + vs[2], .lessThanOrEqual, 40, priority: 250)))
        ids.append(try solver.add(Constraint(vs[3], .equal, 1000, priority: 1)))
        for id in ids.reversed() { try solver.remove(id) }
        #expect(solver.constraintCount == 0)
        #expect(solver.tableau.rows.allSatisfy { $0.basic == nil })
        #expect(solver.tableau.columns.spans.allSatisfy { $0.count == 0 && $0.held == 0 })
        #expect(solver.tableau.objective.allSatisfy { $0 == 0 })
        #expect(solver.tableau.candidates.isEmpty)
        #expect(vs.allSatisfy { solver.value(of: $0) == 0 })
    }

    @Test func editVariablesFollowSuggestionsWithinTheirBounds() throws {
        let solver = Solver()
        let width = solver.makeVariable(named: "width")
        let half = solver.makeVariable(named: "half")
        try solver.add(Constraint(half, .equal, width * 0.5))
        try solver.add(Constraint(width, .lessThanOrEqual, 300))
        try solver.addEditVariable(width, priority: 999)
        try solver.suggestValue(width, 200)
        #expect(solver.value(of: half) == 100)
        try solver.suggestValue(width, 400)
        #expect(solver.value(of: width) == 300)
        #expect(solver.value(of: half) == 150)
        try solver.removeEditVariable(width)
        #expect(throws: SolverError.unknownEditVariable(width)) { try solver.suggestValue(width, 1) }
    }

    @Test func anUnsatisfiableRequiredConstraintIsRefusedWithAMinimalSet() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        let y = solver.makeVariable()
        let z = solver.makeVariable()
        let a = try solver.add(Constraint(x, .equal, 10))
        let unrelated = try solver.add(Constraint(z, .equal, 3))
        let b = try solver.add(Constraint(y, .greaterThanOrEqual, x + 20))
        let soft = try solver.add(Constraint(y, .equal, 0, priority: 750))
        let before = solver.tableau.rows.filter { $0.basic != nil }.map(\.constant)
        do {
            try solver.add(Constraint(y, .lessThanOrEqual, 25))
            Issue.record("expected a conflict")
        } catch SolverError.unsatisfiable(let conflict) {
            #expect(conflict.members.count == 3)
            #expect(conflict.members.contains(a) && conflict.members.contains(b))
            #expect(conflict.members.contains(conflict.rejected))
            #expect(!conflict.members.contains(unrelated) && !conflict.members.contains(soft))
        }
        #expect(solver.tableau.rows.filter { $0.basic != nil }.map(\.constant) == before)
        #expect(solver.value(of: y) == 30)
        #expect(solver.constraintCount == 4)
    }

    @Test func aChainsConflictIsTheWholeChainStraightFromTheCertificate() throws {
        // x0 = 0, xI = xI-1 + wI-1, wI = 10: then x299 = 5 contradicts every link and width.
        let solver = Solver()
        let n = 300
        let x = (0..<n).map { _ in solver.makeVariable() }
        let w = (0..<n).map { _ in solver.makeVariable() }
        var chain = [try solver.add(Constraint(x[0], .equal, 0))]
        var lastWidth: ConstraintID?
        for i in 0..<n {
            let width = try solver.add(Constraint(w[i], .equal, 10))
            if i < n - 1 { chain.append(width) } else { lastWidth = width }
            if i > 0 { chain.append(try solver.add(Constraint(x[i], .equal, x[i - 1] + w[i - 1]))) }
        }
        let spare = try solver.add(Constraint(w[n - 1], .greaterThanOrEqual, 0))
        do {
            try solver.add(Constraint(x[n - 1], .equal, 5))
            Issue.record("expected a conflict")
        } catch SolverError.unsatisfiable(let conflict) {
            // x0, every link and every width but the last one's, and the rejected one.
            #expect(conflict.members == (chain + [conflict.rejected]).sorted())
            #expect(!conflict.members.contains(spare) && !conflict.members.contains(lastWidth!))
        }
        #expect(solver.value(of: x[n - 1]) == 2990)
    }

    @Test func insertingARowMergesAsCellByCellInsertionWould() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            var builder = RowBuilder(constant: 1)
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                builder.insert(Symbol(Int32.random(in: 0..<40, using: &generator)), Double(Int.random(in: -3...3, using: &generator)))
            }
            var cells: [Cell] = []
            for id in Set((0..<Int.random(in: 0...20, using: &generator)).map { _ in Int32.random(in: 0..<40, using: &generator) }).sorted() {
                cells.append(Cell(symbol: Symbol(id), coefficient: Double(Int.random(in: -3...3, using: &generator)) + 0.5))
            }
            let other = Row(basic: Symbol(99), constant: 2, cells: cells)
            let multiple = [1.0, -1, 2, -0.5].randomElement(using: &generator)!
            var merged = builder
            merged.insert(other, times: multiple)
            var expected = builder
            expected.constant += other.constant * multiple
            for cell in other.cells { expected.insert(cell.symbol, cell.coefficient * multiple) }
            #expect(merged.symbols == expected.symbols)
            #expect(merged.coefficients == expected.coefficients)
            #expect(merged.constant == expected.constant)
            #expect(merged.coefficients.allSatisfy { $0 != 0 })
        }
    }

    @Test func aFeasibilityOnlySolverKeepsNoMarkersAndOnlySaysNo() throws {
        let solver = Solver(feasibilityOnly: true)
        let x = (0..<2000).map { _ in solver.makeVariable() }
        try solver.add(Constraint(x[0], .equal, 0))
        for i in 1..<x.count { try solver.add(Constraint(x[i], .equal, x[i - 1] + 10)) }
        // Rows of one cell or none: no marker travels down the chain.
        #expect(solver.tableau.rows.allSatisfy { $0.basic == nil || $0.symbols.count <= 1 })
        #expect(solver.value(of: x[1999]) == 19990)
        try solver.add(Constraint(x[5], .equal, x[4] + 10))  // implied: accepted
        do {
            try solver.add(Constraint(x[1999], .lessThanOrEqual, 100))
            Issue.record("expected a refusal")
        } catch SolverError.unsatisfiable(let conflict) {
            #expect(conflict.members == [conflict.rejected])
        }
    }

    @Test func aNegativeWidthAloneConflictsWithItsLowerBound() throws {
        let solver = Solver()
        let width = solver.makeVariable()
        let nonNegative = try solver.add(Constraint(width, .greaterThanOrEqual, 0))
        #expect {
            try solver.add(Constraint(width, .equal, -16))
        } throws: { error in
            guard case SolverError.unsatisfiable(let conflict) = error else { return false }
            return conflict.members == [nonNegative, conflict.rejected]
        }
    }

    @Test func contradictoryEqualitiesAreCaughtWithoutPhaseOne() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        let first = try solver.add(Constraint(x, .equal, 1))
        #expect(throws: SolverError.unsatisfiable(Conflict(members: [first, ConstraintID(index: 1)], rejected: ConstraintID(index: 1)))) {
            try solver.add(Constraint(x, .equal, 2))
        }
        try solver.add(Constraint(x, .equal, 1))   // redundant, but consistent
        #expect(solver.value(of: x) == 1)
    }

    @Test func aRedundantConstraintKeepsHoldingWhenItsTwinGoes() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        let first = try solver.add(Constraint(x, .equal, 10))
        try solver.add(Constraint(x, .equal, 10))
        try solver.add(Constraint(x, .equal, 0, priority: 1))
        try solver.remove(first)
        #expect(solver.value(of: x) == 10)
    }

    @Test func aFailedConstantChangeLeavesTheSolverAsItWas() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        let low = try solver.add(Constraint(x, .greaterThanOrEqual, 10))
        let high = try solver.add(Constraint(x, .lessThanOrEqual, 20))
        try solver.add(Constraint(x, .equal, 15, priority: 250))
        #expect {
            try solver.setConstant(low, to: -30)   // x >= 30
        } throws: { error in
            guard case SolverError.unsatisfiable(let conflict) = error else { return false }
            return conflict.members == [low, high] && conflict.rejected == low
        }
        #expect(solver.value(of: x) == 15)
        #expect(solver.constraint(low)?.expression.constant == -10)
        try solver.setConstant(low, to: -18)
        #expect(solver.value(of: x) == 18)
    }

    /// A required equality made redundant by others
    /// keeps a row of markers only; changing its constant there was taken silently, and the
    /// solver held two contradicting equalities.
    @Test func aRedundantEqualityCannotTakeAConstantTheOthersContradict() throws {
        let solver = Solver()
        let x = solver.makeVariable(), y = solver.makeVariable()
        let first = try solver.add(Constraint(Expression([Term(x), Term(y, -1)]), .equal, 0))   // x == y
        try solver.add(Constraint(y, .equal, 5))
        let twin = try solver.add(Constraint(Expression([Term(y), Term(x, -1)]), .equal, 0))    // y == x, redundant
        #expect {
            try solver.setConstant(twin, to: -20)   // y == x + 20
        } throws: { error in
            guard case SolverError.unsatisfiable(let conflict) = error else { return false }
            return Set(conflict.members) == [first, twin] && conflict.rejected == twin
        }
        #expect(solver.value(of: x) == 5 && solver.value(of: y) == 5)
        #expect(solver.constraint(twin)?.expression.constant == 0)
        // A constant the others agree with is taken.
        try solver.setConstant(twin, to: 0)
        try solver.remove(first)
        try solver.setConstant(twin, to: -20)
        #expect(solver.value(of: x) == -15 && solver.value(of: y) == 5)
    }

    @Test func priorityChangesReweighOrReinsert() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        let a = try solver.add(Constraint(x, .equal, 10, priority: 250))
        try solver.add(Constraint(x, .equal, 20, priority: 500))
        #expect(solver.value(of: x) == 20)
        try solver.setPriority(a, to: 750)
        #expect(solver.value(of: x) == 10)
        try solver.setPriority(a, to: .required)
        #expect(solver.value(of: x) == 10)
        let b = try solver.add(Constraint(x, .equal, 30, priority: 999))
        #expect(throws: SolverError.self) { try solver.setPriority(b, to: .required) }
        #expect(solver.constraint(b)?.priority == 999)
        #expect(solver.value(of: x) == 10)
        try solver.setPriority(a, to: 1)
        #expect(solver.value(of: x) == 30)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumbersAreRefused(_ bad: Double) throws {
        let solver = Solver()
        let x = solver.makeVariable()
        #expect {
            try solver.add(Constraint(Expression([Term(x, bad)]), .equal))
        } throws: { error in
            guard case SolverError.nonFiniteCoefficient(let variable, let value) = error else { return false }
            return variable == x && !value.isFinite
        }
        #expect {
            try solver.add(Constraint(x, .equal, bad))
        } throws: { error in
            guard case SolverError.nonFiniteConstant(let value) = error else { return false }
            return !value.isFinite
        }
        let id = try solver.add(Constraint(x, .equal, 1, priority: 10))
        #expect(throws: SolverError.self) { try solver.setConstant(id, to: bad) }
        #expect(solver.value(of: x) == 1)
    }

    @Test func errorsCarryTheOffendingValue() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        // The value carried is the expression's constant: x == 2e10 is x − 2e10 == 0.
        #expect(throws: SolverError.constantOutOfRange(-2e10)) { try solver.add(Constraint(x, .equal, 2e10)) }
        #expect(throws: SolverError.invalidPriority(0)) { try solver.add(Constraint(x, .equal, 1, priority: 0)) }
        #expect(throws: SolverError.invalidPriority(1001)) { try solver.add(Constraint(x, .equal, 1, priority: 1001)) }
        #expect(throws: SolverError.unknownVariable(Variable(index: 7))) {
            try solver.add(Constraint(Variable(index: 7), .equal, 1))
        }
        #expect(throws: SolverError.unknownConstraint(ConstraintID(index: 3))) { try solver.remove(ConstraintID(index: 3)) }
        #expect(throws: SolverError.requiredEditVariable(x)) { try solver.addEditVariable(x, priority: 1000) }
        try solver.addEditVariable(x, priority: 500)
        #expect(throws: SolverError.duplicateEditVariable(x)) { try solver.addEditVariable(x, priority: 400) }
        #expect(solver.constraintCount == 1)
    }

    @Test func constantsUpToTenBillionWork() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        let y = solver.makeVariable()
        try solver.add(Constraint(x, .equal, 1e10))
        try solver.add(Constraint(y, .equal, x - 1e10 + 0.5))
        try solver.add(Constraint(y, .lessThanOrEqual, 1e10))
        #expect(solver.value(of: x) == 1e10)
        #expect(abs(solver.value(of: y) - 0.5) < 1e-6)
        #expect(throws: SolverError.self) { try solver.add(Constraint(x, .lessThanOrEqual, -1e10)) }
    }

    @Test func violationsAreExplainedByTheConstraintsThatOverruleThem() throws {
        let solver = Solver()
        let width = solver.makeVariable(named: "width")
        let left = solver.makeVariable(named: "left")
        try solver.add(Constraint(left, .equal, 0))
        let fill = try solver.add(Constraint(left + width, .equal, 300))
        let hugging = try solver.add(Constraint(width, .lessThanOrEqual, 51, priority: 251))
        try solver.add(Constraint(width, .greaterThanOrEqual, 10, priority: 750))
        #expect(solver.value(of: width) == 300)
        #expect(try solver.error(of: hugging) == 249)
        let forcedBy = try solver.violationExplanation(for: hugging)
        #expect(forcedBy.count == 2)
        #expect(forcedBy.contains(fill))
        #expect(try solver.violationExplanation(for: fill).isEmpty)
    }

    /// The explanation follows the constraints as they are now: one removed is not named, one
    /// added after the last explanation is, one whose priority changed (taken out and put
    /// back) counts once.
    @Test func explanationsFollowConstraintsRemovedAddedAndReprioritised() throws {
        let solver = Solver()
        let width = solver.makeVariable(named: "width")
        let left = solver.makeVariable(named: "left")
        let pin = try solver.add(Constraint(left, .equal, 0))
        let fill = try solver.add(Constraint(left + width, .equal, 300))
        let hugging = try solver.add(Constraint(width, .lessThanOrEqual, 51, priority: 251))
        #expect(Set(try solver.violationExplanation(for: hugging)) == [pin, fill])
        try solver.remove(fill)
        #expect(try solver.violationExplanation(for: hugging).isEmpty)
        let stretch = try solver.add(Constraint(width, .equal, 200, priority: 500))
        #expect(try solver.violationExplanation(for: hugging) == [stretch])
        try solver.setPriority(stretch, to: .required)
        try solver.setPriority(stretch, to: 400)
        try solver.setPriority(stretch, to: 600)
        #expect(try solver.violationExplanation(for: hugging) == [stretch])
        let right = solver.makeVariable(named: "right")
        let edge = try solver.add(Constraint(right, .equal, left + width))
        let wall = try solver.add(Constraint(right, .equal, 120))
        #expect(Set(try solver.violationExplanation(for: hugging)) == [pin, edge, wall])
    }

    @Test func aViolatedHigherLevelCanForceALowerOne() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.add(Constraint(x, .greaterThanOrEqual, 5))
        let h = try solver.add(Constraint(x, .equal, 0, priority: 750))
        let c = try solver.add(Constraint(x, .equal, 7, priority: 250))
        #expect(solver.value(of: x) == 5)
        #expect(try solver.violationExplanation(for: c) == [h])
    }

    @Test func ambiguityIsReportedAsARange() throws {
        let solver = Solver()
        let x = solver.makeVariable(named: "x")
        let width = solver.makeVariable(named: "width")
        try solver.add(Constraint(width, .equal, 100))
        try solver.add(Constraint(x, .greaterThanOrEqual, 10))
        #expect(solver.range(of: width) == ValueRange(lower: 100, upper: 100))
        #expect(solver.range(of: x) == ValueRange(lower: 10, upper: nil))
        try solver.add(Constraint(x + width, .lessThanOrEqual, 300))
        #expect(solver.range(of: x) == ValueRange(lower: 10, upper: 200))
        #expect(solver.isAmbiguous(x))
        // Tied to x twice (the second tie is redundant): the same range, both ends blocked.
        let y = solver.makeVariable(named: "y")
        try solver.add(Constraint(y, .equal, x + 5))
        try solver.add(Constraint(Expression([Term(y), Term(x, -1)]), .equal, 5))
        #expect(solver.range(of: y) == ValueRange(lower: 15, upper: 205))
        #expect(solver.range(of: Expression([Term(y), Term(x, -1)])) == ValueRange(lower: 5, upper: 5))
        let free = solver.makeVariable()
        #expect(solver.range(of: free) == ValueRange(lower: nil, upper: nil))
        try solver.add(Constraint(x, .equal, 50, priority: 1))
        #expect(!solver.isAmbiguous(x))
        #expect(solver.value(of: x) == 50)
    }

    @Test func equalPrioritiesInCompetitionAreAmbiguous() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.add(Constraint(x, .equal, 10, priority: 250))
        try solver.add(Constraint(x, .equal, 20, priority: 250))
        #expect(solver.range(of: x) == ValueRange(lower: 10, upper: 20))
    }

    @Test func exercisingMovesToAnotherOptimalSolution() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        let y = solver.makeVariable()
        try solver.add(Constraint(x, .greaterThanOrEqual, 0))
        try solver.add(Constraint(x, .lessThanOrEqual, 40))
        try solver.add(Constraint(y, .equal, 7))
        let before = solver.value(of: x)
        #expect(solver.exerciseAmbiguity(of: x))
        let after = solver.value(of: x)
        #expect(abs(after - before) == 40)
        #expect(solver.range(of: x) == ValueRange(lower: 0, upper: 40))
        #expect(!solver.exerciseAmbiguity(of: y))
        #expect(solver.constraintCount == 3)
        solver.clearExercise()
        #expect(solver.constraintCount == 3)
    }

    @Test func degenerateSystemsTerminate() throws {
        // Many constraints through one vertex, at several priorities, with redundant required
        // equalities: every ratio test ties at zero.
        let solver = Solver()
        let x = solver.makeVariable()
        let y = solver.makeVariable()
        var ids: [ConstraintID] = []
        for k in 1...40 {
            let a = Double(k % 7) - 3
            let b = Double(k % 5) - 2
            ids.append(try solver.add(Constraint(x * a + y * b, .lessThanOrEqual, 0)))
            ids.append(try solver.add(Constraint(x * b - y * a, .greaterThanOrEqual, 0, priority: Float(1 + k % 4) * 100)))
            ids.append(try solver.add(Constraint(x + y, .equal, 0)))
        }
        try solver.add(Constraint(x, .equal, 5, priority: 10))
        #expect(abs(solver.value(of: x)) < 1e-9 && abs(solver.value(of: y)) < 1e-9)
        for (k, id) in ids.enumerated() where k % 3 != 2 { try solver.remove(id) }
        #expect(abs(solver.value(of: x) - 5) < 1e-9)
        #expect(abs(solver.value(of: y) + 5) < 1e-9)
    }
}

/// A scratch solver lent from the pool comes back empty and keeps a bounded number of rows: a
/// large test does not make every small one after it empty thousands of rows, and what it
/// left behind does not leak into the next test.
@Test func aScratchSolverComesBackEmptyAfterALargeTest() throws {
    let solver = Solver()
    try solver.withScratchSolver(feasibilityOnly: false) { scratch in
        let xs = (0..<1_000).map { _ in scratch.makeVariable() }
        try scratch.add(Constraint(xs[0], .equal, 5))
        for k in 1..<xs.count { try scratch.add(Constraint(xs[k] - xs[k - 1], .equal, 1)) }
        #expect(scratch.value(of: xs[999]) == 1_004)
        #expect(scratch.tableau.rows.count >= 1_000)
    }
    try solver.withScratchSolver(feasibilityOnly: false) { scratch in
        #expect(scratch.variableCount == 0 && scratch.constraintCount == 0)
        #expect(scratch.tableau.rows.count < 1_000, "the large test's rows were all kept")
        #expect(scratch.tableau.rows.allSatisfy { $0.basic == nil && $0.cells.isEmpty })
        let a = scratch.makeVariable(), b = scratch.makeVariable()
        try scratch.add(Constraint(a + b, .equal, 10))
        try scratch.add(Constraint(a, .equal, 3))
        #expect(scratch.value(of: b) == 7)
        #expect(throws: SolverError.self) { try scratch.add(Constraint(b, .equal, 8)) }
        #expect(scratch.tableau.consistencyProblems().isEmpty)
    }
}
