internal import Cassowary

/// A live view hierarchy with its constraints, laid out by a Cassowary solver.
///
/// The editable state is the value `hierarchy`; every change goes through `perform`, which
/// either applies the whole change and brings the solver up to date, or leaves both as they were.
/// Constraint states (satisfied, violated, broken) always describe the current constraints;
/// frames move only in a layout pass (`layoutIfNeeded`), as in UIKit.
public final class LayoutEngine {
    public internal(set) var hierarchy = Hierarchy()

    let solver: Solver
    // The rest of the state in named parts (`LayoutEngine+State.swift`), so that a copy is a
    // line a part and a new field cannot be left out of it.
    /// What is in the solver, for which constraint and view.
    var link = SolverLink()
    /// Broken required constraints and what they wait for.
    var breaking = BrokenConstraints()
    /// What changed since the solver was last brought up to date.
    var pending = PendingChanges()
    /// Answers kept per solver state.
    var caches = QueryCaches()
    /// Marks of graph walks.
    var marks = WalkMarks()

    /// Broken required constraints (active but kept out of the solver), with the minimal
    /// conflicting set each was broken from, in breaking order.
    public var broken: [ConstraintRef: [ConstraintRef]] { breaking.broken }
    /// A changing counter of the solver's state, for caches of queries.
    public var generation: Int { caches.generation }
    /// Asked now and then during a long change (an import, thousands of constraints entering
    /// the solver): true (Ctrl-C at a terminal) stops it with `LayoutError.interrupted`, the
    /// state as before the change.
    public var interruptCheck: (() -> Bool)?
    /// Off while the state before a failed change is being put back.
    var isInterruptible = true

    public init() {
        solver = Solver()
        makeVariables(for: Hierarchy.rootID)
    }

    private init(solver: Solver) { self.solver = solver }

    /// An engine in this one's state, as if it had gone through the same changes: the
    /// consequence of each fix is tried on a copy of one engine rebuilt from the hierarchy,
    /// where each was tried on an engine rebuilt for it (three quarters of the time a fix's
    /// consequence took). Every stored property is copied (a test compares them all).
    public func copy() -> LayoutEngine {
        let copy = LayoutEngine(solver: solver.copy())
        copy.hierarchy = hierarchy
        copy.link = link
        copy.breaking = breaking
        copy.pending = pending
        copy.caches = caches
        copy.marks = marks
        copy.interruptCheck = interruptCheck
        copy.isInterruptible = isInterruptible
        return copy
    }

    // MARK: - Transactions

    /// Runs a change: on success the solver is brought up to date (and, with `autolayout`,
    /// a layout pass runs); on a thrown error the hierarchy and the solver are left as they were.
    @discardableResult
    public func perform<T>(_ change: (inout Hierarchy) throws -> T) throws -> T {
        if pending.deferringDepth > 0 {
            // In place: `deferringSynchronization` puts the whole state back on an error.
            let result = try change(&hierarchy)
            regenerateStacks(&hierarchy)
            hierarchy.needsLayout = true
            return result
        }
        let saved = hierarchy
        let savedDirty = (pending.dirtyRefs, pending.dirtyViews, pending.rewrittenViews, pending.needsFullSync)
        var working = hierarchy
        let result: T
        do {
            result = try change(&working)
            regenerateStacks(&working)
        } catch {
            (pending.dirtyRefs, pending.dirtyViews, pending.rewrittenViews, pending.needsFullSync) = savedDirty
            throw error
        }
        working.needsLayout = true
        hierarchy = working
        do {
            try synchronize()
        } catch {
            // The solver may be half-way: put the hierarchy back and rebuild by difference.
            hierarchy = saved
            pending.needsFullSync = true
            withoutInterrupts { try? synchronize() }
            throw error
        }
        if hierarchy.autolayout { layoutIfNeeded() }
        return result
    }

