/// Questions about a required constraint the solver refused, answered from the tableau as it
/// stands, without changing it: which of the required equalities in the solver the refusal
/// rests on, and whether taking one of them out would let the refused one hold.
///
/// The tableau's rows are identities between the user's variables and the constraints'
/// markers. Written over the current parameters, a required equality `e = 0` that cannot hold
/// and whose row holds nothing but the markers of required equalities reads
/// `e = r + Σ yₖ·dₖ`: every point where those equalities hold (each `dₖ = 0`) leaves `e` at
/// `r ≠ 0`. Taking out an equality with `yₖ = 0` changes nothing of that, so the refused one
/// still cannot hold; taking out one with `yₖ ≠ 0` frees its marker, and `dₖ = −r/yₖ` is the
/// one value that makes `e` hold. Every row that lists `dₖ` moves by its coefficient times that
/// value; when no restricted basic symbol leaves its bounds (a marker of an equality off zero,
/// a slack below it), the moved point is a witness that the rest can hold together with `e`.
/// (Sensitivity analysis of a basis to its right-hand side: Chvátal, Linear Programming, ch. 10.)
extension Solver {
    /// The refused equality `constraint` written over the solver's parameters, when they are
    /// all markers of required equalities: how far it is from holding (`residual`, with every
    /// marker at zero) and each equality's weight. Nil when the row names anything else (a
    /// free variable, a slack, an error), when it holds already, or for an inequality.
    /// - Complexity: the rows of the constraint's variables.
    public func equalityCertificate(for constraint: Constraint) -> EqualityCertificate? {
        guard constraint.relation == .equal, !isFeasibilityOnly else { return nil }
        for term in constraint.expression.terms where term.variable.index < 0 || Int(term.variable.index) >= model.variableSymbols.count {
            return nil
        }
        var row = RowBuilder(constant: constraint.expression.constant)
        let scale = substitute(constraint.expression, into: &row)
        guard !Tolerance.isZero(row.constant, scale: scale) else { return nil }
        var weights: [ConstraintID: Double] = [:]
        for cell in wholeCells(of: row) {
            let symbol = cell.symbol
            guard tableau.kinds[symbol.index] == .dummy else { return nil }
            let owner = tableau.owners[symbol.index]
            guard owner >= 0, let record = liveRecord(ConstraintID(index: owner)), record.marker == symbol else { return nil }
            weights[ConstraintID(index: owner)] = cell.coefficient  // (a row lists a symbol once)
        }
        return EqualityCertificate(residual: row.constant, weights: weights)
    }

    /// What moving the required equality `id`'s marker from zero to `value`, every other
    /// parameter left where it is, does to the restricted basic symbols. `.holds` when each
    /// stays within its bounds (markers of equalities at zero, slacks and errors at or above
    /// it): a witness that the solver's other required constraints hold at the moved point.
    /// `.fails` when a required constraint's own marker or slack leaves its bounds in a row of
    /// nothing but equalities' markers: with every other equality holding and this marker
    /// forced to `value`, that row's value is forced too, so no point does. `.unknown` otherwise.
    /// - Complexity: the rows that list the marker.
    public func moveOfMarker(_ id: ConstraintID, to value: Double) -> MarkerMove {
        return markerMove(id, to: value, collecting: false).outcome
    }

    /// `moveOfMarker` for each of several equalities (a conflict's members), in order: the
    /// rows that keep markers in nodes are bounded once for all of them (`MarkerBounds`),
    /// where each was weighed through the nodes (in a nesting of N views, N markers each
    /// weighing N rows).
    /// - Complexity: the pool of nodes once, then the rows that list each marker as a cell.
    public func movesOfMarkers(_ moves: [(id: ConstraintID, value: Double)]) -> [MarkerMove] {
        let bounds = moves.count > 1 && !tableau.markerNodes.isEmpty ? MarkerBounds(tableau) : nil
        return moves.map { markerMove($0.id, to: $0.value, collecting: false, bounds: bounds).outcome }
    }

    /// The user's variables that move when the required equality `id`'s marker moves from
    /// zero to `value`, with their new values (variable index and value), when that point is the
    /// optimum of the solver with `id` taken out and a required constraint holding the marker
    /// there: every restricted basic symbol stays within its bounds (`moveOfMarker` holds), and
    /// none reaches or leaves zero, so that the basis, its reduced costs and the constraints
    /// that are tight all stay as they are (and with them which variables are unique). Nil
    /// otherwise. In no particular order.
    /// - Complexity: the rows that list the marker.
    public func movedVariables(_ id: ConstraintID, to value: Double) -> [(variable: Int32, value: Double)]? {
        let (outcome, sidesKept, moved) = markerMove(id, to: value, collecting: true)
        return outcome == .holds && sidesKept ? moved : nil
    }

