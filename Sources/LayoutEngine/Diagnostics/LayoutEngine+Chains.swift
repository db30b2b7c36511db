internal import Cassowary

/// Chains: conflicts, violations and explanations as steps a person can follow.
///
/// A chain starts from what is fixed (root's frame, constants) and walks the constraints one at
/// a time: each, held as an equation, leaves one frame component unknown and so sets it. What
/// the walk cannot order (constraints that only hold together) is listed after it.
extension Diagnostics {
    // MARK: - Chains

    /// Orders `members` from what is fixed: each step is a constraint that, held as an
    /// equation, leaves exactly one unknown frame component. `target` (the constraint that
    /// cannot hold, or the component asked about) comes last.
    public func chain(_ members: [ConstraintRef], target: ConstraintRef?) -> Chain {
        var forms: [ConstraintRef: Constraint] = [:]
        for ref in members + (target.map { [$0] } ?? []) { forms[ref] = compiledForm(ref) }
        var known: [Int32: Double] = [:]

        /// Held as an equation with one unknown, the constraint sets it: `title.x = 8`.
        func solve(_ compiled: Constraint) -> Setting? {
            let unknown = Set(compiled.expression.terms.map(\.variable.index).filter { known[$0] == nil })
            guard unknown.count == 1, let variable = unknown.first else { return nil }
            var rest = compiled.expression.constant
            var coefficient = 0.0
            for term in compiled.expression.terms {
                if term.variable.index == variable { coefficient += term.coefficient } else { rest += term.coefficient * known[term.variable.index]! }
            }
            guard coefficient != 0 else { return nil }
            let value = engine.clean(-rest / coefficient)
            known[variable] = value
            guard let component = engine.link.components[variable] else { return nil }
            return Setting(component: component, value: value, atLimit: compiled.relation != .equal)
        }

        var remaining = members.filter { $0 != target }
        var steps: [ChainStep] = []
        var progress = true
        while progress {
            progress = false
            for (position, ref) in remaining.enumerated() {
                guard let compiled = forms[ref] else { continue }
                let unknowns = Set(compiled.expression.terms.map(\.variable.index).filter { known[$0] == nil }).count
                var sets: Setting?
                if unknowns == 1 { sets = solve(compiled) }
                guard unknowns == 0 || sets != nil else { continue }
                steps.append(ChainStep(ref: ref, sets: sets, shortfall: nil))
                remaining.remove(at: position)
                progress = true
                break
            }
        }
        if let target, let compiled = forms[target] {
            var value = compiled.expression.constant
            var complete = true
            for term in compiled.expression.terms {
                guard let x = known[term.variable.index] else { complete = false; break }
                value += term.coefficient * x
            }
            var shortfall: Double?
            if complete {
                switch compiled.relation {
                case .equal: shortfall = abs(value)
                case .lessThanOrEqual: shortfall = max(0, value)
                case .greaterThanOrEqual: shortfall = max(0, -value)
                }
                shortfall = engine.clean(shortfall!)
            }
            // Incomplete with one unknown: alone it sets that component; say what it would be.
            steps.append(ChainStep(ref: target, sets: complete ? nil : solve(compiled), shortfall: shortfall))
        }
        return Chain(steps: steps, unordered: remaining)
    }

    /// A constraint as the solver holds it (or would): `expression RELATION 0`.
    func compiledForm(_ ref: ConstraintRef) -> Constraint? {
        if let current = engine.link.installed[ref] { return current.compiled }
        guard let constraint = engine.hierarchy.constraint(ref) else { return nil }
        for item in constraint.items where item >= engine.link.variables.count || engine.link.variables[item] == nil {
            if item != Hierarchy.rootID { return nil }
        }
        return try? engine.compile(constraint)
    }

    /// An attribute's value in the solver's current solution, in the superview's coordinates.
    public func solvedValue(of attribute: LayoutAttribute, of id: ViewID) -> Double {
        var view = engine.hierarchy.view(id)
        view.frame = engine.solvedFrame(id)
        return view.value(of: engine.hierarchy.directed(attribute, of: id))
    }

    /// The engine variable behind a frame component (the `{id: N}` of `_autolayoutTrace`).
    public func variableIndex(of component: FrameComponent, of id: ViewID) -> Int? {
        guard id < engine.link.variables.count, let v = engine.link.variables[id] else { return nil }
        return Int(engine.variable(component, v).index)
    }
}

extension Diagnostics {
    /// Whether these constraints, all held, leave no room for `ref`: they and it cannot hold
    /// together (every size non-negative). A chain that explains a value explains a miss only
    /// then: a bound that pushes the other way does not.
    public func forbid(_ ref: ConstraintRef, by refs: some Sequence<ConstraintRef>) -> Bool {
        var members: [Constraint] = []
        for member in [ref] + Array(refs) {
            guard var compiled = compiledForm(member) else { return false }
            compiled.priority = .required
            members.append(compiled)
        }
        return !engine.canHold(members, sizesNonNegative: true)
    }
}
