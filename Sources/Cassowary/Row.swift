/// A term of a row: a symbol and its coefficient, side by side so that a lookup touches one
/// buffer.
struct Cell {
    var symbol: Symbol
    var coefficient: Double
}

/// One row of the tableau: `basic = constant + Σ cells[k].coefficient · cells[k].id`.
///
/// Cells are sorted by symbol id and never hold a zero coefficient.
struct Row {
    /// The symbol the row defines; nil for a dropped row waiting for reuse.
    var basic: Symbol?
    var constant: Double
    var cells: [Cell]
    /// The node of the markers the row keeps apart (`MarkerNodes`), or -1 when all its
    /// markers are among its cells.
    var markers: Int32 = -1

    /// The row's symbols, in order (allocates: not for hot paths).
    var symbols: [Symbol] { cells.map(\.symbol) }

    /// Room for this many more cells in a new row: a row usually gains a cell or two from
    /// the next rows substituted into it, and adding the cells benchmark's constraints grew
    /// 210,835 row arrays (1% of it).
    static let slack = 4

    /// `coefficient(of:)` for a symbol that is likely among the row's newest (an edit
    /// constraint's errors are): a scan of the last few cells, whose branches predict well,
    /// before a binary search of the rest, whose branches do not (and stall the loads of the
    /// next rows). An old symbol in a long row (a label's height in a column of cells below
    /// it) is found by the search: a scan all the way made a column's constant changes cubic.
    @inline(__always)
    func coefficientNearEnd(of symbol: Symbol) -> Double {
        cells.withUnsafeBufferPointer { cells in
            var k = cells.count - 1
            let stop = max(k - 8, -1)
            while k > stop {
                let id = cells[k].symbol
                if id == symbol { return cells[k].coefficient }
                if id < symbol { return 0 }
                k -= 1
            }
            var low = 0
            var high = k + 1
            while low < high {
                let mid = (low + high) >> 1
                let id = cells[mid].symbol
                if id == symbol { return cells[mid].coefficient }
                if id < symbol { low = mid + 1 } else { high = mid }
            }
            return 0
        }
    }

    /// - Complexity: O(log n) in the row's length.
    func coefficient(of symbol: Symbol) -> Double {
        cells.withUnsafeBufferPointer { cells in
            var low = 0
            var high = cells.count
            while low < high {
                let mid = (low + high) >> 1
                let id = cells[mid].symbol
                if id == symbol { return cells[mid].coefficient }
                if id < symbol { low = mid + 1 } else { high = mid }
            }
            return 0
        }
    }
}

/// A row under construction, `constant + Σ coefficients[k] · symbols[k]`, sorted by symbol
/// with no zero coefficient: a constraint's expression on its way into the tableau. Its
/// operations are the algebra of the paper (and kiwi's `Row`): insert a symbol or a whole row
/// times a coefficient, reverse the sign, solve for a symbol.
struct RowBuilder {
    var constant: Double
    var symbols: [Symbol] = []
    var coefficients: [Double] = []
    /// Markers kept apart by the rows substituted into this one: their nodes, each times its
    /// coefficient (`MarkerNodes`). Part of the row as much as its cells.
    var markerParts: [(node: Int32, coefficient: Double)] = []

    init(constant: Double) { self.constant = constant }

    /// With room for `capacity` cells (a new constraint's row: its terms, their rows and its
    /// own slack, error and marker symbols), so that it is allocated once.
    init(constant: Double, capacity: Int) {
        self.constant = constant
        symbols.reserveCapacity(capacity)
        coefficients.reserveCapacity(capacity)
    }

    /// Empties the row for another constraint, keeping its arrays' room.
    mutating func reset(constant: Double, capacity: Int) {
        self.constant = constant
        symbols.removeAll(keepingCapacity: true)
        coefficients.removeAll(keepingCapacity: true)
        markerParts.removeAll(keepingCapacity: true)
        symbols.reserveCapacity(capacity)
        coefficients.reserveCapacity(capacity)
    }

    func coefficient(of symbol: Symbol) -> Double {
        guard let k = symbols.firstIndex(of: symbol) else { return 0 }
        return coefficients[k]
    }

