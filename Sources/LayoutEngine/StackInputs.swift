/// What a stack view's constraints are made from: its settings and its arranged views
/// (`Hierarchy.regenerateStacks` reads them all, or, for a stack that only gained views, what
/// they were made from before and the new views').
struct StackInputs: Hashable, Sendable {
    var settings: StackSettings
    /// Off: the fitting constraints are left out (`Hierarchy.stackFitting`).
    var fitting: Bool
    var arranged: [ViewID]
    var hidden: [Bool]
    /// Each arranged view's custom spacing after it (nil: the stack's `spacing`).
    var spacingAfter: [Double?]
    /// `Hierarchy.canvas`: hidden arranged views as Interface Builder's canvas draws them.
    var canvas: Bool
    /// Intrinsic sizes along the axis (0 without one), for `fillProportionally` only: other
    /// distributions do not depend on them.
    var intrinsic: [Double]
}

extension Hierarchy {
    /// What a stack's constraints are made from. With `changed` (the views that may have
    /// changed since the stack's inputs were last read): when its children only gained views
    /// after those it had then (`seenChildren`), and none of those changed, the inputs then
    /// (`madeFrom`) with the new views' added, so that appending a view to a stack of
    /// thousands reads one view, not all of them.
    /// `extended`: the inputs are `madeFrom` with views added after its own.
    func stackInputs(_ id: ViewID, changed: Set<ViewID>?) -> (inputs: StackInputs, extended: Bool) {
        let settings = view(id).stack
        let children = view(id).children
        if let changed, settings.distribution != "fillProportionally", let before = view(id).stackLayout.madeFrom {
            let seen = view(id).stackLayout.seenChildren
            if !seen.isEmpty, children.starts(withShared: seen),
               oldChildrenRead(as: before, changed: changed, stack: id, appended: children[seen.count...]) {
                var inputs = before
                inputs.settings = settings
                inputs.fitting = stackFitting
                inputs.canvas = canvas
                inputs.intrinsic = []  // read for fillProportionally only
                for child in children[seen.count...] where views[child]?.kind != .guide {
                    inputs.arranged.append(child)
                    inputs.hidden.append(views[child]?.isHidden == true)
                    inputs.spacingAfter.append(views[child]?.spacingAfter)
                }
                return (inputs, true)
            }
        }
        return (allStackInputs(id, settings: settings, children: children), false)
    }

    /// Whether the stack's children that may have changed (`changed`, which names whole
    /// chunks of views: a view appended changes its neighbours' chunk) and were children
    /// before (not in `appended`) still read as `before` has them. Such a child is looked
    /// for among the first and the last few arranged views (the chunks of the stack itself and
    /// of the views appended last); false (read them all) when it is not there, or
    /// is a guide other than the stack's own helpers.
    private func oldChildrenRead(as before: StackInputs, changed: Set<ViewID>, stack id: ViewID, appended: ChunkedArray<ViewID>.SubSequence) -> Bool {
        let helpers = view(id).stackLayout.helpers
        for child in changed {
            guard let view = views[child], view.parent == id, !appended.contains(child) else { continue }
            if view.kind == .guide {
                if helpers.contains(child) { continue }
                return false
            }
            guard let k = before.arranged.suffix(64).lastIndex(of: child) ?? before.arranged.prefix(64).firstIndex(of: child) else { return false }
            if before.hidden[k] != view.isHidden || before.spacingAfter[k] != view.spacingAfter { return false }
        }
        return true
    }

    /// `stackInputs` read from every child.
    private func allStackInputs(_ id: ViewID, settings: StackSettings, children: ChunkedArray<ViewID>) -> StackInputs {
        // One pass over the children, each read in place (copying every view out, twice, was
        // most of the stack's work for each view appended to it).
        var arranged: [ViewID] = []
        var hidden: [Bool] = []
        var spacingAfter: [Double?] = []
        arranged.reserveCapacity(children.count)
        hidden.reserveCapacity(children.count)
        spacingAfter.reserveCapacity(children.count)
        for child in children {
            guard views[child]?.kind != .guide else { continue }
            arranged.append(child)
            hidden.append(views[child]?.isHidden == true)
            spacingAfter.append(views[child]?.spacingAfter)
        }
        return StackInputs(
            settings: settings, fitting: stackFitting, arranged: arranged,
            hidden: hidden, spacingAfter: spacingAfter, canvas: canvas,
            intrinsic: settings.distribution != "fillProportionally" ? [] : arranged.map {
                let size = view($0).intrinsicContentSize
                return (settings.axis == .horizontal ? size.width : size.height) ?? 0
            })
    }

    /// Whether any is true, read eight at a time (a stack of 10,000 views is looked at for
    /// each view appended).
    static func anyHidden(_ hidden: ArraySlice<Bool>) -> Bool {
        hidden.withUnsafeBytes { bytes in
            var k = 0
            while k + 8 <= bytes.count {
                if bytes.loadUnaligned(fromByteOffset: k, as: UInt64.self) != 0 { return true }
                k += 8
            }
            while k < bytes.count {
                if bytes[k] != 0 { return true }
                k += 1
            }
            return false
        }
    }

    static func anyHidden(_ hidden: [Bool]) -> Bool { anyHidden(hidden[...]) }
}
