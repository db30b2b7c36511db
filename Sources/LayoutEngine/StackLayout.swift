/// The constraints UIKit makes for a stack view (`Hierarchy.regenerateStacks`), by slot: a
/// constraint keeps its slot (its `ConstraintRef.stack` index) while its name lives, so that
/// adding a view leaves the others' constraints alone. `order` lists the live slots in UIKit's
/// order; `slotOfKey` finds one by its name's kind and number.
public struct StackLayout: Hashable, Sendable {
    /// Chunked, as the hierarchy's own arrays: undo keeps the stack as it was, and a change
    /// that leaves most constraints alone copies only the chunks it touches.
    public internal(set) var slots = ChunkedArray<LayoutConstraint?>()
    /// What each slot's constraint was made from: a new draft is compared with it (plain
    /// values), not with the constraint (a copy of which retains its name).
    var drafts = ChunkedArray<StackConstraintDraft?>()
    /// The live slots in UIKit's order, by run (`StackSlotKey.segment`): a view appended to a
    /// stack adds to the end of some runs, which chunked runs take without copying the rest.
    var orderSegments = [ChunkedArray<Int>](repeating: [], count: StackSlotKey.segmentCount)
    /// The live slots in UIKit's order: the runs in turn.
    public var order: [Int] {
        var order: [Int] = []
        order.reserveCapacity(orderSegments.reduce(0) { $0 + $1.count })
        for segment in orderSegments { order.append(contentsOf: segment) }
        return order
    }
    /// A slot by its constraint's kind and number (`row.spacing.3` is `.spacing`, 3).
    var slotOfKey = StackSlotTable()
    /// What the constraints were made from, to skip remaking them when nothing changed.
    var madeFrom: StackInputs?
    /// The stack's children when `madeFrom` was last found to be its inputs: when they have only
    /// gained views since, and none of them changed, the inputs are `madeFrom` and the new
    /// ones' (`Hierarchy.stackInputs`).
    var seenChildren = ChunkedArray<ViewID>()
    /// The helper guides they use (the alignment spanner, then the gap guides), made as needed
    /// and kept.
    public internal(set) var helpers: [ViewID] = []
    /// The clock when `remake` last made them all the newest (0: never).
    public internal(set) var remadeAt = 0

    /// The live constraints in UIKit's order.
    public var generated: [LayoutConstraint] { order.map { slots[$0]! } }

    /// `stackDrafts` counting only: no constraint of any kind is made.
    static let emitNone = [Int](repeating: .max, count: StackConstraintKind.allCases.count)

    /// Puts a draft in its slot: unless it is the one there, its constraint is made anew with
    /// the next stamp.
    /// - Returns: whether the slot's constraint changed.
    mutating func place(_ draft: StackConstraintDraft, in slot: Int, stack: String, stamp: inout Int) -> Bool {
        if drafts[slot] == draft { return false }
        stamp += 1
        slots[slot] = draft.constraint(stack: stack, stamp: stamp)
        drafts[slot] = draft
        return true
    }

    /// The slot of a constraint name, a new one (not live) when the name is new.
    mutating func slot(for key: StackSlotKey, live: inout [Bool]) -> Int {
        if let existing = slotOfKey[key] { return existing }
        let slot = slots.count
        slots.append(nil)
        drafts.append(nil)
        slotOfKey[key] = slot
        live.append(false)
        return slot
    }

    /// The identifiers of the fitting constraints, which give way by design (and are left out
    /// while `Hierarchy.stackFitting` is off).
    public static let fittingIdentifiers = Set(StackIdentifier.allCases.filter(\.isFitting).map(\.rawValue))
    /// The identifier of the constraint that holds a hidden arranged view's size along the axis at 0.
    public static let hidingIdentifier = StackIdentifier.hiding.rawValue
}

