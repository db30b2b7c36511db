import Testing
@testable import LayoutEngine
@testable import Shell
import Cassowary
import CassowaryReference

/// An engine's answers checked against the independent reference (a dense LP solved level by
/// level, `CassowaryReference`), for the random layouts of `RandomDiagnosticsTests` and every
/// step of `RandomSessionTests`. Each part records an issue naming `context` for what is wrong.
struct ReferenceCheck {
    let engine: LayoutEngine
    let context: String

    var variableCount: Int { engine.solver.variableCount }
    /// What the solver holds now (broken constraints are not in it).
    var installed: [Constraint] { engine.link.installed.values.map(\.compiled) }

    func holds(_ constraints: [Constraint]) -> Bool {
        ReferenceSystem(variableCount: variableCount, constraints: constraints).allCanHold()
    }

    /// Sizes at least zero: minimal sets are minimal with these given.
    var givens: [Constraint] {
        engine.link.installed.compactMap { ref, current -> Constraint? in
            if case let .system(_, kind) = ref, kind == .nonNegativeWidth || kind == .nonNegativeHeight { return current.compiled }
            return nil
        }
    }

    static func hard(_ c: Constraint) -> Constraint {
        var copy = c
        copy.priority = .required
        return copy
    }

    /// How far the solver's values leave a constraint unmet (0 when it holds), and the size of
    /// the numbers involved.
    func error(of c: Constraint) -> (error: Double, scale: Double) {
        var value = c.expression.constant
        var scale = max(1, abs(c.expression.constant))
        for term in c.expression.terms {
            let product = term.coefficient * engine.solver.value(of: term.variable)
            value += product
            scale = max(scale, abs(product))
        }
        switch c.relation {
        case .equal: return (abs(value), scale)
        case .lessThanOrEqual: return (max(0, value), scale)
        case .greaterThanOrEqual: return (max(0, -value), scale)
        }
    }

    /// The layout is an optimum of what is installed: every required constraint holds at the
    /// solver's values, and the errors at each priority sum to the least the reference finds
    /// with the levels above at their least (strict priorities).
    func layoutIsOptimal() {
        let constraints = installed
        guard let optima = ReferenceSystem(variableCount: variableCount, constraints: constraints).levelOptima() else {
            Issue.record("\(context): the required constraints left in do not hold")
            return
        }
        var sums: [Priority: Double] = [:]
        for c in constraints {
            let (error, scale) = error(of: c)
            if c.isRequired {
                #expect(error <= 1e-7 * scale, "\(context): a required constraint is off by \(error): \(c)")
            } else {
                sums[c.priority, default: 0] += error
            }
        }
        for (level, optimum) in optima {
            let sum = sums[level, default: 0]
            #expect(abs(sum - optimum) <= 1e-6 * max(1, optimum), "\(context): errors at priority \(level) sum to \(sum), the reference's least is \(optimum)")
        }
    }

