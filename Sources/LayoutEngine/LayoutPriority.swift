/// How a constraint's two sides compare: UIKit's `NSLayoutConstraint.Relation`.
public enum LayoutRelation: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="

    public var description: String { rawValue }
}

/// UIKit's `UILayoutPriority`: a `Float` in (0, 1000], where 1000 is required.
///
/// The named levels and the words strut takes for them live here, and nowhere else.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, CustomStringConvertible {
    public var rawValue: Float

    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ value: Float) { rawValue = value }
    public init(_ value: Double) { rawValue = Float(value) }
    public init(integerLiteral value: Int) { rawValue = Float(value) }
    public init(floatLiteral value: Float) { rawValue = value }

    public static let required: LayoutPriority = 1000
    public static let defaultHigh: LayoutPriority = 750
    public static let defaultLow: LayoutPriority = 250
    public static let fittingSizeLevel: LayoutPriority = 50

    /// The words for the named levels, in the order help lists them.
    public static let keywords: [(word: String, priority: LayoutPriority)] = [
        ("required", .required), ("high", .defaultHigh), ("low", .defaultLow), ("fitting", .fittingSizeLevel),
    ]

    /// `required`, `high`, `low` or `fitting`.
    public init?(keyword: String) {
        guard let level = LayoutPriority.keywords.first(where: { $0.word == keyword }) else { return nil }
        self = level.priority
    }

    /// Greater than 0 and at most 1000, as UIKit requires.
    public var isValid: Bool { rawValue > 0 && rawValue <= LayoutPriority.required.rawValue }
    public var isRequired: Bool { rawValue >= LayoutPriority.required.rawValue }

    /// As typed: `1000`, `250`, `999.5`, `999.999` (a Float's shortest text, not the Double
    /// 999.9990234375).
    public var description: String {
        rawValue == rawValue.rounded() ? formatNumber(Double(rawValue)) : String(rawValue)
    }

    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public static func - (p: LayoutPriority, amount: Float) -> LayoutPriority { LayoutPriority(p.rawValue - amount) }
}

/// The one limit on a constraint's constant and multiplier: UIKit refuses magnitudes beyond it.
public let maximumConstantMagnitude = 1e10