/// The identifiers UIKit gives a stack view's constraints (and the one strut gives a hidden
/// view's placement on Interface Builder's canvas).
enum StackIdentifier: String, CaseIterable, Hashable, Sendable {
    case canvasConnection = "UISV-canvas-connection"
    case spacing = "UISV-spacing"
    case hiding = "UISV-hiding"
    case hiddenPlacement = "IB-hidden-placement"
    case fillEqually = "UISV-fill-equally"
    case fillProportionally = "UISV-fill-proportionally"
    case distributingEdge = "UISV-distributing-edge"
    case alignment = "UISV-alignment"
    case spanningBoundary = "UISV-spanning-boundary"
    case spanningFit = "UISV-spanning-fit"
    case canvasFit = "UISV-canvas-fit"
    case ambiguitySuppression = "UISV-ambiguity-suppression"
    case fixForAppBugAmbiguity = "UISV-fix-for-app-bug-ambiguity"

    /// The fitting constraints give way by design (and are left out while
    /// `Hierarchy.stackFitting` is off).
    var isFitting: Bool {
        switch self {
        case .spanningFit, .canvasFit, .ambiguitySuppression, .fixForAppBugAmbiguity: true
        default: false
        }
    }
}

/// The kinds of a stack view's constraints, as their names say them (`row.spacing.3`).
enum StackConstraintKind: String, CaseIterable, Hashable, Sendable {
    case canvas, spacing, hiding, fillEqually, fillProportionally, distributingEdge, alignment
    case spanningBoundary, spanningFit, canvasFit, ambiguitySuppression, empty

    /// Its place in `allCases`.
    var index: Int {
        switch self {
        case .canvas: 0
        case .spacing: 1
        case .hiding: 2
        case .fillEqually: 3
        case .fillProportionally: 4
        case .distributingEdge: 5
        case .alignment: 6
        case .spanningBoundary: 7
        case .spanningFit: 8
        case .canvasFit: 9
        case .ambiguitySuppression: 10
        case .empty: 11
        }
    }
}

/// A stack constraint's name without the stack's: its kind and its number within the kind.
struct StackSlotKey: Hashable, Sendable {
    var kind: StackConstraintKind
    var ordinal: Int

    /// The generator makes a stack's constraints in runs (`Hierarchy.stackDrafts`): the axis's
    /// two canvas connections, spacing, hiding, the distribution's (distributing edges before
    /// the gaps' equal sizes), the canvas connections across the axis (`canvas` 3 on), then
    /// alignment, spanning boundaries and fit, canvas fit, ambiguity suppression, and `empty`
    /// alone. This is the run a key falls in; the order of a stack's constraints is the runs
    /// in turn, each in number order.
    var segment: Int {
        kind == .canvas && ordinal > 2 ? Self.crossCanvasSegment : Self.segmentOfKind[kind.index]
    }

    static let segmentCount = 13
    static let crossCanvasSegment = 6
    /// By `StackConstraintKind.index`.
    static let segmentOfKind = [0, 1, 2, 4, 5, 3, 7, 8, 9, 10, 11, 12]

    /// How many constraints a stack that made `counts` of each kind has in a run.
    static func segmentLength(_ segment: Int, counts: [Int]) -> Int {
        let canvas = counts[StackConstraintKind.canvas.index]
        if segment == 0 { return min(canvas, 2) }
        if segment == crossCanvasSegment { return max(canvas - 2, 0) }
        return counts[segmentOfKind.firstIndex(of: segment)!]
    }
}

/// Slots by kind and number, without hashing: one list per kind, indexed by number − 1.
struct StackSlotTable: Hashable, Sendable {
    /// Chunked: undo keeps the table as it was, and a view appended to a stack of thousands
    /// adds to its spacing and alignment lists (a plain array would be copied whole).
    private var byKind = [ChunkedArray<Int>](repeating: [], count: StackConstraintKind.allCases.count)

    subscript(key: StackSlotKey) -> Int? {
        get {
            // In place: a copy of the list would cost a retain and a release per lookup.
            byKind.withUnsafeBufferPointer { lists in
                key.ordinal >= 1 && key.ordinal <= lists[key.kind.index].count ? lists[key.kind.index][key.ordinal - 1] : nil
            }
        }
        set {
            // Numbers are given in order from 1, so a new one is always the next.
            guard let newValue else { return }
            if key.ordinal <= byKind[key.kind.index].count {
                byKind[key.kind.index][key.ordinal - 1] = newValue
            } else {
                precondition(key.ordinal == byKind[key.kind.index].count + 1, "stack slot numbers come in order")
                byKind[key.kind.index].append(newValue)
            }
        }
    }
}