    /// Remakes the constraints of the stacks whose inputs changed, noting them for the solver.
    /// A stack's inputs are its own view, its children's and two of the hierarchy's switches:
    /// only stacks among the views written since the last time (or whose children were) are
    /// looked at, found by comparing the views with a copy kept then (`stackBaseline`), so that
    /// a command far from a stack of 10,000 views does not read them all.
    private func regenerateStacks(_ h: inout Hierarchy) {
        guard !h.stackIDs.isEmpty else {
            pending.stackBaseline = nil
            return
        }
        var changed: Set<ViewID>?
        if let baseline = pending.stackBaseline, baseline.stackFitting == h.stackFitting, baseline.canvas == h.canvas {
            changed = []
            for range in h.views.changedRanges(since: baseline.views) {
                changed!.formUnion(range)
            }
        }
        let stacks = h.regenerateStacks(changed: changed)
        pending.dirtyRefs.formUnion(stacks.refs)
        pending.dirtyViews.formUnion(stacks.newHelpers)
        pending.stackBaseline = (h.views, h.stackFitting, h.canvas)
    }

    /// Runs many changes with the solver brought up to date once, at the end (an import's
    /// thousands of views and constraints): the hierarchy changes at each, the solver only
    /// after the last. Constraints enter in activation order either way, so what is broken is
    /// the same. Each change is made in place (no copy of the hierarchy to go back to); on a
    /// thrown error the state before the first comes back. Nothing inside may ask the solver.
    public func deferringSynchronization<T>(_ changes: () throws -> T) throws -> T {
        let before = pending.deferringDepth == 0 ? hierarchy : nil
        pending.deferringDepth += 1
        let result: T
        do {
            result = try changes()
        } catch {
            pending.deferringDepth -= 1
            if let before { restore(before) }
            throw error
        }
        pending.deferringDepth -= 1
        if pending.deferringDepth == 0 {
            do {
                try synchronize()
            } catch {
                if let before { restore(before) }
                throw error
            }
            if hierarchy.autolayout { layoutIfNeeded() }
        }
        return result
    }

    /// Throws `LayoutError.interrupted` when `interruptCheck` says so (and interrupts are on).
    public func checkInterrupt() throws {
        guard isInterruptible, let interruptCheck, interruptCheck() else { return }
        throw LayoutError.interrupted
    }

    func withoutInterrupts(_ body: () -> Void) {
        let was = isInterruptible
        isInterruptible = false
        body()
        isInterruptible = was
    }

    /// Runs several changes as one: if any throws, the state before the first comes back.
    public func allOrNothing<T>(_ changes: () throws -> T) throws -> T {
        let before = hierarchy
        do {
            return try changes()
        } catch {
            restore(before)
            throw error
        }
    }

    /// Replaces the whole state (undo, redo): the solver is rebuilt by difference.
    public func restore(_ state: Hierarchy) {
        hierarchy = state
        pending.needsFullSync = true
        withoutInterrupts { try? synchronize() }
        caches.standing.isKnown = false
    }

    // MARK: - Views

    /// `new KIND NAME in PARENT`.
    public func addView(kind: ViewKind, name: String, parent: String, properties: [ViewProperty] = []) throws {
        try perform { h in
            let parentID = try h.viewID(named: parent)
            if h.viewID(ifNamed: name) != nil { throw LayoutError.duplicateViewName(name) }
            if name == "super" || name == "root" { throw LayoutError.reservedName(name) }
            if h.view(parentID).kind == .guide { throw LayoutError.guideCannotHaveSubviews(parent) }
            let id = h.views.count
            h.clock += 1
            var view = View(id: id, name: name, kind: kind, parent: parentID)
            view.contentSizeStamp = h.clock
            view.autoresizingStamp = h.clock
            if kind == .label || kind == .button {
                view.displayScale = h.displayScale
                view.textMetric = h.textMetric
            }
            let reference = h.view(parentID).frame
            view.referenceSize = (reference.width, reference.height)
            h.views.append(view)
            h.viewTable.note(name, id)
            let end = h.endOfSubviews(parentID)
            if end == h.view(parentID).children.count {
                h.views[parentID]!.children.append(id)
            } else {
                h.views[parentID]!.children.insert(id, at: end)
            }
            if kind == .stack { h.stackIDs.insert(id) }
            for property in properties { try h.set(property, on: id) }
            pending.dirtyViews.insert(id)
        }
    }

    /// `set NAME.PROPERTY = VALUE`.
    public func setProperty(_ property: ViewProperty, of name: String) throws {
        try perform { h in
            let id = try h.viewID(named: name)
            try h.set(property, on: id)
            if id == Hierarchy.rootID { pending.needsFullSync = true } else { pending.dirtyViews.insert(id) }
            if property.movesAttributes { pending.rewrittenViews.insert(id) }
        }
    }

