import LayoutEngine

/// A constraint drawn as Interface Builder draws it on its canvas: the space between two edges
/// as an I-beam, a width or height as a dimension line, centring as a line through the centres;
/// anything else as a line between the two anchors.
public struct ConstraintLine: Sendable {
    public enum Shape: Sendable {
        /// From `from` to `to` along one axis, at `across` on the other; caps at both ends.
        case spacing(axis: Axis, from: Double, to: Double, across: Double)
        /// A view's width or height, drawn inside it along `axis` at `across`.
        case dimension(axis: Axis, from: Double, to: Double, across: Double)
        /// Through two centres.
        case centring(x1: Double, y1: Double, x2: Double, y2: Double)
        case other(x1: Double, y1: Double, x2: Double, y2: Double)
    }

    public var name: String
    /// Which constraint (the developer's, by index).
    public var ref: ConstraintRef
    /// The constraint as strut writes it.
    public var text: String
    public var shape: Shape
    /// What the label shows: the constant, a multiplier, `= other.width`.
    public var label: String
    public var priority: LayoutPriority
    public var state: ConstraintState
    /// How far it is from holding (broken or violated).
    public var amount: Double
    /// The views it is drawn between (names).
    public var items: [String]

    public var isRequired: Bool { priority.isRequired }

    /// The active constraints of the developer's (and of Interface Builder documents) whose
    /// items are all `placed` (the drawn views and their guides, by id).
    static func lines(_ engine: LayoutEngine, placed: [Picture.Placed?]) -> [ConstraintLine] {
        let h = engine.hierarchy
        var result: [ConstraintLine] = []
        // Several widths (or heights) of one view are drawn one above (beside) the other.
        var dimensions: [Anchor: Int] = [:]
        for (index, constraint) in h.userConstraints where constraint.isActive {
            guard constraint.items.allSatisfy({ placed[$0] != nil }) else { continue }
            guard var shape = shape(of: constraint, placed) else { continue }
            if case let .dimension(axis, from, to, across) = shape {
                let k = dimensions[constraint.first, default: 0]
                dimensions[constraint.first] = k + 1
                shape = .dimension(axis: axis, from: from, to: to, across: across - 14 * Double(k))
            }
            let ref = ConstraintRef.user(index)
            let state = engine.state(of: ref, constraint)
            result.append(ConstraintLine(
                name: constraint.name, ref: ref, text: h.text(of: constraint), shape: shape, label: label(of: constraint, placed),
                priority: constraint.priority, state: state, amount: state == .satisfied ? 0 : engine.error(of: ref),
                items: constraint.items.map { placed[$0]!.view.name }))
        }
        return result
    }

    /// An anchor's position in the picture's coordinates.
    static func position(_ anchor: Anchor, _ placed: Picture.Placed) -> Double {
        // `value(of:)` is in the superview's coordinates: move it by the frame's shift.
        let local = placed.view.value(of: anchor.attribute)
        let shift = anchor.attribute.axis == .horizontal ? placed.frame.x - placed.view.frame.x : placed.frame.y - placed.view.frame.y
        return local + shift
    }

    static func shape(of c: LayoutConstraint, _ placed: [Picture.Placed?]) -> Shape? {
        guard let first = placed[c.first.item] else { return nil }
        let firstFrame = first.frame, p1 = position(c.first, first)
        let axis = c.first.attribute.axis
        let horizontal = axis == .horizontal
        let kind = c.first.attribute
        // Width or height.
        if kind == .width || kind == .height {
            let from = horizontal ? firstFrame.x : firstFrame.y
            let across = horizontal ? firstFrame.y + firstFrame.height * 0.8 : firstFrame.x + firstFrame.width * 0.8
            return .dimension(axis: axis, from: from, to: from + (horizontal ? firstFrame.width : firstFrame.height), across: across)
        }
        guard let second = c.second, let other = placed[second.item] else { return nil }
        let secondFrame = other.frame, p2 = position(second, other)
        if kind.isCentre && second.attribute.isCentre {
            return horizontal
                ? .centring(x1: p1, y1: firstFrame.y + firstFrame.height / 2, x2: p2, y2: secondFrame.y + secondFrame.height / 2)
                : .centring(x1: firstFrame.x + firstFrame.width / 2, y1: p1, x2: secondFrame.x + secondFrame.width / 2, y2: p2)
        }
        if second.attribute.axis == axis {
            // Across: the middle of where the two views overlap, else the first view's middle.
            let (a0, a1) = horizontal ? (firstFrame.y, firstFrame.maxY) : (firstFrame.x, firstFrame.maxX)
            let (b0, b1) = horizontal ? (secondFrame.y, secondFrame.maxY) : (secondFrame.x, secondFrame.maxX)
            let low = max(a0, b0), high = min(a1, b1)
            let across = low <= high ? (low + high) / 2 : (a0 + a1) / 2
            return .spacing(axis: axis, from: p2, to: p1, across: across)
        }
        return .other(x1: firstFrame.x + firstFrame.width / 2, y1: firstFrame.y + firstFrame.height / 2,
                      x2: secondFrame.x + secondFrame.width / 2, y2: secondFrame.y + secondFrame.height / 2)
    }

    static func label(of c: LayoutConstraint, _ placed: [Picture.Placed?]) -> String {
        var text: String
        let relation = c.relation == .equal ? "" : c.relation == .lessThanOrEqual ? "≤ " : "≥ "
        if let second = c.second, c.first.attribute == .width || c.first.attribute == .height {
            text = "= \(c.multiplier == 1 ? "" : formatNumber(c.multiplier) + " × ")\(placed[second.item]!.view.name).\(second.attribute.name)"
            if c.constant != 0 { text += " \(c.constant < 0 ? "-" : "+") \(formatNumber(abs(c.constant)))" }
            text = relation.isEmpty ? text : relation + text.dropFirst(2)
        } else {
            text = relation + formatNumber(c.constant)
        }
        if !c.isRequired { text += " @\(c.priority)" }
        return text
    }
}

extension LayoutAttribute {
    var isCentre: Bool { self == .centerX || self == .centerY || self == .centerXWithinMargins || self == .centerYWithinMargins }
}
