internal import Cassowary

/// What a change did to the layout's standing, said the moment it happens (as UIKit logs a
/// break): the views it made ambiguous and the constraints of yours it left violated.
///
/// Only the parts of the system a change reached are looked at again. The solver's tableau is
/// block-diagonal over the connected components of its constraints — two constraints that share
/// no variable, directly or through others, share no row, no pivot and no reduced cost — so a
/// component the change did not reach has the same optimal face as before, and its views'
/// ambiguity and its constraints' states stand. `install`, `uninstall` and `change` note the
/// variables they touch; `takeStandingChanges` walks the components those reach.
extension LayoutEngine {
    /// Makes sure the standing before a change is known: after `restore` (undo, redo) it is
    /// looked at again over everything, once.
    public func knowStanding() {
        guard !caches.standing.isKnown else { return }
        caches.standing = Standing()
        let ambiguous = ambiguity()
        for id in hierarchy.allViewIDs where id != Hierarchy.rootID {
            caches.standing.setAmbiguous(id, ambiguous[id] != nil)
        }
        for (ref, current) in link.installed where isAnnounced(ref, current) && diagnostics.isViolated(current) {
            caches.standing.violated.insert(ref)
        }
        pending.touchedVariables.removeAll()
        caches.standing.isKnown = true
    }

    /// The views that became ambiguous and the constraints of yours that became violated since
    /// the last call (a view new since then is not said to become ambiguous: every view starts
    /// so). Nothing while the standing before is unknown (see `knowStanding`).
    /// - Complexity: the size of the components the changes reached.
    public func takeStandingChanges() -> StandingChanges {
        defer { pending.touchedVariables.removeAll() }
        var result = StandingChanges(ambiguous: [], violated: [])
        guard caches.standing.isKnown, !pending.touchedVariables.isEmpty else { return result }
        let (views, refs) = reached(from: pending.touchedVariables)
        for id in views where id < hierarchy.views.count {
            guard let view = hierarchy.views[id], view.stackHelper == nil else { continue }
            let free = freeComponents(of: id)
            if !free.isEmpty && caches.standing.wasAmbiguous(id) == false { result.ambiguous.append(AmbiguityChange(view: id, components: free)) }
            caches.standing.setAmbiguous(id, !free.isEmpty)
        }
        var violated: [ConstraintRef] = []
        for ref in refs {
            guard let current = link.installed[ref], isAnnounced(ref, current) else { continue }
            if diagnostics.isViolated(current) {
                if caches.standing.violated.insert(ref).inserted { violated.append(ref) }
            } else {
                caches.standing.violated.remove(ref)
            }
        }
        // Those that left the solver are not violated any more.
        caches.standing.violated = caches.standing.violated.filter { link.installed[$0] != nil }
        result.violated = hierarchy.inListingOrder(violated)
        return result
    }

    /// The views (in creation order) and your optional constraints in the components the
    /// variables reach. A component of more than `standingViewLimit` views or
    /// `standingLinkLimit` links (a constraint naming a variable) — a long stack, a chain — is
    /// not walked: only the views and constraints that name the variables are, so there a view
    /// the change reached only through others is not said to become ambiguous.
    func reached(from start: Set<Int32>) -> (views: [ViewID], refs: [ConstraintRef]) {
        // Variables and views are marked by index, not hashed into sets.
        marks.walkStamp += 1
        let stamp = marks.walkStamp
        var views: [ViewID] = []
        var refs: [ConstraintRef] = []
        // Links are counted as variables are queued (each once), so that a walk that would go
        // past the limit (a variable shared by every arranged view of a long stack) stops
        // before it reads their constraints: every queued variable is visited unless the walk
        // stops first.
        var links = 0
        var queue: [Int32] = []
        for variable in start where LayoutEngine.firstVisit(Int(variable), in: &marks.variableWalkStamps, stamp: stamp) {
            queue.append(variable)
            links += link.variableUsers[variable]?.count ?? 0
            if links > LayoutEngine.standingLinkLimit { return named(by: start) }
        }
        while let variable = queue.popLast() {
            if let component = link.components[variable], LayoutEngine.firstVisit(component.view, in: &marks.viewWalkStamps, stamp: stamp) {
                views.append(component.view)
                if views.count > LayoutEngine.standingViewLimit { return named(by: start) }
            }
            for ref in link.variableUsers[variable] ?? [] {
                let current = link.installed[ref]!
                if isAnnounced(ref) && current.compiled.expression.terms.first?.variable.index == variable { refs.append(ref) }
                for term in current.compiled.expression.terms
                where LayoutEngine.firstVisit(Int(term.variable.index), in: &marks.variableWalkStamps, stamp: stamp) {
                    queue.append(term.variable.index)
                    links += link.variableUsers[term.variable.index]?.count ?? 0
                    if links > LayoutEngine.standingLinkLimit { return named(by: start) }
                }
            }
        }
        return (views.sorted(), refs)
    }

