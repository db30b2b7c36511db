/// One side of a constraint: an item and one of its attributes.
public struct Anchor: Hashable, Sendable {
    public var item: ViewID
    public var attribute: LayoutAttribute

    public init(item: ViewID, attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
    }
}

/// Who made a constraint (the `origin` of `dump`).
public enum ConstraintOrigin: String, Hashable, Sendable {
    case user
    case contentSize = "content-size"
    case autoresizing
    case stack
    case margins
    /// The edges of a layout guide UIKit keeps on every view.
    case layoutGuide = "layout-guide"
}

/// The state of a constraint as of the solver's current solution.
public enum ConstraintState: String, Hashable, Sendable {
    case inactive, satisfied, violated, broken
}

/// The constraints a view's properties make, one kind per row of UIKit's generated constraints.
public enum SystemConstraintKind: Int, CaseIterable, Hashable, Sendable, Comparable {
    case huggingH, compressionH, huggingV, compressionV
    case autoresizingX, autoresizingWidth, autoresizingY, autoresizingHeight
    /// The engine's own `width >= 0` and `height >= 0` (never listed: a given, like root's frame).
    case nonNegativeWidth, nonNegativeHeight
    /// A system guide's edges, inset from its owning view's (`UIViewSafeAreaLayoutGuide-top`).
    case guideTop, guideLeft, guideBottom, guideRight

    /// The suffix after the view's name: `title.hugging.h`.
    public var suffix: String {
        switch self {
        case .huggingH: "hugging.h"
        case .compressionH: "compression.h"
        case .huggingV: "hugging.v"
        case .compressionV: "compression.v"
        case .autoresizingX: "autoresizing.x"
        case .autoresizingWidth: "autoresizing.width"
        case .autoresizingY: "autoresizing.y"
        case .autoresizingHeight: "autoresizing.height"
        case .nonNegativeWidth: "width.nonNegative"
        case .nonNegativeHeight: "height.nonNegative"
        case .guideTop: "top"
        case .guideLeft: "left"
        case .guideBottom: "bottom"
        case .guideRight: "right"
        }
    }

