import Testing
@testable import Cassowary

/// Rows that keep their markers apart (`MarkerNodes`): a chain of views each placed after the
/// one before, whose rows would otherwise hold every link's marker.
@Suite struct MarkerNodesTests {
    /// N views side by side: x0 = 0, each 1 wide, each starting where the one before ends.
    /// Returns the solver, the views' left edges and every constraint made.
    static func chain(_ n: Int, factoring: Int) throws -> (Solver, [Variable], [ConstraintID]) {
        let solver = Solver()
        solver.tableau.markerFactoring = factoring
        solver.tableau.restrictedMarkerFactoring = factoring
        var xs: [Variable] = []
        var ws: [Variable] = []
        var made: [ConstraintID] = []
        for i in 0..<n {
            let x = solver.makeVariable(named: "x\(i)")
            let w = solver.makeVariable(named: "w\(i)")
            made.append(try solver.add(Constraint(Expression([Term(w)], constant: -1), .equal, priority: .required)))
            if i == 0 {
                made.append(try solver.add(Constraint(Expression([Term(x)]), .equal, priority: .required)))
            } else {
                made.append(try solver.add(Constraint(Expression([Term(x), Term(xs[i - 1], -1), Term(ws[i - 1], -1)]),
                                                      .equal, priority: .required)))
            }
            xs.append(x)
            ws.append(w)
        }
        return (solver, xs, made)
    }

    @Test func aChainsRowsStayShortAndItsValuesAreExact() throws {
        let (solver, xs, _) = try Self.chain(300, factoring: Tableau.factoredMarkerCount)
        #expect(!solver.tableau.markerNodes.isEmpty)
        let longest = solver.tableau.rows.map(\.cells.count).max() ?? 0
        #expect(longest <= Tableau.factoredMarkerCount + 2)
        #expect(xs.map { solver.value(of: $0) } == (0..<300).map(Double.init))
        #expect(solver.tableau.consistencyProblems().isEmpty)
    }

    @Test func aConflictWithTheWholeChainNamesEveryLink() throws {
        let (solver, xs, made) = try Self.chain(60, factoring: Tableau.factoredMarkerCount)
        let pin = Constraint(Expression([Term(xs[59])], constant: -5), .equal, priority: .required)
        #expect {
            try solver.add(pin)
        } throws: { error in
            guard case let SolverError.unsatisfiable(conflict) = error else { return false }
            // x59 = 59 from the first x, 59 links and the widths of views 0…58; view 59's
            // width is not in it.
            let expected = Set(made.filter { $0 != made[2 * 59] })
            return Set(conflict.members).subtracting([conflict.rejected]) == expected
        }
        #expect(xs.map { solver.value(of: $0) } == (0..<60).map(Double.init))
    }

    /// Taking links out and shifting constants, factored and not, give the same layout.
    @Test func changesOnAFactoredChainMatchAPlainOne() throws {
        let (factored, xs, made) = try Self.chain(80, factoring: Tableau.factoredMarkerCount)
        let (plain, ys, _) = try Self.chain(80, factoring: Int.max)
        for solver in [factored, plain] {
            try solver.setConstant(made[2 * 10], to: -3)   // view 10 is 3 wide
            try solver.remove(made[2 * 40 + 1])             // view 40 no longer follows 39
            _ = try solver.add(Constraint(Expression([Term(solver === factored ? xs[40] : ys[40])], constant: -100),
                                          .equal, priority: .required))
        }
        #expect(xs.map { factored.value(of: $0) } == ys.map { plain.value(of: $0) })
        #expect(factored.value(of: xs[79]) == 139)
        #expect(factored.value(of: xs[39]) == 41)
        #expect(factored.tableau.consistencyProblems().isEmpty)
    }
}

