/// The constraints UIKit's `UIStackView` makes for one stack, written in UIKit's order by
/// numbered steps (`Hierarchy.stackDrafts` calls them in turn). Each constraint is numbered
/// within its kind (`StackSlotKey`); with `emitFrom` only those from that number on are given
/// to `emit`, and with `from` the view-by-view constraints of arranged views before that index
/// are counted without being made.
struct StackDrafts {
    let stack: ViewID
    let inputs: StackInputs
    let helpers: [ViewID]
    let emitFrom: [Int]?
    let from: Int
    let emit: (StackConstraintDraft) -> Void
    /// How many constraints of each kind have been made (or counted) so far.
    var counts = [Int](repeating: 0, count: StackConstraintKind.allCases.count)

    // Along the axis and across it: edges, size, centre.
    let minEdge: LayoutAttribute, maxEdge: LayoutAttribute, size: LayoutAttribute
    let crossMin: LayoutAttribute, crossMax: LayoutAttribute, crossSize: LayoutAttribute, crossCenter: LayoutAttribute
    /// `equalSpacing` and `equalCentering` chain their views with inequalities.
    let spreads: Bool
    /// None of the arranged views is hidden (always when counting `from` a view on): then the
    /// chain and the visible views are the arranged ones, and no list of them is made.
    let noneHidden: Bool
    /// On Interface Builder's canvas hidden views leave the chain: it runs through the visible
    /// ones, and each hidden view keeps its own size and starts where the view before it ends.
    let canvasHiding: Bool
    /// The arranged views the spacing chain runs through, by index (nil: all of them).
    let chain: [Int]?
    /// The visible arranged views' indices (nil: all of them), and the views.
    let visibleIndices: [Int]?
    let visible: [ViewID]
    /// The attribute across the axis that the alignment lines up (nil for `fill`).
    let aligned: LayoutAttribute?

    init(stack: ViewID, inputs: StackInputs, helpers: [ViewID], emitFrom: [Int]?, from: Int,
         emit: @escaping (StackConstraintDraft) -> Void) {
        (self.stack, self.inputs, self.helpers, self.emitFrom, self.from, self.emit) = (stack, inputs, helpers, emitFrom, from, emit)
        let horizontal = inputs.settings.axis == .horizontal
        (minEdge, maxEdge, size) = horizontal ? (.leading, .trailing, .width) : (.top, .bottom, .height)
        (crossMin, crossMax, crossSize, crossCenter) = horizontal ? (.top, .bottom, .height, .centerY) : (.leading, .trailing, .width, .centerX)
        spreads = inputs.settings.distribution == "equalSpacing" || inputs.settings.distribution == "equalCentering"
        let hidden = inputs.hidden
        noneHidden = from > 0 || !hidden.contains(true)
        canvasHiding = inputs.canvas && !noneHidden && hidden.contains(false)
        chain = canvasHiding ? inputs.arranged.indices.filter { !hidden[$0] } : nil
        let visibleIndices = noneHidden ? nil : inputs.arranged.indices.filter { !hidden[$0] }
        self.visibleIndices = visibleIndices
        visible = visibleIndices.map { $0.map { inputs.arranged[$0] } } ?? inputs.arranged
        aligned = Hierarchy.alignedAttribute(inputs.settings)
    }

    var items: [ViewID] { inputs.arranged }

    // MARK: The steps

    /// 1. No arranged view: the stack's height at priority 1 (`UISV-fix-for-app-bug-ambiguity`).
    mutating func emptyStack() {
        add(.empty, .fixForAppBugAmbiguity, own(.height), .equal, nil, priority: 1)
    }

    /// 2a. The canvas connections at both ends of the chain, then the spacing between each two
    /// neighbours in it (from baseline to baseline in a vertical stack that asks for it).
    mutating func alongTheAxis() {
        let chainCount = chain?.count ?? items.count
        func link(_ j: Int) -> Int { chain?[j] ?? j }
        let (settings, hidden) = (inputs.settings, inputs.hidden)
        add(.canvas, .canvasConnection, own(canvas(minEdge)), .equal, anchor(items[link(0)], minEdge))
        add(.canvas, .canvasConnection, anchor(items[link(chainCount - 1)], maxEdge), .equal, own(canvas(maxEdge)))
        skip(.spacing, .spacing, min(from, chainCount) - 1)
        for j in tail(max(1, from), chainCount) {
            let (a, b) = (link(j - 1), link(j))
            // A custom spacing after `a` holds between it and the next visible view; beside a
            // hidden view the stack's own spacing is shared out as before.
            let custom = inputs.spacingAfter[a] ?? settings.spacing
            let gap = canvasHiding || (!hidden[a] && !hidden[b]) ? custom
                : Hierarchy.stackGap(between: a, and: b, hidden: hidden, spacing: settings.spacing)
            if settings.baselineRelative && settings.axis == .vertical && !hidden[a] && !hidden[b] {
                add(.spacing, .spacing, anchor(items[b], .firstBaseline), spreads ? .greaterThanOrEqual : .equal,
                    anchor(items[a], .lastBaseline), constant: gap)
            } else {
                add(.spacing, .spacing, anchor(items[b], minEdge), spreads ? .greaterThanOrEqual : .equal,
                    anchor(items[a], maxEdge), constant: gap)
            }
        }
    }

