/// Descriptions in UIKit's own formats (AUTOLAYOUT.md §7): `NSLayoutConstraint -description`,
/// the "Unable to simultaneously satisfy constraints." message and `_autolayoutTrace`, so that
/// what strut prints can be set beside a device's console.
///
/// strut has no memory addresses: each view and constraint gets a made-up one that depends only
/// on its index, so it is the same in every run. Constraints carry their strut name as the
/// identifier (`'c3'`); views that are not labels or buttons carry their name as UIKit shows an
/// accessibility identifier.
extension Hierarchy {
    // MARK: - Items

    /// `UILabel:0x7f8000000100'Hello'`: the short item description of constraint logs.
    public func uikitItem(_ id: ViewID) -> String {
        let view = self.view(id)
        var text = "\(view.className):\(Hierarchy.viewAddress(id))"
        if let role = view.stackHelper { return text + "'\(role.identifier)'" }
        if let role = view.systemGuide { return text + "'\(role.identifier)'" }
        let label = (view.kind == .label || view.kind == .button) ? view.text : view.name
        if !label.isEmpty { text += "'\(Hierarchy.truncatedLabel(label))'" }
        return text
    }

    static func viewAddress(_ id: ViewID) -> String {
        hexAddress(0x7f80_0000_0000 + UInt64(id) << 8)
    }

    static func constraintAddress(_ ref: ConstraintRef) -> String {
        switch ref {
        case let .user(index):
            return hexAddress(0x6000_0000_0000 + UInt64(index + 1) << 4)
        case let .system(id, kind):
            // A content-size pair is one NSContentSizeLayoutConstraint per axis in UIKit.
            let group: UInt64
            switch kind {
            case .huggingH, .compressionH: group = 1
            case .huggingV, .compressionV: group = 2
            default: group = 3 + UInt64(kind.rawValue)
            }
            return hexAddress(0x6001_0000_0000 + UInt64(id) << 8 + group << 4)
        case let .stack(id, k):
            return hexAddress(0x6002_0000_0000 + UInt64(id) << 16 + UInt64(k + 1) << 4)
        }
    }

    static func hexAddress(_ value: UInt64) -> String { "0x" + String(value, radix: 16) }

    /// UIKit shows at most 25 characters of a label, then `...`; newlines as `\n`.
    static func truncatedLabel(_ text: String) -> String {
        var shown = String(text.prefix(25))
        if text.count > 25 { shown += "..." }
        return shown.replacingNewlines().visible
    }

    // MARK: - Constraints

    /// The UIKit class of a constraint.
    public func uikitClass(of ref: ConstraintRef) -> String {
        let origin: ConstraintOrigin
        switch ref {
        case let .system(_, kind): origin = kind.origin
        // A log's constraint keeps the class UIKit printed.
        case .user: origin = constraint(ref)?.origin ?? .user
        case .stack: origin = .stack
        }
        switch origin {
        case .contentSize: return "NSContentSizeLayoutConstraint"
        case .autoresizing: return "NSAutoresizingMaskLayoutConstraint"
        default: return "NSLayoutConstraint"
        }
    }

    /// `<NSLayoutConstraint:0x600000000010 'c1' UILabel:0x7f8000000100'Hi'.width == 500   (active)>`,
    /// in the grammar of AUTOLAYOUT.md §7.2: the ASCII-art body for spacing and superview
    /// connections, the equation otherwise.
    public func uikitDescription(of ref: ConstraintRef) -> String {
        guard let c = constraint(ref) else { return "<NSLayoutConstraint:0x0 ?>" }
        var parts = ["<\(uikitClass(of: ref)):\(Hierarchy.constraintAddress(ref))"]
        var legend: String?
        switch ref {
        case let .system(id, kind) where kind.origin == .autoresizing:
            parts.append(view(id).autoresizingMask.accessory)
        case let .system(id, kind) where kind.origin == .layoutGuide:
            parts.append("'\(Hierarchy.uikitGuideConstraintName(view(id).systemGuide, kind))'")
        case .system:
            break
        case .user, .stack:
            parts.append("'\(c.identifier ?? c.name)'")
        }
        if case let .system(id, kind) = ref, kind.origin == .contentSize {
            // One constraint per axis: size == intrinsic, with both priorities.
            let view = self.view(id)
            let axis: Axis = (kind == .huggingH || kind == .compressionH) ? .horizontal : .vertical
            parts.append("\(uikitItem(id)).\(axis == .horizontal ? "width" : "height") == \(uikitNumber(c.constant))")
            parts.append("Hug:\(uikitNumber(Double(view.huggingPriority(axis).rawValue))) CompressionResistance:\(uikitNumber(Double(view.compressionResistancePriority(axis).rawValue)))")
        } else if let (art, superview) = asciiArt(c) {
            parts.append(art)
            legend = superview.map { "'|':\(uikitItem($0))" }
        } else {
            parts.append(equation(c))
            if !c.isRequired { parts.append("priority:\(uikitNumber(Double(c.priority.rawValue)))") }
        }
        let status = c.isActive ? "active" : "inactive"
        return parts.joined(separator: " ") + "   (" + status + (legend.map { ", names: \($0) " } ?? "") + ")>"
    }

    /// UIKit's identifier of a system guide's edge constraint: `UIViewSafeAreaLayoutGuide-top`,
    /// `UIView-leftMargin-guide-constraint` (AUTOLAYOUT.md §4).
    static func uikitGuideConstraintName(_ role: SystemGuide?, _ kind: SystemConstraintKind) -> String {
        let edge = kind.suffix
        switch role {
        case .safeAreaLayoutGuide: return "UIViewSafeAreaLayoutGuide-\(edge)"
        case .layoutMarginsGuide: return "UIView-\(edge)Margin-guide-constraint"
        default: return "UIViewReadableContentGuide-\(edge)"
        }
    }

