/// Why a solver operation was refused. A refused operation leaves the solver as it was.
public enum SolverError: Error, Hashable, Sendable {
    /// A coefficient is NaN or infinite.
    case nonFiniteCoefficient(Variable, Double)
    /// A constant (or a suggested value) is NaN or infinite.
    case nonFiniteConstant(Double)
    /// A constant (or a suggested value) is beyond ±1e10, the limit UIKit clamps to.
    case constantOutOfRange(Double)
    /// A priority outside (0, 1000], or NaN.
    case invalidPriority(Priority)
    /// A variable that this solver did not make.
    case unknownVariable(Variable)
    /// A constraint that is not in this solver (never added, or removed).
    case unknownConstraint(ConstraintID)
    /// The required constraint cannot hold with the required constraints already there.
    case unsatisfiable(Conflict)
    /// `addEditVariable` for a variable that already has one.
    case duplicateEditVariable(Variable)
    /// `suggestValue` or `removeEditVariable` for a variable without an edit.
    case unknownEditVariable(Variable)
    /// An edit variable must be optional: its priority must be below 1000.
    case requiredEditVariable(Variable)
}

/// A minimal set of required constraints that cannot all hold: drop any member and the rest
/// can. `rejected` is the constraint whose addition (or change) failed; it is a member of
/// `members`, and when the operation was an `add` its handle is consumed but not live.
public struct Conflict: Hashable, Sendable {
    public var members: [ConstraintID]
    public var rejected: ConstraintID

    public init(members: [ConstraintID], rejected: ConstraintID) {
        self.members = members.sorted()
        self.rejected = rejected
    }
}

/// The range of a variable's value over all optimal solutions; `nil` ends are unbounded.
public struct ValueRange: Hashable, Sendable, CustomStringConvertible {
    public var lower: Double?
    public var upper: Double?

    public init(lower: Double?, upper: Double?) {
        self.lower = lower
        self.upper = upper
    }

    /// The value is the same in every optimal solution.
    public var isUnique: Bool {
        guard let lower, let upper else { return false }
        return Tolerance.isZero(upper - lower, scale: max(abs(lower), abs(upper)))
    }

    public var description: String {
        "[\(lower.map { "\($0)" } ?? "-inf"), \(upper.map { "\($0)" } ?? "+inf")]"
    }
}
