internal import Cassowary

/// Keeping the solver in step with the hierarchy, and the conflict policy.
///
/// Every view has four engine variables: its position in its superview's coordinates and its
/// size (root's are constants: its frame is a given). A constraint is written in the coordinates
/// of its items' nearest common ancestor, whose own position there is 0 (as a view's bounds
/// origin is): an attribute of a view below that ancestor adds the positions of the views
/// between them.
///
/// Conflicts: constraints enter the solver in activation order, so when a required one cannot
/// hold it is the most recently activated member of the minimal conflicting set the solver
/// returns, and it is the one broken (kept out of the solver). When an older constraint is
/// re-tried or changed and conflicts with newer ones, the newest member of the set is broken
/// instead and the change goes on. After any change, broken constraints are tried again.
extension LayoutEngine {
    // MARK: - Synchronisation

    /// Brings the solver up to date with the hierarchy's changes since the last call.
    func synchronize() throws {
        // Gathered with repeats, then sorted and made unique: hashing each of the tens of
        // thousands an import gathers cost more than sorting them.
        var refs: [ConstraintRef] = []
        if pending.needsFullSync {
            // Every view's variables, ancestors of constrained views included (a fresh engine
            // given a whole hierarchy has none yet).
            for view in hierarchy.allViews where view.id >= link.variables.count || link.variables[view.id] == nil {
                makeVariables(for: view.id)
            }
            refs += link.installed.keys
            refs += broken.keys
            for (index, _) in hierarchy.userConstraints { refs.append(.user(index)) }
            for view in hierarchy.allViews {
                refs += systemRefs(of: view.id)
                rememberMeasure(of: view.id)
            }
            for id in hierarchy.stackIDs {
                for helper in hierarchy.view(id).stackLayout.helpers { refs += systemRefs(of: helper) }
                for (ref, _) in hierarchy.stackConstraints(of: id) { refs.append(ref) }
            }
        } else {
            refs += pending.dirtyRefs
            // New views' variables first: a constraint is written with those of the views
            // between its items and their common ancestor, which may be new too (an import
            // synchronises once for thousands of views).
            for id in pending.dirtyViews.sorted() where (id >= link.variables.count || link.variables[id] == nil) && id < hierarchy.views.count && hierarchy.views[id] != nil {
                makeVariables(for: id)
            }
            for id in pending.dirtyViews {
                refs += systemRefs(of: id)
                rememberMeasure(of: id)
            }
            if !pending.rewrittenViews.isEmpty {
                // Constraints touching these views are written in their margins, font and
                // superviews' coordinates.
                for index in hierarchy.constraints.indices {
                    if let constraint = hierarchy.constraints[index], constraint.items.contains(where: pending.rewrittenViews.contains) {
                        refs.append(.user(index))
                    }
                }
                for id in hierarchy.stackIDs {
                    for (ref, constraint) in hierarchy.stackConstraints(of: id) where constraint.items.contains(where: pending.rewrittenViews.contains) {
                        refs.append(ref)
                    }
                }
            }
        }
        pending.dirtyRefs.removeAll()
        pending.dirtyViews.removeAll()
        pending.rewrittenViews.removeAll()
        pending.needsFullSync = false
        guard !refs.isEmpty else { return }
        solver.clearExercise()
        caches.generation += 1

        refs = ConstraintRef.sorted(refs)
        var additions: [(ref: ConstraintRef, compiled: Constraint, stamp: Int)] = []
        for (k, ref) in refs.enumerated() where k == 0 || refs[k - 1] != ref {
            let desired = activeConstraint(ref)
            if !broken.isEmpty, broken[ref] != nil { unbreak(ref) }
            guard let desired else {
                if let current = link.installed[ref] { uninstall(ref, current) }
                continue
            }
            if case let .system(id, _) = ref, link.variables.count <= id || link.variables[id] == nil { makeVariables(for: id) }
            for item in desired.items where link.variables.count <= item || link.variables[item] == nil { makeVariables(for: item) }
            let compiled = try compile(desired)
            if let current = link.installed[ref] {
                if current.compiled == compiled && current.stamp == desired.stamp { continue }
                if current.stamp == desired.stamp && current.compiled.relation == compiled.relation
                    && current.compiled.expression.terms == compiled.expression.terms {
                    try change(ref, current, to: compiled)
                    continue
                }
                uninstall(ref, current)
            }
            additions.append((ref, compiled, desired.stamp))
        }
        // Those whose set lost or changed a member may hold now: try them again with the
        // others, in activation order (those among the additions were unbroken above).
        additions += try loosenedRetries()
        // Room for them all at once: an import's tens of thousands grew the table step by step.
        link.installed.reserveCapacity(link.installed.count + additions.count)
        try installInOrder(additions)
        // A constraint broken in this synchronisation may have been in the set of one broken
        // before it (undo rebuilds in activation order, not in the order things happened):
        // those are tried again until none is left whose set lost a member. Each round breaks
        // only newer constraints than it mends, so it ends; eight rounds bound it.
        for _ in 0..<8 {
            let retries = try loosenedRetries()
            guard !retries.isEmpty else { break }
            try installInOrder(retries)
        }
    }

