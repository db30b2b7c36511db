import Cassowary

/// Diagnostics in words: conflicts and violations as chains a person can follow, the single
/// changes that resolve a conflict, what fixes a frame component (`explain`), and why a view is
/// ambiguous and what would pin it.
///
/// A chain starts from what is fixed (root's frame, constants) and walks the constraints one at
/// a time: each, held as an equation, leaves one frame component unknown and so sets it. What
/// the walk cannot order (constraints that only hold together) is listed after it.
extension LayoutEngine {
    // MARK: - Chains

    /// One line of a chain: the constraint, and what it sets.
    public struct ChainStep: Sendable {
        public var ref: ConstraintRef
        /// `title.x = 8`, or nil when the constraint sets nothing new (it only checks).
        public var sets: String?
        /// For the last step of a conflict or a violation: how far it is from holding.
        public var shortfall: Double?
    }

    /// Orders `members` from what is fixed: each step is a constraint that, held as an
    /// equation, leaves exactly one unknown frame component. `target` (the constraint that
    /// cannot hold, or the component asked about) comes last.
    public func chain(_ members: [ConstraintRef], target: ConstraintRef?) -> (steps: [ChainStep], unordered: [ConstraintRef]) {
        var forms: [ConstraintRef: Constraint] = [:]
        for ref in members + (target.map { [$0] } ?? []) { forms[ref] = compiledForm(ref) }
        let names = componentNames(Set(forms.values.flatMap { $0.expression.terms.map(\.variable.index) }))
        var known: [Int32: Double] = [:]

        /// Held as an equation with one unknown, the constraint sets it: `title.x = 8`.
        func solve(_ compiled: Constraint) -> String? {
            let unknown = Set(compiled.expression.terms.map(\.variable.index).filter { known[$0] == nil })
            guard unknown.count == 1, let variable = unknown.first else { return nil }
            var rest = compiled.expression.constant
            var coefficient = 0.0
            for term in compiled.expression.terms {
                if term.variable.index == variable { coefficient += term.coefficient } else { rest += term.coefficient * known[term.variable.index]! }
            }
            guard coefficient != 0 else { return nil }
            let value = clean(-rest / coefficient)
            known[variable] = value
            let component = names[variable] ?? "v\(variable)"
            var text = "\(component) = \(formatNumber(value))"
            if compiled.relation != .equal { text += " (at its limit)" }
            if value < 0, let word = component.split(separator: ".").last, word == "width" || word == "height" {
                text += ", but a \(word) is never negative"
            }
            return text
        }

        var remaining = members.filter { $0 != target }
        var steps: [ChainStep] = []
        var progress = true
        while progress {
            progress = false
            for (position, ref) in remaining.enumerated() {
                guard let compiled = forms[ref] else { continue }
                let unknowns = Set(compiled.expression.terms.map(\.variable.index).filter { known[$0] == nil }).count
                var sets: String?
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
                shortfall = clean(shortfall!)
            }
            // Incomplete with one unknown: alone it sets that component; say what it would be.
            steps.append(ChainStep(ref: target, sets: complete ? nil : solve(compiled), shortfall: shortfall))
        }
        return (steps, remaining)
    }

    /// A constraint as the solver holds it (or would): `expression RELATION 0`.
    func compiledForm(_ ref: ConstraintRef) -> Constraint? {
        if let current = installed[ref] { return current.compiled }
        guard let constraint = hierarchy.constraint(ref) else { return nil }
        for item in constraint.items where item >= variables.count || variables[item] == nil {
            if item != Hierarchy.rootID { return nil }
        }
        return try? compile(constraint)
    }

    /// `title.x`: solver variables as the frame components they stand for.
    func componentNames(_ indices: Set<Int32>) -> [Int32: String] {
        var names: [Int32: String] = [:]
        for (id, v) in variables.enumerated() {
            guard let v, let view = hierarchy.views[id] else { continue }
            for (variable, component) in [(v.minX, "x"), (v.minY, "y"), (v.width, "width"), (v.height, "height")]
            where indices.contains(variable.index) {
                names[variable.index] = "\(view.name).\(component)"
            }
        }
        return names
    }

