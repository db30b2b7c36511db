internal import Cassowary

extension LayoutEngine {
    /// The layout pass (`layoutIfNeeded`): every frame takes the solver's current solution.
    /// - Complexity: O(views); each value is read in O(1).
    public func layoutIfNeeded() {
        copyFrames()
        // UIKit's second pass: a multi-line label without `preferredMaxLayoutWidth` is measured
        // at the width the first pass gave it, and the layout runs again with its new height;
        // views whose safe area or margins the new frames move are laid out again with them
        // (a few times at most: a width that depends on the height settles or is left).
        for _ in 0..<4 where hierarchy.hasMultiLineLabels || hierarchy.usesAreas {
            var moved = false
            if hierarchy.hasMultiLineLabels {
                var wrapped: [(ViewID, Double)] = []
                for id in hierarchy.views.indices where id != Hierarchy.rootID {
                    // (A text view that scrolls has no size from its text to wrap.)
                    guard let view = hierarchy.views[id], view.kind == .label, view.numberOfLines != 1, view.textView != .scrolls,
                          view.preferredMaxLayoutWidth == 0, !view.intrinsicIsExplicit, view.wrapWidth != view.frame.width else { continue }
                    wrapped.append((id, view.frame.width))
                }
                if !wrapped.isEmpty {
                    let changed: ()? = try? perform { h in
                        for (id, width) in wrapped {
                            h.setWrapWidth(width, of: id)
                            pending.dirtyViews.insert(id)
                        }
                    }
                    moved = changed != nil
                }
            }
            if hierarchy.usesAreas && updateAreas() { moved = true }
            guard moved else { break }
            copyFrames()
        }
    }

    /// The solver's frames into the hierarchy, and the hierarchy as laid out.
    private func copyFrames() {
        if hierarchy.pixelRounding {
            copyRoundedFrames()
        } else {
            for id in hierarchy.views.indices where id != Hierarchy.rootID {
                guard let view = hierarchy.views[id] else { continue }
                let frame = view.frame
                let solved = solvedFrame(id, insets: view.alignmentInsets)
                // Write only what moved: a chunk shared with an undo copy is copied only when
                // one of its frames changes.
                if solved != frame { hierarchy.views[id]!.frame = solved }
            }
        }
        hierarchy.needsLayout = false
        hierarchy.laidOut = nil  // the snapshot must not hold the previous one
        hierarchy.laidOut = LaidOutState(hierarchy)
    }

    /// Frames rounded as UIKit rounds them: each edge to the nearest pixel of the window (root),
    /// so that views that touch still touch and a view fills its rounded superview; a frame is
    /// then its rounded edges less its superview's rounded origin.
    private func copyRoundedFrames() {
        let scale = hierarchy.displayScale
        var origin: [ViewID: (x: Double, y: Double, roundedX: Double, roundedY: Double)] = [Hierarchy.rootID: (0, 0, 0, 0)]
        for id in hierarchy.allViewIDs where id != Hierarchy.rootID {
            let view = hierarchy.view(id)
            guard let parent = view.parent, let base = origin[parent] else { continue }
            let solved = solvedFrame(id, insets: view.alignmentInsets)
            let absolute = Rect(x: base.x + solved.x, y: base.y + solved.y, width: solved.width, height: solved.height)
            let rounded = absolute.roundedToPixels(scale)
            origin[id] = (absolute.x, absolute.y, rounded.x, rounded.y)
            let frame = Rect(x: clean(rounded.x - base.roundedX), y: clean(rounded.y - base.roundedY), width: rounded.width, height: rounded.height)
            if frame != view.frame { hierarchy.views[id]!.frame = frame }
        }
    }

    /// The frame the solver has for a view now (root: its given frame).
    public func solvedFrame(_ id: ViewID) -> Rect {
        solvedFrame(id, insets: hierarchy.views[id]?.alignmentInsets ?? .zero)
    }

    /// The solved alignment rectangle, with the frame's `insets` around it.
    func solvedFrame(_ id: ViewID, insets: EdgeInsets) -> Rect {
        solvedFrame(id, insets: insets) { solver.value(of: $0) }
    }