    /// A label's or button's text measured once for its four content-size constraints.
    private func rememberMeasure(of id: ViewID) {
        // (Asked of a copy first: a write through the array would copy its chunk away from
        // the undo history's, memo or not.)
        guard id < hierarchy.views.count, let view = hierarchy.views[id], view.needsMeasureMemo else { return }
        hierarchy.views[id]!.rememberMeasure()
    }

    /// The broken constraints whose set lost or changed a member since they broke, taken out of
    /// the broken ones and compiled to be installed again.
    func loosenedRetries() throws -> [(ref: ConstraintRef, compiled: Constraint, stamp: Int)] {
        var retries: [(ref: ConstraintRef, compiled: Constraint, stamp: Int)] = []
        #if DEBUG
        // Tests build in debug: the candidates must be every loosened one, as looking at every
        // broken constraint finds them (checked where it returns them, not if compiling throws).
        let everyLoosened = Set(breaking.brokenOrder.filter { isLoosened($0) && activeConstraint($0) != nil })
        #endif
        guard !breaking.changedSinceRetries.isEmpty else {
            #if DEBUG
            precondition(everyLoosened.isEmpty, "a broken constraint loosened with no member noted changed")
            #endif
            return retries
        }
        var candidates = Set<ConstraintRef>()
        for member in breaking.changedSinceRetries { candidates.formUnion(breaking.brokenByMember[member] ?? []) }
        // In breaking order (installed by activation stamp after, whatever the order).
        for ref in candidates.sorted(by: { breaking.brokenAt[$0, default: 0] < breaking.brokenAt[$1, default: 0] }) where isLoosened(ref) {
            guard let desired = activeConstraint(ref) else { continue }
            retries.append((ref, try compile(desired), desired.stamp))
        }
        // (Kept when compiling throws: the next look finds the same.)
        breaking.changedSinceRetries.removeAll()
        #if DEBUG
        precondition(Set(retries.map(\.ref)) == everyLoosened, "the loosened broken constraints were not all found")
        #endif
        for retry in retries { unbreak(retry.ref) }
        return retries
    }

    /// Installs constraints in activation order (each conflict breaks the newest of its set).
    func installInOrder(_ items: [(ref: ConstraintRef, compiled: Constraint, stamp: Int)]) throws {
        let sorted = items.sorted { $0.stamp != $1.stamp ? $0.stamp < $1.stamp : $0.ref < $1.ref }
        for (k, item) in sorted.enumerated() {
            if k & 255 == 255 { try checkInterrupt() }
            try install(item.ref, item.compiled, stamp: item.stamp)
        }
    }

    /// Whether a member of a broken constraint's set left the solver or changed since it broke
    /// (`uninstall` and `change` note both).
    func isLoosened(_ ref: ConstraintRef) -> Bool {
        guard let set = broken[ref], let at = breaking.brokenAt[ref] else { return true }
        return set.contains { member in member != ref && (breaking.lastChanged[member] ?? -1) > at }
    }

