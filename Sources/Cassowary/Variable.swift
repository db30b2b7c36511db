/// A variable of one `Solver`, made by `Solver.makeVariable(named:)`.
///
/// A variable is a handle: an integer index into the solver that made it. Its value is read
/// with `Solver.value(of:)`.
public struct Variable: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let index: Int32

    @inlinable
    init(index: Int32) { self.index = index }

    public static func < (lhs: Variable, rhs: Variable) -> Bool { lhs.index < rhs.index }

    public var description: String { "v\(index)" }
}

/// A variable with a coefficient.
public struct Term: Hashable, Sendable {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression `Σ coefficient·variable + constant`.
public struct Expression: Hashable, Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: Variable) {
        self.init([Term(variable)])
    }

    public init(constant: Double) {
        self.init([], constant: constant)
    }

    public var description: String {
        var parts: [String] = terms.map { "\($0.coefficient)*\($0.variable)" }
        if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
        return parts.joined(separator: " + ")
    }
}

// MARK: - Building expressions

public func * (variable: Variable, coefficient: Double) -> Expression {
    Expression([Term(variable, coefficient)])
}

public func * (coefficient: Double, variable: Variable) -> Expression {
    Expression([Term(variable, coefficient)])
}

public func * (expression: Expression, factor: Double) -> Expression {
    var result = expression
    for k in result.terms.indices { result.terms[k].coefficient *= factor }
    result.constant *= factor
    return result
}

public func * (factor: Double, expression: Expression) -> Expression { expression * factor }

public func / (variable: Variable, divisor: Double) -> Expression { variable * (1 / divisor) }

public func / (expression: Expression, divisor: Double) -> Expression { expression * (1 / divisor) }

extension Expression {
    /// `lhs + sign · rhs`, its terms in one array made once (building constraints with the
    /// operators made and freed an array per step).
    @inline(__always)
    static func combining(_ lhs: Expression, _ rhs: Expression, sign: Double) -> Expression {
        if rhs.terms.isEmpty { return Expression(lhs.terms, constant: lhs.constant + sign * rhs.constant) }
        var terms: [Term] = []
        terms.reserveCapacity(lhs.terms.count + rhs.terms.count)
        terms.append(contentsOf: lhs.terms)
        for term in rhs.terms { terms.append(Term(term.variable, sign * term.coefficient)) }
        return Expression(terms, constant: lhs.constant + sign * rhs.constant)
    }

    /// `variable + sign · rhs`.
    @inline(__always)
    static func combining(_ variable: Variable, _ rhs: Expression, sign: Double) -> Expression {
        var terms: [Term] = []
        terms.reserveCapacity(1 + rhs.terms.count)
        terms.append(Term(variable))
        for term in rhs.terms { terms.append(Term(term.variable, sign * term.coefficient)) }
        return Expression(terms, constant: 0 + sign * rhs.constant)
    }
}

public func + (lhs: Expression, rhs: Expression) -> Expression { .combining(lhs, rhs, sign: 1) }
public func + (lhs: Expression, rhs: Variable) -> Expression { .combining(lhs, Expression(rhs), sign: 1) }
public func + (lhs: Variable, rhs: Expression) -> Expression { .combining(lhs, rhs, sign: 1) }
public func + (lhs: Variable, rhs: Variable) -> Expression { Expression([Term(lhs), Term(rhs)]) }
public func + (lhs: Expression, rhs: Double) -> Expression { Expression(lhs.terms, constant: lhs.constant + rhs) }
public func + (lhs: Variable, rhs: Double) -> Expression { Expression([Term(lhs)], constant: 0 + rhs) }
public func + (lhs: Double, rhs: Variable) -> Expression { Expression([Term(rhs)], constant: 0 + lhs) }

public prefix func - (expression: Expression) -> Expression { expression * -1 }
public prefix func - (variable: Variable) -> Expression { variable * -1 }

public func - (lhs: Expression, rhs: Expression) -> Expression { .combining(lhs, rhs, sign: -1) }
public func - (lhs: Expression, rhs: Variable) -> Expression { .combining(lhs, Expression(rhs), sign: -1) }
public func - (lhs: Variable, rhs: Expression) -> Expression { .combining(lhs, rhs, sign: -1) }
public func - (lhs: Variable, rhs: Variable) -> Expression { Expression([Term(lhs), Term(rhs, -1)]) }
public func - (lhs: Expression, rhs: Double) -> Expression { Expression(lhs.terms, constant: lhs.constant - rhs) }
public func - (lhs: Variable, rhs: Double) -> Expression { Expression([Term(lhs)], constant: 0 - rhs) }
