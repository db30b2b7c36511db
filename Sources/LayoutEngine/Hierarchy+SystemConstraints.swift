/// The constraints UIKit makes from a view's properties.
///
/// Content size (`NSContentSizeLayoutConstraint`): per axis with an intrinsic value `I`,
/// `size <= I` at the hugging priority and `size >= I` at the compression-resistance priority.
///
/// Autoresizing (`NSAutoresizingMaskLayoutConstraint`), per axis: with the frame `x, w` given
/// against a superview of size `S0`, the margin left of the view, its width and the margin right
/// of it are fixed or flexible by the mask (an axis with no flexible part behaves as if its far
/// margin were). When the superview's size becomes `S`, the flexible parts share the change
/// `S − S0` in proportion to their sizes at `S0` (equally when they are all 0):
/// `minX == fx·S + (x − fx·S0)` and `width == fw·S + (w − fw·S0)`, fx and fw the shares.
extension Hierarchy {
    public func systemConstraint(_ kind: SystemConstraintKind, of id: ViewID) -> LayoutConstraint? {
        guard id != Hierarchy.rootID else { return nil }
        return systemConstraint(kind, of: id, view(id))
    }

    /// `systemConstraint(_:of:)` as the solver takes it: without its name (a string made for
    /// each of the tens of thousands an import synchronises, and never read there).
    func unnamedSystemConstraint(_ kind: SystemConstraintKind, of id: ViewID) -> LayoutConstraint? {
        guard id != Hierarchy.rootID, id < views.count, let view = views[id] else { return nil }
        return systemConstraint(kind, of: id, view, naming: false)
    }

