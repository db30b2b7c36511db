/// A symbol of the tableau: the user's variables (external) and those the solver makes for
/// each constraint (slack, error, dummy marker, artificial). A handle into the tableau's
/// per-symbol arrays (`kinds`, `values`, `columns`, …); its kind is `tableau.kinds[symbol.index]`.
/// Where there may be none, it is optional (`Symbol?`), never a sentinel.
struct Symbol: Hashable, Comparable, CustomStringConvertible {
    let id: Int32

    @inline(__always)
    init(_ id: Int32) { self.id = id }

    /// The position in the tableau's per-symbol arrays.
    @inline(__always)
    var index: Int { Int(id) }

    @inline(__always)
    static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }

    var description: String { "s\(id)" }
}

/// The kind of a tableau symbol.
///
/// `external` symbols are the user's variables and are unrestricted in sign; every other kind is
/// restricted to be non-negative. `dummy` symbols are markers of required equalities: they are
/// fixed at zero and never enter the basis in an optimisation.
enum SymbolKind: UInt8 {
    case external
    case slack
    case error
    case dummy
    case artificial
}