    /// The constraint a reference stands for, when it exists and is active.
    func activeConstraint(_ ref: ConstraintRef) -> LayoutConstraint? {
        switch ref {
        case .user:
            guard let constraint = hierarchy.constraint(ref), constraint.isActive else { return nil }
            return constraint
        case let .system(id, kind):
            return hierarchy.unnamedSystemConstraint(kind, of: id)
        case let .stack(id, _):
            guard id < hierarchy.views.count, hierarchy.views[id] != nil else { return nil }
            return hierarchy.constraint(ref)
        }
    }

    func systemRefs(of id: ViewID) -> [ConstraintRef] {
        // A view that went may have had any; a view never has a guide's, nor a guide a view's.
        guard id < hierarchy.views.count, let view = hierarchy.views[id] else { return SystemConstraintKind.allCases.map { .system(id, $0) } }
        let kinds = view.kind == .guide && view.systemGuide != nil ? SystemConstraintKind.ofGuides : SystemConstraintKind.ofViews
        return kinds.map { .system(id, $0) }
    }

    func makeVariables(for id: ViewID) {
        while link.variables.count <= id { link.variables.append(nil) }
        let name = hierarchy.views[id]?.name ?? "v\(id)"
        let v = ViewVariables(
            minX: solver.makeVariable(named: "\(name).minX"), minY: solver.makeVariable(named: "\(name).minY"),
            width: solver.makeVariable(named: "\(name).width"), height: solver.makeVariable(named: "\(name).height"))
        link.variables[id] = v
        for component in FrameComponent.allCases {
            link.components[variable(component, v).index] = ComponentRef(view: id, component: component)
        }
    }

    // MARK: - Compiling

    /// `first − multiplier × second − constant  RELATION  0`, in the common ancestor's coordinates.
    func compile(_ c: LayoutConstraint) throws -> Constraint {
        let ancestor: ViewID
        if let second = c.second {
            ancestor = hierarchy.commonAncestor(c.first.item, second.item)!
        } else if c.placesEdgeInSuperview {
            ancestor = hierarchy.view(c.first.item).parent ?? c.first.item
        } else {
            ancestor = c.first.item
        }
        // Right to left, a layout is the mirror image of left to right: a constraint that names
        // leading or trailing is read in its items' common ancestor reflected, x' = W − x, when
        // that view lays out right to left (its semantic content attribute, else the session's
        // direction: a view forced left to right keeps its own subviews left to right). Leading becomes the right edge, trailing the left, the constant
        // runs leftwards, and W stays where a multiplier keeps it from cancelling.
        var (first, second, constant) = (c.first, c.second, c.constant)
        var mirrored = false
        if first.attribute.axis == .horizontal, !first.attribute.isDimension, c.mentionsDirection, hierarchy.isRightToLeft(ancestor) {
            first.attribute = first.attribute.mirrored
            second?.attribute = c.second!.attribute.mirrored
            constant = -constant
            mirrored = true
        }
        var expression = expressionOf(first, in: ancestor)
        if let second { expression = expression - c.multiplier * expressionOf(second, in: ancestor) }
        expression.constant -= constant
        if mirrored, second != nil, c.multiplier != 1 {
            // (W − A) = m (W − B) + c  ⇒  A − m B + (m − 1) W + c = 0.
            if ancestor == Hierarchy.rootID {
                expression.constant += (c.multiplier - 1) * hierarchy.root.frame.width
            } else {
                expression.terms.append(Term(link.variables[ancestor]!.width, c.multiplier - 1))
            }
        }
        guard abs(expression.constant) <= maximumConstantMagnitude else {
            guard abs(c.constant) <= maximumConstantMagnitude else { throw LayoutError.outOfRange(what: "constant", value: c.constant) }
            throw LayoutError.measuredConstantOutOfRange(c.constant, total: -expression.constant)
        }
        return Constraint(expression, Relation(c.relation), priority: c.priority.rawValue)
    }