    /// `solvedFrame(_:insets:)` with each variable at the value `value` gives it (a point
    /// other than the solver's: a fix's, read from the tableau).
    func solvedFrame(_ id: ViewID, insets: EdgeInsets, value: (Variable) -> Double) -> Rect {
        if id == Hierarchy.rootID { return hierarchy.root.frame }
        guard id < link.variables.count, let v = link.variables[id] else { return .zero }
        let alignment = Rect(x: clean(value(v.minX)), y: clean(value(v.minY)), width: clean(value(v.width)), height: clean(value(v.height)))
        return insets == .zero ? alignment : alignment.inset(by: EdgeInsets(top: -insets.top, left: -insets.left, bottom: -insets.bottom, right: -insets.right))
    }

    /// Rounds away floating-point dust (1e-9 of a point) so that frames print as typed.
    func clean(_ value: Double) -> Double {
        let rounded = (value * 1e6).rounded() / 1e6
        return abs(rounded - value) < 1e-7 ? (rounded == 0 ? 0 : rounded) : value
    }

    // MARK: - Constraint states

    /// The state of a constraint in the solver's current solution.
    public func state(of ref: ConstraintRef) -> ConstraintState {
        guard let constraint = hierarchy.constraint(ref) else { return .inactive }
        return state(of: ref, constraint)
    }

    /// `state(of:)` for the constraint `ref` names, already at hand (a walk over all of them).
    public func state(of ref: ConstraintRef, _ constraint: LayoutConstraint) -> ConstraintState {
        guard constraint.isActive else { return .inactive }
        if broken[ref] != nil { return .broken }
        guard let current = link.installed[ref] else { return .satisfied }
        if constraint.isRequired { return .satisfied }
        return ((try? solver.isSatisfied(current.id)) ?? true) ? .satisfied : .violated
    }

    /// How far the current solution is from meeting the constraint (0 when inactive or met).
    public func error(of ref: ConstraintRef) -> Double {
        guard let constraint = hierarchy.constraint(ref) else { return 0 }
        return error(of: ref, constraint)
    }

    /// `error(of:)` for the constraint `ref` names, already at hand (a system constraint is
    /// made anew each time it is looked up: `dump` looked each up three times).
    public func error(of ref: ConstraintRef, _ constraint: LayoutConstraint) -> Double {
        guard let current = link.installed[ref] else { return broken[ref] != nil ? brokenError(constraint) : 0 }
        guard state(of: ref, constraint) == .violated else { return 0 }
        return clean((try? solver.error(of: current.id)) ?? 0)
    }

    /// A broken constraint's shortfall in the current solution.
    func brokenError(_ constraint: LayoutConstraint) -> Double {
        guard let compiled = try? compile(constraint) else { return 0 }
        var value = compiled.expression.constant
        for term in compiled.expression.terms { value += term.coefficient * solver.value(of: term.variable) }
        switch compiled.relation {
        case .equal: return clean(abs(value))
        case .lessThanOrEqual: return clean(max(0, value))
        case .greaterThanOrEqual: return clean(max(0, -value))
        }
    }

    /// For a violated optional constraint: a minimal set of other constraints of equal or
    /// higher priority that cannot all hold with it (the engine's givens left out).
    public func forcedBy(_ ref: ConstraintRef) -> [ConstraintRef] {
        guard state(of: ref) == .violated, let current = link.installed[ref],
              let ids = try? solver.violationExplanation(for: current.id) else { return [] }
        let refs = ids.compactMap { id -> ConstraintRef? in
            guard let other = link.refByID[id.index] else { return nil }
            if case let .system(_, kind) = other, kind == .nonNegativeWidth || kind == .nonNegativeHeight { return nil }
            return other
        }.sorted()
        // In creation order, not activation order: a saved session replays creation order
        // exactly, but not when a stack view made its constraints relative to the user's.
        // Minimal for the solver is not minimal with every size ≥ 0 as a given (those can
        // make a smaller subset fail too): filter again with them in the background.
        var hard = current.compiled
        hard.priority = .required
        return minimalModuloGivens(refs, with: hard)
    }

    /// Broken constraints with the conflicting set each was broken from, in breaking order.
    public var conflicts: [(broken: ConstraintRef, set: [ConstraintRef])] {
        breaking.brokenOrder.compactMap { ref in broken[ref].map { (ref, $0) } }
    }

