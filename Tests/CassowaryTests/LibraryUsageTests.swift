import Testing
import Cassowary
import Foundation

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

/// Another package can depend on the `Cassowary` product only if its target builds with no
/// unsafe flags (SwiftPM refuses them in dependencies).
@Test func theSolverTargetBuildsWithoutUnsafeFlags() throws {
    let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Package.swift")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    let start = try #require(text.range(of: "name: \"Cassowary\",\n"))
    let end = try #require(text.range(of: "\n        ),", range: start.upperBound..<text.endIndex))
    let target = text[start.upperBound..<end.lowerBound]
    #expect(target.contains("exclude: [\"README.md\"]"))
    #expect(!target.contains("unsafeFlags"))
    #expect(!target.contains("dependencies"))
}