    /// An anchor's value in the coordinates of `ancestor` (an ancestor of the anchor's item).
    func expressionOf(_ anchor: Anchor, in ancestor: ViewID) -> Expression {
        let view = hierarchy.view(anchor.item)
        let form = view.form(of: anchor.attribute)
        let horizontal = anchor.attribute.axis == .horizontal
        var expression = Expression(constant: form.constant)
        if form.usesPosition && anchor.item != ancestor {
            var current = anchor.item
            while current != ancestor {
                let v = link.variables[current]!
                expression.terms.append(Term(horizontal ? v.minX : v.minY))
                current = hierarchy.view(current).parent!
            }
        }
        if form.sizeCoefficient != 0 {
            if anchor.item == Hierarchy.rootID && (horizontal || !hierarchy.rootHeightFitting) {
                let frame = hierarchy.root.frame
                expression.constant += form.sizeCoefficient * (horizontal ? frame.width : frame.height)
            } else {
                let v = link.variables[anchor.item]!
                expression.terms.append(Term(horizontal ? v.width : v.height, form.sizeCoefficient))
            }
        }
        return expression
    }

    // MARK: - Installing, with the conflict policy

    func install(_ ref: ConstraintRef, _ compiled: Constraint, stamp: Int) throws {
        while true {
            do {
                let id = try solver.add(compiled)
                link.installed[ref] = Installed(id: id, compiled: compiled, stamp: stamp)
                link.refByID[id.index] = ref
                for variable in distinctVariables(compiled) {
                    link.variableUsers.append(ref, to: variable)
                    pending.touchedVariables.insert(variable)
                }
                return
            } catch let SolverError.unsatisfiable(conflict) {
                if breakNewest(conflict, subject: ref, as: compiled) { return }
            } catch {
                throw solverRefusal(error, ref)
            }
        }
    }

    /// A constant or priority change of an installed constraint (the cheap path).
    func change(_ ref: ConstraintRef, _ current: Installed, to compiled: Constraint) throws {
        while true {
            do {
                if current.compiled.expression.constant != compiled.expression.constant {
                    try solver.setConstant(current.id, to: compiled.expression.constant)
                    link.installed[ref]!.compiled.expression.constant = compiled.expression.constant
                    noteChange(ref)
                }
                if current.compiled.priority != compiled.priority {
                    try solver.setPriority(current.id, to: compiled.priority)
                    link.installed[ref]!.compiled.priority = compiled.priority
                    noteChange(ref)
                }
                return
            } catch let SolverError.unsatisfiable(conflict) {
                if breakNewest(conflict, subject: ref, as: compiled) { return }
            } catch {
                throw solverRefusal(error, ref)
            }
        }
    }

    /// The conflict policy for one failed change of `ref` to `form`: the newest member of the
    /// minimal set is broken (taken out of the solver). Returns true when that member is `ref`
    /// itself; otherwise the caller tries its change again. The set is made minimal with `form`,
    /// not with what is installed (for a change of constant that failed, the installed constant
    /// could hold, and the set would keep members it does not need).
    func breakNewest(_ conflict: Conflict, subject ref: ConstraintRef, as form: Constraint) -> Bool {
        let set = conflictSet(conflict, subject: ref, as: form)
        let newest = set.last ?? ref
        if let current = link.installed[newest] { uninstall(newest, current) }
        markBroken(newest, set: set)
        return newest == ref
    }

    func uninstall(_ ref: ConstraintRef, _ current: Installed) {
        try? solver.remove(current.id)
        link.installed[ref] = nil
        link.refByID[current.id.index] = nil
        for variable in distinctVariables(current.compiled) {
            link.variableUsers.remove(ref, from: variable)
            pending.touchedVariables.insert(variable)
        }
        noteChange(ref)
    }

    /// Notes that an installed constraint left the solver or changed there (for broken ones'
    /// retries, and for `takeStandingChanges`).
    func noteChange(_ ref: ConstraintRef) {
        breaking.changeClock += 1
        breaking.lastChanged[ref] = breaking.changeClock
        if breaking.brokenByMember[ref] != nil { breaking.changedSinceRetries.append(ref) }
        if let current = link.installed[ref] {
            for term in current.compiled.expression.terms { pending.touchedVariables.insert(term.variable.index) }
        }
    }

