import Testing
@testable import LayoutEngine
import Cassowary
import CassowaryReference


/// Random small layouts, checked against the solver tests' independent reference (a dense LP
/// solved level by level): every conflicting set unsatisfiable and minimal with its broken
/// member the newest, every fix offered real and every member not offered no fix, every
/// `forcedBy` minimal, and ambiguity reported exactly where the reference finds a range.
@Suite struct RandomDiagnosticsTests {
    static let attributes: [LayoutAttribute] = [.leading, .trailing, .width, .centerX, .top, .height, .bottom]
    static let priorities: [LayoutPriority] = [1000, 1000, 1000, 999, 750, 251, 250]

    func hard(_ c: Constraint) -> Constraint {
        var copy = c
        copy.priority = .required
        return copy
    }

    @Test(arguments: 0..<150)
    func diagnosticsMatchTheReference(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        let engine = LayoutEngine()
        let names = ["a", "b", "c"].prefix(Int.random(in: 2...3, using: &rng))
        for name in names { try engine.addView(kind: .view, name: name, parent: "root") }
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
        let context = "seed \(seed)"
        let variableCount = engine.solver.variableCount
        func holds(_ constraints: [Constraint]) -> Bool {
            ReferenceSystem(variableCount: variableCount, constraints: constraints).allCanHold()
        }
        let givens = engine.installed.compactMap { ref, current -> Constraint? in
            if case let .system(_, kind) = ref, kind == .nonNegativeWidth || kind == .nonNegativeHeight { return current.compiled }
            return nil
        }
        let requiredInstalled = engine.installed.values.map(\.compiled).filter(\.isRequired)
        #expect(holds(requiredInstalled), "\(context): the required constraints left in do not hold")

        // Conflicts.
        for report in engine.conflictReports() {
            let set = report.set.map { engine.compiledForm($0)! }
            #expect(report.set.contains(report.broken), "\(context)")
            #expect(report.set.map(engine.stamp(of:)).max() == engine.stamp(of: report.broken), "\(context): the broken member is not the newest")
            #expect(!holds(set + givens), "\(context): the conflicting set can hold")
            for k in set.indices {
                var smaller = set
                smaller.remove(at: k)
                #expect(holds(smaller + givens), "\(context): the conflicting set is not minimal")
            }
            for member in report.set where member != report.broken {
                let without = engine.installed.filter { $0.key != member }.map(\.value.compiled).filter(\.isRequired)
                let works = holds(without + [engine.compiledForm(report.broken)!])
                #expect(works == report.resolving.contains(member), "\(context): fix \(engine.name(of: member)) offered \(report.resolving.contains(member)), works \(works)")
            }
            // Every fix tried resolves its conflict, and the frames it reports are the
            // reference's optimum of the system with the fix made.
            #expect(report.ranked.count == report.fixes.count, "\(context)")
            for ranked in report.ranked {
                guard case let .deactivate(member) = ranked.fix, let consequence = ranked.consequence else { continue }
                #expect(consequence.resolves, "\(context): deactivating \(engine.name(of: member)) does not resolve it")
                guard consequence.broken.isEmpty else { continue }
                var fixed = engine.installed.filter { $0.key != member }.map(\.value.compiled)
                if member != report.broken { fixed.append(engine.compiledForm(report.broken)!) }
                let reference = ReferenceSystem(variableCount: variableCount, constraints: fixed)
                for name in names {
                    let id = try engine.hierarchy.viewID(named: name)
                    let v = engine.variables[id]!
                    let after = consequence.moves.first { $0.view == id }?.after ?? engine.solvedFrame(id)
                    for (value, variable) in [(after.x, v.minX), (after.y, v.minY), (after.width, v.width), (after.height, v.height)] {
                        let range = reference.range(of: variable)
                        guard let lower = range.lower, let upper = range.upper, abs(upper - lower) <= 1e-5 * max(1, abs(lower)) else { continue }
                        #expect(abs(value - lower) <= 1e-4 * max(1, abs(lower)),
                                "\(context): deactivating \(engine.name(of: member)) gives \(name) \(value), the reference \(lower)")
                    }
                }
            }
            // Ranked: the clean ones that resolve come first, then by how little moves.
            let keys = report.ranked.compactMap(\.consequence).map { ($0.resolves && $0.isClean ? 0 : 1, $0.movement) }
            for (a, b) in zip(keys, keys.dropFirst()) {
                #expect(a.0 < b.0 || (a.0 == b.0 && a.1 <= b.1 + 1e-9), "\(context): fixes out of order")
            }
        }

        // Violations.
        for (ref, current) in engine.installed where engine.state(of: ref) == .violated {
            let forcers = engine.forcedBy(ref)
            #expect(!forcers.isEmpty, "\(context): violated \(engine.name(of: ref)) has no explanation")
            let set = forcers.map { hard(engine.installed[$0]!.compiled) }
            #expect(forcers.allSatisfy { engine.installed[$0]!.compiled.priority >= current.compiled.priority }, "\(context)")
            #expect(!holds(set + givens + [hard(current.compiled)]), "\(context): forcedBy of \(engine.name(of: ref)) holds with it")
            for k in set.indices {
                var smaller = set
                smaller.remove(at: k)
                #expect(holds(smaller + givens + [hard(current.compiled)]), "\(context): forcedBy of \(engine.name(of: ref)) is not minimal")
            }
        }

        // Ambiguity: exactly the components whose range over the optimal layouts is not a point.
        let reference = ReferenceSystem(variableCount: variableCount, constraints: Array(engine.installed.values.map(\.compiled)))
        for name in names {
            let id = try engine.hierarchy.viewID(named: name)
            let v = engine.variables[id]!
            var expected: [FrameComponent] = []
            for (component, variable) in [(FrameComponent.x, v.minX), (.y, v.minY), (.width, v.width), (.height, v.height)] {
                let range = reference.range(of: variable)
                // The reference holds each level within 1e-9 of its optimum (relative, ~1e-6 pt here), so a
                // component can move that much in it.
                let unique = range.lower != nil && range.upper != nil
                    && abs(range.upper! - range.lower!) <= 1e-5 * max(1, abs(range.lower!), abs(range.upper!))
                if !unique { expected.append(component) }
            }
            #expect(engine.ambiguousComponents(of: id) == expected, "\(context): \(name) ambiguous in \(engine.ambiguousComponents(of: id)), reference \(expected)")
            if !expected.isEmpty {
                let report = engine.ambiguityReport(id)
                #expect(report != nil && !report!.pins.isEmpty, "\(context): no pin for \(name)")
            }
        }
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
    let refs = engine.hierarchy.allConstraints.map(\.ref).filter { engine.compiledForm($0) != nil }
    #expect(!refs.isEmpty)
    for trial in 0..<8 {
        let subset = refs.filter { _ in Int.random(in: 0..<3, using: &rng) > 0 }
        let extra: Constraint? = trial % 2 == 0 ? nil : {
            var c = engine.compiledForm(refs.randomElement(using: &rng)!)!
            c.priority = .required
            c.expression.constant += Double(Int.random(in: -30...30, using: &rng))
            return c
        }()
        let members = subset.map { ref -> Constraint in
            var c = engine.compiledForm(ref)!
            c.priority = .required
            return c
        }
        let expected = engine.minimalModuloGivensByTests(members, with: extra).map { subset[$0] }
        #expect(engine.minimalModuloGivens(subset, with: extra) == expected, "seed \(seed), trial \(trial)")
    }
}
