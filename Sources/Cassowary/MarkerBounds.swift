/// How far the markers the restricted rows keep in nodes may move, node by node, before one
/// of those rows leaves its bounds: every member of a conflict answered together rather than
/// each weighed through the nodes (`Solver.movesOfMarkers`).
///
/// A restricted row `s = c + Σ cells + node` (a slack's, an error's) stays at or above zero
/// when a marker moves by `v` while `c + w·v ≥ 0`, `w` being the marker's weight in the row.
/// For a marker that only node `n` names, with coefficient `a`, that weight is `a` times the
/// weight of `n` in the row, a product along the path from the row's node down to `n` when
/// there is one such path. Each row then asks `t = a·v` to lie on one side of a bound, and all
/// the rows that reach `n` together ask it to lie in an interval, which a node's referrer
/// hands down to it, divided by the coefficient it refers to it with: one pass over the pool,
/// newest first (a node's terms are older than it). A node reached along two paths (two terms
/// refer to it, or one of its referrers is so reached) may be weighed twice by a row, which an
/// interval cannot say: it is left to the per-marker weighing, as is a marker named in more
/// than one node or held as a cell by a factored restricted row.
///
/// In a nesting each view's width slack follows its parent's: the rows together weigh N²/2
/// markers, yet each node is reached along one path.
struct MarkerBounds {
    /// Per node (as the pool stood when made): the moves `t` of a marker it weighs by 1 that
    /// keep every restricted row reaching it within bounds (`low ... high`), and whether that
    /// is exact (`reached`: some restricted row reaches it, along one path only).
    var low: [Double]
    var high: [Double]
    var single: [Bool]
    var reached: [Bool]

    /// The relative margin a move keeps from a bound to count as inside it: the bounds are
    /// quotients, the rows' values sums, each rounded.
    static let margin = 1e-9

    init(_ tableau: Tableau) {
        let nodes = tableau.markerNodes
        let count = nodes.count
        low = [Double](repeating: -.infinity, count: count)
        high = [Double](repeating: .infinity, count: count)
        single = [Bool](repeating: true, count: count)
        reached = [Bool](repeating: false, count: count)
        var referred = [Bool](repeating: false, count: count)
        for row in tableau.rows where row.markers >= 0 {
            guard let basic = row.basic else { continue }
            let n = Int(row.markers)
            switch tableau.kinds[basic.index] {
            case .external:
                continue
            case .dummy:
                // A marker's row must stay at zero: any move takes it out.
                low[n] = max(low[n], 0)
                high[n] = min(high[n], 0)
            case .slack, .error, .artificial:
                low[n] = max(low[n], -row.constant)
            }
            reached[n] = true
        }
        for n in stride(from: count - 1, through: 0, by: -1) where reached[n] {
            for k in Int(nodes.starts[n])..<Int(nodes.starts[n + 1]) where nodes.refs[k] < 0 {
                let child = Int(-nodes.refs[k] - 1)
                let a = nodes.coefficients[k]
                if referred[child] || !single[n] { single[child] = false }
                referred[child] = true
                reached[child] = true
                // Rows reaching `child` through `n` weigh it `a` times as they weigh `n`.
                let (from, to) = a > 0 ? (low[n] / a, high[n] / a) : (high[n] / a, low[n] / a)
                low[child] = max(low[child], from)
                high[child] = min(high[child], to)
            }
        }
    }

    /// The one node reached by restricted rows that names `marker`, with its coefficient
    /// there; `.none` when none names it, nil when these bounds cannot tell (more than one
    /// does, or one made since, or one reached along two paths).
    func naming(_ marker: Symbol, in nodes: MarkerNodes) -> (node: Int, coefficient: Double)?? {
        guard nodes.names(marker) else { return .some(nil) }
        var only: (node: Int, coefficient: Double)?
        var k = nodes.newestNaming[marker.index]
        while k >= 0 {
            let n = Int(nodes.termNodes[Int(k)])
            if n >= reached.count { return nil }  // made since: not known here
            if reached[n] {
                if only != nil { return nil }
                only = (n, nodes.coefficients[Int(k)])
            }
            k = nodes.previousSameRef[Int(k)]
        }
        if let only, !single[only.node] { return nil }
        return .some(only)
    }

    /// Whether moving a marker that node `n` names with `coefficient` by `value` surely keeps
    /// every restricted row that reaches `n` within bounds.
    func keepsRows(reaching n: Int, coefficient: Double, by value: Double) -> Bool {
        let t = coefficient * value
        let aboveLow = low[n] == -.infinity || t - low[n] > MarkerBounds.margin * (abs(t) + abs(low[n]))
        let belowHigh = high[n] == .infinity || high[n] - t > MarkerBounds.margin * (abs(t) + abs(high[n]))
        return aboveLow && belowHigh
    }
}