    /// The solver variables a constraint names, each once.
    func distinctVariables(_ compiled: Constraint) -> [Int32] {
        var result: [Int32] = []
        for term in compiled.expression.terms where !result.contains(term.variable.index) { result.append(term.variable.index) }
        return result
    }

    func markBroken(_ ref: ConstraintRef, set: [ConstraintRef]) {
        // A constraint that breaks may be in the set of one broken before it (installing it
        // broke a newer one, then it failed against others): that one is loosened now.
        noteChange(ref)
        breaking.broken[ref] = set
        for member in set where member != ref { breaking.brokenByMember[member, default: []].append(ref) }
        breaking.brokenOrder.append(ref)
        breaking.changeClock += 1
        breaking.brokenAt[ref] = breaking.changeClock
    }

    func unbreak(_ ref: ConstraintRef) {
        for member in broken[ref] ?? [] where member != ref {
            breaking.brokenByMember[member]?.removeAll { $0 == ref }
            if breaking.brokenByMember[member]?.isEmpty == true { breaking.brokenByMember[member] = nil }
        }
        breaking.broken[ref] = nil
        breaking.brokenAt[ref] = nil
        if let k = breaking.brokenOrder.firstIndex(of: ref) { breaking.brokenOrder.remove(at: k) }
    }

    /// The solver's conflict in references, without the engine's own non-negative sizes
    /// (givens, like root's frame), in activation order; `form`: the subject's as it failed.
    func conflictSet(_ conflict: Conflict, subject: ConstraintRef, as form: Constraint) -> [ConstraintRef] {
        var refs = [subject]
        for id in conflict.members where id != conflict.rejected {
            guard let ref = link.refByID[id.index] else { continue }
            if case let .system(_, kind) = ref, kind == .nonNegativeWidth || kind == .nonNegativeHeight { continue }
            refs.append(ref)
        }
        return minimalModuloGivens(inActivationOrder(refs), with: nil, replacing: (subject, form))
    }

    /// The solver's sets are minimal counting the non-negative sizes as members; with those
    /// left out of the report they must be minimal with every size non-negative as a given.
    /// A deletion filter (the sets are a handful of constraints): from the last member to the
    /// first, a member goes if the rest, as required, still cannot hold together with `extra`
    /// and the givens. Above `givensFilterLimit` members (a chain of views) the solver's set is
    /// kept as it is: the filter would solve the set once per member. `replacing`: a member in
    /// another form than its installed one (a change that failed).
    ///
    /// The tests share one scratch solver, which holds every member but one (`out`): to test
    /// member k, k is taken out and `out` put back. If `out` fits, the rest holds without k,
    /// so k stays and is the one out; if not, k goes. One removal and one addition a member,
    /// where solving each test afresh would add them all again for every member.
    /// - Complexity: O(members) scratch operations.
    func minimalModuloGivens(_ refs: [ConstraintRef], with extra: Constraint?, replacing: (ConstraintRef, Constraint)? = nil) -> [ConstraintRef] {
        guard refs.count <= LayoutEngine.givensFilterLimit, !refs.isEmpty else { return refs }
        let compiled = refs.map { ref in (ref == replacing?.0 ? replacing?.1 : diagnostics.compiledForm(ref)).map { c -> Constraint in var hard = c; hard.priority = .required; return hard } }
        guard compiled.allSatisfy({ $0 != nil }) else { return refs }
        let members = compiled.map { $0! }
        let kept: [Int]? = solver.withScratchSolver(feasibilityOnly: false) { scratch in
            var mapped: [Int32: Variable] = [:]
            // A given on a size that no member in the solver names any more holds alone.
            func add(_ c: Constraint) throws -> ConstraintID {
                try scratch.add(scratchForm(of: c, in: scratch, mapped: &mapped, sizesNonNegative: true))
            }
            // The first test: every member but the last. When even that cannot hold, the
            // tests go on one by one (`minimalModuloGivensByTests`).
            var ids = [ConstraintID?](repeating: nil, count: members.count)
            do {
                if let extra { _ = try add(extra) }
                for k in members.indices.dropLast() { ids[k] = try add(members[k]) }
            } catch {
                return nil
            }
            var kept = Array(members.indices)
            var out = members.count - 1
            for k in members.indices.dropLast().reversed() {
                try? scratch.remove(ids[k]!)
                if let id = try? add(members[out]) {
                    ids[out] = id
                    out = k
                } else {
                    kept.removeAll { $0 == k }
                }
            }
            return kept
        }
        return (kept ?? minimalModuloGivensByTests(members, with: extra)).map { refs[$0] }
    }

