/// Rows' markers kept factored, so that a chain of required equalities does not fill the
/// tableau with them.
///
/// A required equality's marker (a dummy) is never chosen to enter the basis by the simplex
/// and is always zero: in a row it changes no value, no choice of pivot and no uniqueness. It
/// is read only to say which constraints a row depends on (conflicts, explanations) and to
/// take a constraint out or shift its constant. Yet each row that is substituted into another
/// carries all its markers along: in a chain of N views each placed after the one before, the
/// row of the last view's position holds the marker of every link before it, N² cells in all.
///
/// So a row may keep its markers apart, as a node of a shared graph: a node is a weighted sum
/// of markers and of older nodes, and a row whose markers are `node` stands for its cells plus
/// that sum. A new row built from a factored row refers to its node instead of copying the
/// markers (one term), and a pivot that adds a factored row to others adds a term to theirs.
/// Only a row inserted with many markers (`factoredMarkerCount`), or built from a factored one,
/// is factored: rows of an ordinary layout stay as they were, cell for cell.
///
/// Whatever changes a marker's rows (taking its constraint out, shifting its constant, or
/// pivoting it in) first writes out the rows whose markers hold it
/// (`materializeMarkers(holding:)`, one pass over the nodes); questions read them as they are
/// (`holders(of:)`, `wholeCells`). `materializeMarkers()` writes every row out, which gives the
/// rows the tableau would have held all along. A node may still name a marker that was released, in terms that cancel
/// (a row whose weight for it is zero was not written out): weighed, a reused symbol id gets
/// nothing from them.
struct MarkerNodes {
    /// Node n's terms are `refs[starts[n]..<starts[n + 1]]`: a marker's symbol id when
    /// non-negative, node `-(ref + 1)` otherwise (always an older node), each with its
    /// coefficient.
    var starts: [Int32] = [0]
    var refs: [Int32] = []
    var coefficients: [Double] = []

    var isEmpty: Bool { starts.count == 1 }
    var count: Int { starts.count - 1 }

    mutating func removeAll() {
        starts.removeAll(keepingCapacity: true)
        starts.append(0)
        refs.removeAll(keepingCapacity: true)
        coefficients.removeAll(keepingCapacity: true)
    }

    /// A node for `Σ coefficient · term` (terms made by `marker` and `node`); nil when there
    /// are none.
    mutating func make(_ terms: [(ref: Int32, coefficient: Double)]) -> Int32 {
        for term in terms where term.coefficient != 0 {
            refs.append(term.ref)
            coefficients.append(term.coefficient)
        }
        starts.append(Int32(refs.count))
        return Int32(starts.count - 2)
    }

    @inline(__always)
    static func marker(_ symbol: Symbol) -> Int32 { symbol.id }

    @inline(__always)
    static func node(_ node: Int32) -> Int32 { -(node + 1) }
}

extension Tableau {
    /// A row inserted with more markers than this keeps them in a node.
    static let factoredMarkerCount = 16

    /// Splits the cells of a row about to be inserted: with other rows' nodes among its parts,
    /// or more than `factoredMarkerCount` markers, its markers go into a node (returned, with
    /// the other cells); otherwise the cells are returned as they are and the node is -1.
    mutating func factorMarkers(of cells: [Cell], parts: [(node: Int32, coefficient: Double)], basic: Symbol) -> (cells: [Cell], node: Int32) {
        // Only a view's variable follows others down a chain; a slack's or an error's row
        // is pivoted on, and factored it would leave a node at each pivot.
        if kinds[basic.index] != .external { return (wholeCells(of: cells, parts: parts), -1) }
        if parts.isEmpty {
            var markers = 0
            for cell in cells where kinds[cell.symbol.index] == .dummy { markers += 1 }
            if markers <= markerFactoring { return (cells, -1) }
        }
        var kept: [Cell] = []
        kept.reserveCapacity(cells.count + Row.slack)
        var terms: [(ref: Int32, coefficient: Double)] = parts.map { (MarkerNodes.node($0.node), $0.coefficient) }
        for cell in cells {
            if kinds[cell.symbol.index] == .dummy {
                terms.append((MarkerNodes.marker(cell.symbol), cell.coefficient))
            } else {
                kept.append(cell)
            }
        }
        return (kept, markerNodes.make(terms))
    }

    /// Row `target`'s node after `multiple` times row `source` is added to it.
    @inline(__always)
    mutating func addMarkers(of source: Int32, times multiple: Double, into target: Int32) {
        let added = rows[Int(source)].markers
        guard added >= 0 else { return }
        let own = rows[Int(target)].markers
        var terms: [(ref: Int32, coefficient: Double)] = [(MarkerNodes.node(added), multiple)]
        if own >= 0 { terms.insert((MarkerNodes.node(own), 1), at: 0) }
        rows[Int(target)].markers = markerNodes.make(terms)
    }