    /// With the view read already (listing a view's constraints read it out once per kind).
    private func systemConstraint(_ kind: SystemConstraintKind, of id: ViewID, _ view: View, naming: Bool = true) -> LayoutConstraint? {
        var name: String { naming ? "\(view.name).\(kind.suffix)" : "" }  // made only for a constraint that exists
        switch kind {
        case .huggingH, .compressionH, .huggingV, .compressionV:
            let axis: Axis = (kind == .huggingH || kind == .compressionH) ? .horizontal : .vertical
            let intrinsic = view.intrinsicContentSize
            guard let value = axis == .horizontal ? intrinsic.width : intrinsic.height else { return nil }
            let hugging = kind == .huggingH || kind == .huggingV
            return LayoutConstraint(
                name: name, first: Anchor(item: id, attribute: axis == .horizontal ? .width : .height),
                relation: hugging ? .lessThanOrEqual : .greaterThanOrEqual, second: nil, multiplier: 1,
                constant: value,
                priority: hugging ? view.huggingPriority(axis) : view.compressionResistancePriority(axis),
                origin: .contentSize, stamp: view.contentSizeStamp)
        case .autoresizingX, .autoresizingWidth, .autoresizingY, .autoresizingHeight:
            guard view.translatesAutoresizingMaskIntoConstraints, view.kind != .guide, let parent = view.parent else { return nil }
            let horizontal = kind == .autoresizingX || kind == .autoresizingWidth
            // The frame as given; constraints place the alignment rectangle inside it.
            let frame = view.requestedFrame.inset(by: view.alignmentInsets)
            let origin = horizontal ? frame.x : frame.y
            let size = horizontal ? frame.width : frame.height
            let reference = horizontal ? view.referenceSize.width : view.referenceSize.height
            let mask = view.autoresizingMask.effective
            let flexible: (lead: Bool, size: Bool, trail: Bool) = horizontal
                ? (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin))
                : (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin))
            let trail = reference - origin - size
            let parts = [(flexible.lead, origin), (flexible.size, size), (flexible.trail, trail)].filter(\.0)
            let total = parts.reduce(0) { $0 + $1.1 }
            func share(_ isFlexible: Bool, _ value: Double) -> Double {
                guard isFlexible else { return 0 }
                return total != 0 ? value / total : 1 / Double(parts.count)
            }
            let isPosition = kind == .autoresizingX || kind == .autoresizingY
            let fraction = isPosition ? share(flexible.lead, origin) : share(flexible.size, size)
            let base = isPosition ? origin : size
            let attribute: LayoutAttribute = isPosition ? (horizontal ? .minX : .minY) : (horizontal ? .width : .height)
            let second = fraction == 0 ? nil : Anchor(item: parent, attribute: horizontal ? .width : .height)
            return LayoutConstraint(
                name: name, first: Anchor(item: id, attribute: attribute), relation: .equal, second: second,
                multiplier: second == nil ? 1 : fraction, constant: base - fraction * reference,
                priority: .required, origin: .autoresizing, stamp: view.autoresizingStamp)
        case .nonNegativeWidth, .nonNegativeHeight:
            return LayoutConstraint(
                name: name, first: Anchor(item: id, attribute: kind == .nonNegativeWidth ? .width : .height),
                relation: .greaterThanOrEqual, second: nil, multiplier: 1, constant: 0,
                priority: .required, origin: .autoresizing, stamp: 0)
        case .guideTop, .guideLeft, .guideBottom, .guideRight:
            guard view.systemGuide != nil, let owner = view.parent else { return nil }
            // As UIKit writes them: `guide.top == owner.top + inset`, `owner.bottom == guide.bottom + inset`.
            let insets = view.guideInsets
            let (attribute, constant): (LayoutAttribute, Double) = switch kind {
            case .guideTop: (.top, insets.top)
            case .guideLeft: (.left, insets.left)
            case .guideBottom: (.bottom, insets.bottom)
            default: (.right, insets.right)
            }
            let near = kind == .guideTop || kind == .guideLeft
            return LayoutConstraint(
                name: name, first: Anchor(item: near ? id : owner, attribute: attribute), relation: .equal,
                second: Anchor(item: near ? owner : id, attribute: attribute), multiplier: 1, constant: constant,
                priority: .required, origin: .layoutGuide, stamp: 0)
        }
    }

    /// The listed system constraints of a view (not the engine's non-negative sizes).
    public func systemConstraints(of id: ViewID) -> [(ref: ConstraintRef, constraint: LayoutConstraint)] {
        var result: [(ref: ConstraintRef, constraint: LayoutConstraint)] = []
        forEachListedSystemConstraint(of: id, view(id)) { result.append(($0, $1)) }
        return result
    }

    /// Each listed system constraint of a view read already, in `SystemConstraintKind` order.
    private func forEachListedSystemConstraint(of id: ViewID, _ view: View, _ body: (ConstraintRef, LayoutConstraint) -> Void) {
        guard id != Hierarchy.rootID else { return }
        let kinds = view.kind == .guide && view.systemGuide != nil ? SystemConstraintKind.listedOfGuides : SystemConstraintKind.listedOfViews
        for kind in kinds {
            if let constraint = systemConstraint(kind, of: id, view) { body(.system(id, kind), constraint) }
        }
    }

    /// Any constraint by reference (nil when it no longer exists).
    public func constraint(_ ref: ConstraintRef) -> LayoutConstraint? {
        switch ref {
        case let .user(index): index < constraints.count ? constraints[index] : nil
        case let .system(id, kind): id < views.count && views[id] != nil ? systemConstraint(kind, of: id) : nil
        case let .stack(id, k):
            id < views.count && views[id] != nil && k < views[id]!.stackLayout.slots.count ? views[id]!.stackLayout.slots[k] : nil
        }
    }

    /// A stack view's generated constraints, by reference.
    public func stackConstraints(of id: ViewID) -> [(ref: ConstraintRef, constraint: LayoutConstraint)] {
        let layout = view(id).stackLayout
        return layout.order.map { (.stack(id, $0), layout.slots[$0]!) }
    }

    /// Every listed constraint: the user's in creation order, then each view's system ones in
    /// hierarchy order.
    ///
    /// Built in one list, each view read in place, rather than through `userConstraints` (a
    /// list of its own, then a conversion between labelled tuples) and a list per view.
    public var allConstraints: [(ref: ConstraintRef, constraint: LayoutConstraint)] {
        var result: [(ref: ConstraintRef, constraint: LayoutConstraint)] = []
        result.reserveCapacity(constraints.count + 2 * views.count)
        for index in constraints.indices {
            if let constraint = constraints[index] { result.append((.user(index), constraint)) }
        }
        for id in allViewIDs {
            views.withElement(id) { element in
                guard let view = element else { return }
                forEachListedSystemConstraint(of: id, view) { result.append(($0, $1)) }
                let layout = view.stackLayout
                for k in layout.order { result.append((.stack(id, k), layout.slots[k]!)) }
            }
        }
        return result
    }

    /// Some constraints in `allConstraints` order, without listing every constraint.
    public func inListingOrder(_ refs: [ConstraintRef]) -> [ConstraintRef] {
        guard refs.count > 1 else { return refs }
        // Positions in `allViewIDs` by view identifier (an array: hashing 10,000 views for a
        // sort of a few constraints cost more than the sort).
        var position: [Int] = []
        if refs.contains(where: { if case .user = $0 { false } else { true } }) {
            position = [Int](repeating: .max, count: views.count)
            for (k, id) in allViewIDs.enumerated() { position[id] = k }
        }
        var stackOrder: [ViewID: [Int: Int]] = [:]
        func key(_ ref: ConstraintRef) -> (Int, Int, Int, Int) {
            switch ref {
            case let .user(index):
                return (0, index, 0, 0)
            case let .system(id, kind):
                return (1, id < position.count ? position[id] : .max, 0, SystemConstraintKind.allCases.firstIndex(of: kind)!)
            case let .stack(id, k):
                if stackOrder[id] == nil {
                    stackOrder[id] = Dictionary(uniqueKeysWithValues: view(id).stackLayout.order.enumerated().map { ($1, $0) })
                }
                return (1, id < position.count ? position[id] : .max, 1, stackOrder[id]![k] ?? .max)
            }
        }
        return refs.map { ($0, key($0)) }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    public func constraintRef(named name: String) -> ConstraintRef? {
        if let index = constraintIndex(named: name) { return .user(index) }
        if let ref = stackConstraintRef(named: name) { return ref }
        return systemConstraint(named: name).map { .system($0.0, $0.1) }
    }

    /// `rows.spacing.2` → the stack's constraint of that name.
    func stackConstraintRef(named name: String) -> ConstraintRef? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let id = viewID(ifNamed: String(parts[0])), let kind = StackConstraintKind(rawValue: String(parts[1])),
              let ordinal = Int(parts[2]), String(ordinal) == parts[2],
              let k = view(id).stackLayout.slotOfKey[StackSlotKey(kind: kind, ordinal: ordinal)],
              view(id).stackLayout.slots[k] != nil else { return nil }
        return .stack(id, k)
    }
}
