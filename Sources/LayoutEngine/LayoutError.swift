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
    case constantOutOfRange(Double)
    case notFinite(what: String, value: Double)
    case propertyNotApplicable(property: String, view: String, kind: ViewKind)
    case rootIsFixed(property: String)
    /// A constraint that a view's properties make (content size, autoresizing).
    case systemConstraint(name: String, view: String, kind: SystemConstraintKind)
    case multiplierIsReadOnly(String)
    case invalidValue(property: String, value: String, expected: String)
    case notAmbiguous(String)
    case indexOutOfRange(Int, count: Int, parent: String)
    case stackConstraint(name: String, stack: String)
}

/// The closest candidate by edit distance, if it is close enough to be a likely typo.
public func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
    var best: (String, Int)?
    let limit = word.count <= 2 ? 0 : word.count <= 4 ? 1 : 2 + (word.count - 5) / 4
    for candidate in candidates {
        let distance = editDistance(word.lowercased(), candidate.lowercased())
        if distance <= limit, best == nil || distance < best!.1 { best = (candidate, distance) }
    }
    return best?.0
}

/// Edit distance with adjacent transpositions (optimal string alignment): `widht` is 1 from
/// `width`.
public func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a), y = Array(b)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
    for i in 0...x.count { table[i][0] = i }
    for j in 0...y.count { table[0][j] = j }
    for i in 1...x.count {
        for j in 1...y.count {
            let cost = x[i - 1] == y[j - 1] ? 0 : 1
            var value = Swift.min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
            if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                value = Swift.min(value, table[i - 2][j - 2] + 1)
            }
            table[i][j] = value
        }
    }
    return table[x.count][y.count]
}