    /// The markers a node stands for, as sorted cells without zeros.
    func expandMarkers(_ node: Int32, times multiple: Double = 1) -> [Cell] {
        guard node >= 0 else { return [] }
        // Every node reachable from `node`, then their weights from the newest down: a node's
        // terms are all older than it, so its weight is whole when it is reached.
        var weight: [Int32: Double] = [node: multiple]
        var stack: [Int32] = [node]
        var reached: [Int32] = []
        var seen: Set<Int32> = [node]
        while let n = stack.popLast() {
            reached.append(n)
            for k in Int(markerNodes.starts[Int(n)])..<Int(markerNodes.starts[Int(n) + 1]) {
                let ref = markerNodes.refs[k]
                if ref < 0, seen.insert(-ref - 1).inserted { stack.append(-ref - 1) }
            }
        }
        reached.sort(by: >)
        var sums: [Int32: Double] = [:]
        for n in reached {
            guard let w = weight[n], w != 0 else { continue }
            for k in Int(markerNodes.starts[Int(n)])..<Int(markerNodes.starts[Int(n) + 1]) {
                let ref = markerNodes.refs[k]
                let value = w * markerNodes.coefficients[k]
                if ref < 0 {
                    weight[-ref - 1, default: 0] += value
                } else {
                    sums[ref, default: 0] += value
                }
            }
        }
        return sums.filter { !Tolerance.isZero($0.value) }.sorted { $0.key < $1.key }
            .map { Cell(symbol: Symbol($0.key), coefficient: $0.value) }
    }

    /// Two sorted lists of cells summed, without zeros.
    static func merged(_ cells: [Cell], _ extra: [Cell]) -> [Cell] {
        var merged: [Cell] = []
        merged.reserveCapacity(cells.count + extra.count)
        var i = 0
        var j = 0
        while i < cells.count || j < extra.count {
            if j == extra.count || (i < cells.count && cells[i].symbol < extra[j].symbol) {
                merged.append(cells[i])
                i += 1
            } else if i == cells.count || extra[j].symbol < cells[i].symbol {
                merged.append(extra[j])
                j += 1
            } else {
                let value = cells[i].coefficient + extra[j].coefficient
                if !Tolerance.isZero(value) { merged.append(Cell(symbol: cells[i].symbol, coefficient: value)) }
                i += 1
                j += 1
            }
        }
        return merged
    }

    /// A row's cells with its factored markers written out, sorted, without zeros.
    func wholeCells(of cells: [Cell], markers node: Int32, markersTimes multiple: Double = 1) -> [Cell] {
        node < 0 ? cells : Tableau.merged(cells, expandMarkers(node, times: multiple))
    }

    /// Cells with the markers of other rows' nodes (each times its coefficient) written out:
    /// a row under construction's whole cells.
    func wholeCells(of cells: [Cell], parts: [(node: Int32, coefficient: Double)]) -> [Cell] {
        parts.reduce(cells) { wholeCells(of: $0, markers: $1.node, markersTimes: $1.coefficient) }
    }

    /// Row `index`'s symbols, its factored markers among them.
    func wholeSymbols(ofRow index: Int32) -> [Symbol] {
        let row = rows[Int(index)]
        return row.markers < 0 ? row.symbols : wholeCells(of: row.cells, markers: row.markers).map(\.symbol)
    }

    /// Writes every factored row out in full (its markers as cells, in their columns) and
    /// forgets the nodes: the tableau as it would have been without factoring.
    mutating func materializeMarkers() {
        guard !markerNodes.isEmpty else { return }
        // Every node's markers, oldest first, each merged from its terms' (written out row
        // by row, each row would walk its predecessors again).
        var expanded: [[Cell]] = []
        expanded.reserveCapacity(markerNodes.count)
        for n in 0..<markerNodes.count {
            var cells: [Cell] = []
            for k in Int(markerNodes.starts[n])..<Int(markerNodes.starts[n + 1]) {
                let ref = markerNodes.refs[k]
                let c = markerNodes.coefficients[k]
                let term = ref < 0 ? expanded[Int(-ref - 1)].map { Cell(symbol: $0.symbol, coefficient: $0.coefficient * c) }
                    : [Cell(symbol: Symbol(ref), coefficient: c)]
                cells = Tableau.merged(cells, term)
            }
            expanded.append(cells)
        }
        for r in rows.indices where rows[r].markers >= 0 {
            materializeRow(Int32(r), markers: expanded[Int(rows[r].markers)])
        }
        for part in objectiveMarkerParts {
            for cell in expandMarkers(part.node, times: part.coefficient) {
                let position = cell.symbol.index * stride + part.slot
                let value = objective[position] + cell.coefficient
                objective[position] = Tolerance.isZero(value) ? 0 : value
            }
        }
        objectiveMarkerParts.removeAll(keepingCapacity: true)
        markerNodes.removeAll()
    }

