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
/// is factored: rows of an ordinary layout stay as they were, cell for cell. The constraint's
/// own marker stays among the row's cells.
///
/// Whatever changes a marker's rows (taking its constraint out, shifting its constant, or
/// pivoting it in) first brings that marker out of the nodes (`extractMarker(_:)`, which
/// visits only the nodes above the marker, found through reverse links): each row whose node weighs it gets it back as a
/// cell, and its node a term that cancels it; the rest of the row stays factored. Questions
/// read rows as they are (`holders(of:)`, `wholeCells`). So a node may still name a marker
/// that was released, in terms that cancel: weighed, a reused symbol id gets nothing from
/// them. Nodes that no row reaches any more (rows dropped) are collected when the pool has
/// doubled (`collectMarkerNodesIfNeeded`).
struct MarkerNodes {
    /// Node n's terms are `refs[starts[n]..<starts[n + 1]]`: a marker's symbol id when
    /// non-negative, node `-(ref + 1)` otherwise (always an older node), each with its
    /// coefficient.
    var starts: [Int32] = [0]
    var refs: [Int32] = []
    var coefficients: [Double] = []
    /// The links read upwards, from a marker to every node that weighs it: per term, its node
    /// and the previous term with the same ref (-1 for none); per node, the newest term that
    /// refers to it; per marker (by symbol id), the newest term that names it.
    var termNodes: [Int32] = []
    var previousSameRef: [Int32] = []
    var newestReferrer: [Int32] = []
    var newestNaming: [Int32] = []
    /// Per node, the row it was made for (-1 for none); the row's node may have changed since.
    var madeFor: [Int32] = []
    /// Per node, at least the number of markers it weighs written out (terms of markers, and
    /// of nodes by their own bound; saturating).
    var sizes: [Int32] = []

    var isEmpty: Bool { starts.count == 1 }
    var count: Int { starts.count - 1 }

    mutating func removeAll() {
        starts.removeAll(keepingCapacity: true)
        starts.append(0)
        refs.removeAll(keepingCapacity: true)
        coefficients.removeAll(keepingCapacity: true)
        termNodes.removeAll(keepingCapacity: true)
        previousSameRef.removeAll(keepingCapacity: true)
        newestReferrer.removeAll(keepingCapacity: true)
        newestNaming.removeAll(keepingCapacity: true)
        madeFor.removeAll(keepingCapacity: true)
        sizes.removeAll(keepingCapacity: true)
    }

    /// A node for `Σ coefficient · term` (terms made by `marker` and `node`), made for row
    /// `row` (or none).
    mutating func make(_ terms: [(ref: Int32, coefficient: Double)], row: Int32 = -1) -> Int32 {
        let node = Int32(count)
        var size: Int32 = 0
        for term in terms where term.coefficient != 0 {
            let (sum, overflow) = size.addingReportingOverflow(term.ref >= 0 ? 1 : sizes[Int(-term.ref - 1)])
            size = overflow ? .max : sum
            let k = Int32(refs.count)
            refs.append(term.ref)
            coefficients.append(term.coefficient)
            termNodes.append(node)
            if term.ref >= 0 {
                let marker = Int(term.ref)
                if marker >= newestNaming.count {
                    newestNaming.append(contentsOf: repeatElement(-1, count: marker + 1 - newestNaming.count))
                }
                previousSameRef.append(newestNaming[marker])
                newestNaming[marker] = k
            } else {
                let child = Int(-term.ref - 1)
                previousSameRef.append(newestReferrer[child])
                newestReferrer[child] = k
            }
        }
        starts.append(Int32(refs.count))
        newestReferrer.append(-1)
        madeFor.append(row)
        sizes.append(size)
        return node
    }

    /// Whether any node names the marker (perhaps only in terms that cancel).
    func names(_ marker: Symbol) -> Bool {
        marker.index < newestNaming.count && newestNaming[marker.index] >= 0
    }

    /// The weight of `marker` in every node that reaches it (the rest weigh it zero), found
    /// from the marker upwards: only the nodes above it are visited, so a marker near the end
    /// of a chain costs a few steps however long the chain. When more than `sparseLimit` nodes
    /// are above it (a marker near the start of a chain), every node is weighed in one pass
    /// over plain arrays instead: hashing each of thousands of nodes costs more.
    func weights(of marker: Symbol) -> MarkerWeights {
        guard names(marker) else { return MarkerWeights() }
        var reached: [Int32: Double] = [:]
        var pending: [Int32] = []
        var k = newestNaming[marker.index]
        while k >= 0 {
            if reached.updateValue(0, forKey: termNodes[Int(k)]) == nil { pending.append(termNodes[Int(k)]) }
            k = previousSameRef[Int(k)]
        }
        var next = 0
        while next < pending.count {
            if pending.count > MarkerNodes.sparseLimit { return denseWeights(of: marker) }
            var k = newestReferrer[Int(pending[next])]
            next += 1
            while k >= 0 {
                if reached.updateValue(0, forKey: termNodes[Int(k)]) == nil { pending.append(termNodes[Int(k)]) }
                k = previousSameRef[Int(k)]
            }
        }
        // Oldest first: a node's terms are older than it, so theirs are known when it is weighed.
        pending.sort()
        var weighed: [(node: Int32, weight: Double)] = []
        for node in pending {
            var weight = 0.0
            for k in Int(starts[Int(node)])..<Int(starts[Int(node) + 1]) {
                let ref = refs[k]
                if ref == marker.id {
                    weight += coefficients[k]
                } else if ref < 0, let below = reached[-ref - 1] {
                    weight += coefficients[k] * below
                }
            }
            reached[node] = weight
            if weight != 0 { weighed.append((node, weight)) }
        }
        return MarkerWeights(weighed: weighed, sparse: reached)
    }

    static let sparseLimit = 256

    /// `weights(of:)` for every node, in one pass oldest first.
    private func denseWeights(of marker: Symbol) -> MarkerWeights {
        var dense = [Double](repeating: 0, count: count)
        var weighed: [(node: Int32, weight: Double)] = []
        refs.withUnsafeBufferPointer { refs in
        coefficients.withUnsafeBufferPointer { coefficients in
        starts.withUnsafeBufferPointer { starts in
            for n in 0..<dense.count {
                var weight = 0.0
                for k in Int(starts[n])..<Int(starts[n + 1]) {
                    let ref = refs[k]
                    if ref == marker.id {
                        weight += coefficients[k]
                    } else if ref < 0 {
                        weight += coefficients[k] * dense[Int(-ref - 1)]
                    }
                }
                dense[n] = weight
                if weight != 0 { weighed.append((Int32(n), weight)) }
            }
        }
        }
        }
        return MarkerWeights(weighed: weighed, dense: dense)
    }

    @inline(__always)
    static func marker(_ symbol: Symbol) -> Int32 { symbol.id }

    @inline(__always)
    static func node(_ node: Int32) -> Int32 { -(node + 1) }
}

/// A marker's weight in each node (`MarkerNodes.weights(of:)`).
struct MarkerWeights {
    /// The nodes that weigh it other than zero, oldest first.
    var weighed: [(node: Int32, weight: Double)] = []
    var sparse: [Int32: Double] = [:]
    var dense: [Double] = []

    var isEmpty: Bool { weighed.isEmpty }

    subscript(node: Int32) -> Double {
        dense.isEmpty ? sparse[node] ?? 0 : dense[Int(node)]
    }
}
