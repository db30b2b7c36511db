import Cassowary

/// Constraint descriptions in the shell's own syntax, which the shell reads back:
/// `title.leading == root.leading + 8`, `a.width == 0.5 * b.width @750`.
extension Hierarchy {
    public func text(of constraint: LayoutConstraint) -> String {
        var parts = [describe(constraint.first), constraint.relation.description]
        var right = ""
        if let second = constraint.second {
            if constraint.multiplier != 1 { right = "\(formatNumber(constraint.multiplier)) * " }
            right += describe(second)
            if constraint.constant != 0 {
                right += constraint.constant < 0 ? " - \(formatNumber(-constraint.constant))"
                    : " + \(formatNumber(constraint.constant))"
            }
        } else {
            right = formatNumber(constraint.constant)
        }
        parts.append(right)
        if !constraint.isRequired { parts.append("@\(formatPriority(constraint.priority))") }
        return parts.joined(separator: " ")
    }

}