    /// The views and your optional constraints that name the variables.
    func named(by variables: Set<Int32>) -> (views: [ViewID], refs: [ConstraintRef]) {
        // Views and constraints are marked by index, not hashed into sets (all of an import's
        // variables come here).
        var views: [ViewID] = []
        marks.walkStamp += 1
        let stamp = marks.walkStamp
        var refs: [ConstraintRef] = []
        for variable in variables {
            if let component = link.components[variable], LayoutEngine.firstVisit(component.view, in: &marks.viewWalkStamps, stamp: stamp) {
                views.append(component.view)
            }
            for ref in link.variableUsers.users(of: variable) {
                guard let current = link.installed[ref], !current.compiled.isRequired,
                      markFirstVisit(of: current.id, stamp: stamp) else { continue }
                refs.append(ref)
            }
        }
        return (views.sorted(), refs)
    }

    /// Marks an installed constraint as seen by the walk with this stamp.
    /// - Returns: whether the walk had not seen it yet.
    func markFirstVisit(of id: ConstraintID, stamp: Int) -> Bool {
        LayoutEngine.firstVisit(Int(id.index), in: &marks.constraintWalkStamps, stamp: stamp)
    }

    /// Marks entry `k` as seen by the walk with this stamp (growing the marks as needed).
    /// - Returns: whether the walk had not seen it yet.
    static func firstVisit(_ k: Int, in stamps: inout [Int], stamp: Int) -> Bool {
        if k >= stamps.count { stamps.append(contentsOf: repeatElement(0, count: k + 1 - stamps.count)) }
        guard stamps[k] != stamp else { return false }
        stamps[k] = stamp
        return true
    }

    static func isVisited(_ k: Int, in stamps: [Int], stamp: Int) -> Bool {
        k < stamps.count && stamps[k] == stamp
    }

    static let standingViewLimit = 200
    static let standingLinkLimit = 800

    /// The frame components of a view that are not the same in every optimal layout, asked of
    /// the solver now.
    public func freeComponents(of id: ViewID) -> [FrameComponent] {
        guard id < link.variables.count, let v = link.variables[id] else { return [] }
        return FrameComponent.allCases.filter { !isUnique(variable($0, v)) }
    }

    /// Whether a frame component takes one value in every optimal layout: `range(of:of:)`'s
    /// `isUnique`, without looking for the range's lower end when the upper is open. Nil for
    /// root and views the solver does not know.
    public func isUnique(_ component: FrameComponent, of id: ViewID) -> Bool? {
        guard id != Hierarchy.rootID, id < link.variables.count, let v = link.variables[id] else { return nil }
        return isUnique(variable(component, v))
    }

    func isUnique(_ variable: Variable) -> Bool {
        if caches.rangeMemo.generation != generation { caches.rangeMemo = (generation, [:]) }
        if let known = caches.rangeMemo.ranges[variable.index] { return known.isUnique }
        // A range found whole on the way is kept: a report may ask for it next.
        let (isUnique, range) = solver.uniqueness(of: variable)
        if let range { caches.rangeMemo.ranges[variable.index] = range }
        return isUnique
    }

    /// Your optional constraints: content sizes and stack views' constraints give way by design.
    func isAnnounced(_ ref: ConstraintRef, _ current: Installed) -> Bool {
        if case .user = ref { return !current.compiled.isRequired }
        return false
    }

    /// `isAnnounced` for an installed constraint, without looking it up unless it is yours.
    func isAnnounced(_ ref: ConstraintRef) -> Bool {
        if case .user = ref, let current = link.installed[ref] { return !current.compiled.isRequired }
        return false
    }
}

/// What `takeStandingChanges` found: views newly ambiguous (in creation order) and constraints
/// newly violated (in listing order).
public struct StandingChanges: Equatable, Sendable {
    public var ambiguous: [AmbiguityChange]
    public var violated: [ConstraintRef]

    public var isEmpty: Bool { ambiguous.isEmpty && violated.isEmpty }
}

/// A view that became ambiguous, with its free frame components.
public struct AmbiguityChange: Equatable, Sendable {
    public var view: ViewID
    public var components: [FrameComponent]
}

/// Which views were ambiguous and which announced constraints violated, as last looked at.
struct Standing {
    /// An empty engine's standing is known.
    var isKnown = true
    /// By view: nil never looked at (new since), else whether ambiguous.
    private var ambiguous: [Bool?] = []
    var violated: Set<ConstraintRef> = []

    func wasAmbiguous(_ id: ViewID) -> Bool? {
        id < ambiguous.count ? ambiguous[id] : nil
    }

    mutating func setAmbiguous(_ id: ViewID, _ value: Bool) {
        if ambiguous.count <= id { ambiguous += Array(repeating: nil, count: id + 1 - ambiguous.count) }
        ambiguous[id] = value
    }
}