extension MarkerNodesTests {
    /// A refusal's certificate and what moving each link's marker does are read from the
    /// factored rows as they are (nothing written out) and match the plain chain's.
    @Test func sensitivityReadsFactoredRowsWithoutWritingThemOut() throws {
        let (factored, xs, made) = try Self.chain(50, factoring: Tableau.factoredMarkerCount)
        let (plain, ys, _) = try Self.chain(50, factoring: Int.max)
        let nodes = factored.tableau.markerNodes.count
        let pin = { (x: Variable) in Constraint(Expression([Term(x)], constant: -5), .equal, priority: .required) }
        let certificate = try #require(factored.equalityCertificate(for: pin(xs[49])))
        let expected = try #require(plain.equalityCertificate(for: pin(ys[49])))
        #expect(certificate.residual == expected.residual && certificate.residual == 44)
        #expect(certificate.weights == expected.weights)
        #expect(certificate.weights.count == 99)
        for id in made {
            guard let value = certificate.markerValue(for: id) else { continue }
            #expect(factored.moveOfMarker(id, to: value) == plain.moveOfMarker(id, to: value))
            let moved = try #require(factored.movedVariables(id, to: value))
            let movedPlain = try #require(plain.movedVariables(id, to: value))
            #expect(moved.map(\.variable).sorted() == movedPlain.map(\.variable).sorted())
            #expect(Dictionary(uniqueKeysWithValues: moved.map { ($0.variable, $0.value) })[xs[49].index] == 5)
        }
        #expect(factored.tableau.markerNodes.count == nodes)
        #expect(factored.tableau.rows.map(\.cells.count).max()! <= Tableau.factoredMarkerCount + 2)
    }
}

extension MarkerNodesTests {
    /// A column as a stack view makes it, one row at a time: rows 20 high, each starting where
    /// the one before ends, and the column's height (through a slack: height ≥ 0) pinned to
    /// the last row's bottom, that pin taken out and made again for each row appended. The
    /// slack's row and the rows' tops stay factored (taking the pin out only brings its marker
    /// out of the nodes), the pool of nodes stays in proportion (those no row reaches are
    /// collected), and values and changes match a plain column.
    static func column(_ n: Int, factoring: Int) throws -> (Solver, height: Variable, tops: [Variable], links: [ConstraintID]) {
        let solver = Solver()
        solver.tableau.markerFactoring = factoring
        solver.tableau.restrictedMarkerFactoring = factoring
        let height = solver.makeVariable(named: "H")
        _ = try solver.add(Constraint(Expression([Term(height)]), .greaterThanOrEqual, priority: .required))
        var tops: [Variable] = []
        var heights: [Variable] = []
        var links: [ConstraintID] = []
        var pin: ConstraintID?
        for i in 0..<n {
            if let pin { try solver.remove(pin) }
            let y = solver.makeVariable(named: "y\(i)")
            let h = solver.makeVariable(named: "h\(i)")
            links.append(try solver.add(Constraint(i == 0 ? Expression([Term(y)]) : Expression([Term(y), Term(tops[i - 1], -1), Term(heights[i - 1], -1)]),
                                                   .equal, priority: .required)))
            _ = try solver.add(Constraint(Expression([Term(h)], constant: -20), .equal, priority: .required))
            pin = try solver.add(Constraint(Expression([Term(height), Term(y, -1), Term(h, -1)]), .equal, priority: .required))
            tops.append(y)
            heights.append(h)
        }
        return (solver, height, tops, links)
    }

