import Testing
@testable import LayoutEngine
import Cassowary
import CassowaryReference

/// Random small layouts, checked against the solver tests' independent reference (a dense LP
/// solved level by level, `ReferenceCheck`): the layout optimal, every conflicting set
/// unsatisfiable and minimal with its broken member the newest, every fix offered real and
/// every member not offered no fix, every `forcedBy` minimal, and ambiguity reported exactly
/// where the reference finds a range.
@Suite struct RandomDiagnosticsTests {
    static let attributes: [LayoutAttribute] = [.leading, .trailing, .width, .centerX, .top, .height, .bottom]
    static let priorities: [LayoutPriority] = [1000, 1000, 1000, 999, 750, 251, 250, 249]

    @Test(arguments: 0..<300)
    func diagnosticsMatchTheReference(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        let engine = LayoutEngine()
        let names = ["a", "b", "c"].prefix(Int.random(in: 2...3, using: &rng))
        // Some views are labels: their hugging and compression tie at the text's size, where
        // an explanation may pick the bound that pushes the wrong way.
        for name in names {
            if Int.random(in: 0..<3, using: &rng) == 0 {
                try engine.addView(kind: .label, name: name, parent: "root", properties: [.text(String(repeating: "w", count: Int.random(in: 1...8, using: &rng)))])
            } else {
                try engine.addView(kind: .view, name: name, parent: "root")
            }
        }
        let count = Int.random(in: 3...9, using: &rng)
        for k in 0..<count {
            let first = names.randomElement(using: &rng)!
            let attribute = Self.attributes.randomElement(using: &rng)!
            var second: String?
            var secondAttribute: LayoutAttribute?
            if attribute == .width || attribute == .height {
                if Bool.random(using: &rng) {
                    second = (names + ["root"]).randomElement(using: &rng)!
                    secondAttribute = attribute
                }
            } else {
                second = (names + ["root"]).randomElement(using: &rng)!
                secondAttribute = Self.attributes.filter { $0.axis == attribute.axis && $0 != .width && $0 != .height }.randomElement(using: &rng)!
            }
            if second == first { second = "root" }
            let relation = [LayoutRelation.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
            let constant = Double(Int.random(in: (second == nil ? 0 : -40)...120, using: &rng))
            _ = try engine.addConstraint(ConstraintSpec(name: "k\(k)", firstItem: first, firstAttribute: attribute, relation: relation,
                                                        secondItem: second, secondAttribute: secondAttribute, constant: constant,
                                                        priority: Self.priorities.randomElement(using: &rng)!))
        }
        engine.layoutIfNeeded()
        let check = ReferenceCheck(engine: engine, context: "seed \(seed)")
        #expect(check.holds(check.installed.filter(\.isRequired)), "seed \(seed): the required constraints left in do not hold")
        check.layoutIsOptimal()
        check.conflicts(fixFrames: true)
        check.violations()
        check.ambiguity(of: try names.map { try engine.hierarchy.viewID(named: $0) })
    }
}

/// `minimalModuloGivens` runs its deletion filter on one scratch solver, taking one member out
/// and putting one back per test; it keeps exactly what solving each test afresh keeps
/// (`minimalModuloGivensByTests`), on random sets of random layouts' constraints, with and
/// without an extra constraint, feasible or not.
@Test(arguments: 0..<60)
func theSharedDeletionFilterKeepsWhatSeparateTestsKeep(seed: Int) throws {
    var rng = SeededGenerator(seed: UInt64(seed) &* 6_364_136_223 &+ 11)
    let engine = LayoutEngine()
    let names = ["a", "b", "c", "d"]
    for name in names { try engine.addView(kind: .view, name: name, parent: name == "d" ? "a" : "root") }
    let attributes: [LayoutAttribute] = [.leading, .trailing, .width, .centerX, .top, .height, .bottom]
    for k in 0..<Int.random(in: 6...14, using: &rng) {
        let first = names.randomElement(using: &rng)!
        let attribute = attributes.randomElement(using: &rng)!
        let sized = attribute == .width || attribute == .height
        var second: String? = sized && Bool.random(using: &rng) ? nil : (names + ["root"]).randomElement(using: &rng)!
        if second == first { second = "root" }
        let secondAttribute = second == nil ? nil : (sized ? attribute : attributes.filter { $0.axis == attribute.axis && $0 != .width && $0 != .height }.randomElement(using: &rng)!)
        _ = try engine.addConstraint(ConstraintSpec(
            name: "k\(k)", firstItem: first, firstAttribute: attribute,
            relation: [LayoutRelation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!,
            secondItem: second, secondAttribute: secondAttribute, constant: Double(Int.random(in: -60...120, using: &rng))))
    }
    engine.layoutIfNeeded()
    let refs = engine.hierarchy.allConstraints.map(\.ref).filter { engine.diagnostics.compiledForm($0) != nil }
    #expect(!refs.isEmpty)
    for trial in 0..<8 {
        let subset = refs.filter { _ in Int.random(in: 0..<3, using: &rng) > 0 }
        let extra: Constraint? = trial % 2 == 0 ? nil : {
            var c = engine.diagnostics.compiledForm(refs.randomElement(using: &rng)!)!
            c.priority = .required
            c.expression.constant += Double(Int.random(in: -30...30, using: &rng))
            return c
        }()
        let members = subset.map { ref -> Constraint in
            var c = engine.diagnostics.compiledForm(ref)!
            c.priority = .required
            return c
        }
        let expected = engine.minimalModuloGivensByTests(members, with: extra).map { subset[$0] }
        #expect(engine.minimalModuloGivens(subset, with: extra) == expected, "seed \(seed), trial \(trial)")
    }
}
