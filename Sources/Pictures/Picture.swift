import LayoutEngine

/// What every picture is drawn from: the views of a subtree with their frames in the drawn
/// view's coordinates, what the diagnostics say of each, and the constraints between them as
/// geometry. Built from the layout engine's data (frames of the last layout pass, constraint
/// states, the conflicting sets, ambiguous components), never from strut's text output.
public struct Picture: Sendable {
    /// How a view stands out, strongest first.
    public enum Mark: String, CaseIterable, Comparable, Sendable {
        /// In the minimal set of a broken required constraint.
        case conflict
        /// In a violated optional constraint of the developer's own.
        case violated
        /// A frame component that is not unique.
        case ambiguous
        /// A label or button smaller than its content (`warnings`).
        case truncated
        /// Past its superview's bounds (`warnings`).
        case outside
        case hidden

        public static func < (a: Mark, b: Mark) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    public struct Box: Sendable {
        public var id: ViewID
        public var name: String
        public var kind: ViewKind
        /// A label's or button's text.
        public var text: String?
        /// In the drawn view's coordinates (the drawn view is at 0, 0).
        public var frame: Rect
        /// 0 for the drawn view.
        public var depth: Int
        /// The index of the superview's box.
        public var parent: Int?
        /// Strongest first.
        public var marks: [Mark]
        /// For an ambiguous view: its frame at the other end of its first free component's range
        /// (what `exercise` would move it towards).
        public var ghost: Rect?
        public var components: [FrameComponent]

        public var strongest: Mark? { marks.first }
    }

    /// The boxes in drawing order: each view before its subviews, subviews in order (later ones
    /// on top).
    public var boxes: [Box] = []
    /// The drawn view's frame in its own coordinates (origin 0, 0).
    public var bounds: Rect
    /// Views below the drawn levels: how many, and the first depth left out.
    public var leftOut: (count: Int, depth: Int)?
    /// Frames are from the last layout pass, with changes pending since.
    public var isPending: Bool
    /// The constraints among the drawn views, as lines.
    public var lines: [ConstraintLine] = []

    /// The subtree of `id`, at most `limit` views: whole levels are drawn while they fit.
    /// - Complexity: O(views in the subtree + constraints), plus the engine's ambiguity pass.
    public init(engine: LayoutEngine, root id: ViewID = Hierarchy.rootID, limit: Int = 2_000) {
        let h = engine.hierarchy
        // Each view of the subtree read out of the hierarchy once, by id (ids are indices).
        var read = [View?](repeating: nil, count: h.views.count)
        let top = h.view(id)
        bounds = Rect(x: 0, y: 0, width: top.frame.width, height: top.frame.height)
        isPending = h.needsLayout

        // Levels, breadth first, to know how deep fits within the limit. Guides are read too
        // (constraints may end on them) but neither drawn nor counted.
        read[id] = top
        var levels: [[ViewID]] = [[id]]
        var counted = 1
        var total = 1
        var cutDepth: Int?
        while let last = levels.last, !last.isEmpty {
            var next: [ViewID] = []
            for parent in last {
                for child in read[parent]!.children {
                    let view = h.view(child)
                    read[child] = view
                    if view.kind != .guide { next.append(child) }
                }
            }
            total += next.count
            if cutDepth == nil {
                if counted + next.count > limit, !next.isEmpty {
                    cutDepth = levels.count
                } else {
                    counted += next.count
                }
            }
            levels.append(next)
        }
        let maxDepth = cutDepth.map { $0 - 1 } ?? Int.max
        if let cutDepth { leftOut = (total - counted, cutDepth) }

        let marks = Picture.marks(engine)
        // Depth first in subview order, with an explicit stack (hierarchies may be deep). The
        // drawn views and their guides are placed.
        var placed = [Placed?](repeating: nil, count: h.views.count)
        var index = [Int](repeating: -1, count: h.views.count)
        var pending: [(ViewID, Int)] = [(id, 0)]
        while let (current, depth) = pending.popLast() {
            let view = read[current]!
            var frame = bounds
            var parentIndex: Int?
            if current != id, let parent = view.parent {
                let base = placed[parent]!.frame
                frame = Rect(x: base.x + view.frame.x, y: base.y + view.frame.y, width: view.frame.width, height: view.frame.height)
                parentIndex = index[parent]
            }
            placed[current] = Placed(view: view, frame: frame)
            let free = current == Hierarchy.rootID ? [] : engine.ambiguousComponents(of: current)
            var box = Box(id: current, name: view.name, kind: view.kind,
                          text: view.kind == .label || view.kind == .button ? view.text : nil,
                          frame: frame, depth: depth, parent: parentIndex,
                          marks: (marks[current] ?? []).sorted(), ghost: nil, components: free)
            if !free.isEmpty {
                if !box.marks.contains(.ambiguous) { box.marks = (box.marks + [.ambiguous]).sorted() }
                box.ghost = Picture.ghost(engine, current, frame, free[0])
            }
            if view.isHidden && !box.marks.contains(.hidden) { box.marks.append(.hidden) }
            index[current] = boxes.count
            boxes.append(box)
            for child in view.children.reversed() {
                let subview = read[child]!
                if subview.kind == .guide {
                    // Guides are not drawn, but constraints may end on them: their frames, too.
                    let f = subview.frame
                    placed[child] = Placed(view: subview, frame: Rect(x: frame.x + f.x, y: frame.y + f.y, width: f.width, height: f.height))
                } else if depth < maxDepth {
                    pending.append((child, depth + 1))
                }
            }
        }
        lines = ConstraintLine.lines(engine, placed: placed)
    }