    @Test func aColumnRemadeAtItsEndStaysFactored() throws {
        let (factored, height, tops, links) = try Self.column(400, factoring: Tableau.factoredMarkerCount)
        let (plain, plainHeight, plainTops, plainLinks) = try Self.column(400, factoring: Int.max)
        #expect(factored.value(of: height) == 8_000)
        #expect(tops.map { factored.value(of: $0) } == (0..<400).map { Double($0 * 20) })
        let tableau = factored.tableau
        #expect(tableau.rows.map(\.cells.count).max()! <= Tableau.factoredMarkerCount + 4)
        #expect(plain.tableau.rows.map(\.cells.count).max()! >= 400)
        let live = tableau.rows.count - tableau.freeRows.count
        #expect(tableau.markerNodes.refs.count <= 4 * live + Tableau.firstMarkerNodeLimit)
        #expect(tableau.consistencyProblems().isEmpty)
        // A link in the middle taken out (row 200 starts at 0) and given a constant.
        for (solver, links) in [(factored, links), (plain, plainLinks)] {
            try solver.setConstant(links[100], to: -7)  // row 100 starts 7 lower
            try solver.remove(links[200])
            _ = try solver.add(Constraint(Expression([Term(solver === factored ? tops[200] : plainTops[200])]), .equal, priority: .required))
        }
        #expect(tops.map { factored.value(of: $0) } == plainTops.map { plain.value(of: $0) })
        #expect(factored.value(of: height) == plain.value(of: plainHeight))
        #expect(factored.value(of: tops[150]) == 3_007 && factored.value(of: tops[399]) == 3_980)
        #expect(factored.tableau.consistencyProblems().isEmpty)
    }
}

extension MarkerNodesTests {
    /// A column pinned too short: what moving each member's marker does is read without
    /// weighing it through every node (the height slack's row, the one restricted row kept
    /// factored, is written out once and indexed by marker), and matches the plain column.
    @Test func aPinnedColumnsMembersMoveAsInAPlainOne() throws {
        let (factored, height, _, _) = try Self.column(120, factoring: Tableau.factoredMarkerCount)
        let (plain, plainHeight, _, _) = try Self.column(120, factoring: Int.max)
        let pin = { (h: Variable) in Constraint(Expression([Term(h)], constant: -100), .equal, priority: .required) }
        let certificate = try #require(factored.equalityCertificate(for: pin(height)))
        let expected = try #require(plain.equalityCertificate(for: pin(plainHeight)))
        #expect(certificate.residual == expected.residual && certificate.residual == 2_300)
        #expect(certificate.weights.count == expected.weights.count && certificate.weights.count == 241)
        func outcomes(_ certificate: EqualityCertificate) throws -> [MarkerMove: Int] {
            var outcomes: [MarkerMove: Int] = [:]
            for (id, _) in certificate.weights.sorted(by: { $0.key < $1.key }) {
                let value = try #require(certificate.markerValue(for: id))
                let move = factored.moveOfMarker(id, to: value)
                #expect(move == plain.moveOfMarker(id, to: value), "\(id)")
                outcomes[move, default: 0] += 1
            }
            return outcomes
        }
        // Nothing bounds a row's top or height from below: freeing any of them lets it hold.
        #expect(try outcomes(certificate) == [.holds: 241])
        #expect(factored.tableau.restrictedWeights?.byMarker != nil)
        // Below zero, the height's slack (its row factored) goes out of bounds whatever moves.
        let below = try #require(factored.equalityCertificate(for: Constraint(Expression([Term(height)], constant: 10), .equal, priority: .required)))
        #expect(try outcomes(below) == [.fails: 241])
    }
}

extension MarkerNodesTests {
    /// N views each inside the one before, `inset` in from its edges: x = parent's x + inset,
    /// x + w = parent's x + w − inset, every width at or above zero (a slack), the outermost
    /// at 0 and 390 wide. Each width's slack row follows its parent's, so together they hold
    /// N²/2 markers: past 128 they keep them in nodes. Returns the solver, the widths and the
    /// members of the nesting (the two pins, then each view's two edges).
    static func nesting(_ n: Int, inset: Double, factoring: Int) throws -> (Solver, [Variable], [ConstraintID]) {
        let solver = Solver()
        solver.tableau.markerFactoring = factoring
        solver.tableau.restrictedMarkerFactoring = factoring
        var xs: [Variable] = []
        var ws: [Variable] = []
        var members: [ConstraintID] = []
        for i in 0..<n {
            let x = solver.makeVariable(named: "x\(i)")
            let w = solver.makeVariable(named: "w\(i)")
            _ = try solver.add(Constraint(Expression([Term(w)]), .greaterThanOrEqual, priority: .required))
            if i == 0 {
                members.append(try solver.add(Constraint(Expression([Term(x)]), .equal, priority: .required)))
                members.append(try solver.add(Constraint(Expression([Term(w)], constant: -390), .equal, priority: .required)))
            } else {
                members.append(try solver.add(Constraint(Expression([Term(x), Term(xs[i - 1], -1)], constant: -inset),
                                                         .equal, priority: .required)))
                members.append(try solver.add(Constraint(Expression([Term(x), Term(w), Term(xs[i - 1], -1), Term(ws[i - 1], -1)], constant: inset),
                                                         .equal, priority: .required)))
            }
            xs.append(x)
            ws.append(w)
        }
        return (solver, ws, members)
    }

