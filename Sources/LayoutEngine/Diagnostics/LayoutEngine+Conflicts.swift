internal import Cassowary

/// Conflicts and violations, explained: each broken constraint with its minimal set as a chain
/// and the changes that resolve it; each violated optional constraint with what forces it.
extension Diagnostics {
    /// Every conflict, in breaking order, with its chain and the fixes that work.
    public func conflictReports() -> [ConflictReport] { conflictReports(breaking: nil) }

    /// The conflicts of the broken constraints in `only` (every conflict when nil), in breaking
    /// order: "why not" asks about its own relation's alone.
    public func conflictReports(breaking only: Set<ConstraintRef>?) -> [ConflictReport] {
        // The hierarchy does not change here: one engine rebuilt from it serves every fix.
        var shared: FixTrials?
        return engine.conflicts.filter { only?.contains($0.broken) ?? true }.map { entry in
            let resolving = resolvingMembers(of: entry.set, broken: entry.broken)
            // UIKit's own constraints are never offered; with a cell's size in the set, the
            // developer's own are lowered to 999 rather than taken out.
            let offered = resolving.filter { owner(of: $0).isChangeable }
            let lowering = entry.set.contains { owner(of: $0) == .cellSizing }
            let fixes = fixes(offered).map { fix -> Fix in
                if lowering, case let .deactivate(ref) = fix { return .priority(ref, 999) }
                return fix
            }
            return ConflictReport(broken: entry.broken, set: entry.set, chain: chain(entry.set, target: entry.broken),
                                  resolving: resolving, fixes: fixes, ranked: rankedFixes(fixes, broken: entry.broken, shared: &shared),
                                  notOffered: entry.set.filter { !owner(of: $0).isChangeable })
        }
    }

    /// The change that takes each member out: deactivate a user's constraint, lower a view's
    /// content priority, turn its autoresizing off, show a hidden arranged view; a stack view's
    /// other generated constraints make one fix per stack, after the rest.
    func fixes(_ members: [ConstraintRef]) -> [Fix] {
        var result: [Fix] = []
        var stacks: [(stack: ViewID, identifiers: [String])] = []
        for member in members {
            switch member {
            case .user:
                // A log's autoresizing constraint goes with the view's autoresizing, not alone.
                if case let .autoresizing(id?) = owner(of: member) {
                    if !result.contains(.autoresizingOff(id)) { result.append(.autoresizingOff(id)) }
                    continue
                }
                result.append(.deactivate(member))
            case let .system(id, kind):
                switch kind.origin {
                case .contentSize: result.append(.contentPriority(id, kind, 999))
                default: result.append(.autoresizingOff(id))
                }
            case let .stack(id, _):
                guard let constraint = engine.hierarchy.constraint(member) else { continue }
                if constraint.identifier == StackLayout.hidingIdentifier {
                    result.append(.unhide(constraint.first.item))
                    continue
                }
                let identifier = constraint.identifier ?? "stack"
                if let k = stacks.firstIndex(where: { $0.stack == id }) {
                    if !stacks[k].identifiers.contains(identifier) { stacks[k].identifiers.append(identifier) }
                } else {
                    stacks.append((id, [identifier]))
                }
            }
        }
        return result + stacks.map { .changeStack($0.stack, identifiers: $0.identifiers) }
    }