    /// `First.attr == [-][k*]Second.attr [+ c]`, or `First.attr == c` without a second item.
    func equation(_ c: LayoutConstraint) -> String {
        var tokens = ["\(uikitItem(c.first.item)).\(c.first.attribute.name)", c.relation.description]
        if let second = c.second {
            var term = c.multiplier < 0 ? "-" : ""
            if abs(c.multiplier) != 1 { term += "\(uikitNumber(abs(c.multiplier)))*" }
            tokens.append(term + "\(uikitItem(second.item)).\(second.attribute.name)")
            if c.constant != 0 {
                tokens.append(c.constant < 0 ? "-" : "+")
                tokens.append(uikitNumber(abs(c.constant)))
            }
        } else if c.constant < 0 {
            tokens.append("-")
            tokens.append(uikitNumber(-c.constant))
        } else {
            tokens.append(uikitNumber(c.constant))
        }
        return tokens.joined(separator: " ")
    }

    /// The ASCII-art body and, for a superview connection, the superview (the legend's `|`).
    func asciiArt(_ c: LayoutConstraint) -> (String, ViewID?)? {
        guard let second = c.second, c.multiplier == 1 else { return nil }
        let a = c.first.attribute
        let b = second.attribute
        guard a.axis == b.axis, c.first.item != second.item else { return nil }
        let prefix = a.axis == .horizontal ? "H:" : "V:"
        let ltr = (a == .left || a == .right) ? "(LTR)" : ""
        var predicate = "-("
        switch c.relation {
        case .equal: break
        case .lessThanOrEqual: predicate += "<="
        case .greaterThanOrEqual: predicate += ">="
        }
        predicate += uikitNumber(c.constant)
        if !c.isRequired { predicate += "@\(uikitNumber(Double(c.priority.rawValue)))" }
        predicate += ")-"
        let firstParent = view(c.first.item).parent
        let secondParent = view(second.item).parent
        if a.isMinEdge && b == a.facingMaxEdge, firstParent != nil, firstParent == secondParent {
            return ("\(prefix)[\(uikitItem(second.item))]\(predicate)[\(uikitItem(c.first.item))]\(ltr)", nil)
        }
        if a.isMinEdge && a == b && firstParent == second.item {
            return ("\(prefix)|\(predicate)[\(uikitItem(c.first.item))]\(ltr)", second.item)
        }
        if a.isMaxEdge && a == b && secondParent == c.first.item {
            return ("\(prefix)[\(uikitItem(second.item))]\(predicate)|\(ltr)", c.first.item)
        }
        return nil
    }

    // MARK: - The message

    /// UIKit's "Unable to simultaneously satisfy constraints." message (iOS 10+ shape) for a
    /// conflicting set and the constraint broken from it.
    public func unsatisfiableMessage(set: [ConstraintRef], broken: ConstraintRef) -> String {
        var lines = [
            "[LayoutConstraints] Unable to simultaneously satisfy constraints.",
            "\tProbably at least one of the constraints in the following list is one you don't want. ",
            "\tTry this: ",
            "\t\t(1) look at each constraint and try to figure out which you don't expect; ",
            "\t\t(2) find the code that added the unwanted constraint or constraints and fix it. ",
        ]
        if set.contains(where: { uikitClass(of: $0) == "NSAutoresizingMaskLayoutConstraint" }) {
            lines.append("\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) ")
        }
        lines.append("(")
        let items = set.map { "    \"\(uikitDescription(of: $0).replacingOccurrencesOfQuote())\"" }
        lines.append(items.joined(separator: ",\n"))
        lines.append(")")
        lines.append("")
        lines.append("Will attempt to recover by breaking constraint ")
        lines.append(uikitDescription(of: broken))
        lines.append("")
        lines.append("Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.")
        lines.append("The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.")
        return lines.joined(separator: "\n")
    }
}

extension LayoutAttribute {
    var isMinEdge: Bool { [.left, .leading, .top, .leftMargin, .leadingMargin, .topMargin].contains(self) }
    var isMaxEdge: Bool { [.right, .trailing, .bottom, .rightMargin, .trailingMargin, .bottomMargin].contains(self) }

    var facingMaxEdge: LayoutAttribute? {
        switch self {
        case .left, .leftMargin: .right
        case .leading, .leadingMargin: .trailing
        case .top, .topMargin: .bottom
        default: nil
        }
    }
}

/// `%g`: six significant digits, no trailing zeros (UIKit prints numbers so).
public func uikitNumber(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value > 0 ? "inf" : "-inf" }
    if value == 0 { return "0" }
    let magnitude = abs(value)
    if magnitude >= 1e6 || magnitude < 1e-4 { return String(value) }
    var digits = 0
    var scale = magnitude
    while scale >= 1 { scale /= 10; digits += 1 }
    let decimals = max(0, 6 - digits)
    var factor = 1.0
    for _ in 0..<decimals { factor *= 10 }
    let rounded = (value * factor).rounded() / factor
    return formatNumber(rounded)
}

extension String {
    func replacingNewlines() -> String {
        var result = ""
        for character in self {
            if character == "\n" { result += "\\n" } else { result.append(character) }
        }
        return result
    }

    /// An NSArray description quotes its strings and escapes the quotes inside them.
    func replacingOccurrencesOfQuote() -> String {
        var result = ""
        for character in self {
            if character == "\"" { result += "\\\"" } else { result.append(character) }
        }
        return result
    }
}