/// A stack constraint as the generator makes it, before it has a name (made only when the
/// constraint in its slot changed). Plain values: comparing or copying one retains nothing.
struct StackConstraintDraft: Hashable, Sendable {
    var key: StackSlotKey
    var identifier: StackIdentifier
    var first: Anchor
    var relation: LayoutRelation
    var second: Anchor?
    var multiplier: Double
    var constant: Double
    var priority: LayoutPriority

    func constraint(stack: String, stamp: Int) -> LayoutConstraint {
        LayoutConstraint(name: "\(stack).\(key.kind.rawValue).\(key.ordinal)", first: first, relation: relation, second: second,
                         multiplier: multiplier, constant: constant, priority: priority, origin: .stack, stamp: stamp,
                         identifier: identifier.rawValue)
    }
}

/// What a stack view's helper guide is for.
public enum StackHelperRole: String, Hashable, Sendable {
    /// `_UILayoutSpacer` 'UISV-alignment-spanner': spans the arranged views across the axis.
    case spanner
    /// `_UIOLAGapGuide` 'UISV-distributing': the space between two arranged views.
    case gap

    public var className: String { self == .spanner ? "_UILayoutSpacer" : "_UIOLAGapGuide" }
    public var identifier: String { self == .spanner ? "UISV-alignment-spanner" : "UISV-distributing" }
}

/// The constraints UIKit's `UIStackView` makes (AUTOLAYOUT.md §8.2), as a function of the
/// stack's settings and its arranged views.
///
/// Arranged views are the stack's subviews that are not guides, in order. All of them, hidden
/// ones included, form one chain along the axis: the canvas (the stack, or its margins) to the
/// first, `UISV-spacing` between neighbours, the last to the canvas. A hidden view's size along
/// the axis is held at 0 (`UISV-hiding`, 999.999 as on current iOS) and the gaps beside it shrink
/// so that its visible neighbours stay one spacing apart: half a spacing on each side of a hidden
/// run between visible views, none on the side of a run that reaches an end. With
/// `Hierarchy.canvas` on (as Interface Builder's canvas draws them; inferred from the frames
/// Xcode stored, not documented), hidden views leave the chain, which runs through the visible
/// ones, and each starts where the arranged view before it ends (`IB-hidden-placement`), still
/// held at 0 by `UISV-hiding` unless a required constraint sizes it; with every view hidden,
/// the chain is UIKit's.
///
/// Across the axis, `fill` pins every view to both canvas edges through the first one
/// (`UISV-alignment`); the other alignments align one attribute to the first view's, let a
/// spanner guide enclose them all (`UISV-spanning-boundary`, the aligned edge at 999.5, hugged
/// at 51 by `UISV-spanning-fit`), pin the canvas to the spanner, and keep unsized views from
/// being ambiguous at 25 (`UISV-ambiguity-suppression`). With one view there is no spanner:
/// the free canvas edges become inequalities and the stack hugs it at 49 (`UISV-canvas-fit`).
///
/// Names: `STACK.KIND.N`, N counting from 1 per kind in this order: `canvas`, `spacing`,
/// `hiding`, `fillEqually`, `fillProportionally`, `distributingEdge`, `alignment`,
/// `spanningBoundary`, `spanningFit`, `canvasFit`, `ambiguitySuppression`, `empty`.
extension Hierarchy {
    /// Remakes the constraints of every stack whose inputs changed; a constraint that did not
    /// change keeps its slot and stamp, changed and new ones take the clock.
    /// - Returns: the references whose constraint changed or went, and the helpers made.
    /// - Complexity: O(arranged views) per stack whose inputs changed, O(1) solver work for
    ///   each constraint that did not change.
    ///   `changed`: the views that may have changed since every stack was last brought up to
    ///   date (nil: any); only stacks among them, or whose children are, are looked at.
    mutating func regenerateStacks(changed: Set<ViewID>? = nil) -> (refs: [ConstraintRef], newHelpers: [ViewID]) {
        var refs: [ConstraintRef] = []
        var newHelpers: [ViewID] = []
        var candidates = stackIDs
        if let changed {
            candidates = []
            for id in changed {
                if stackIDs.contains(id) { candidates.insert(id) }
                if let parent = views[id]?.parent, stackIDs.contains(parent) { candidates.insert(parent) }
            }
        }
        for id in candidates.sorted() {
            guard views[id] != nil else { continue }
            let children = view(id).children
            let (inputs, extended) = stackInputs(id, changed: changed)
            #if DEBUG
            precondition(changed == nil || inputs == stackInputs(id, changed: nil).inputs, "stack \(id)'s inputs read from what changed differ from reading them all")
            #endif
            let seen = views[id]!.stackLayout.seenChildren
            if seen.count != children.count || !children.starts(withShared: seen) { views[id]!.stackLayout.seenChildren = children }
            let before = views[id]!.stackLayout.madeFrom
            if before == inputs { continue }
            makeStackHelpers(id, inputs, made: &newHelpers)
            guard let before, let oldCounts = appendedCounts(id, from: before, to: inputs, extended: extended) else {
                remakeStackConstraints(id, inputs, refs: &refs)
                continue
            }
            #if DEBUG
            // Tests build in debug: every append is checked against remaking them all.
            var reference = self
            var referenceRefs: [ConstraintRef] = []
            reference.remakeStackConstraints(id, inputs, refs: &referenceRefs)
            let first = refs.count
            #endif
            appendStackConstraints(id, inputs, oldCount: before.arranged.count, oldCounts: oldCounts, refs: &refs)
            #if DEBUG
            precondition(views[id]!.stackLayout == reference.views[id]!.stackLayout && clock == reference.clock
                         && Array(refs[first...]) == referenceRefs, "appending to stack \(id) differs from remaking it")
            #endif
        }
        return (refs, newHelpers)
    }