    /// The members of a conflict's set whose removal lets the broken constraint hold, in the
    /// set's order. Read from the solver's tableau where the broken one contradicts required
    /// equalities alone (`Solver.equalityCertificate`): a member outside the certificate never
    /// resolves it, one inside does when moving its marker to where the broken one holds
    /// keeps every other required constraint within bounds, and does not when that move forces
    /// one out of them (a width below zero); any other member is tested on a scratch solver
    /// (`requiredSystemHolds`). A chain of 1,000 links was 1,000 scratch solvers of 3,000
    /// constraints each.
    func resolvingMembers(of set: [ConstraintRef], broken: ConstraintRef) -> [ConstraintRef] {
        let certificate = engine.link.installed[broken] == nil ? compiledForm(broken).flatMap(engine.solver.equalityCertificate(for:)) : nil
        // The members the certificate settles or whose marker's move may: their moves asked
        // together (`movesOfMarkers`).
        var asked: [(id: ConstraintID, value: Double)] = []
        var question: [ConstraintRef: Int] = [:]
        var outside = Set<ConstraintRef>()
        if let certificate {
            for member in set where member != broken {
                guard let installed = engine.link.installed[member], installed.compiled.isRequired else { continue }
                // Wherever the certificate's equalities hold, the broken one is off by its
                // residual: taking out a required constraint outside it changes nothing.
                guard installed.compiled.relation == .equal, let value = certificate.markerValue(for: installed.id) else {
                    outside.insert(member)
                    continue
                }
                question[member] = asked.count
                asked.append((installed.id, value))
            }
        }
        let answers = engine.solver.movesOfMarkers(asked)
        return set.filter { member in
            if member == broken { return true }
            if outside.contains(member) { return false }
            if let k = question[member] {
                switch answers[k] {
                case .holds: return true
                case .fails: return false
                case .unknown: break
                }
            }
            return requiredSystemHolds(without: member, adding: broken)
        }
    }

    /// Whether the required constraints in the solver, less `member`, hold together with
    /// `broken`: checked on a scratch solver holding only the constraints connected to
    /// `broken` through shared variables.
    func requiredSystemHolds(without member: ConstraintRef, adding broken: ConstraintRef) -> Bool {
        guard let target = compiledForm(broken) else { return false }
        let index = engine.link.variableUsers
        var seenVariables = Set<Int32>()
        var connected = Set<ConstraintRef>()
        var queue = target.expression.terms.map(\.variable.index)
        while let variable = queue.popLast() {
            guard seenVariables.insert(variable).inserted else { continue }
            for ref in index[variable] ?? [] where ref != member && connected.insert(ref).inserted {
                let compiled = engine.link.installed[ref]!.compiled
                if compiled.isRequired { queue += compiled.expression.terms.map(\.variable.index) }
            }
        }
        let required = connected.sorted().map { engine.link.installed[$0]!.compiled }.filter(\.isRequired)
        return engine.canHold(required + [target], sizesNonNegative: false)
    }

    // MARK: - Violations

    /// Every violated optional constraint with what forces it, in listing order; a stack
    /// view's fitting constraints, which give way by design, are counted instead.
    public func violations() -> Violations {
        var result = Violations(reports: [], givingWay: [], givingWayCount: 0)
        for ref in violatedRefs() {
            guard let constraint = engine.hierarchy.constraint(ref) else { continue }
            if let identifier = constraint.identifier, StackLayout.fittingIdentifiers.contains(identifier) {
                result.givingWayCount += 1
                if !result.givingWay.contains(identifier) { result.givingWay.append(identifier) }
                continue
            }
            result.reports.append(violationReport(ref, constraint))
        }
        return result
    }

    /// The violated constraints in listing order, found among the optional ones in the solver
    /// rather than by listing every constraint.
    func violatedRefs() -> [ConstraintRef] {
        let found = engine.link.installed.compactMap { ref, current in isViolated(current) ? ref : nil }
        return engine.hierarchy.inListingOrder(found)
    }

    /// `state(of:) == .violated` for a constraint in the solver (active and not broken, so only
    /// the solver is asked; no constraint value is made).
    func isViolated(_ current: Installed) -> Bool {
        !current.compiled.isRequired && !((try? engine.solver.isSatisfied(current.id)) ?? true)
    }

    func violationReport(_ ref: ConstraintRef, _ constraint: LayoutConstraint) -> ViolationReport {
        let forcers = engine.forcedBy(ref)
        let higher = forcers.allSatisfy { (engine.hierarchy.constraint($0)?.priority ?? 0) > constraint.priority }
        var explained = forcers.isEmpty ? Chain(steps: [], unordered: []) : chain(forcers + [ref], target: ref)
        explained.steps.removeAll { $0.ref == ref }
        return ViolationReport(ref: ref, error: engine.error(of: ref), forcedBy: forcers, byHigherPriority: higher, chain: explained)
    }
}