    /// A view read out of the hierarchy, with its frame in the picture's coordinates. A class:
    /// reading one out of the list for each end of each constraint copied the whole view.
    final class Placed {
        let view: View
        let frame: Rect

        init(view: View, frame: Rect) {
            self.view = view
            self.frame = frame
        }
    }

    /// Views (root aside) touched by a conflicting set or by a violated constraint of the
    /// developer's.
    static func marks(_ engine: LayoutEngine) -> [ViewID: Set<Mark>] {
        let h = engine.hierarchy
        var result: [ViewID: Set<Mark>] = [:]
        for (_, set) in engine.conflicts {
            for ref in set {
                for item in h.constraint(ref)?.items ?? [] { result[item, default: []].insert(.conflict) }
            }
        }
        for (index, constraint) in h.userConstraints where constraint.isActive && !constraint.isRequired {
            guard engine.state(of: .user(index), constraint) == .violated else { continue }
            for item in constraint.items { result[item, default: []].insert(.violated) }
        }
        // What `warnings` says of views: cut short, or past their superview.
        for warning in engine.diagnostics.warnings() {
            switch warning {
            case let .truncated(id, _, _): result[id, default: []].insert(.truncated)
            case let .outside(id, _): result[id, default: []].insert(.outside)
            case .overlap: break
            }
        }
        // Root's frame is given: it takes part in sets but is never what went wrong.
        result[Hierarchy.rootID] = nil
        return result
    }

    /// The frame with `component` at the other end of its range from where it is now; an
    /// unbounded end is shown 40 points (or the view's size) away.
    static func ghost(_ engine: LayoutEngine, _ id: ViewID, _ frame: Rect, _ component: FrameComponent) -> Rect? {
        guard let range = engine.range(of: component, of: id) else { return nil }
        let current: Double = switch component {
        case .x: engine.hierarchy.view(id).frame.x
        case .y: engine.hierarchy.view(id).frame.y
        case .width: frame.width
        case .height: frame.height
        }
        let step = component == .x || component == .width ? max(frame.width, 40) : max(frame.height, 40)
        var other: Double
        if let lower = range.lower, let upper = range.upper {
            other = abs(current - lower) > abs(upper - current) ? lower : upper
        } else if let upper = range.upper {
            other = current < upper - 1e-9 ? upper : current - step
        } else if let lower = range.lower {
            other = current > lower + 1e-9 ? lower : current + step
        } else {
            other = current + step
        }
        if component.isSize { other = max(other, 0) }
        let delta = other - current
        guard abs(delta) > 1e-9, delta.isFinite, abs(delta) < 1e7 else { return nil }
        var ghost = frame
        switch component {
        case .x: ghost.x += delta
        case .y: ghost.y += delta
        case .width: ghost.width += delta
        case .height: ghost.height += delta
        }
        return ghost
    }
}

extension Rect {
    var maxX: Double { x + width }
    var maxY: Double { y + height }
}