    /// 2b. Each hidden view's size along the axis held at zero (`UISV-hiding`), and on the
    /// canvas its start where the view before it ends.
    mutating func hiddenViews() {
        guard !noneHidden else { return }
        for (k, item) in items.enumerated() where inputs.hidden[k] {
            add(.hiding, .hiding, anchor(item, size), .equal, nil, priority: 999.999)
            if canvasHiding {
                let before = k == 0 ? own(canvas(minEdge)) : anchor(items[k - 1], maxEdge)
                add(.hiding, .hiddenPlacement, anchor(item, minEdge), .equal, before)
            }
        }
    }

    /// 3. The distribution among the visible views: `fillEqually` makes their sizes equal,
    /// `fillProportionally` gives each its share of the stack by intrinsic size, and
    /// `equalSpacing` / `equalCentering` make the gaps between them (gap guides) equal.
    mutating func distribution() {
        let settings = inputs.settings
        switch settings.distribution {
        case "fillEqually":
            skip(.fillEqually, .fillEqually, min(from, visible.count) - 1)
            for k in tail(max(1, from), visible.count) {
                add(.fillEqually, .fillEqually, anchor(visible[k], size), .equal, anchor(visible[0], size))
            }
        case "fillProportionally":
            let intrinsic = visibleIndices.map { $0.map { inputs.intrinsic[$0] } } ?? inputs.intrinsic
            let total = intrinsic.reduce(0, +)
            let visibleAt = visibleIndices ?? Array(items.indices)
            let spacingTotal = visibleAt.dropLast().reduce(0) { $0 + (inputs.spacingAfter[$1] ?? settings.spacing) }
            if total > max(spacingTotal, 1) {
                for (k, item) in visible.enumerated() {
                    let share = intrinsic[k] / total
                    guard share != 1 else { continue }
                    add(.fillProportionally, .fillProportionally, anchor(item, size), .equal, own(size),
                        multiplier: share, constant: -share * spacingTotal, priority: LayoutPriority(Float(max(999 - k, 751))))
                }
            }
        case "equalSpacing", "equalCentering":
            let centering = settings.distribution == "equalCentering"
            let center: LayoutAttribute = settings.axis == .horizontal ? .centerX : .centerY
            // Gap k (from 1) is helper k, between visible views k − 1 and k.
            skip(.distributingEdge, .distributingEdge, 2 * (min(from, visible.count) - 1))
            for k in tail(max(1, from), visible.count) {
                let gap = helpers[k]
                add(.distributingEdge, .distributingEdge, anchor(gap, minEdge), .equal, anchor(visible[k - 1], centering ? center : maxEdge))
                add(.distributingEdge, .distributingEdge, anchor(gap, maxEdge), .equal, anchor(visible[k], centering ? center : minEdge))
            }
            // Every gap after the first is as long as the first.
            skip(.fillEqually, .fillEqually, min(from, visible.count) - 2)
            for k in tail(max(2, from), visible.count) {
                add(.fillEqually, .fillEqually, anchor(helpers[k], size), .equal, anchor(helpers[1], size),
                    priority: centering ? LayoutPriority(Float(max(150 - (k - 1), 50))) : .required)
            }
        default:
            break
        }
    }

