import Testing
@testable import LayoutEngine
@testable import Cassowary

/// `LayoutEngine.copy()`, on which each fix's consequence is tried: a copy is the engine in
/// every stored property (a property added and left out of `copy()` fails the first test when
/// this scenario sets it), and the copy goes its own way.
struct EngineCopyTests {
    /// A stack, an intrinsic size, a conflict (something broken), a violation, an edit.
    static func engine() throws -> LayoutEngine {
        let engine = LayoutEngine()
        try engine.addView(kind: .stack, name: "s", parent: "root")
        try engine.addView(kind: .label, name: "a", parent: "s", properties: [.text("Hello")])
        try engine.addView(kind: .view, name: "b", parent: "s")
        try engine.addView(kind: .view, name: "c", parent: "root")
        _ = try engine.addConstraints([
            spec("s", .leading, .equal, "root", plus: 8), spec("s", .top, .equal, "root"),
            spec("c", .width, plus: 10, name: "narrow"), spec("c", .width, plus: 20, name: "wide"),
            spec("b", .height, plus: 30, at: 500), spec("b", .height, plus: 40, at: 500),
        ])
        engine.layoutIfNeeded()
        _ = engine.diagnostics.conflictReports()
        _ = engine.ambiguity()
        return engine
    }

    /// Each stored property's label and value, as reflection prints them.
    static func properties(of subject: Any, skipping: Set<String>) -> [String: String] {
        var result: [String: String] = [:]
        for child in Mirror(reflecting: subject).children {
            guard let label = child.label, !skipping.contains(label) else { continue }
            result[label] = String(reflecting: child.value)
        }
        return result
    }

    @Test func aCopyHasEveryPropertyOfTheEngineAndItsSolver() throws {
        let engine = try Self.engine()
        #expect(!engine.broken.isEmpty)
        let copy = engine.copy()
        let engineSkipped: Set<String> = ["solver", "interruptCheck"]
        let a = Self.properties(of: engine, skipping: engineSkipped), b = Self.properties(of: copy, skipping: engineSkipped)
        #expect(a.count >= 7)  // the hierarchy, the five parts of the state, the flags
        for (label, value) in a { #expect(b[label] == value, "\(label)") }
        let solverSkipped: Set<String> = ["scratchPool", "feasibilityPool"]
        let s = Self.properties(of: engine.solver, skipping: solverSkipped), t = Self.properties(of: copy.solver, skipping: solverSkipped)
        #expect(s.count >= 7)  // the tableau, the model, the levels, the workspace, the flags
        for (label, value) in s { #expect(t[label] == value, "solver.\(label)") }
        #expect(copy.solver !== engine.solver)
    }

    @Test func aCopyGoesItsOwnWay() throws {
        let engine = try Self.engine()
        let frames = engine.hierarchy.allViews.map(\.frame)
        let copy = engine.copy()
        try copy.setActive(["narrow"], .deactivate)
        _ = try copy.addConstraints([spec("a", .width, plus: 300)])
        copy.layoutIfNeeded()
        #expect(copy.hierarchy.allViews.map(\.frame) != frames)
        engine.layoutIfNeeded()
        #expect(engine.hierarchy.allViews.map(\.frame) == frames)
        #expect(engine.state(of: .user(0)) == .satisfied)
        #expect(copy.hierarchy.constraints.count == engine.hierarchy.constraints.count + 1)
    }

    @Test func eachFixIsTriedAsOnAnEngineRebuiltForIt() throws {
        let engine = try Self.engine()
        let reports = engine.diagnostics.conflictReports()
        #expect(!reports.isEmpty)
        for report in reports {
            #expect(!report.ranked.isEmpty)
            for ranked in report.ranked {
                let alone = engine.diagnostics.consequence(of: ranked.fix, broken: report.broken)
                #expect(String(reflecting: ranked.consequence) == String(reflecting: alone))
            }
        }
    }
}
