// An independent reference for the solver's tests: a small dense two-phase simplex (Bland's
// rule, no incremental state), and on top of it the strict-priority semantics solved level by
// level. It shares no code with the Cassowary target beyond the public value types.
import Cassowary

/// `minimise c·y` subject to rows `a·y (== | <= | >=) b`, every `y ≥ 0`.
public struct DenseLP {
    enum Outcome: Equatable {
        case infeasible
        case unbounded
        case optimal(Double)
    }

    var variableCount: Int
    var rows: [(a: [Double], relation: Relation, b: Double)] = []

    static let tolerance = 1e-7

    func minimise(_ cost: [Double]) -> Outcome {
        // Standard form: one slack per inequality, then one artificial per row.
        let m = rows.count
        let slackCount = rows.filter { $0.relation != .equal }.count
        let n = variableCount + slackCount
        var tableau: [[Double]] = []   // m rows of n + m + 1 (last = rhs)
        var basis: [Int] = []
        var slack = variableCount
        for (i, row) in rows.enumerated() {
            var line = [Double](repeating: 0, count: n + m + 1)
            for j in 0..<variableCount { line[j] = row.a[j] }
            switch row.relation {
            case .lessThanOrEqual: line[slack] = 1; slack += 1
            case .greaterThanOrEqual: line[slack] = -1; slack += 1
            case .equal: break
            }
            line[n + m] = row.b
            if line[n + m] < 0 { line = line.map { -$0 } }
            line[n + i] = 1
            tableau.append(line)
            basis.append(n + i)
        }
        // Phase 1: minimise the sum of artificials.
        var phase1 = [Double](repeating: 0, count: n + m)
        for i in 0..<m { phase1[n + i] = 1 }
        let allowedPhase1 = Array(0..<(n + m))
        _ = Self.simplex(&tableau, &basis, cost: phase1, allowed: allowedPhase1)
        let infeasibility = Self.objectiveValue(tableau, basis, cost: phase1)
        if infeasibility > Self.tolerance * 10 { return .infeasible }
        // Drive artificials out of the basis where possible.
        for i in 0..<m where basis[i] >= n {
            if let j = (0..<n).first(where: { abs(tableau[i][$0]) > Self.tolerance }) {
                Self.pivot(&tableau, &basis, row: i, column: j)
            }
        }
        var fullCost = [Double](repeating: 0, count: n + m)
        for j in 0..<variableCount { fullCost[j] = cost[j] }
        let allowed = Array(0..<n)
        guard Self.simplex(&tableau, &basis, cost: fullCost, allowed: allowed) else { return .unbounded }
        return .optimal(Self.objectiveValue(tableau, basis, cost: fullCost))
    }

    private static func objectiveValue(_ tableau: [[Double]], _ basis: [Int], cost: [Double]) -> Double {
        var value = 0.0
        for (i, b) in basis.enumerated() { value += cost[b] * tableau[i].last! }
        return value
    }

    private static func pivot(_ tableau: inout [[Double]], _ basis: inout [Int], row: Int, column: Int) {
        let p = tableau[row][column]
        tableau[row] = tableau[row].map { $0 / p }
        for i in tableau.indices where i != row {
            let f = tableau[i][column]
            if f != 0 {
                for j in tableau[i].indices { tableau[i][j] -= f * tableau[row][j] }
            }
        }
        basis[row] = column
    }

    /// Bland's rule; returns false when unbounded.
    private static func simplex(_ tableau: inout [[Double]], _ basis: inout [Int], cost: [Double], allowed: [Int]) -> Bool {
        let width = tableau.first.map { $0.count - 1 } ?? 0
        while true {
            var entering = -1
            for j in allowed where !basis.contains(j) {
                var reduced = cost[j]
                for (i, b) in basis.enumerated() { reduced -= cost[b] * tableau[i][j] }
                if reduced < -tolerance { entering = j; break }
            }
            if entering < 0 { return true }
            var leaving = -1
            var best = Double.infinity
            for i in tableau.indices where tableau[i][entering] > tolerance {
                let ratio = tableau[i][width] / tableau[i][entering]
                if ratio < best - 1e-12 || (abs(ratio - best) <= 1e-12 && basis[i] < basis[leaving]) {
                    best = ratio
                    leaving = i
                }
            }
            if leaving < 0 { return false }
            pivot(&tableau, &basis, row: leaving, column: entering)
        }
    }
}

