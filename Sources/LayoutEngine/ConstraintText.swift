/// Constraint descriptions in the shell's own syntax, which the shell reads back:
/// `title.leading == root.leading + 8`, `a.width == 0.5 * b.width @750`.
extension Hierarchy {
    /// With `exact`, numbers are written so that reading them back gives the same Double
    /// (`save` needs that; the display rounds to six decimals).
    public func text(of constraint: LayoutConstraint, exact: Bool = false) -> String {
        func number(_ value: Double) -> String { exact ? exactNumber(value) : formatNumber(value) }
        var parts = [describe(constraint.first), constraint.relation.description]
        var right = ""
        if let second = constraint.second {
            if constraint.multiplier != 1 { right = "\(number(constraint.multiplier)) * " }
            right += describe(second)
            if constraint.constant != 0 {
                right += constraint.constant < 0 ? " - \(number(-constraint.constant))"
                    : " + \(number(constraint.constant))"
            }
        } else {
            right = number(constraint.constant)
        }
        parts.append(right)
        if !constraint.isRequired { parts.append("@\(constraint.priority)") }
        return parts.joined(separator: " ")
    }
}

/// A number as `formatNumber` writes it when that reads back exactly, else in full.
public func exactNumber(_ value: Double) -> String {
    let short = formatNumber(value)
    return Double(short) == value ? short : "\(value)"
}