    /// `row += coefficient · symbol`; a cell that cancels goes.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double) {
        // After every cell (a new constraint's own symbols are the newest): an append.
        if symbols.last.map({ $0 < symbol }) ?? true {
            if !Tolerance.isZero(coefficient) {
                symbols.append(symbol)
                coefficients.append(coefficient)
            }
            return
        }
        var k = 0
        while k < symbols.count && symbols[k] < symbol { k += 1 }
        if k < symbols.count && symbols[k] == symbol {
            let value = coefficients[k] + coefficient
            if Tolerance.isZero(value) {
                symbols.remove(at: k)
                coefficients.remove(at: k)
            } else {
                coefficients[k] = value
            }
        } else if !Tolerance.isZero(coefficient) {
            symbols.insert(symbol, at: k)
            coefficients.insert(coefficient, at: k)
        }
    }

    /// `row += multiple · other` (a basic symbol replaced by its row).
    /// - Complexity: O(this row + other): one merge of the two sorted lists (inserting cell by
    ///   cell was quadratic in long rows: a chain of n views fills rows with n markers).
    mutating func insert(_ other: Row, times multiple: Double) {
        constant += other.constant * multiple
        if other.markers >= 0 { markerParts.append((other.markers, multiple)) }
        if other.cells.count <= 2 {
            for cell in other.cells { insert(cell.symbol, cell.coefficient * multiple) }
            return
        }
        // In place, from the back: the row grows by the other's length, cells are merged into
        // the tail (nothing is overwritten before it is read), then the gap left by shared
        // symbols and any cell that cancelled are closed. No new arrays.
        let n = symbols.count
        let m = other.cells.count
        symbols.append(contentsOf: repeatElement(Symbol(0), count: m))
        coefficients.append(contentsOf: repeatElement(0, count: m))
        var kept = 0
        symbols.withUnsafeMutableBufferPointer { symbols in
        coefficients.withUnsafeMutableBufferPointer { coefficients in
        other.cells.withUnsafeBufferPointer { cells in
            var i = n - 1
            var j = m - 1
            var k = n + m - 1
            while j >= 0 {
                let symbol = cells[j].symbol
                if i >= 0 && symbols[i] > symbol {
                    symbols[k] = symbols[i]
                    coefficients[k] = coefficients[i]
                    i -= 1
                } else {
                    var value = cells[j].coefficient * multiple
                    if i >= 0 && symbols[i] == symbol {
                        value += coefficients[i]
                        i -= 1
                    }
                    symbols[k] = symbol
                    coefficients[k] = value
                    j -= 1
                }
                k -= 1
            }
            // Cells 0...i are untouched and in place; the merged ones are k+1..<n+m.
            kept = i + 1
            for r in (k + 1)..<(n + m) where !Tolerance.isZero(coefficients[r]) {
                symbols[kept] = symbols[r]
                coefficients[kept] = coefficients[r]
                kept += 1
            }
        }
        }
        }
        symbols.removeLast(n + m - kept)
        coefficients.removeLast(n + m - kept)
    }

    /// `row = −row`.
    mutating func reverseSign() {
        constant = -constant
        for k in coefficients.indices { coefficients[k] = -coefficients[k] }
        for k in markerParts.indices { markerParts[k].coefficient = -markerParts[k].coefficient }
    }

    /// The row `0 = constant + a·subject + Σ…` solved for `subject`:
    /// `subject = −constant/a + Σ (−aⱼ/a)·xⱼ`, as the cells of a tableau row; its marker
    /// parts are multiplied by the same `−1/a`.
    func solved(for subject: Symbol) -> (constant: Double, cells: [Cell], parts: [(node: Int32, coefficient: Double)]) {
        let factor = -1 / coefficient(of: subject)
        var cells: [Cell] = []
        cells.reserveCapacity(symbols.count + Row.slack)
        for k in symbols.indices where symbols[k] != subject {
            cells.append(Cell(symbol: symbols[k], coefficient: coefficients[k] * factor))
        }
        return (constant * factor, cells, markerParts.map { ($0.node, $0.coefficient * factor) })
    }

    var cells: [Cell] { symbols.indices.map { Cell(symbol: symbols[$0], coefficient: coefficients[$0]) } }
}
