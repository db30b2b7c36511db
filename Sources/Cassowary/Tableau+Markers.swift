/// The tableau's side of `MarkerNodes`: rows factored as they are inserted, a marker brought
/// back into the rows that weigh it, nodes collected, and rows weighed in place for questions.
extension Tableau {
    /// A row inserted with more markers than this keeps them in a node.
    static let factoredMarkerCount = 16
    /// `factorMarkers`' bound for restricted rows.
    static let factoredRestrictedMarkerCount = 128
    /// The pool's size (terms) at which nodes are first collected.
    static let firstMarkerNodeLimit = 4_096

    /// Splits the cells of a row about to be inserted: with other rows' nodes among its parts,
    /// or more than `factoredMarkerCount` markers, its markers go into a node (returned, with
    /// the other cells); otherwise the cells are returned as they are and the node is -1.
    /// The constraint's own marker (`own`) stays among the cells: it is the one most likely
    /// to be taken out again (a stack's last view's pin to its bottom, made again for each
    /// view appended), and a marker that no node names is taken out without a pass over them.
    /// A restricted row (a slack's, an error's) is factored only when it would hold more than
    /// `restrictedMarkerFactoring` markers: it is pivoted on, and questions about conflicts
    /// and explanations read it whole, which for the few markers of an ordinary layout costs
    /// more through the nodes than kept as cells.
    mutating func factorMarkers(of cells: [Cell], parts: [(node: Int32, coefficient: Double)], basic: Symbol, own: Symbol?) -> (cells: [Cell], node: Int32) {
        if kinds[basic.index] != .external {
            var bound = 0
            for cell in cells where kinds[cell.symbol.index] == .dummy && cell.symbol != own { bound += 1 }
            for part in parts { bound += Int(markerNodes.sizes[Int(part.node)]) }
            if bound <= restrictedMarkerFactoring { return (wholeCells(of: cells, parts: parts), -1) }
        }
        if parts.isEmpty {
            var markers = 0
            for cell in cells where kinds[cell.symbol.index] == .dummy && cell.symbol != own { markers += 1 }
            if markers <= markerFactoring { return (cells, -1) }
        }
        var kept: [Cell] = []
        kept.reserveCapacity(cells.count + Row.slack)
        var terms: [(ref: Int32, coefficient: Double)] = parts.map { (MarkerNodes.node($0.node), $0.coefficient) }
        for cell in cells {
            if kinds[cell.symbol.index] == .dummy && cell.symbol != own {
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
        rows[Int(target)].markers = markerNodes.make(terms, row: target)
        factoredGeneration &+= 1
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

    /// Brings `marker` out of the nodes, into the cells of the rows whose nodes weigh it and
    /// into its entries in the objective, so that its column and its reduced costs are whole
    /// (it is about to enter the basis, or its constant to shift). Each such row gains one
    /// cell, and its node a term that cancels the marker's weight in it; nothing else is
    /// written out. Only the nodes above the marker are visited (`weights(of:)`).
    mutating func extractMarker(_ marker: Symbol) {
        let weights = markerNodes.weights(of: marker)
        guard !weights.isEmpty else { return }
        // The rows' nodes weigh it zero from now on; the rest of what they weigh is unchanged.
        restrictedWeights?.byMarker?[marker.id] = nil
        for (node, weight) in weights.weighed where !Tolerance.isZero(weight) {
            let r = markerNodes.madeFor[Int(node)]
            guard r >= 0, rows[Int(r)].markers == node else { continue }
            rows[Int(r)].markers = markerNodes.make([(MarkerNodes.node(node), 1), (MarkerNodes.marker(marker), -weight)], row: r)
            addCell(marker, weight, toRow: r)
        }
        var bySlot: [Int: Double] = [:]
        for part in objectiveMarkerParts {
            let weight = weights[part.node]
            if weight != 0 { bySlot[part.slot, default: 0] += weight * part.coefficient }
        }
        for (slot, weight) in bySlot.sorted(by: { $0.key < $1.key }) {
            let position = marker.index * stride + slot
            let value = objective[position] + weight
            objective[position] = Tolerance.isZero(value) ? 0 : value
            // The parts keep it too: taken back out, so that they never count it twice.
            objectiveMarkerParts.append((slot, markerNodes.make([(MarkerNodes.marker(marker), 1)]), -weight))
        }
    }

    /// `row += coefficient · symbol`, in its cells and the symbol's column.
    private mutating func addCell(_ symbol: Symbol, _ coefficient: Double, toRow index: Int32) {
        let r = Int(index)
        var low = 0
        var high = rows[r].cells.count
        while low < high {
            let mid = (low + high) >> 1
            if rows[r].cells[mid].symbol < symbol { low = mid + 1 } else { high = mid }
        }
        if low < rows[r].cells.count && rows[r].cells[low].symbol == symbol {
            let value = rows[r].cells[low].coefficient + coefficient
            if Tolerance.isZero(value) {
                rows[r].cells.remove(at: low)
                noteLost(1, { _ in symbol }, inRow: index)
            } else {
                rows[r].cells[low].coefficient = value
            }
        } else {
            rows[r].cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: low)
            addToColumn(symbol, row: index)
        }
    }

    /// Frees the nodes that no row and no part of the objective reaches any more (rows
    /// written out or dropped leave theirs), once the pool has doubled since it was last
    /// collected (and at least `markerNodeFloor`). Nodes keep their order (each refers only to older ones), renumbered; the
    /// objective's parts at each level are first summed into one node. Linear in the pool.
    mutating func collectMarkerNodesIfNeeded() {
        guard markerNodes.refs.count > markerNodeLimit else { return }
        if objectiveMarkerParts.count > 2 * max(levelOrder.count, 1) {
            var bySlot: [Int: [(ref: Int32, coefficient: Double)]] = [:]
            for part in objectiveMarkerParts { bySlot[part.slot, default: []].append((MarkerNodes.node(part.node), part.coefficient)) }
            objectiveMarkerParts = bySlot.keys.sorted().map { ($0, markerNodes.make(bySlot[$0]!), 1) }
        }
        let count = markerNodes.count
        var live = [Bool](repeating: false, count: count)
        for row in rows where row.markers >= 0 { live[Int(row.markers)] = true }
        for part in objectiveMarkerParts { live[Int(part.node)] = true }
        for n in (0..<count).reversed() where live[n] {
            for k in Int(markerNodes.starts[n])..<Int(markerNodes.starts[n + 1]) where markerNodes.refs[k] < 0 {
                live[Int(-markerNodes.refs[k] - 1)] = true
            }
        }
        var renumbered = [Int32](repeating: -1, count: count)
        var kept = MarkerNodes()
        kept.newestNaming = markerNodes.newestNaming
        for k in markerNodes.refs.indices where markerNodes.refs[k] >= 0 { kept.newestNaming[Int(markerNodes.refs[k])] = -1 }
        var terms: [(ref: Int32, coefficient: Double)] = []
        for n in 0..<count where live[n] {
            terms.removeAll(keepingCapacity: true)
            for k in Int(markerNodes.starts[n])..<Int(markerNodes.starts[n + 1]) {
                let ref = markerNodes.refs[k]
                terms.append((ref >= 0 ? ref : MarkerNodes.node(renumbered[Int(-ref - 1)]), markerNodes.coefficients[k]))
            }
            let row = markerNodes.madeFor[n]
            renumbered[n] = kept.make(terms, row: row >= 0 && rows[Int(row)].markers == Int32(n) ? row : -1)
        }
        markerNodes = kept
        for r in rows.indices where rows[r].markers >= 0 { rows[r].markers = renumbered[Int(rows[r].markers)] }
        for k in objectiveMarkerParts.indices { objectiveMarkerParts[k].node = renumbered[Int(objectiveMarkerParts[k].node)] }
        markerNodeLimit = max(markerNodeFloor, 2 * markerNodes.refs.count)
    }

    /// The restricted rows (a slack's, an error's, a marker's) whose nodes weigh `marker`, with
    /// its weight there. Every such row's node is written out once per `factoredGeneration`
    /// (`restrictedWeights`, indexed by marker, kept while no factored row changes but by a
    /// marker brought out of the nodes), so that each member of a conflict is not
    /// weighed through every node: a stack's height slack holds every row's marker, and is
    /// the only restricted row that keeps them apart. Nil (weigh through the nodes) when those
    /// rows' markers written out would outgrow the pool: in a nesting, each view's width
    /// follows every view around it.
    mutating func restrictedNodeWeights(of marker: Symbol) -> [(row: Int32, weight: Double)]? {
        guard markerNodes.names(marker) else { return [] }
        if restrictedWeights?.generation != factoredGeneration {
            // Made on the second question of a state, not the first: a state asked once (a
            // conflict's few members, then a change) is weighed through the nodes instead.
            guard restrictedAskedAt == factoredGeneration else {
                restrictedAskedAt = factoredGeneration
                return nil
            }
            var byMarker: [Int32: [(row: Int32, weight: Double)]]? = [:]
            var total = 0
            let budget = 4 * markerNodes.refs.count + 4_096
            for (r, row) in rows.enumerated() where row.markers >= 0 {
                guard let basic = row.basic, kinds[basic.index] != .external else { continue }
                let cells = expandMarkers(row.markers)
                total += cells.count
                if total > budget {
                    byMarker = nil
                    break
                }
                for cell in cells { byMarker![cell.symbol.id, default: []].append((Int32(r), cell.coefficient)) }
            }
            restrictedWeights = (factoredGeneration, byMarker)
        }
        return restrictedWeights!.byMarker.map { $0[marker.id] ?? [] }
    }

    /// The rows that hold a marker, each with its coefficient, without writing any row out:
    /// its column (in its order) and then the factored rows that hold it only in their nodes.
    /// For questions that read a marker's rows without changing them (`Solver.moveOfMarker`).
    /// `ordered: false` leaves the latter in the order their nodes were made (for a question
    /// whose answer does not depend on the order: a fix's moved variables).
    func holders(of marker: Symbol, ordered: Bool = true) -> [(row: Int32, coefficient: Double)] {
        let weights = markerNodes.weights(of: marker)
        func weight(_ row: Row) -> Double { row.markers < 0 ? 0 : weights[row.markers] }
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
        var inNodes: [(row: Int32, coefficient: Double)] = []
        for (node, coefficient) in weights.weighed where !Tolerance.isZero(coefficient) {
            let r = markerNodes.madeFor[Int(node)]
            guard r >= 0, rows[Int(r)].markers == node, rows[Int(r)].coefficient(of: marker) == 0 else { continue }
            inNodes.append((r, coefficient))
        }
        return result + (ordered && inNodes.count > 1 ? inNodes.sorted { $0.row < $1.row } : inNodes)
    }
}