    public var origin: ConstraintOrigin {
        switch self {
        case .huggingH, .compressionH, .huggingV, .compressionV: .contentSize
        case .guideTop, .guideLeft, .guideBottom, .guideRight: .layoutGuide
        default: .autoresizing
        }
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The kinds a view may have (all but a system guide's edges), and those a guide may have.
    static let ofViews = allCases.filter { $0.origin != .layoutGuide }
    static let ofGuides = allCases.filter { $0.origin == .layoutGuide || $0 == .nonNegativeWidth || $0 == .nonNegativeHeight }
    /// Those listed (the engine's non-negative sizes are not).
    static let listedOfViews = ofViews.filter { $0 != .nonNegativeWidth && $0 != .nonNegativeHeight }
    static let listedOfGuides = allCases.filter { $0.origin == .layoutGuide }
}

/// Which constraint: a user's by its index, or one that a view's properties make.
public enum ConstraintRef: Hashable, Sendable, Comparable {
    case user(Int)
    case system(ViewID, SystemConstraintKind)
    /// The stack view's generated constraint at this index of its list (`Hierarchy.stackConstraints`).
    case stack(ViewID, Int)

    public static func < (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case let (.user(x), .user(y)): x < y
        case (.user, _): true
        case (_, .user): false
        case let (.system(v, k), .system(w, l)): v != w ? v < w : k < l
        case let (.system(v, _), .stack(w, _)): v <= w
        case let (.stack(v, _), .system(w, _)): v < w
        case let (.stack(v, i), .stack(w, j)): v != w ? v < w : i < j
        }
    }

    /// The references in `<` order, sorted as numbers that order as they do: an import sorts
    /// tens of thousands, where comparing them case by case costs more. A command's
    /// few are sorted as they are (making keys for them cost more than the sort).
    static func sorted(_ refs: [ConstraintRef]) -> [ConstraintRef] {
        guard refs.count > 32 else { return refs.sorted() }
        var keys: [UInt64] = []
        keys.reserveCapacity(refs.count)
        for ref in refs {
            guard let key = ref.sortKey else { return refs.sorted() }
            keys.append(key)
        }
        keys.sort()
        return keys.map(ConstraintRef.init(sortKey:))
    }

    /// Yours below 2^62 by index; above, a view's by view, its system constraints (by kind)
    /// before its stack constraints (by index). Nil for an index too large to pack.
    var sortKey: UInt64? {
        switch self {
        case let .user(index):
            return index >= 0 && index < 1 << 62 ? UInt64(index) : nil
        case let .system(view, kind):
            guard view >= 0 && view < 1 << 37 else { return nil }
            return 1 << 62 | UInt64(view) << 24 | UInt64(kind.rawValue)
        case let .stack(view, index):
            guard view >= 0 && view < 1 << 37 && index >= 0 && index < 1 << 23 else { return nil }
            return 1 << 62 | UInt64(view) << 24 | 1 << 23 | UInt64(index)
        }
    }

    init(sortKey key: UInt64) {
        if key < 1 << 62 {
            self = .user(Int(key))
            return
        }
        let view = Int((key >> 24) & (1 << 37 - 1))
        let low = Int(key & (1 << 23 - 1))
        self = key & 1 << 23 == 0 ? .system(view, SystemConstraintKind(rawValue: low)!) : .stack(view, low)
    }
}

/// `firstItem.firstAttribute RELATION multiplier × secondItem.secondAttribute + constant`,
/// at a priority. The multiplier is read-only once made, as in UIKit.
public struct LayoutConstraint: Hashable, Sendable {
    public var name: String
    public var first: Anchor
    public var relation: LayoutRelation
    public var second: Anchor?
    public var multiplier: Double
    public var constant: Double
    public var priority: LayoutPriority
    public var isActive: Bool
    public var origin: ConstraintOrigin
    /// When the constraint was last activated (the clock of its hierarchy): the newest member
    /// of a conflicting set is the one broken.
    public var stamp: Int
    /// `NSLayoutConstraint.identifier` when it is not the name: UIKit's (`UISV-spacing`) or one
    /// an imported document gave that is not a strut name.
    public var identifier: String?

    public init(name: String, first: Anchor, relation: LayoutRelation, second: Anchor?, multiplier: Double,
                constant: Double, priority: LayoutPriority, isActive: Bool = true,
                origin: ConstraintOrigin = .user, stamp: Int = 0, identifier: String? = nil) {
        self.name = name
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.isActive = isActive
        self.origin = origin
        self.stamp = stamp
        self.identifier = identifier
    }

    public var isRequired: Bool { priority.isRequired }

    /// An edge placed in the superview's coordinates with no second item: `minX == 0`, or an
    /// autoresizing constraint read from a log (`midY == + 30`).
    var placesEdgeInSuperview: Bool {
        second == nil && !first.attribute.isDimension
            && (origin == .autoresizing || first.attribute == .minX || first.attribute == .minY)
    }

    /// The items it names.
    /// Whether it names leading or trailing (or their margins), which follow the layout direction.
    var mentionsDirection: Bool {
        first.attribute.isDirectional || (second?.attribute.isDirectional ?? false)
    }

    public var items: [ViewID] {
        if let second { return [first.item, second.item] }
        return [first.item]
    }
}

/// Text of numbers as strut prints them: integers without a fraction, others with up to six
/// decimals and no trailing zeros.
/// `1 view`, `2 views`: a count with its noun, singular for one (`plural` when not noun + s).
public func counted(_ n: Int, _ noun: String, plural: String? = nil) -> String {
    "\(n) \(n == 1 ? noun : plural ?? noun + "s")"
}

public func formatNumber(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value > 0 ? "inf" : "-inf" }
    // Beyond 1e15 rounding to millionths would overflow (1e308 × 1e6 is inf) and means nothing.
    if abs(value) >= 1e15 { return String(value) }
    let rounded = (value * 1_000_000).rounded() / 1_000_000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
        let integer = Int64(rounded)
        return integer == 0 ? "0" : String(integer)
    }
    var text = String(rounded)
    if text.contains("e") { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
