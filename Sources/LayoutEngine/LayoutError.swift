/// Why the layout engine refused a change. A refused change leaves everything as it was.
public enum LayoutError: Error, Hashable, Sendable {
    case unknownView(String, suggestion: String?)
    case unknownConstraint(String, suggestion: String?)
    case duplicateViewName(String)
    case duplicateConstraintName(String)
    case reservedName(String)
    case cannotDeleteRoot
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
    case systemConstraint(name: String, hint: String)
    case multiplierIsReadOnly(String)
    case invalidValue(property: String, value: String, expected: String)
    case notAmbiguous(String)
    case indexOutOfRange(Int, count: Int, parent: String)
    case stackConstraint(name: String, stack: String)

    /// One line for the user: what failed, the offending input quoted, what to do next.
    public var message: String {
        switch self {
        case let .unknownView(name, suggestion):
            return "no view named '\(name)'" + didYouMean(suggestion)
        case let .unknownConstraint(name, suggestion):
            return "no constraint named '\(name)'" + didYouMean(suggestion)
        case let .duplicateViewName(name):
            return "a view named '\(name)' already exists; pick another name"
        case let .duplicateConstraintName(name):
            return "a constraint named '\(name)' already exists; pick another name"
        case let .reservedName(name):
            return "'\(name)' is reserved; pick another name"
        case .cannotDeleteRoot:
            return "cannot delete 'root': it is the window's root view (use reset to start over)"
        case .cannotMoveRoot:
            return "cannot move 'root': it has no superview"
        case let .moveIntoOwnSubtree(view, parent):
            return "cannot move '\(view)' into '\(parent)': '\(parent)' is inside '\(view)'"
        case let .guideCannotHaveSubviews(name):
            return "'\(name)' is a layout guide and cannot have subviews"
        case let .noSuperview(name):
            return "'super' of '\(name)': '\(name)' has no superview"
        case let .invalidPairing(a, b):
            return "invalid pairing of layout attributes: '\(a)' and '\(b)' (a location needs a location on the same axis, a size a size)"
        case let .locationToConstant(anchor):
            return "'\(anchor)' cannot equal a constant: location attributes must be specified in pairs (e.g. '\(anchor) == super.\(anchor.split(separator: ".").last ?? "") + 8')"
        case let .mixedDirection(a, b):
            return "a constraint cannot be made between a leading/trailing attribute and a right/left attribute ('\(a)', '\(b)'): use leading/trailing for both or neither"
        case let .noCommonAncestor(a, b):
            return "'\(a)' and '\(b)' have no common ancestor"
        case let .attributeNotOnGuide(guide, attribute):
            return "layout guide '\(guide)' has no '\(attribute)' (guides have edges, centers and sizes only)"
        case let .invalidPriority(value):
            return "priority \(formatNumber(value)) is out of range: priorities must be greater than 0 and at most 1000 (or required, high, low, fitting)"
        case let .constantOutOfRange(value):
            return "constant \(formatNumber(value)) is beyond ±1e10, the largest UIKit accepts"
        case let .notFinite(what, value):
            return "\(what) \(formatNumber(value)) is not a finite number"
        case let .propertyNotApplicable(property, view, kind):
            return "'\(property)' does not apply to '\(view)' (a \(kind.rawValue))"
        case let .rootIsFixed(property):
            return "root's '\(property)' is fixed; root takes only frame and margins"
        case let .systemConstraint(name, hint):
            return "'\(name)' is made by the system; \(hint)"
        case let .multiplierIsReadOnly(name):
            return "cannot change the multiplier of '\(name)': a multiplier is read-only in UIKit; make a second constraint with the new multiplier and keep one of the two active at a time (deactivate \(name); activate OTHER)"
        case let .invalidValue(property, value, expected):
            return "'\(value)' is not a valid \(property): expected \(expected)"
        case let .notAmbiguous(name):
            return "'\(name)' is not ambiguous: its frame is the same in every optimal layout"
        case let .indexOutOfRange(index, count, parent):
            return "index \(index) is out of range for '\(parent)': expected 0 to \(count) (as UIKit: index out of bounds for arranged subview)"
        case let .stackConstraint(name, stack):
            return "'\(name)' is made by the stack view '\(stack)'; change its axis, spacing, distribution, alignment or arranged views (move, hidden)"
        }
    }

}

/// `; did you mean 'width'?` for a suggestion, else `otherwise` (the one wording of every
/// layer's "did you mean").
public func didYouMean(_ suggestion: String?, otherwise: String = "") -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? otherwise
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