    /// 4. Across the axis. `fill` pins every view to both edges; another alignment lines the
    /// views up on one attribute and, with several views, keeps them inside a spanner guide
    /// that the stack's edges hold (one view: inequalities to the edges the alignment leaves
    /// free).
    mutating func acrossTheAxis() {
        let first = items[0]
        guard let aligned else {
            add(.canvas, .canvasConnection, own(canvas(crossMin)), .equal, anchor(first, crossMin))
            add(.canvas, .canvasConnection, anchor(first, crossMax), .equal, own(canvas(crossMax)))
            skip(.alignment, .alignment, 2 * (min(from, items.count) - 1))
            for item in items[tail(max(1, from), items.count)] {
                add(.alignment, .alignment, anchor(first, crossMin), .equal, anchor(item, crossMin))
                add(.alignment, .alignment, anchor(first, crossMax), .equal, anchor(item, crossMax))
            }
            return
        }
        if items.count == 1 {
            add(.canvas, .canvasConnection, own(canvas(crossMin)), aligned == crossMin ? .equal : .lessThanOrEqual, anchor(first, crossMin))
            add(.canvas, .canvasConnection, anchor(first, crossMax), aligned == crossMax ? .equal : .lessThanOrEqual, own(canvas(crossMax)))
            if aligned == crossCenter {
                add(.canvas, .canvasConnection, own(canvas(crossCenter)), .equal, anchor(first, crossCenter))
            }
            return
        }
        let spanner = helpers[0]
        add(.canvas, .canvasConnection, own(canvas(crossMin)), .equal, anchor(spanner, crossMin))
        add(.canvas, .canvasConnection, anchor(spanner, crossMax), .equal, own(canvas(crossMax)))
        if aligned == crossCenter {
            add(.canvas, .canvasConnection, own(canvas(crossCenter)), .equal, anchor(first, crossCenter))
        }
        skip(.alignment, .alignment, min(from, items.count) - 1)
        for k in tail(max(1, from), items.count) {
            add(.alignment, .alignment, anchor(first, aligned), .equal, anchor(items[k], aligned))
        }
        skip(.spanningBoundary, .spanningBoundary, 2 * min(from, items.count))
        for item in items[tail(from, items.count)] {
            if aligned == crossMin {
                add(.spanningBoundary, .spanningBoundary, anchor(spanner, crossMin), .equal, anchor(item, crossMin), priority: 999.5)
            } else {
                add(.spanningBoundary, .spanningBoundary, anchor(spanner, crossMin), .lessThanOrEqual, anchor(item, crossMin))
            }
            if aligned == crossMax {
                add(.spanningBoundary, .spanningBoundary, anchor(spanner, crossMax), .equal, anchor(item, crossMax), priority: 999.5)
            } else {
                add(.spanningBoundary, .spanningBoundary, anchor(spanner, crossMax), .greaterThanOrEqual, anchor(item, crossMax))
            }
        }
        add(.spanningFit, .spanningFit, anchor(spanner, crossSize), .equal, nil, priority: visible.isEmpty ? 0.001 : 51)
    }

    /// 5. The stack hugs its content where spacing or loose canvas connections leave it room
    /// (`UISV-canvas-fit`), and an aligned view's size across the axis is weakly held
    /// (`UISV-ambiguity-suppression`).
    mutating func fitting() {
        if spreads { add(.canvasFit, .canvasFit, own(size), .equal, nil, priority: 49) }
        if aligned != nil && items.count == 1 { add(.canvasFit, .canvasFit, own(crossSize), .equal, nil, priority: 49) }
        if aligned != nil {
            skip(.ambiguitySuppression, .ambiguitySuppression, min(from, items.count))
            for item in items[tail(from, items.count)] {
                add(.ambiguitySuppression, .ambiguitySuppression, anchor(item, crossSize), .equal, nil, priority: 25)
            }
        }
    }

    // MARK: Making and counting

    mutating func add(_ kind: StackConstraintKind, _ identifier: StackIdentifier, _ first: Anchor, _ relation: LayoutRelation, _ second: Anchor?,
                      multiplier: Double = 1, constant: Double = 0, priority: LayoutPriority = .required) {
        if !inputs.fitting && identifier.isFitting { return }
        counts[kind.index] += 1
        if let emitFrom, counts[kind.index] < emitFrom[kind.index] { return }
        emit(StackConstraintDraft(
            key: StackSlotKey(kind: kind, ordinal: counts[kind.index]), identifier: identifier, first: first, relation: relation,
            second: second, multiplier: multiplier, constant: constant, priority: priority))
    }

    /// Counts `count` constraints that `add` would have made and numbered.
    mutating func skip(_ kind: StackConstraintKind, _ identifier: StackIdentifier, _ count: Int) {
        if count > 0 && (inputs.fitting || !identifier.isFitting) { counts[kind.index] += count }
    }

    /// Indices `start..<end`, empty when `start` is past `end`.
    func tail(_ start: Int, _ end: Int) -> Range<Int> { min(start, end)..<end }

    func own(_ attribute: LayoutAttribute) -> Anchor { Anchor(item: stack, attribute: attribute) }
    func anchor(_ item: ViewID, _ attribute: LayoutAttribute) -> Anchor { Anchor(item: item, attribute: attribute) }

    /// The stack's own attribute: its margin's when the stack arranges within its margins.
    func canvas(_ attribute: LayoutAttribute) -> LayoutAttribute {
        guard inputs.settings.marginsRelative else { return attribute }
        switch attribute {
        case .leading: return .leadingMargin
        case .trailing: return .trailingMargin
        case .top: return .topMargin
        case .bottom: return .bottomMargin
        case .centerX: return .centerXWithinMargins
        case .centerY: return .centerYWithinMargins
        default: return attribute
        }
    }
}