    /// Remakes a stack's constraints: each made again and compared with its slot's, a
    /// constraint that did not change keeps its slot and stamp, changed and new ones take the
    /// clock, and those no longer made go.
    private mutating func remakeStackConstraints(_ id: ViewID, _ inputs: StackInputs, refs: inout [ConstraintRef]) {
        let stackName = view(id).name
        var layout = views[id]!.stackLayout
        views[id]!.stackLayout = StackLayout()  // edit a unique copy
        var live = [Bool](repeating: false, count: layout.slots.count)
        let before = layout.order
        layout.orderSegments = [ChunkedArray<Int>](repeating: [], count: StackSlotKey.segmentCount)
        var stamp = clock
        var lastSegment = 0
        // Each draft is compared with its slot's as it is made: no list of them all. The
        // generator makes them run by run, so the runs in turn are the order they were made in.
        stackDrafts(id, inputs, helpers: layout.helpers) { draft in
            let slot = layout.slot(for: draft.key, live: &live)
            live[slot] = true
            assert(draft.key.segment >= lastSegment, "stack constraints made out of their runs' order")
            lastSegment = draft.key.segment
            layout.orderSegments[draft.key.segment].append(slot)
            if layout.place(draft, in: slot, stack: stackName, stamp: &stamp) { refs.append(.stack(id, slot)) }
        }
        clock = stamp
        // The slots live before are the old order's; those not live now go.
        for slot in before where !live[slot] {
            layout.slots[slot] = nil
            layout.drafts[slot] = nil
            refs.append(.stack(id, slot))
        }
        layout.madeFrom = inputs
        views[id]!.stackLayout = layout
    }

