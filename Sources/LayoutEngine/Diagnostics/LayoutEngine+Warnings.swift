/// What a teacher or a debugger wants pointed out even where nothing is broken: Interface
/// Builder's misplaced and clipped views, in the frames of the last layout pass.
public enum LayoutWarning: Hashable, Sendable {
    /// The view runs past its superview's bounds: how far on each side (left, top, right,
    /// bottom; 0 where it does not).
    case outside(ViewID, EdgeInsets)
    /// Two visible siblings overlap: the shared rectangle, in their superview's coordinates.
    case overlap(ViewID, ViewID, Rect)
    /// A label (or button) narrower or shorter than its intrinsic content size: what it needs.
    case truncated(ViewID, needs: (width: Double, height: Double), has: Rect)

    public static func == (a: LayoutWarning, b: LayoutWarning) -> Bool {
        switch (a, b) {
        case let (.outside(x, e), .outside(y, f)): x == y && e == f
        case let (.overlap(x1, x2, r), .overlap(y1, y2, s)): x1 == y1 && x2 == y2 && r == s
        case let (.truncated(x, n, r), .truncated(y, m, s)): x == y && n == m && r == s
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case let .outside(id, _): hasher.combine(0); hasher.combine(id)
        case let .overlap(a, b, _): hasher.combine(1); hasher.combine(a); hasher.combine(b)
        case let .truncated(id, _, _): hasher.combine(2); hasher.combine(id)
        }
    }

    /// The views it is about.
    public var views: [ViewID] {
        switch self {
        case let .outside(id, _), let .truncated(id, _, _): [id]
        case let .overlap(a, b, _): [a, b]
        }
    }
}

extension Diagnostics {
    /// Superviews with more subviews than this are not checked for overlaps (pairs grow as n²).
    public static let overlapCheckLimit = 200
    /// Half a point is within what a layout rounds.
    static let warningTolerance = 0.5

    /// Views outside their superview, overlapping siblings, truncated labels; hidden views and
    /// guides aside, and nothing inside a hidden view.
    /// - Complexity: O(views), plus O(n²) for each superview of n ≤ `overlapCheckLimit` subviews.
    public func warnings() -> [LayoutWarning] {
        let h = engine.hierarchy
        let t = Diagnostics.warningTolerance
        var result: [LayoutWarning] = []
        var pending = [Hierarchy.rootID]
        while let id = pending.popLast() {
            let view = h.view(id)
            let visible = view.children.filter { h.view($0).kind != .guide && !h.view($0).isHidden }
            pending += visible.reversed()
            let bounds = view.frame
            for child in visible {
                let f = h.view(child).frame
                // The alignment rectangle: a switch's frame sticks out 2 points by design.
                let a = f.inset(by: h.view(child).alignmentInsets)
                let over = EdgeInsets(top: max(0, -a.y), left: max(0, -a.x),
                                      bottom: max(0, a.y + a.height - bounds.height), right: max(0, a.x + a.width - bounds.width))
                if max(over.top, over.left, over.bottom, over.right) > t {
                    result.append(.outside(child, over))
                }
                let c = h.view(child)
                // Against the intrinsic size, and no more than strut's measure of the text (an
                // imported label's may be Xcode's stretched frame). A frame of zero has not been
                // laid out yet.
                if c.kind == .label || c.kind == .button, !c.text.isEmpty, f != .zero {
                    let size = c.intrinsicContentSize
                    let text = c.textSize ?? (.infinity, .infinity)
                    let needs = (width: min(size.width ?? 0, text.width), height: min(size.height ?? 0, text.height))
                    // A label held to fewer lines than its text wraps to cuts the rest off.
                    let whole = c.numberOfLines > 1 ? c.wholeTextSize : nil
                    if f.width < needs.width - t || f.height < needs.height - t {
                        result.append(.truncated(child, needs: needs, has: f))
                    } else if let whole, f.height < whole.height - t {
                        result.append(.truncated(child, needs: (width: needs.width, height: whole.height), has: f))
                    }
                }
            }
            guard visible.count <= Diagnostics.overlapCheckLimit else { continue }
            for (k, a) in visible.enumerated() {
                let fa = h.view(a).frame
                for b in visible[(k + 1)...] {
                    let fb = h.view(b).frame
                    let x0 = max(fa.x, fb.x), x1 = min(fa.x + fa.width, fb.x + fb.width)
                    let y0 = max(fa.y, fb.y), y1 = min(fa.y + fa.height, fb.y + fb.height)
                    if x1 - x0 > t && y1 - y0 > t { result.append(.overlap(a, b, Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))) }
                }
            }
        }
        return result
    }
}
