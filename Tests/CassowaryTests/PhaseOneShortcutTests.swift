import Testing
@testable import Cassowary
import CassowaryReference

/// `phaseOneShortcut` must leave exactly the tableau that phase 1 leaves: two solvers take the
/// same changes, one with the shortcut and one always through phase 1, and are compared cell by
/// cell (bit for bit) after each.
@Suite struct PhaseOneShortcutTests {
    /// Where two tableaux differ, or nil. Dropped rows count as absent; the symbol arrays may
    /// differ in length (phase 1 can make its artificial variable as a new symbol).
    static func difference(_ a: Tableau, _ b: Tableau) -> String? {
        for r in 0..<max(a.rows.count, b.rows.count) {
            let x = r < a.rows.count && a.rows[r].basic != nil ? a.rows[r] : nil
            let y = r < b.rows.count && b.rows[r].basic != nil ? b.rows[r] : nil
            guard x?.basic == y?.basic else { return "row \(r): basic \(String(describing: x?.basic)) vs \(String(describing: y?.basic))" }
            guard let x, let y else { continue }
            guard x.constant == y.constant else { return "row \(r): constant \(x.constant) vs \(y.constant)" }
            guard x.cells.map(\.symbol) == y.cells.map(\.symbol), x.cells.map(\.coefficient) == y.cells.map(\.coefficient) else {
                return "row \(r): cells differ"
            }
        }
        guard a.stride == b.stride, a.levelOrder == b.levelOrder else { return "objective levels differ" }
        for s in 0..<min(a.symbolCount, b.symbolCount) {
            for slot in 0..<a.stride where a.objective[s * a.stride + slot] != b.objective[s * b.stride + slot] {
                return "objective of symbol \(s) at slot \(slot)"
            }
            guard a.values[s] == b.values[s] else { return "value of symbol \(s)" }
        }
        guard Set(a.candidates.map(\.index)) == Set(b.candidates.map(\.index)) else { return "candidates differ" }
        return nil
    }

    @Test func randomChangesLeaveTheTableauPhaseOneLeaves() throws {
        var shortcuts = 0
        for seed in 0..<200 {
            var rng = SeededGenerator(seed: UInt64(5000 + seed))
            let fast = Solver()
            let slow = Solver()
            slow.usesPhaseOneShortcut = false
            let count = Int.random(in: 2...6, using: &rng)
            let variables = (0..<count).map { _ in fast.makeVariable() }
            _ = (0..<count).map { _ in slow.makeVariable() }
            var live: [(fast: ConstraintID, slow: ConstraintID, constraint: Constraint)] = []
            for step in 0..<40 {
                let roll = Int.random(in: 0..<10, using: &rng)
                if roll < 7 || live.isEmpty {
                    let constraint = RandomSystemTests.randomConstraint(variables: variables, using: &rng)
                    let a = Result { try fast.add(constraint) }
                    let b = Result { try slow.add(constraint) }
                    switch (a, b) {
                    case let (.success(x), .success(y)): live.append((x, y, constraint))
                    case (.failure, .failure): break
                    default: Issue.record("seed \(seed) step \(step): one solver refused \(constraint)")
                    }
                } else if roll < 9 {
                    let k = Int.random(in: 0..<live.count, using: &rng)
                    try fast.remove(live[k].fast)
                    try slow.remove(live[k].slow)
                    live.remove(at: k)
                } else {
                    let k = Int.random(in: 0..<live.count, using: &rng)
                    let constant = Double(Int.random(in: -30...30, using: &rng))
                    _ = try? fast.setConstant(live[k].fast, to: constant)
                    _ = try? slow.setConstant(live[k].slow, to: constant)
                }
                if let difference = Self.difference(fast.tableau, slow.tableau) {
                    Issue.record("seed \(seed) step \(step): \(difference)")
                    break
                }
                #expect(variables.allSatisfy { fast.value(of: $0) == slow.value(of: $0) })
            }
            shortcuts += fast.tableau.phaseOneShortcuts
            #expect(fast.statistics.phaseOnes + fast.tableau.phaseOneShortcuts == slow.statistics.phaseOnes, "seed \(seed)")
        }
        #expect(shortcuts > 200, "shortcuts taken: \(shortcuts)")
    }
}