    /// When the new inputs only add visible views after the old ones (nothing else changed,
    /// none hidden, two or more before, not `fillProportionally`, whose shares all move): the
    /// number of constraints of each kind the old inputs made. Then every one of those stays
    /// as it was but the axis's last canvas connection (`canvas` 2, now the new last view's),
    /// and the new views' come after the old ones of each kind: spacing, alignment, spanning
    /// boundaries, gaps and the rest are made view by view in order. nil otherwise.
    /// `extended`: `new` was made from `old` by adding views (`stackInputs`), so it starts with
    /// it and that need not be compared.
    private func appendedCounts(_ id: ViewID, from old: StackInputs, to new: StackInputs, extended: Bool) -> [Int]? {
        guard old.settings == new.settings, old.fitting == new.fitting, old.canvas == new.canvas,
              new.settings.distribution != "fillProportionally",
              old.arranged.count >= 2, new.arranged.count > old.arranged.count,
              extended || (new.arranged.starts(with: old.arranged) && new.spacingAfter.starts(with: old.spacingAfter)),
              !Self.anyHidden(old.hidden), !Self.anyHidden(new.hidden[old.hidden.count...]) else { return nil }
        return stackDrafts(id, old, helpers: views[id]!.stackLayout.helpers, emitFrom: StackLayout.emitNone, from: old.arranged.count) { _ in }
    }

    /// Adds the constraints of views appended to a stack (`appendedCounts`): only the last
    /// canvas connection and the new ones are made (making all of a long stack's constraints
    /// again for each view added would make building it quadratic); the order is
    /// the old one with each kind's new constraints after its old ones.
    private mutating func appendStackConstraints(_ id: ViewID, _ inputs: StackInputs, oldCount: Int, oldCounts: [Int],
                                                 refs: inout [ConstraintRef]) {
        let stackName = view(id).name
        var layout = views[id]!.stackLayout
        views[id]!.stackLayout = StackLayout()  // edit a unique copy
        var emitFrom = oldCounts.map { $0 + 1 }
        emitFrom[StackConstraintKind.canvas.index] = 2
        var live: [Bool] = []  // no slot goes in an append: only new ones are marked, unread
        var added = [[Int]](repeating: [], count: StackSlotKey.segmentCount)
        var stamp = clock
        stackDrafts(id, inputs, helpers: layout.helpers, emitFrom: emitFrom, from: oldCount) { draft in
            let slot = layout.slot(for: draft.key, live: &live)
            let isNew = draft.key.ordinal > oldCounts[draft.key.kind.index]
            if isNew { added[draft.key.segment].append(slot) }
            if layout.place(draft, in: slot, stack: stackName, stamp: &stamp) { refs.append(.stack(id, slot)) }
        }
        clock = stamp
        for segment in 0..<StackSlotKey.segmentCount {
            precondition(layout.orderSegments[segment].count == StackSlotKey.segmentLength(segment, counts: oldCounts),
                         "a stack's order does not follow its kinds")
            for slot in added[segment] { layout.orderSegments[segment].append(slot) }
        }
        layout.madeFrom = inputs
        views[id]!.stackLayout = layout
    }

    /// Gives the constraints of these stacks the newest stamps, as if made now.
    /// - Returns: their references.
    mutating func restampStackConstraints(of ids: [ViewID]) -> [ConstraintRef] {
        var refs: [ConstraintRef] = []
        for id in ids where views[id]?.kind == .stack {
            var layout = views[id]!.stackLayout
            views[id]!.stackLayout = StackLayout()  // edit a unique copy
            for slot in layout.order {
                clock += 1
                layout.slots[slot]!.stamp = clock
                refs.append(.stack(id, slot))
            }
            layout.remadeAt = clock
            views[id]!.stackLayout = layout
        }
        return refs
    }