    /// The deletion filter of `minimalModuloGivens`, each test solved afresh: the positions kept.
    func minimalModuloGivensByTests(_ members: [Constraint], with extra: Constraint?) -> [Int] {
        var kept = Array(members.indices)
        for k in members.indices.reversed() {
            let without = kept.filter { $0 != k }
            if !canHold(without.map { members[$0] } + (extra.map { [$0] } ?? []), sizesNonNegative: true) { kept = without }
        }
        return kept
    }

    static let givensFilterLimit = 200

    /// Whether constraints (over this engine's variables) can all hold, on a scratch solver;
    /// with `sizesNonNegative`, every width and height they name is also kept ≥ 0.
    /// - Complexity: one small solve; meant for sets of a few constraints.
    func canHold(_ constraints: [Constraint], sizesNonNegative: Bool) -> Bool {
        solver.withScratchSolver(feasibilityOnly: true) { scratch in
            var mapped: [Int32: Variable] = [:]
            do {
                for c in constraints {
                    try scratch.add(scratchForm(of: c, in: scratch, mapped: &mapped, sizesNonNegative: sizesNonNegative))
                }
                return true
            } catch {
                return false
            }
        }
    }

    /// A constraint over this engine's variables written in a scratch solver's (`mapped`, made
    /// as needed); with `sizesNonNegative`, a width or height seen for the first time is held
    /// non-negative there.
    private func scratchForm(of c: Constraint, in scratch: Solver, mapped: inout [Int32: Variable], sizesNonNegative: Bool) throws -> Constraint {
        var copy = c
        copy.expression.terms = try c.expression.terms.map { term in
            if let made = mapped[term.variable.index] { return Term(made, term.coefficient) }
            let made = scratch.makeVariable()
            mapped[term.variable.index] = made
            if sizesNonNegative, link.components[term.variable.index]?.component.isSize == true {
                try scratch.add(Constraint(made, .greaterThanOrEqual, 0))
            }
            return Term(made, term.coefficient)
        }
        return copy
    }

    func stamp(of ref: ConstraintRef) -> Int {
        link.installed[ref]?.stamp ?? hierarchy.constraint(ref)?.stamp ?? 0
    }

    /// Constraints in activation order (ties by reference), each once. Each stamp is looked up
    /// once, not in every comparison, which would dominate reporting a conflict over a long
    /// chain.
    func inActivationOrder(_ refs: [ConstraintRef]) -> [ConstraintRef] {
        var keyed = refs.map { (stamp: stamp(of: $0), ref: $0) }
        keyed.sort { $0.stamp != $1.stamp ? $0.stamp < $1.stamp : $0.ref < $1.ref }
        var result: [ConstraintRef] = []
        result.reserveCapacity(keyed.count)
        // A repeat has the same stamp, so it sorts next to itself.
        for (k, entry) in keyed.enumerated() where k == 0 || keyed[k - 1].ref != entry.ref { result.append(entry.ref) }
        return result
    }

    private func solverRefusal(_ error: Error, _ ref: ConstraintRef) -> Error {
        if case let SolverError.constantOutOfRange(value) = error {
            return LayoutError.outOfRange(what: "constant", value: hierarchy.constraint(ref)?.constant ?? -value)
        }
        return error
    }
}

extension Relation {
    /// The solver's relation for a layout relation.
    init(_ relation: LayoutRelation) {
        switch relation {
        case .equal: self = .equal
        case .lessThanOrEqual: self = .lessThanOrEqual
        case .greaterThanOrEqual: self = .greaterThanOrEqual
        }
    }
}