    /// Writes out the rows whose markers hold `marker`, and its entries in the objective, so
    /// that its column and its reduced costs are whole (it is about to enter the basis, or its
    /// constant to shift). One pass over the nodes; the other rows stay factored. (A row whose
    /// node names the marker only in terms that cancel keeps it: weighed, it is zero there.)
    mutating func materializeMarkers(holding marker: Symbol) {
        guard !markerNodes.isEmpty else { return }
        // Nodes are never freed while rows stay factored: when they outgrow the rows (pivots
        // that reach factored rows leave a node each), all are written out and dropped.
        if markerNodes.refs.count > 4 * rows.count + 4_096 {
            materializeMarkers()
            return
        }
        let weights = markerWeights(of: marker)
        for r in rows.indices where rows[r].markers >= 0 && !Tolerance.isZero(weights[Int(rows[r].markers)]) {
            materializeRow(Int32(r), markers: expandMarkers(rows[r].markers))
        }
        var bySlot: [Int: Double] = [:]
        for part in objectiveMarkerParts where weights[Int(part.node)] != 0 {
            bySlot[part.slot, default: 0] += weights[Int(part.node)] * part.coefficient
        }
        for (slot, weight) in bySlot.sorted(by: { $0.key < $1.key }) {
            let position = marker.index * stride + slot
            let value = objective[position] + weight
            objective[position] = Tolerance.isZero(value) ? 0 : value
            // The parts keep it too: taken back out, so that they never count it twice.
            objectiveMarkerParts.append((slot, markerNodes.make([(MarkerNodes.marker(marker), 1)]), -weight))
        }
    }

    /// Each node's weight of `marker`: the coefficient it has in the node's markers written
    /// out. One pass, oldest first (a node's terms are older than it).
    func markerWeights(of marker: Symbol) -> [Double] {
        var weights = [Double](repeating: 0, count: markerNodes.count)
        markerNodes.refs.withUnsafeBufferPointer { refs in
        markerNodes.coefficients.withUnsafeBufferPointer { coefficients in
        markerNodes.starts.withUnsafeBufferPointer { starts in
            for n in 0..<weights.count {
                var weight = 0.0
                for k in Int(starts[n])..<Int(starts[n + 1]) {
                    let ref = refs[k]
                    if ref == marker.id {
                        weight += coefficients[k]
                    } else if ref < 0 {
                        weight += coefficients[k] * weights[Int(-ref - 1)]
                    }
                }
                weights[n] = weight
            }
        }
        }
        }
        return weights
    }

    /// The rows that hold a marker, each with its coefficient, without writing any row out:
    /// its column (in its order) and then the factored rows that hold it only in their nodes.
    /// For questions that read a marker's rows without changing them (`Solver.moveOfMarker`).
    func holders(of marker: Symbol) -> [(row: Int32, coefficient: Double)] {
        let weights = markerNodes.isEmpty ? [] : markerWeights(of: marker)
        func weight(_ row: Row) -> Double { row.markers < 0 ? 0 : weights[Int(row.markers)] }
        var result: [(row: Int32, coefficient: Double)] = []
        columns.withRows(marker.index) { listed in
            for index in listed {
                let row = rows[Int(index)]
                let own = row.coefficient(of: marker)
                if own == 0 { continue }  // junk: the row no longer lists it (the next loop weighs its node)
                let coefficient = own + weight(row)
                if !Tolerance.isZero(coefficient) { result.append((index, coefficient)) }
            }
        }
        guard !weights.isEmpty else { return result }
        for r in rows.indices where rows[r].markers >= 0 && rows[r].coefficient(of: marker) == 0 {
            let coefficient = weight(rows[r])
            if !Tolerance.isZero(coefficient) { result.append((Int32(r), coefficient)) }
        }
        return result
    }

    /// Row `index` with its markers (written out) among its cells, and in their columns.
    private mutating func materializeRow(_ index: Int32, markers: [Cell]) {
        let r = Int(index)
        let whole = Tableau.merged(rows[r].cells, markers)
        // Cells that cancelled leave their symbols' columns; those gained join them.
        var lost: [Symbol] = []
        var gained: [Symbol] = []
        var i = 0
        var j = 0
        let old = rows[r].cells
        while i < old.count || j < whole.count {
            if j == whole.count || (i < old.count && old[i].symbol < whole[j].symbol) {
                lost.append(old[i].symbol)
                i += 1
            } else if i == old.count || whole[j].symbol < old[i].symbol {
                gained.append(whole[j].symbol)
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
        rows[r].cells = whole
        rows[r].markers = -1
        for symbol in gained { addToColumn(symbol, row: index) }
        noteLost(lost.count, { lost[$0] }, inRow: index)
    }
}
