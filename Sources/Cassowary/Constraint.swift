/// How a constraint's two sides compare.
public enum Relation: Sendable, Hashable, CustomStringConvertible {
    case equal
    case lessThanOrEqual
    case greaterThanOrEqual

    public var description: String {
        switch self {
        case .equal: "=="
        case .lessThanOrEqual: "<="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// Priorities are `Float` values in (0, 1000], as `UILayoutPriority`; 1000 is required.
public typealias Priority = Float

extension Priority {
    /// The priority of a constraint that must hold.
    public static let required: Priority = 1000
}

/// A linear constraint `expression RELATION 0` with a priority.
///
/// Build one from two sides with `Constraint(lhs, .equal, rhs)`; the expression stored is
/// `lhs − rhs`.
public struct Constraint: Hashable, Sendable, CustomStringConvertible {
    public var expression: Expression
    public var relation: Relation
    public var priority: Priority

    public init(_ expression: Expression, _ relation: Relation, priority: Priority = .required) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
    }

    public init(_ lhs: Expression, _ relation: Relation, _ rhs: Expression,
                priority: Priority = .required) {
        self.init(lhs - rhs, relation, priority: priority)
    }

    public init(_ lhs: Variable, _ relation: Relation, _ rhs: Expression,
                priority: Priority = .required) {
        self.init(Expression.combining(lhs, rhs, sign: -1), relation, priority: priority)
    }

    public init(_ lhs: Variable, _ relation: Relation, _ rhs: Variable,
                priority: Priority = .required) {
        self.init(Expression([Term(lhs), Term(rhs, -1)]), relation, priority: priority)
    }

    public init(_ lhs: Variable, _ relation: Relation, _ rhs: Double,
                priority: Priority = .required) {
        self.init(Expression([Term(lhs)], constant: 0 - rhs), relation, priority: priority)
    }

    public init(_ lhs: Expression, _ relation: Relation, _ rhs: Double,
                priority: Priority = .required) {
        self.init(Expression(lhs.terms, constant: lhs.constant - rhs), relation, priority: priority)
    }

    public var isRequired: Bool { priority >= .required }

    public var description: String {
        let suffix = isRequired ? "" : " @\(priority)"
        return "\(expression) \(relation) 0\(suffix)"
    }
}

/// A handle to a constraint added to a `Solver`. Handles are never reused within one solver.
public struct ConstraintID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let index: Int32

    @inlinable
    init(index: Int32) { self.index = index }

    public static func < (lhs: ConstraintID, rhs: ConstraintID) -> Bool { lhs.index < rhs.index }

    public var description: String { "#\(index)" }
}