    /// Makes the helper guides the stack's constraints will use and it lacks: the spanner is
    /// `helpers[0]`, gap k is `helpers[k]`, made in that order and kept.
    private mutating func makeStackHelpers(_ stack: ViewID, _ inputs: StackInputs, made: inout [ViewID]) {
        let settings = inputs.settings
        let visible = inputs.hidden.count { !$0 }
        var needed = -1
        if (settings.distribution == "equalSpacing" || settings.distribution == "equalCentering") && visible >= 2 {
            needed = visible - 1
        }
        if Self.alignedAttribute(settings) != nil && inputs.arranged.count > 1 { needed = max(needed, 0) }
        while views[stack]!.stackLayout.helpers.count <= needed {
            let k = views[stack]!.stackLayout.helpers.count
            let id = views.count
            var guide = View(id: id, name: "\(view(stack).name).\(k == 0 ? "spanner" : "gap\(k)")", kind: .guide, parent: stack)
            guide.stackHelper = k == 0 ? .spanner : .gap
            views.append(guide)
            views[stack]!.stackLayout.helpers.append(id)
            made.append(id)
        }
    }

    /// The attribute across the axis that the alignment lines up, nil for `fill` (and for the
    /// baselines of a vertical stack, which UIKit treats as `fill`).
    static func alignedAttribute(_ settings: StackSettings) -> LayoutAttribute? {
        let horizontal = settings.axis == .horizontal
        switch settings.alignment {
        case "leading", "top": return horizontal ? .top : .leading
        case "trailing", "bottom": return horizontal ? .bottom : .trailing
        case "center": return horizontal ? .centerY : .centerX
        case "firstBaseline": return horizontal ? .firstBaseline : nil
        case "lastBaseline": return horizontal ? .lastBaseline : nil
        default: return nil
        }
    }

    /// The stack's constraints in UIKit's order, each given to `emit` as it is made; the
    /// helpers must exist (`makeStackHelpers`).
    /// With `emitFrom`, a constraint is made only from that number of its kind on (the others
    /// are counted). With `from`, the constraints made view by view for arranged views before
    /// that index (and pairs and gaps that end before it) are counted without being walked:
    /// only without hidden views or `fillProportionally` (`appendedCounts`).
    /// - Returns: how many constraints of each kind the inputs make.
    @discardableResult
    private func stackDrafts(_ id: ViewID, _ inputs: StackInputs, helpers: [ViewID], emitFrom: [Int]? = nil, from: Int = 0,
                             _ emit: (StackConstraintDraft) -> Void) -> [Int] {
        precondition(from == 0 || (!inputs.hidden.contains(true) && inputs.settings.distribution != "fillProportionally"),
                     "stack constraints counted past hidden views or proportional shares")
        return withoutActuallyEscaping(emit) { emit in
            var drafts = StackDrafts(stack: id, inputs: inputs, helpers: helpers, emitFrom: emitFrom, from: from, emit: emit)
            // 1. An empty stack only keeps its height from being ambiguous.
            guard !inputs.arranged.isEmpty else {
                drafts.emptyStack()
                return drafts.counts
            }
            // 2. Along the axis: the canvas connections at both ends, the spacing chain between
            //    neighbours, and a hidden view's size held at zero.
            drafts.alongTheAxis()
            drafts.hiddenViews()
            // 3. The distribution: equal sizes, proportional shares, or gaps made equal.
            drafts.distribution()
            // 4. Across the axis: the alignment, through a spanner when there are several views.
            drafts.acrossTheAxis()
            // 5. The weak constraints that keep the stack from being ambiguous where its content
            //    leaves it room.
            drafts.fitting()
            return drafts.counts
        }
    }

    /// The `UISV-spacing` constant between arranged views `a` and `b = a + 1`: the spacing
    /// between visible views; half of it beside a hidden run with visible views on both sides;
    /// none beside a hidden run that reaches an end, or inside one.
    static func stackGap(between a: Int, and b: Int, hidden: [Bool], spacing: Double) -> Double {
        if !hidden[a] && !hidden[b] { return spacing }
        if hidden[a] && hidden[b] { return 0 }
        // The hidden run that touches this gap, and whether a visible view lies beyond it.
        let runStart = hidden[a] ? (hidden[..<a].lastIndex(of: false).map { $0 + 1 } ?? 0) : b
        let runEnd = hidden[b] ? (hidden[(b + 1)...].firstIndex(of: false).map { $0 - 1 } ?? hidden.count - 1) : a
        let bounded = runStart > 0 && runEnd < hidden.count - 1
        return bounded ? spacing / 2 : 0
    }
}
