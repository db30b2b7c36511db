import Testing
@testable import Cassowary

/// The simplex's invariants that `Solver.checkInvariants` enforces after every public operation
/// in the tests' builds: each broken on purpose is named.
struct InvariantTests {
    /// x ≥ 10 (a restricted row), y == x + 5, and x == 40 at 250 (an error row).
    static func solver() throws -> (Solver, Variable, Variable) {
        let solver = Solver()
        let x = solver.makeVariable(named: "x"), y = solver.makeVariable(named: "y")
        try solver.add(Constraint(x, .greaterThanOrEqual, 10))
        try solver.add(Constraint(y, .equal, x + 5))
        try solver.add(Constraint(x, .equal, 40, priority: 250))
        return (solver, x, y)
    }

    static func restrictedRow(_ solver: Solver) throws -> Int {
        try #require(solver.tableau.rows.indices.first { k in
            guard let basic = solver.tableau.rows[k].basic else { return false }
            return solver.tableau.kinds[basic.index] != .external
        })
    }

    @Test func aSolvedTableauHasNoProblems() throws {
        let (solver, x, _) = try Self.solver()
        #expect(solver.tableau.invariantProblems() == [])
        #expect(solver.tableau.consistencyProblems() == [])
        #expect(solver.value(of: x) == 40)
    }

    @Test func aRestrictedRowBelowZeroIsNamed() throws {
        let (solver, _, _) = try Self.solver()
        let k = try Self.restrictedRow(solver)
        solver.tableau.rows[k].constant = -3
        #expect(solver.tableau.invariantProblems().contains { $0.hasPrefix("row \(k): restricted basic") && $0.hasSuffix("at -3.0 < 0") })
    }

    @Test func aFreeSymbolInARestrictedRowIsNamed() throws {
        let (solver, x, _) = try Self.solver()
        let k = try Self.restrictedRow(solver)
        let external = solver.model.variableSymbols[Int(x.index)]
        solver.tableau.rows[k].cells.append(Cell(symbol: external, coefficient: 1))
        #expect(solver.tableau.invariantProblems().contains("row \(k): free symbol \(external) in the restricted row of \(solver.tableau.rows[k].basic!)"))
    }

    @Test func aMissingOrAStrayCandidateIsNamed() throws {
        let (solver, _, _) = try Self.solver()
        // A parametric restricted symbol given a negative cost but not listed.
        let parametric = try #require((0..<solver.tableau.symbolCount).first { s in
            solver.tableau.basicRow[s] < 0 && [.slack, .error].contains(solver.tableau.kinds[s])
        })
        let symbol = Symbol(Int32(parametric))
        solver.tableau.objective[parametric * solver.tableau.stride + solver.tableau.levelOrder.last!] = -1
        #expect(solver.tableau.invariantProblems().contains("symbol \(symbol): not listed as a candidate with a negative reduced cost"))
        solver.tableau.refreshCandidate(symbol)
        #expect(solver.tableau.invariantProblems() == [])
        // Listed, then its cost put back: listed without one.
        solver.tableau.objective[parametric * solver.tableau.stride + solver.tableau.levelOrder.last!] = 0
        #expect(solver.tableau.invariantProblems().contains { $0.hasPrefix("symbol \(symbol): listed as a candidate without") })
    }

    @Test func aQueuedInfeasibleRowIsNamed() throws {
        let (solver, _, _) = try Self.solver()
        solver.tableau.infeasible.append(Symbol(0))
        #expect(solver.tableau.invariantProblems() == ["rows queued as infeasible: [s0]"])
    }
}
