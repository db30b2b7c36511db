/// Why the layout engine refused a change. A refused change leaves everything as it was. Each
/// case carries what went wrong; the shell words it (`ErrorText`).
public enum LayoutError: Error, Hashable, Sendable {
    case unknownView(String, suggestion: String?)
    case unknownConstraint(String, suggestion: String?)
    case duplicateViewName(String)
    case duplicateConstraintName(String)
    case reservedName(String)
    case cannotDeleteRoot
    /// Ctrl-C during a long change (`LayoutEngine.interruptCheck`): it was taken back.
    case interrupted
    case cannotMoveRoot
    case moveIntoOwnSubtree(view: String, parent: String)
    case guideCannotHaveSubviews(String)
    case noSuperview(String)
    /// Location against dimension, or locations on different axes.
    case invalidPairing(String, String)
    /// A location attribute equal to a constant (or with multiplier 0).
    case locationToConstant(String)
    /// leading/trailing against left/right.
    case mixedDirection(String, String)
    case noCommonAncestor(String, String)
    case attributeNotOnGuide(guide: String, attribute: String)
    case invalidPriority(Double)
    /// A number beyond UIKit's limit, named for what it is (`constant`, `font size`,
    /// `multiplier`), and its value.
    case outOfRange(what: String, value: Double)
    /// A constant within the limit that the margins, frames or offsets the constraint is
    /// measured from take past it: the constant, and what it comes to.
    case measuredConstantOutOfRange(Double, total: Double)
    case notFinite(what: String, value: Double)
    case propertyNotApplicable(property: String, view: String, kind: ViewKind)
    /// `spacingAfter` on a view that is not arranged in a stack view.
    case notArranged(view: String)
    case rootIsFixed(property: String)
    /// A constraint that a view's properties make (content size, autoresizing).
    case systemConstraint(name: String, view: String, kind: SystemConstraintKind)
    case multiplierIsReadOnly(String)
    case invalidValue(property: String, value: String, expected: String)
    case notAmbiguous(String)
    case indexOutOfRange(Int, count: Int, parent: String)
    case stackConstraint(name: String, stack: String)
}

/// The closest candidate by edit distance, if it is close enough to be a likely typo (the
/// first of the closest, in the candidates' order).
///
/// A candidate whose length differs from the word's by more than the best distance still
/// allowed cannot be closer (each extra character costs an edit) and is not compared, and a
/// comparison stops once every alignment is past it: a mistyped command of 200 characters was
/// compared in full with each of the 80 commands (half a million steps), a view name with each
/// of 10,000 views.
public func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
    let typed = Array(word.lowercased())
    let limit = word.count <= 2 ? 0 : word.count <= 4 ? 1 : 2 + (word.count - 5) / 4
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        let allowed = best.map { $0.distance - 1 } ?? limit
        let lower = candidate.lowercased()
        guard abs(lower.count - typed.count) <= allowed else { continue }
        let distance = editDistance(typed, Array(lower), cutoff: allowed)
        if distance <= allowed { best = (candidate, distance) }
    }
    return best?.candidate
}

/// Edit distance with adjacent transpositions (optimal string alignment): `widht` is 1 from
/// `width`.
public func editDistance(_ a: String, _ b: String) -> Int {
    editDistance(Array(a), Array(b), cutoff: .max)
}

/// The distance, or some value above `cutoff` once it is certain to be above it: a row's
/// smallest entry never decreases from one row to the next (a transposition adds one to an
/// entry two rows up, which is at least the row between's smallest), so a row entirely above
/// the cutoff ends it. Three rows, not the whole table.
func editDistance(_ x: [Character], _ y: [Character], cutoff: Int) -> Int {
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var before = [Int](repeating: 0, count: y.count + 1)  // row i - 2
    var previous = Array(0...y.count)  // row i - 1
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
        current[0] = i
        var smallest = i
        for j in 1...y.count {
            let cost = x[i - 1] == y[j - 1] ? 0 : 1
            var value = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                value = Swift.min(value, before[j - 2] + 1)
            }
            current[j] = value
            smallest = Swift.min(smallest, value)
        }
        if smallest > cutoff { return smallest }
        swap(&before, &previous)
        swap(&previous, &current)
    }
    return previous[y.count]
}