    /// Stack views' fitting constraints on or off (off: what only they decide is ambiguous;
    /// the import uses it to find the sizes left to content).
    public func setStackFitting(_ on: Bool) throws {
        try perform { h in h.stackFitting = on }
    }

    /// `remake STACK ...`: makes the stack views' constraints the newest, as UIKit makes them in
    /// the first layout pass after a nib's constraints are active: where they conflict with
    /// those, they are the ones broken.
    public func remakeStackConstraints(of names: [String]) throws {
        try perform { h in
            let ids = try names.map { name in
                let id = try h.viewID(named: name)
                let view = h.view(id)
                guard view.kind == .stack else { throw LayoutError.propertyNotApplicable(property: "remake", view: name, kind: view.kind) }
                return id
            }
            pending.dirtyRefs.formUnion(h.restampStackConstraints(of: ids))
        }
    }

    /// `set contentSizeCategory = …`: the text size a person picked; labels and buttons whose
    /// text style adjusts take its size.
    /// `canvas`: the category an imported document's Xcode laid text out at (the next change
    /// sizes every text style anew: `Hierarchy.contentSizeCategoryIsCanvas`).
    public func setContentSizeCategory(_ category: ContentSizeCategory, canvas: Bool = false) throws {
        try changeTextSetting { $0.setContentSizeCategory(category, canvas: canvas) }
    }

    /// `set displayScale = 1|2|3`: the pixels a point that labels' and buttons' sizes are
    /// rounded up to, as UIKit rounds them on a display of that scale.
    public func setDisplayScale(_ scale: Double) throws {
        guard scale == 1 || scale == 2 || scale == 3 else {
            throw LayoutError.invalidValue(property: "displayScale", value: formatNumber(scale), expected: "1, 2 or 3 pixels a point")
        }
        try changeTextSetting { $0.setTextSetting(scale: scale) }
    }

    /// `set textMetric = uikit|ios13|fixed`.
    public func setTextMetric(_ metric: TextMetric) throws {
        try changeTextSetting { $0.setTextSetting(metric: metric) }
    }

    /// A session-wide text setting: the labels and buttons it reaches are measured again, and
    /// the constraints on them written anew (a baseline moves with the metric).
    private func changeTextSetting(_ change: (inout Hierarchy) -> [ViewID]) throws {
        try perform { h in
            for id in change(&h) {
                pending.dirtyViews.insert(id)
                pending.rewrittenViews.insert(id)
            }
        }
    }

    /// `set canvas = on|off`: hidden arranged views as Interface Builder's canvas draws them.
    public func setCanvas(_ on: Bool) throws {
        try perform { h in h.canvas = on }
    }

    /// `set autolayout = on|off`.
    public func setAutolayout(_ on: Bool) throws {
        try perform { h in h.autolayout = on }
    }

    /// `delete NAME`: the view, its subtree and every constraint touching them.
    public func deleteView(_ name: String) throws {
        try perform { h in
            let id = try h.viewID(named: name)
            if id == Hierarchy.rootID { throw LayoutError.cannotDeleteRoot }
            let doomed = Set(h.subtree(id))
            for (index, constraint) in h.userConstraints where constraint.items.contains(where: doomed.contains) {
                h.constraints[index] = nil
            }
            let parent = h.view(id).parent!
            h.views[parent]!.children.removeAll { $0 == id }
            for view in doomed {
                h.stackIDs.remove(view)
                h.views[view] = nil
            }
            pending.needsFullSync = true
        }
    }