    /// An attribute's value in the solver's current solution, in the superview's coordinates.
    public func solvedValue(of attribute: LayoutAttribute, of id: ViewID) -> Double {
        var view = hierarchy.view(id)
        view.frame = solvedFrame(id)
        return view.value(of: attribute)
    }

    /// The engine variable behind a frame component (the `{id: N}` of `_autolayoutTrace`).
    public func variableIndex(of component: FrameComponent, of id: ViewID) -> Int? {
        guard id < variables.count, let v = variables[id] else { return nil }
        return Int(variable(component, v).index)
    }

    // MARK: - Conflicts

    /// A broken constraint, explained.
    public struct ConflictReport: Sendable {
        public var broken: ConstraintRef
        public var set: [ConstraintRef]
        public var steps: [ChainStep]
        public var unordered: [ConstraintRef]
        /// Single changes that each make the whole required system hold with `broken` back in
        /// it: remove the member, or lower it to 999 (the same, for feasibility).
        public var fixes: [ConstraintRef]
    }

    /// Every conflict, in breaking order, with its chain and the fixes that work.
    public func conflictReports() -> [ConflictReport] {
        conflicts.map { entry in
            let (steps, unordered) = chain(entry.set, target: entry.broken)
            let fixes = entry.set.filter { member in
                member == entry.broken || requiredSystemHolds(without: member, adding: entry.broken)
            }
            return ConflictReport(broken: entry.broken, set: entry.set, steps: steps, unordered: unordered, fixes: fixes)
        }
    }

    /// Whether the required constraints in the solver, less `member`, hold together with
    /// `broken`: checked on a scratch solver holding only the constraints connected to
    /// `broken` through shared variables.
    func requiredSystemHolds(without member: ConstraintRef, adding broken: ConstraintRef) -> Bool {
        guard let target = compiledForm(broken) else { return false }
        let index = termIndex()
        var seenVariables = Set<Int32>()
        var connected = Set<ConstraintRef>()
        var queue = target.expression.terms.map(\.variable.index)
        while let variable = queue.popLast() {
            guard seenVariables.insert(variable).inserted else { continue }
            for ref in index[variable] ?? [] where ref != member && connected.insert(ref).inserted {
                let compiled = installed[ref]!.compiled
                if compiled.isRequired { queue += compiled.expression.terms.map(\.variable.index) }
            }
        }
        let required = connected.sorted().map { installed[$0]!.compiled }.filter(\.isRequired)
        return canHold(required + [target], sizesNonNegative: false)
    }

    // MARK: - Explaining a component

    /// The constraints that fix a frame component (or any attribute) of a view, as a chain
    /// from what is fixed; empty steps when nothing fixes it.
    public func explain(_ id: ViewID, attribute: LayoutAttribute?) -> (steps: [ChainStep], unordered: [ConstraintRef], free: Bool) {
        guard id != Hierarchy.rootID, id < variables.count, let v = variables[id] else { return ([], [], false) }
        let targets: [Variable]
        if let attribute {
            let form = hierarchy.view(id).form(of: attribute)
            let horizontal = attribute.axis == .horizontal
            var list: [Variable] = []
            if form.usesPosition { list.append(horizontal ? v.minX : v.minY) }
            if form.sizeCoefficient != 0 { list.append(horizontal ? v.width : v.height) }
            targets = list
        } else {
            targets = [v.minX, v.minY, v.width, v.height]
        }
        var refs: [ConstraintRef] = []
        var free = false
        for variable in targets {
            let ids = solver.determiningConstraints(of: variable)
            if ids.isEmpty || !solver.range(of: variable).isUnique { free = true }
            for id in ids {
                guard let ref = refByID[id.index], !refs.contains(ref) else { continue }
                if case let .system(_, kind) = ref, kind == .nonNegativeWidth || kind == .nonNegativeHeight { continue }
                refs.append(ref)
            }
        }
        refs.sort { stamp(of: $0) != stamp(of: $1) ? stamp(of: $0) < stamp(of: $1) : $0 < $1 }
        let (steps, unordered) = chain(refs, target: nil)
        return (steps, unordered, free)
    }