    /// Every conflict: its broken member is in its set and the newest; the set cannot hold and
    /// holds without any one member; exactly the members whose removal lets the broken one in
    /// are offered as fixes; a fix said to resolve it does, and one said not to does not,
    /// wherever the reference can tell; fixes ranked clean and resolving first, then resolving,
    /// then not, each by how little moves. With `fixFrames`, the frames a fix reports are the
    /// reference's where they are unique (a range query per variable: slow).
    func conflicts(fixFrames: Bool) {
        // Every active required constraint, those broken now included.
        let active = engine.link.installed.map { ($0.key, $0.value.compiled) }.filter(\.1.isRequired)
            + engine.broken.keys.compactMap { ref in engine.diagnostics.compiledForm(ref).map { (ref, $0) } }
        for report in engine.diagnostics.conflictReports() {
            let set = report.set.map { engine.diagnostics.compiledForm($0)! }
            #expect(report.set.contains(report.broken), "\(context)")
            #expect(report.set.map(engine.stamp(of:)).max() == engine.stamp(of: report.broken), "\(context): the broken member is not the newest")
            #expect(!holds(set + givens), "\(context): the conflicting set can hold")
            for k in set.indices {
                var smaller = set
                smaller.remove(at: k)
                #expect(holds(smaller + givens), "\(context): the conflicting set is not minimal")
            }
            // Whether the broken one holds with what is installed but the member.
            var lets: [ConstraintRef: Bool] = [:]
            for member in report.set where member != report.broken {
                let without = engine.link.installed.filter { $0.key != member }.map(\.value.compiled).filter(\.isRequired)
                let works = holds(without + [engine.diagnostics.compiledForm(report.broken)!])
                lets[member] = works
                #expect(works == report.resolving.contains(member), "\(context): fix \(engine.name(of: member)) offered \(report.resolving.contains(member)), works \(works)")
            }
            #expect(report.ranked.count == report.fixes.count, "\(context)")
            // Whether a fix resolves the conflict, where the reference can tell without knowing
            // the order constraints come back in: it does when every active required constraint
            // but the member can hold together; it does not when the broken one cannot hold
            // with what is installed but the member.
            for ranked in report.ranked {
                guard case let .deactivate(member) = ranked.fix, let consequence = ranked.consequence else { continue }
                if lets[member] == false {
                    #expect(!consequence.resolves, "\(context): deactivating \(engine.name(of: member)) said to resolve it")
                } else if holds(active.filter { $0.0 != member }.map(\.1)) {
                    #expect(consequence.resolves, "\(context): deactivating \(engine.name(of: member)) does not resolve it")
                }
                guard fixFrames, consequence.broken.isEmpty, consequence.resolves else { continue }
                var fixed = engine.link.installed.filter { $0.key != member }.map(\.value.compiled)
                if member != report.broken { fixed.append(engine.diagnostics.compiledForm(report.broken)!) }
                let reference = ReferenceSystem(variableCount: variableCount, constraints: fixed)
                for view in engine.hierarchy.allViews where view.id != Hierarchy.rootID {
                    guard let v = engine.link.variables[view.id] else { continue }
                    let after = consequence.moves.first { $0.view == view.id }?.after ?? engine.solvedFrame(view.id)
                    for (value, variable) in [(after.x, v.minX), (after.y, v.minY), (after.width, v.width), (after.height, v.height)] {
                        let range = reference.range(of: variable)
                        guard let lower = range.lower, let upper = range.upper, abs(upper - lower) <= 1e-5 * max(1, abs(lower)) else { continue }
                        #expect(abs(value - lower) <= 1e-4 * max(1, abs(lower)),
                                "\(context): deactivating \(engine.name(of: member)) gives \(view.name) \(value), the reference \(lower)")
                    }
                }
            }
            let keys = report.ranked.compactMap(\.consequence).map { ($0.resolves ? ($0.isClean ? 0 : 1) : 2, $0.movement) }
            for (a, b) in zip(keys, keys.dropFirst()) {
                #expect(a.0 < b.0 || (a.0 == b.0 && a.1 <= b.1 + 1e-9), "\(context): fixes out of order")
            }
        }
    }

    /// Every violated constraint is explained by a minimal set of constraints at its priority
    /// or above that cannot hold with it (empty for one that cannot hold on its own).
    func violations() {
        for (ref, current) in engine.link.installed where engine.state(of: ref) == .violated {
            let forcers = engine.forcedBy(ref)
            let set = forcers.map { Self.hard(engine.link.installed[$0]!.compiled) }
            #expect(forcers.allSatisfy { engine.link.installed[$0]!.compiled.priority >= current.compiled.priority }, "\(context)")
            #expect(!holds(set + givens + [Self.hard(current.compiled)]), "\(context): forcedBy of \(engine.name(of: ref)) holds with it")
            for k in set.indices {
                var smaller = set
                smaller.remove(at: k)
                #expect(holds(smaller + givens + [Self.hard(current.compiled)]), "\(context): forcedBy of \(engine.name(of: ref)) is not minimal")
            }
        }
        // What `conflicts` names as the cause of each violation decides it: those constraints,
        // each at the violated one's priority or above, cannot hold with it. (A bound pushing
        // the other way, compression for a label held from growing, would hold with it.)
        let text = DiagnosisText(engine: engine)
        for report in engine.diagnostics.violations().reports {
            guard let current = engine.link.installed[report.ref] else { continue }
            let named = text.cause(of: report).named
            guard !named.isEmpty else { continue }
            let name = engine.name(of: report.ref)
            #expect(named.allSatisfy { engine.link.installed[$0]!.compiled.priority >= current.compiled.priority },
                    "\(context): the cause named for \(name) holds a weaker constraint")
            let set = named.map { Self.hard(engine.link.installed[$0]!.compiled) }
            #expect(!holds(set + givens + [Self.hard(current.compiled)]),
                    "\(context): the cause named for \(name) (\(named.map(engine.name(of:)).sorted())) can hold with it")
        }
    }

    /// Ambiguity: exactly the components whose range over the optimal layouts is not a point,
    /// each with a pin offered.
    func ambiguity(of views: [ViewID]) {
        let reference = ReferenceSystem(variableCount: variableCount, constraints: installed)
        for id in views {
            guard let v = engine.link.variables[id] else { continue }
            var expected: [FrameComponent] = []
            for (component, variable) in [(FrameComponent.x, v.minX), (.y, v.minY), (.width, v.width), (.height, v.height)] {
                let range = reference.range(of: variable)
                // The reference holds each level within 1e-9 of its optimum (relative, ~1e-6 pt here), so a
                // component can move that much in it.
                let unique = range.lower != nil && range.upper != nil
                    && abs(range.upper! - range.lower!) <= 1e-5 * max(1, abs(range.lower!), abs(range.upper!))
                if !unique { expected.append(component) }
            }
            let name = engine.hierarchy.view(id).name
            #expect(engine.ambiguousComponents(of: id) == expected, "\(context): \(name) ambiguous in \(engine.ambiguousComponents(of: id)), reference \(expected)")
            if !expected.isEmpty {
                let report = engine.ambiguityReport(id)
                #expect(report != nil && !report!.pins.isEmpty, "\(context): no pin for \(name)")
            }
        }
    }
}
