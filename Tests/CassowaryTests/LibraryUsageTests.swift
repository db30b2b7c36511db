import Testing
import Cassowary

/// The example of docs/architecture.md ("Using the solver as a library"), as a package that
/// depends on the `Cassowary` product writes it: public API only (no `@testable`).
@Test func theDocumentedExampleGivesTheDocumentedValue() throws {
    let solver = Solver()
    let x = solver.makeVariable(named: "x"), y = solver.makeVariable(named: "y")
    _ = try solver.add(Constraint(x + 10, .lessThanOrEqual, Expression(y)))
    _ = try solver.add(Constraint(y, .equal, 100))
    _ = try solver.add(Constraint(x, .equal, 200, priority: 250))
    #expect(solver.value(of: x) == 90)
    #expect("\(solver.value(of: x))" == "90.0")
}

@Test func aRequiredConstraintThatCannotHoldIsRefusedWithItsSetAndChangesNothing() throws {
    let solver = Solver()
    let x = solver.makeVariable(named: "x")
    let first = try solver.add(Constraint(x, .equal, 100))
    #expect {
        _ = try solver.add(Constraint(x, .equal, 200))
    } throws: { error in
        guard case let SolverError.unsatisfiable(conflict) = error else { return false }
        return conflict.members.contains(first) && conflict.members.count == 2
    }
    #expect(solver.value(of: x) == 100)
}