    // MARK: - Ambiguity, explained

    /// Why a view is ambiguous and what would pin it.
    public struct AmbiguityReport: Sendable {
        public var view: ViewID
        public var components: [FrameComponent]
        /// Sentences: which direction is free and what holds the rest.
        public var reasons: [String]
        /// Optional constraints at one priority whose errors trade off across the optimal
        /// layouts: changing one priority pins them.
        public var competing: [ConstraintRef]
        /// What to add or change.
        public var pins: [String]
    }

    public func ambiguityReport(_ id: ViewID) -> AmbiguityReport? {
        let components = ambiguousComponents(of: id)
        guard !components.isEmpty, let v = variables[id] else { return nil }
        let viewName = hierarchy.view(id).name
        var reasons: [String] = []
        var pins: [String] = []
        for axis in [Axis.horizontal, .vertical] {
            let position = axis == .horizontal ? FrameComponent.x : .y
            let size = axis == .horizontal ? FrameComponent.width : .height
            let p = components.contains(position)
            let s = components.contains(size)
            guard p || s else { continue }
            let (positionVariable, sizeVariable) = axis == .horizontal ? (v.minX, v.width) : (v.minY, v.height)
            let edges = axis == .horizontal ? ("leading", "trailing", "centerX") : ("top", "bottom", "centerY")
            let sizeWord = size.rawValue
            let far = solver.range(of: Expression([Term(positionVariable), Term(sizeVariable)]))
            let middle = solver.range(of: Expression([Term(positionVariable), Term(sizeVariable, 0.5)]))
            if p && !s {
                reasons.append("nothing fixes \(viewName)'s \(axis == .horizontal ? "horizontal" : "vertical") position (\(position.rawValue) is free, its \(sizeWord) is fixed)")
                pins.append("add a \(edges.0), \(edges.1) or \(edges.2) constraint to \(viewName)")
            } else if s && !p {
                reasons.append("\(viewName)'s \(edges.0) edge is fixed but its \(sizeWord) is free")
                pins.append("add a \(sizeWord) constraint to \(viewName), or pin its \(edges.1)")
            } else if far.isUnique {
                reasons.append("\(viewName)'s \(edges.1) edge is fixed at \(formatNumber(clean(far.lower!))) but its \(edges.0) edge and \(sizeWord) move together")
                pins.append("add a \(sizeWord) or \(edges.0) constraint to \(viewName)")
            } else if middle.isUnique {
                reasons.append("\(viewName)'s \(edges.2) is fixed at \(formatNumber(clean(middle.lower!))) but its \(sizeWord) is free")
                pins.append("add a \(sizeWord) constraint to \(viewName)")
            } else {
                reasons.append("neither \(viewName)'s \(position.rawValue) nor its \(sizeWord) is fixed")
                pins.append("add a \(edges.0) and a \(sizeWord) constraint to \(viewName) (or two edges)")
            }
            for component in [position, size] where components.contains(component) {
                let variable = component == position ? positionVariable : sizeVariable
                if let bounds = boundingConstraints(of: variable), !bounds.isEmpty {
                    reasons.append("\(viewName).\(component.rawValue) is only bounded, by \(bounds.map(name(of:)).joined(separator: ", "))")
                }
            }
        }
        let competing = competingConstraints(near: id)
        if !competing.isEmpty {
            let priorities = Set(competing.compactMap { hierarchy.constraint($0)?.priority })
            let levels = priorities.sorted().map { formatPriority($0) }.joined(separator: ", ")
            reasons.append("\(competing.map(name(of:)).joined(separator: ", ")) compete at priority \(levels): the optimum does not say which gives way")
            if let last = competing.last(where: { if case .stack = $0 { false } else { true } }) {
                pins.append("give one of them another priority, e.g. \(lowering(last))")
            }
        }
        return AmbiguityReport(view: id, components: components, reasons: reasons, competing: competing, pins: pins)
    }

