internal import Cassowary

/// Ambiguity, explained (why a view's frame is not unique and what would pin it), and what a
/// frame component rests on (`explain`).
extension LayoutEngine {
    // MARK: - Explaining a component

    /// The constraints that fix a frame component (or any attribute) of a view, as a chain
    /// from what is fixed; empty steps when nothing fixes it.
    public func explain(_ id: ViewID, attribute: LayoutAttribute?) -> Explanation {
        guard id != Hierarchy.rootID, id < link.variables.count, let v = link.variables[id] else {
            return Explanation(chain: Chain(steps: [], unordered: []), isFree: false)
        }
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
            if ids.isEmpty || !range(of: variable).isUnique { free = true }
            for id in ids {
                guard let ref = link.refByID[id.index] else { continue }
                if case let .system(_, kind) = ref, kind == .nonNegativeWidth || kind == .nonNegativeHeight { continue }
                refs.append(ref)
            }
        }
        return Explanation(chain: diagnostics.chain(inActivationOrder(refs), target: nil), isFree: free)
    }

    // MARK: - Ambiguity

    /// Why a view is ambiguous, and what would pin it; nil when its frame is unique.
    public func ambiguityReport(_ id: ViewID) -> AmbiguityReport? {
        let components = ambiguousComponents(of: id)
        guard !components.isEmpty, let v = link.variables[id] else { return nil }
        var reasons: [AmbiguityReason] = []
        var pins: [Pin] = []
        for axis in [Axis.horizontal, .vertical] {
            let position = axis == .horizontal ? FrameComponent.x : .y
            let size = axis == .horizontal ? FrameComponent.width : .height
            let p = components.contains(position)
            let s = components.contains(size)
            guard p || s else { continue }
            let (positionVariable, sizeVariable) = axis == .horizontal ? (v.minX, v.width) : (v.minY, v.height)
            // Both free: is the far edge (position + size) or the centre (position + size / 2)
            // fixed? Range queries run scratch simplexes, so only asked then.
            let far = p && s ? solver.range(of: Expression([Term(positionVariable), Term(sizeVariable)])) : nil
            let middle = p && s && far?.isUnique == false
                ? solver.range(of: Expression([Term(positionVariable), Term(sizeVariable, 0.5)])) : nil
            if p && !s {
                reasons.append(.positionFree(id, axis))
                pins.append(.addPosition(id, axis))
            } else if s && !p {
                reasons.append(.sizeFree(id, axis))
                pins.append(.addSizeOrFarEdge(id, axis))
            } else if let far, far.isUnique {
                reasons.append(.farEdgeFixed(id, axis, at: clean(far.lower!)))
                pins.append(.addSizeOrNearEdge(id, axis))
            } else if let middle, middle.isUnique {
                reasons.append(.centerFixed(id, axis, at: clean(middle.lower!)))
                pins.append(.addSize(id, axis))
            } else {
                reasons.append(.neitherFixed(id, axis))
                pins.append(.addNearEdgeAndSize(id, axis))
            }
            for component in [position, size] where components.contains(component) {
                let variable = component == position ? positionVariable : sizeVariable
                if let bounds = boundingConstraints(of: variable), !bounds.isEmpty {
                    reasons.append(.onlyBounded(ComponentRef(view: id, component: component), by: bounds))
                }
            }
        }
        let competing = competingConstraints(near: id)
        if !competing.isEmpty {
            let priorities = Set(competing.compactMap { hierarchy.constraint($0)?.priority }).sorted()
            reasons.append(.competing(competing, priorities: priorities))
            if let last = competing.last(where: { if case .stack = $0 { false } else { true } }), let fix = lowering(last) {
                pins.append(.reprioritise(fix))
            }
        }
        return AmbiguityReport(view: id, components: components, reasons: reasons, competing: competing, pins: pins)
    }

    /// The inequalities on a variable's view that bound it at one end of its range (its value
    /// can move away from them), or nil when its range is unbounded both ways.
    func boundingConstraints(of variable: Variable) -> [ConstraintRef]? {
        let range = range(of: variable)
        guard range.lower != nil || range.upper != nil else { return nil }
        var result: [ConstraintRef] = []
        for ref in link.variableUsers[variable.index] ?? [] {
            let compiled = link.installed[ref]!.compiled
            guard compiled.relation != .equal, compiled.expression.terms.count == 1 else { continue }
            if case let .system(_, kind) = ref, kind == .nonNegativeWidth || kind == .nonNegativeHeight { continue }
            result.append(ref)
        }
        return result.sorted()
    }

    /// The required equalities in the solver that name a frame variable of one of `views`, in
    /// listing order: every one between two of them is there (a constraint keeps a variable of
    /// at least one of its views: only an ancestor's position cancels out), found without
    /// listing every constraint. The solver's form is asked first: the optional and the
    /// inequalities (most of a label's) are not made into constraints or sorted.
    public func installedRequiredEqualities(touching views: some Sequence<ViewID>) -> [ConstraintRef] {
        var found = Set<ConstraintRef>()
        for id in views {
            guard id < link.variables.count, let v = link.variables[id] else { continue }
            for variable in [v.minX, v.minY, v.width, v.height] {
                for ref in link.variableUsers[variable.index] ?? [] {
                    guard let compiled = link.installed[ref]?.compiled, compiled.isRequired, compiled.relation == .equal else { continue }
                    found.insert(ref)
                }
            }
        }
        return hierarchy.inListingOrder(Array(found))
    }

    /// Optional constraints connected to a view through shared variables (the nearest 256
    /// constraints, breadth first) whose value differs between optimal layouts while they are
    /// violated: equal priorities that trade off.
    /// - Complexity: a range query per optional constraint in that neighbourhood.
    func competingConstraints(near id: ViewID) -> [ConstraintRef] {
        guard id < link.variables.count, let v = link.variables[id] else { return [] }
        let starts = [v.minX.index, v.minY.index, v.width.index, v.height.index]
        // Views of one neighbourhood (a cell's labels) share its walk: each of the view's
        // variables is walked alone, once per solver state, to the end of its component. When
        // those components hold fewer than the limit together, the walk from all four would
        // have visited all of them and nothing else, so their union is its answer.
        if caches.competingWalks.generation != generation { caches.competingWalks = CompetingWalks(generation: generation) }
        // As soon as they reach the limit, the walk from all four goes as it always did (in a
        // large component, one walk more than before at most).
        var parts: [Int] = []
        var total = 0
        for start in starts {
            let part = caches.competingWalks.partOfVariable[start] ?? walkComponent(from: start)
            if !parts.contains(part) {
                parts.append(part)
                total += caches.competingWalks.parts[part].count
            }
            guard total < LayoutEngine.competingWalkLimit else { return competing(walk(from: starts).candidates) }
        }
        if parts.count == 1 { return caches.competingWalks.parts[parts[0]].competing }
        return inActivationOrder(parts.flatMap { caches.competingWalks.parts[$0].competing })
    }

    static let competingWalkLimit = 256

    /// Walks the component of one variable to its end, unless it holds more constraints than
    /// the limit, and remembers it for every variable in it (one over the limit is remembered
    /// as that, without its competing constraints).
    /// - Returns: its index in `competingWalks.parts`.
    private func walkComponent(from start: Int32) -> Int {
        let (candidates, visited, complete) = walk(from: [start])
        let part = caches.competingWalks.parts.count
        caches.competingWalks.parts.append(complete ? (candidates.count, competing(candidates)) : (LayoutEngine.competingWalkLimit, []))
        for variable in visited { caches.competingWalks.partOfVariable[variable] = part }
        return part
    }

    /// The installed constraints reached from these variables through shared variables,
    /// breadth first, up to the limit; the variables visited; whether nothing was left.
    func walk(from starts: [Int32]) -> (candidates: [(ref: ConstraintRef, current: Installed)], visited: [Int32], complete: Bool) {
        // Variables and constraints seen are marked with this walk's stamp, by variable index
        // and solver id (two hashed sets per view were most of `ambiguous` over thousands of
        // ambiguous views).
        marks.walkStamp += 1
        let stamp = marks.walkStamp
        var candidates: [(ref: ConstraintRef, current: Installed)] = []
        var visited: [Int32] = []
        var queue = starts
        var head = 0
        while head < queue.count && candidates.count < LayoutEngine.competingWalkLimit {
            let variable = Int(queue[head])
            head += 1
            guard LayoutEngine.firstVisit(variable, in: &marks.variableWalkStamps, stamp: stamp) else { continue }
            visited.append(Int32(variable))
            for ref in link.variableUsers[Int32(variable)] ?? [] {
                let current = link.installed[ref]!
                guard markFirstVisit(of: current.id, stamp: stamp) else { continue }
                candidates.append((ref, current))
                for term in current.compiled.expression.terms { queue.append(term.variable.index) }
            }
        }
        // Complete when nothing is left to visit (the rest of the queue was seen).
        let complete = queue[head...].allSatisfy { LayoutEngine.isVisited(Int($0), in: marks.variableWalkStamps, stamp: stamp) }
        return (candidates, visited, complete)
    }

    func competing(_ refs: [ConstraintRef]) -> [ConstraintRef] {
        competing(refs.compactMap { ref in link.installed[ref].map { (ref, $0) } })
    }

    /// Those of `refs` that are optional and give way by different amounts in different optimal
    /// layouts.
    func competing(_ refs: [(ref: ConstraintRef, current: Installed)]) -> [ConstraintRef] {
        if caches.competingMemo.generation != generation { caches.competingMemo = (generation, [:]) }
        var result: [ConstraintRef] = []
        for (ref, current) in refs {
            guard !current.compiled.isRequired, !current.compiled.expression.terms.isEmpty else { continue }
            // Views of one component ask about the same constraints: each is asked once per
            // solver state.
            if let known = caches.competingMemo.verdicts[ref] {
                if known { result.append(ref) }
                continue
            }
            let range = solver.range(of: current.compiled.expression)
            let violatedSomewhere: Bool
            if range.isUnique {
                violatedSomewhere = false
            } else {
                switch current.compiled.relation {
                case .equal: violatedSomewhere = true
                case .lessThanOrEqual: violatedSomewhere = (range.upper ?? 1) > 1e-9
                case .greaterThanOrEqual: violatedSomewhere = (range.lower ?? -1) < -1e-9
                }
            }
            caches.competingMemo.verdicts[ref] = violatedSomewhere
            if violatedSomewhere { result.append(ref) }
        }
        return inActivationOrder(result)
    }

    /// The change that lowers a constraint's priority by one: the constraint's own, or for a
    /// view's content size its hugging or compression resistance.
    func lowering(_ ref: ConstraintRef) -> Fix? {
        guard let constraint = hierarchy.constraint(ref) else { return nil }
        let lower = constraint.priority - 1
        if case let .system(id, kind) = ref { return .contentPriority(id, kind, lower) }
        return .priority(ref, lower)
    }
}