    /// `move NAME to PARENT [at INDEX]`: constraints to views outside the new ancestry go, as in
    /// UIKit. INDEX (from 0) places it among the parent's subviews, which for a stack view is
    /// its place among the arranged views; the default is last.
    public func moveView(_ name: String, to parent: String, at index: Int? = nil, keepingConstraints: Bool = false) throws {
        try perform { h in
            let id = try h.viewID(named: name)
            let parentID = try h.viewID(named: parent)
            if id == Hierarchy.rootID { throw LayoutError.cannotMoveRoot }
            if h.ancestry(parentID).contains(id) { throw LayoutError.moveIntoOwnSubtree(view: name, parent: parent) }
            if h.view(parentID).kind == .guide { throw LayoutError.guideCannotHaveSubviews(parent) }
            // A guide belongs to its view: it may change places among its siblings (as a saved
            // script restores their order), not move to another view.
            if h.view(id).kind == .guide && h.view(id).parent != parentID {
                throw LayoutError.propertyNotApplicable(property: "move", view: name, kind: .guide)
            }
            let oldParent = h.view(id).parent!
            h.views[oldParent]!.children.removeAll { $0 == id }
            let siblings = h.view(parentID).children
            if let index, index < 0 || index > siblings.count {
                throw LayoutError.indexOutOfRange(index, count: siblings.count, parent: parent)
            }
            h.views[parentID]!.children.insert(id, at: index ?? h.endOfSubviews(parentID))
            h.views[id]!.parent = parentID
            // A stack's custom spacing after a view is lost when the view leaves it.
            if oldParent != parentID && h.views[id]!.spacingAfter != nil { h.views[id]!.spacingAfter = nil }
            if h.view(parentID).kind == .stack && oldParent != parentID {
                // addArrangedSubview turns translatesAutoresizingMaskIntoConstraints off.
                try h.set(.autoresizing(false), on: id)
            }
            // Constraints between the moved subtree and views outside it go, unless the other
            // view is one of the new ancestors (SPEC: "constraints to views outside the new
            // ancestry go"). A move among its own siblings is `addSubview` to the view's own
            // superview, which only brings it forward: UIKit removes nothing (nor does it here).
            // Among siblings nothing the solver holds changes (a stack view's constraints follow
            // the new order by themselves). Re-parented, the constraints that touch the subtree
            // are written in other coordinates: only those are made again, not every one (a
            // script of many moves would otherwise synchronise the whole layout at each).
            guard oldParent != parentID else { return }
            let subtree = h.subtree(id)
            pending.dirtyViews.formUnion(subtree)
            pending.rewrittenViews.formUnion(subtree)
            guard !keepingConstraints else { return }
            let moved = Set(subtree)
            let newAncestry = Set(h.ancestry(parentID))
            for (index, constraint) in h.userConstraints {
                let outside = constraint.items.filter { !moved.contains($0) }
                guard outside.count < constraint.items.count, !outside.isEmpty else { continue }
                if !outside.allSatisfy(newAncestry.contains) {
                        h.constraints[index] = nil
                    pending.dirtyRefs.insert(.user(index))
                }
            }
        }
    }

}

/// The four engine variables of a view: position in its superview, and size.
struct ViewVariables {
    var minX: Variable
    var minY: Variable
    var width: Variable
    var height: Variable
}

/// Components of the solver's constraints walked to their end by `competingConstraints`, in one
/// solver state: each with its number of constraints and those among them that compete.
struct CompetingWalks {
    var generation: Int
    var partOfVariable: [Int32: Int] = [:]
    var parts: [(count: Int, competing: [ConstraintRef])] = []
}

/// A constraint as the solver holds it.
struct Installed {
    var id: ConstraintID
    var compiled: Constraint
    var stamp: Int
}

/// The constraints in the solver by reference, as a dictionary would keep them: in one dense
/// list, found through arrays by index (a dictionary would hash a reference a dozen times a
/// command). In no particular order.
struct InstalledConstraints: Sequence {
    typealias Element = (key: ConstraintRef, value: Installed)
    /// A struct, not the element's tuple: an array of tuples is copied by the runtime's generic
    /// tuple witnesses.
    struct Entry {
        var key: ConstraintRef
        var value: Installed
    }
    private(set) var entries: [Entry] = []
    /// Per user constraint index, per view and kind, and per stack view and index in its list,
    /// the entry's position.
    private var userSlots = ByIndex<Int32>()
    private var systemSlots = ByIndex<Int32>()
    private var stackSlots = ByIndex<ByIndex<Int32>>()
    private static let kindCount = SystemConstraintKind.allCases.count

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    var keys: LazyMapSequence<LazySequence<[Entry]>.Elements, ConstraintRef> { entries.lazy.map(\.key) }
    var values: LazyMapSequence<LazySequence<[Entry]>.Elements, Installed> { entries.lazy.map(\.value) }

    struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Entry]>
        mutating func next() -> Element? { base.next().map { ($0.key, $0.value) } }
    }

    func makeIterator() -> Iterator { Iterator(base: entries.makeIterator()) }

    /// Room for `capacity` entries, growing by doubling (an array's own reserve makes exactly
    /// that much room, so reserving a little more after each change copied the list each time).
    mutating func reserveCapacity(_ capacity: Int) {
        if capacity > entries.capacity { entries.reserveCapacity(Swift.max(capacity, 2 * entries.capacity)) }
    }

    subscript(ref: ConstraintRef) -> Installed? {
        get { position(of: ref).map { entries[$0].value } }
        set {
            if let newValue {
                if let p = position(of: ref) {
                    entries[p].value = newValue
                } else {
                    setPosition(entries.count, of: ref)
                    entries.append(Entry(key: ref, value: newValue))
                }
            } else if let p = position(of: ref) {
                // The last entry fills the hole.
                let last = entries.count - 1
                if p != last {
                    entries[p] = entries[last]
                    setPosition(p, of: entries[p].key)
                }
                entries.removeLast()
                setPosition(nil, of: ref)
            }
        }
    }

    private func position(of ref: ConstraintRef) -> Int? {
        let p: Int32?
        switch ref {
        case let .user(index): p = userSlots[index: index]
        case let .system(view, kind): p = view < 0 ? nil : systemSlots[index: view * Self.kindCount + kind.rawValue]
        case let .stack(view, index): p = stackSlots[index: view]?[index: index]
        }
        return p.map(Int.init)
    }

    private mutating func setPosition(_ position: Int?, of ref: ConstraintRef) {
        let p = position.map(Int32.init)
        switch ref {
        case let .user(index): userSlots[index: index] = p
        case let .system(view, kind): systemSlots[index: view * Self.kindCount + kind.rawValue] = p
        case let .stack(view, index):
            if stackSlots[index: view] == nil { stackSlots[index: view] = ByIndex() }
            stackSlots[index: view]![index: index] = p
        }
    }
}

/// Solver variable → the installed constraints that name it, in installation order: lists in
/// an array by variable index (a dictionary was hashed for each variable of each constraint
/// installed, thousands in an import).
struct VariableUsers {
    private var lists: [[ConstraintRef]] = []
    /// The same, only your constraints (`.user`): a stack view's size is named by every
    /// arranged view's constraints, and a question about yours need not go through them.
    private var userLists: [[ConstraintRef]] = []

    /// The constraints that name the variable; nil when none does.
    subscript(variable: Int32) -> [ConstraintRef]? {
        let k = Int(variable)
        guard k >= 0 && k < lists.count && !lists[k].isEmpty else { return nil }
        return lists[k]
    }

    /// Your constraints that name the variable (in the order they came).
    func users(of variable: Int32) -> [ConstraintRef] {
        let k = Int(variable)
        return k >= 0 && k < userLists.count ? userLists[k] : []
    }

    /// Each constraint is added once per variable it names (`distinctVariables`).
    mutating func append(_ ref: ConstraintRef, to variable: Int32) {
        let k = Int(variable)
        if k >= lists.count {
            lists.append(contentsOf: repeatElement([], count: k + 1 - lists.count))
            userLists.append(contentsOf: repeatElement([], count: k + 1 - userLists.count))
        }
        lists[k].append(ref)
        if case .user = ref { userLists[k].append(ref) }
    }

    /// Looked for from the end: the constraints taken out most are the newest (a stack's pin
    /// to its last view, made again for each view appended).
    mutating func remove(_ ref: ConstraintRef, from variable: Int32) {
        let k = Int(variable)
        guard k >= 0 && k < lists.count else { return }
        if let position = lists[k].lastIndex(of: ref) { lists[k].remove(at: position) }
        if case .user = ref, let position = userLists[k].lastIndex(of: ref) { userLists[k].remove(at: position) }
    }
}

/// A component of a frame.
public enum FrameComponent: String, CaseIterable, Hashable, Sendable {
    case x, y, width, height

    public var isSize: Bool { self == .width || self == .height }
}

/// One frame component of one view: `title.x`.
public struct ComponentRef: Hashable, Sendable {
    public var view: ViewID
    public var component: FrameComponent

    public init(view: ViewID, component: FrameComponent) {
        self.view = view
        self.component = component
    }
}
