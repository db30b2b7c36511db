/// "Why not?": could a relation hold, and what stands in its way.
public struct WhyNot {
    public enum Verdict {
        /// It holds in the current layout.
        case holds
        /// The required constraints allow it, but optional ones win over it now: these, with
        /// how far each would be off were it made to hold.
        case outweighed([(ref: ConstraintRef, error: Double)])
        /// Required constraints forbid it: the conflicts its required form would cause.
        case forbidden([ConflictReport])
    }

    /// A copy of the engine with the relation added (required); names and reports refer to it.
    public var engine: LayoutEngine
    /// The relation's constraints in `engine` (one, or four for a frame).
    public var asked: [ConstraintRef]
    public var verdict: Verdict
}

extension LayoutEngine {
    /// Whether `specs` (a relation on a view's attributes, or the four of a frame) can hold:
    /// they are added, required, to a copy of this engine; the conflicts they cause there are
    /// what forbids them, and otherwise the optional constraints they newly violate are what
    /// wins over them now.
    /// - Throws: `LayoutError` for a spec that names what does not exist.
    public func whyNot(_ specs: [ConstraintSpec]) throws -> WhyNot {
        // A question: this engine's frames and pending layout stay as they are (the copy lays
        // itself out).
        let copy = LayoutEngine()
        copy.restore(hierarchy)
        copy.layoutIfNeeded()
        var specs = specs
        for k in specs.indices {
            specs[k].name = copy.hierarchy.unusedConstraintName(specs.count == 1 ? "asked" : "asked\(k + 1)")
            specs[k].priority = .required
        }
        let names = try copy.addConstraints(specs)
        let asked = names.compactMap { copy.hierarchy.constraintRef(named: $0) }
        copy.layoutIfNeeded()
        // Fixes that take the asked relation out are no answer to "why not".
        let forbidding = copy.diagnostics.conflictReports(breaking: Set(asked)).map { report -> ConflictReport in
            var report = report
            func isAsked(_ fix: Fix) -> Bool {
                switch fix {
                case let .deactivate(ref), let .priority(ref, _): asked.contains(ref)
                default: false
                }
            }
            report.fixes.removeAll(where: isAsked)
            report.ranked.removeAll { isAsked($0.fix) }
            return report
        }
        if !forbidding.isEmpty { return WhyNot(engine: copy, asked: asked, verdict: .forbidden(forbidding)) }
        var outweighed: [(ref: ConstraintRef, error: Double)] = []
        for (ref, constraint) in copy.hierarchy.allConstraints where copy.state(of: ref) == .violated {
            if constraint.identifier.map(StackLayout.fittingIdentifiers.contains) == true { continue }
            let before = state(of: ref) == .violated ? error(of: ref) : 0
            let after = copy.error(of: ref)
            if after > before + 1e-6 { outweighed.append((ref, after)) }
        }
        // Nothing gives way and nothing moves: it held already.
        let moved = hierarchy.allViews.contains { view in
            guard view.id != Hierarchy.rootID else { return false }
            let a = solvedFrame(view.id), b = copy.solvedFrame(view.id)
            return abs(a.x - b.x) > 1e-6 || abs(a.y - b.y) > 1e-6 || abs(a.width - b.width) > 1e-6 || abs(a.height - b.height) > 1e-6
        }
        if outweighed.isEmpty && !moved { return WhyNot(engine: copy, asked: asked, verdict: .holds) }
        return WhyNot(engine: copy, asked: asked, verdict: .outweighed(outweighed))
    }
}