    /// The innermost width pinned where the nesting cannot reach: what freeing each member's
    /// marker does, asked for all of them at once (`movesOfMarkers`, the rows bounded node by
    /// node), is what asking each one through the nodes says, and what a plain nesting says.
    /// Views inset by 1 (390 − 2i wide, the innermost 72): made 5,000 wide, every member's
    /// move holds, half of them answered by the bounds alone; made −10, the innermost slack fails
    /// whatever moves. Views outset by 1 (390 + 2i, the innermost 708) made 500 narrower: a
    /// member's move narrows the views from its own in, and holds only from view 55 in (500
    /// wide, left at exactly zero). The outermost view's x moves no width: not asked.
    @Test func aNestingsMembersAreBoundedTogether() throws {
        for (inset, pinned, expected) in [(1.0, 5_000.0, [MarkerMove.holds: 319]), (1, -10, [.fails: 319]), (-1, 208, [.fails: 109, .holds: 210])] {
            let (factored, widths, members) = try Self.nesting(160, inset: inset, factoring: Tableau.factoredMarkerCount)
            let (plain, plainWidths, plainMembers) = try Self.nesting(160, inset: inset, factoring: Int.max)
            #expect(factored.tableau.rows.contains { $0.markers >= 0 && factored.tableau.kinds[$0.basic!.index] == .slack })
            #expect(factored.value(of: widths[159]) == 390 - 318 * inset)
            let pin = { (w: Variable) in Constraint(Expression([Term(w)], constant: -pinned), .equal, priority: .required) }
            let certificate = try #require(factored.equalityCertificate(for: pin(widths[159])))
            let plainCertificate = try #require(plain.equalityCertificate(for: pin(plainWidths[159])))
            let asked = members.compactMap { id in certificate.markerValue(for: id).map { (id: id, value: $0) } }
            let plainAsked = plainMembers.compactMap { id in plainCertificate.markerValue(for: id).map { (id: id, value: $0) } }
            #expect(asked.map(\.id) == plainAsked.map(\.id))
            let together = factored.movesOfMarkers(asked)
            #expect(together == asked.map { factored.moveOfMarker($0.id, to: $0.value) })
            #expect(together == plainAsked.map { plain.moveOfMarker($0.id, to: $0.value) })
            var outcomes: [MarkerMove: Int] = [:]
            for move in together { outcomes[move, default: 0] += 1 }
            #expect(outcomes == expected, "\(inset) \(pinned)")
            if pinned == 5_000 {
                let bounds = MarkerBounds(factored.tableau)
                let answered = asked.filter { id, value in
                    // No node of a restricted row names it, or the one that does is bounded.
                    guard case let .some(named) = bounds.naming(factored.liveRecord(id)!.marker, in: factored.tableau.markerNodes) else { return false }
                    return named.map { bounds.keepsRows(reaching: $0.node, coefficient: $0.coefficient, by: value) } ?? true
                }
                // The pins' and the leading edges' markers (161): each trailing edge's is named
                // in nodes of more than one restricted row, and is weighed through them.
                #expect(answered.count == 161, "\(answered.count)")
            }
            #expect(factored.tableau.consistencyProblems().isEmpty)
        }
    }
}