    public func name(of ref: ConstraintRef) -> String {
        hierarchy.constraint(ref)?.name ?? "?"
    }

    /// UIKit's `systemLayoutSizeFitting` of root at its own width: the height its constraints
    /// give it when that height would be 0 at `fittingSizeLevel` (50), as a table view sizes a
    /// self-sizing cell's content view (`rowHeight = automaticDimension`, the default of a table
    /// made in code). Worked out on a copy; nil if the copy could not be solved.
    public func fittingHeightOfRoot() -> Double? {
        let scratch = copy()
        scratch.interruptCheck = nil
        scratch.hierarchy.rootHeightFitting = true
        scratch.pending.needsFullSync = true
        let atLeastZero = ConstraintSpec(firstItem: "root", firstAttribute: .height, relation: .greaterThanOrEqual, secondItem: nil,
                                         secondAttribute: nil, multiplier: 1, constant: 0, priority: .required)
        var wantsZero = atLeastZero
        wantsZero.relation = .equal
        wantsZero.priority = .fittingSizeLevel
        guard (try? scratch.addConstraints([atLeastZero, wantsZero])) != nil,
              let height = scratch.link.variables[Hierarchy.rootID]?.height else { return nil }
        let value = scratch.solver.value(of: height)
        return value.isFinite ? max(0, value) : nil
    }

    // MARK: - Ambiguity

    /// The frame components of a view that are not the same in every optimal layout.
    public func ambiguousComponents(of id: ViewID) -> [FrameComponent] {
        ambiguity()[id] ?? []
    }

    /// The range of a frame component over the optimal layouts (nil ends are unbounded).
    public func range(of component: FrameComponent, of id: ViewID) -> ComponentRange? {
        guard id != Hierarchy.rootID, id < link.variables.count, let v = link.variables[id] else { return nil }
        let range = range(of: variable(component, v))
        return ComponentRange(lower: range.lower, upper: range.upper, isUnique: range.isUnique)
    }

    /// The solver's `range(of:)` for a variable, once per solver state.
    func range(of variable: Variable) -> ValueRange {
        if caches.rangeMemo.generation != generation { caches.rangeMemo = (generation, [:]) }
        if let known = caches.rangeMemo.ranges[variable.index] { return known }
        let range = solver.range(of: variable)
        caches.rangeMemo.ranges[variable.index] = range
        return range
    }

    func variable(_ component: FrameComponent, _ v: ViewVariables) -> Variable {
        switch component {
        case .x: v.minX
        case .y: v.minY
        case .width: v.width
        case .height: v.height
        }
    }

    /// Ambiguous components of every view, computed once per solver state.
    func ambiguity() -> [ViewID: [FrameComponent]] {
        if let cache = caches.ambiguityCache, cache.generation == generation { return cache.result }
        var result: [ViewID: [FrameComponent]] = [:]
        for id in hierarchy.allViewIDs where id != Hierarchy.rootID {
            let free = freeComponents(of: id)
            if !free.isEmpty { result[id] = free }
        }
        caches.ambiguityCache = (generation, result)
        return result
    }

    /// `exercise NAME`: moves to another optimal layout in which the view's first ambiguous
    /// component differs, and lays out.
    /// - Returns: the frame before and after.
    /// - Throws: `LayoutError.notAmbiguous` when the view's frame is unique.
    public func exerciseAmbiguity(of name: String) throws -> (before: Rect, after: Rect) {
        let id = try hierarchy.viewID(named: name)
        guard let component = ambiguousComponents(of: id).first, let v = link.variables[id] else {
            throw LayoutError.notAmbiguous(name)
        }
        layoutIfNeeded()
        let before = hierarchy.view(id).frame
        solver.exerciseAmbiguity(of: variable(component, v))
        caches.generation += 1
        layoutIfNeeded()
        return (before, hierarchy.view(id).frame)
    }
}

/// The values a frame component takes over the optimal layouts; a nil end is unbounded.
public struct ComponentRange: Hashable, Sendable {
    public var lower: Double?
    public var upper: Double?
    /// Both ends equal (within the solver's tolerance): the component is determined.
    public var isUnique: Bool
}