/// The strict-priority semantics, solved level by level with `DenseLP`.
public struct ReferenceSystem {
    public var variableCount: Int
    public var constraints: [Constraint]

    public init(variableCount: Int, constraints: [Constraint]) {
        self.variableCount = variableCount
        self.constraints = constraints
    }

    /// Columns: x⁺ and x⁻ per variable, then e⁺, e⁻ per constraint.
    private var columnCount: Int { 2 * variableCount + 2 * constraints.count }

    private func expressionRow(_ c: Constraint) -> [Double] {
        var a = [Double](repeating: 0, count: columnCount)
        for term in c.expression.terms {
            a[2 * Int(term.variable.index)] += term.coefficient
            a[2 * Int(term.variable.index) + 1] -= term.coefficient
        }
        return a
    }

    /// The LP in which constraint k at `hard` holds exactly and others hold up to their errors.
    private func program(levelBounds: [Priority: Double], hardPriority: Priority) -> DenseLP {
        var lp = DenseLP(variableCount: columnCount)
        for (k, c) in constraints.enumerated() {
            var a = expressionRow(c)
            let b = -c.expression.constant
            if c.priority >= hardPriority {
                lp.rows.append((a, c.relation, b))
                continue
            }
            // expr − e⁺ + e⁻  RELATION  0, errors measured by e⁺ (excess) and e⁻ (shortfall).
            let plus = 2 * variableCount + 2 * k
            switch c.relation {
            case .equal: a[plus] = -1; a[plus + 1] = 1
            case .lessThanOrEqual: a[plus] = -1
            case .greaterThanOrEqual: a[plus + 1] = 1
            }
            lp.rows.append((a, c.relation, b))
        }
        for (priority, bound) in levelBounds {
            var a = [Double](repeating: 0, count: columnCount)
            for (k, c) in constraints.enumerated() where c.priority == priority {
                a[2 * variableCount + 2 * k] = 1
                a[2 * variableCount + 2 * k + 1] = 1
            }
            lp.rows.append((a, .lessThanOrEqual, bound + 1e-9 * max(1, abs(bound))))
        }
        return lp
    }

    private var levels: [Priority] {
        Array(Set(constraints.map(\.priority).filter { $0 < .required })).sorted(by: >)
    }

    /// Whether all constraints can hold exactly at once.
    public func allCanHold() -> Bool {
        let lp = program(levelBounds: [:], hardPriority: 0)
        return lp.minimise([Double](repeating: 0, count: columnCount)) != .infeasible
    }

    /// The optimal sum of errors at each optional level (nil if the required ones conflict).
    public func levelOptima() -> [Priority: Double]? {
        var bounds: [Priority: Double] = [:]
        for level in levels {
            var cost = [Double](repeating: 0, count: columnCount)
            for (k, c) in constraints.enumerated() where c.priority == level {
                cost[2 * variableCount + 2 * k] = 1
                cost[2 * variableCount + 2 * k + 1] = 1
            }
            switch program(levelBounds: bounds, hardPriority: .required).minimise(cost) {
            case .optimal(let value): bounds[level] = value
            case .infeasible: return nil
            case .unbounded: preconditionFailure("errors are bounded below")
            }
        }
        if levels.isEmpty && !ReferenceSystem(variableCount: variableCount, constraints: constraints.filter(\.isRequired)).allCanHold() {
            return nil
        }
        return bounds
    }

    /// The range of a variable over the optimal solutions.
    public func range(of variable: Variable) -> (lower: Double?, upper: Double?) {
        guard let bounds = levelOptima() else { preconditionFailure("infeasible") }
        let lp = program(levelBounds: bounds, hardPriority: .required)
        var cost = [Double](repeating: 0, count: columnCount)
        cost[2 * Int(variable.index)] = 1
        cost[2 * Int(variable.index) + 1] = -1
        let lower: Double?
        if case .optimal(let v) = lp.minimise(cost) { lower = v } else { lower = nil }
        let upper: Double?
        if case .optimal(let v) = lp.minimise(cost.map { -$0 }) { upper = -v } else { upper = nil }
        return (lower, upper)
    }
}

/// A seeded generator (splitmix64) for random tests that print their seed and replay it.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