    /// `moveOfMarker`, whether every restricted basic symbol stays on its side of zero, and
    /// (`collecting`) the user's variables that move, at their new values.
    private func markerMove(_ id: ConstraintID, to value: Double, collecting: Bool,
                            bounds: MarkerBounds? = nil) -> (outcome: MarkerMove, sidesKept: Bool, moved: [(variable: Int32, value: Double)]) {
        guard !isFeasibilityOnly, let record = liveRecord(id), tableau.kinds[record.marker.index] == .dummy,
              tableau.basicRow[record.marker.index] < 0 else { return (.unknown, false, []) }
        let marker = record.marker
        var outcome = MarkerMove.holds
        var sidesKept = true
        var moved: [(variable: Int32, value: Double)] = []
        // Its rows as they are (factored ones weighed, not written out: asked once for each
        // member of a conflict, writing out would fill the tableau with every marker again).
        // Each row: its new value, and whether that leaves its symbol out of bounds; true
        // when that settles `.fails`.
        func weigh(_ index: Int32, _ coefficient: Double) -> Bool {
            let row = tableau.rows[Int(index)]
            guard let basic = row.basic else { return false }
            let after = row.constant + coefficient * value
            let scale = max(abs(row.constant), abs(coefficient * value))
            let kind = tableau.kinds[basic.index]
            let out: Bool
            switch kind {
            case .external:
                if collecting { moved.append((tableau.owners[basic.index], after)) }
                return false
            case .dummy:
                out = !Tolerance.isZero(after, scale: scale)
            case .slack, .error, .artificial:
                out = after < 0 && !Tolerance.isZero(after, scale: scale)
                if Tolerance.isZero(row.constant, scale: scale) != Tolerance.isZero(after, scale: scale) { sidesKept = false }
            }
            guard out else { return false }
            let owner = tableau.owners[basic.index]
            let required = owner >= 0 && liveRecord(ConstraintID(index: owner))?.constraint.isRequired == true
            if (kind == .dummy || kind == .slack) && required && row.cells.allSatisfy({ tableau.kinds[$0.symbol.index] == .dummy }) {
                outcome = .fails
                return true
            }
            outcome = .unknown
            return false
        }
        if collecting {
            // (In any order: a fix's variables are sorted by their views.)
            for (index, coefficient) in tableau.holders(of: marker, ordered: false) where weigh(index, coefficient) { break }
            return (outcome, sidesKept, moved)
        }
        // Without collecting, only restricted rows count: first those that hold the marker as
        // a cell and keep no markers apart (one of them often settles `.fails`), then the
        // factored ones, their nodes' weights read from the restricted rows written out once
        // (`restrictedNodeWeights`) when that stays small, else weighed through the nodes.
        var unfactored: [(row: Int32, coefficient: Double)] = []
        var factored: [(row: Int32, coefficient: Double)] = []
        tableau.columns.withRows(marker.index) { listed in
            for index in listed {
                let row = tableau.rows[Int(index)]
                guard let basic = row.basic, tableau.kinds[basic.index] != .external else { continue }
                let coefficient = row.coefficient(of: marker)
                guard coefficient != 0 else { continue }
                if row.markers < 0 { unfactored.append((index, coefficient)) } else { factored.append((index, coefficient)) }
            }
        }
        for (index, coefficient) in unfactored where weigh(index, coefficient) { return (outcome, sidesKept, moved) }
        // Bounded (`movesOfMarkers`): the rows that reach the one node naming the marker are
        // within bounds, and the factored rows holding it as a cell have nodes older than that
        // one (so their nodes weigh it zero): those are weighed by their cells.
        if let bounds, case let .some(named) = bounds.naming(marker, in: tableau.markerNodes),
           factored.allSatisfy({ Int(tableau.rows[Int($0.row)].markers) < named?.node ?? .max }),
           named.map({ bounds.keepsRows(reaching: $0.node, coefficient: $0.coefficient, by: value) }) ?? true {
            for (index, coefficient) in factored where weigh(index, coefficient) { break }
            return (outcome, sidesKept, moved)
        }
        if let inNodes = tableau.restrictedNodeWeights(of: marker) {
            // A factored row's coefficient is its cell's and its node's together.
            var nodeWeight: [Int32: Double] = [:]
            for (row, weight) in inNodes { nodeWeight[row, default: 0] += weight }
            for k in factored.indices {
                factored[k].coefficient += nodeWeight.removeValue(forKey: factored[k].row) ?? 0
            }
            factored += nodeWeight.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        } else {
            factored = tableau.holders(of: marker).filter { tableau.rows[Int($0.row)].markers >= 0 }
        }
        for (index, coefficient) in factored where !Tolerance.isZero(coefficient) && weigh(index, coefficient) { break }
        return (outcome, sidesKept, moved)
    }

    /// Whether constraint `id` is met with each variable at the value `moved` gives it (nil:
    /// its current one): `isSatisfied`, at a moved point.
    public func isSatisfied(_ id: ConstraintID, with moved: (Int32) -> Double?) throws -> Bool {
        guard let record = liveRecord(id) else { throw SolverError.unknownConstraint(id) }
        let (violation, scale) = measure(record.constraint) { moved($0.index) ?? value(of: $0) }
        return Tolerance.isZero(violation, scale: scale)
    }
}

/// What moving a required equality's marker does (`Solver.moveOfMarker(_:to:)`).
public enum MarkerMove: Sendable {
    /// Every other required constraint still holds at the moved point.
    case holds
    /// No point lets the others hold with the marker there.
    case fails
    /// Neither is shown.
    case unknown
}

/// A refused required equality over the markers of the required equalities it contradicts
/// (`Solver.equalityCertificate(for:)`).
public struct EqualityCertificate: Sendable {
    /// The refused equality's value with every marker at zero (never zero).
    public let residual: Double
    /// The weight of each required equality's marker (zero weights left out).
    public let weights: [ConstraintID: Double]

    /// The value the marker of `id` must take for the refused equality to hold; nil when its
    /// weight is zero (taking it out leaves the refusal as it is).
    public func markerValue(for id: ConstraintID) -> Double? {
        guard let weight = weights[id], !Tolerance.isZero(weight) else { return nil }
        return -residual / weight
    }

    /// Whether the refused equality holds once the marker of `id` is at `value` (every other
    /// marker at zero).
    public func holds(withMarker id: ConstraintID, at value: Double) -> Bool {
        let weighed = (weights[id] ?? 0) * value
        return Tolerance.isZero(residual + weighed, scale: max(abs(residual), abs(weighed)))
    }
}