    /// The inequalities on a variable's view that bound it at one end of its range (its value
    /// can move away from them), or nil when its range is unbounded both ways.
    func boundingConstraints(of variable: Variable) -> [ConstraintRef]? {
        let range = solver.range(of: variable)
        guard range.lower != nil || range.upper != nil else { return nil }
        var result: [ConstraintRef] = []
        for ref in termIndex()[variable.index] ?? [] {
            let compiled = installed[ref]!.compiled
            guard compiled.relation != .equal, compiled.expression.terms.count == 1 else { continue }
            if case let .system(_, kind) = ref, kind == .nonNegativeWidth || kind == .nonNegativeHeight { continue }
            result.append(ref)
        }
        return result.sorted()
    }

    /// Optional constraints connected to a view through shared variables (the nearest 256
    /// constraints, breadth first) whose value differs between optimal layouts while they are
    /// violated: equal priorities that trade off.
    /// - Complexity: a range query per optional constraint in that neighbourhood.
    func competingConstraints(near id: ViewID) -> [ConstraintRef] {
        guard id < variables.count, let v = variables[id] else { return [] }
        let index = termIndex()
        var seenVariables = Set<Int32>()
        var seen = Set<ConstraintRef>()
        var candidates: [ConstraintRef] = []
        var queue = [v.minX.index, v.minY.index, v.width.index, v.height.index]
        var head = 0
        while head < queue.count && candidates.count < 256 {
            let variable = queue[head]
            head += 1
            guard seenVariables.insert(variable).inserted else { continue }
            for ref in index[variable] ?? [] where seen.insert(ref).inserted {
                candidates.append(ref)
                queue += installed[ref]!.compiled.expression.terms.map(\.variable.index)
            }
        }
        return competing(candidates)
    }

    /// Solver variable → the installed constraints that name it (built once per solver state).
    func termIndex() -> [Int32: [ConstraintRef]] {
        if let cache = termIndexCache, cache.generation == generation { return cache.index }
        var index: [Int32: [ConstraintRef]] = [:]
        for (ref, current) in installed {
            for term in current.compiled.expression.terms { index[term.variable.index, default: []].append(ref) }
        }
        termIndexCache = (generation, index)
        return index
    }

    /// Those of `refs` that are optional and give way by different amounts in different optimal
    /// layouts.
    func competing(_ refs: [ConstraintRef]) -> [ConstraintRef] {
        var result: [ConstraintRef] = []
        for ref in refs {
            guard let current = installed[ref], !current.compiled.isRequired,
                  !current.compiled.expression.terms.isEmpty else { continue }
            let range = solver.range(of: current.compiled.expression)
            guard !range.isUnique else { continue }
            let violatedSomewhere: Bool
            switch current.compiled.relation {
            case .equal: violatedSomewhere = true
            case .lessThanOrEqual: violatedSomewhere = (range.upper ?? 1) > 1e-9
            case .greaterThanOrEqual: violatedSomewhere = (range.lower ?? -1) < -1e-9
            }
            if violatedSomewhere { result.append(ref) }
        }
        return result.sorted { stamp(of: $0) != stamp(of: $1) ? stamp(of: $0) < stamp(of: $1) : $0 < $1 }
    }

    /// The command that lowers a constraint's priority by one: `priority c5 749`, or for a
    /// view's content priority `set title.compression.h = 749`.
    func lowering(_ ref: ConstraintRef) -> String {
        guard let constraint = hierarchy.constraint(ref) else { return "" }
        let lower = formatPriority(constraint.priority - 1)
        if case let .system(id, kind) = ref {
            return "set \(hierarchy.view(id).name).\(kind.suffix) = \(lower)"
        }
        return "priority \(constraint.name) \(lower)"
    }
}
