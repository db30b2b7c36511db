/// `NSLayoutAttribute`, the attributes a constraint may relate, with UIKit's raw values.
public enum LayoutAttribute: Int, CaseIterable, Hashable, Sendable {
    case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case lastBaseline, firstBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
    /// Private attributes of autoresizing constraints (never typed by a user).
    case minX = 32, minY = 33

    /// Attributes a user may type, in the order of SPEC.md.
    public static let userAttributes: [LayoutAttribute] = [
        .left, .right, .top, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY,
        .firstBaseline, .lastBaseline, .leftMargin, .rightMargin, .topMargin, .bottomMargin,
        .leadingMargin, .trailingMargin, .centerXWithinMargins, .centerYWithinMargins,
    ]

    public init?(name: String) {
        guard let attribute = LayoutAttribute.userAttributes.first(where: { $0.name == name }) else { return nil }
        self = attribute
    }

    /// The API name, as in `view.leadingAnchor` and in UIKit's logs.
    public var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        case .minX: "minX"
        case .minY: "minY"
        }
    }

    public var axis: Axis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin,
             .leadingMargin, .trailingMargin, .centerXWithinMargins, .minX:
            .horizontal
        default:
            .vertical
        }
    }

    /// Width and height; every other attribute is a location.
    public var isDimension: Bool { self == .width || self == .height }

    /// An edge or a margin: what a scroll view's subview reads on the scroll view's content
    /// (the Auto Layout Guide's "Working with Scroll Views"; width, height and centres are the
    /// scroll view's frame's).
    public var isEdgeOrMargin: Bool {
        [.left, .right, .top, .bottom, .leading, .trailing,
         .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin].contains(self)
    }

    /// Leading and trailing (and their margins): direction-dependent in UIKit, left-to-right here.
    public var isDirectional: Bool {
        [.leading, .trailing, .leadingMargin, .trailingMargin].contains(self)
    }

    /// The attribute a right-to-left layout reads it as: leading is right, trailing is left.
    var mirrored: LayoutAttribute {
        switch self {
        case .leading: .right
        case .trailing: .left
        case .leadingMargin: .rightMargin
        case .trailingMargin: .leftMargin
        default: self
        }
    }

    /// Left and right (and their margins), which UIKit refuses to mix with leading/trailing.
    public var isAbsoluteHorizontal: Bool {
        [.left, .right, .leftMargin, .rightMargin].contains(self)
    }

    /// Baselines and margin attributes, which layout guides do not have.
    public var needsView: Bool {
        switch self {
        case .firstBaseline, .lastBaseline, .leftMargin, .rightMargin, .topMargin, .bottomMargin,
             .leadingMargin, .trailingMargin, .centerXWithinMargins, .centerYWithinMargins:
            true
        default:
            false
        }
    }
}

/// An attribute as algebra over a view's engine variables: `position + k × size + c`, with
/// position = minX or minY and size = width or height on the attribute's axis.
struct AttributeForm {
    var usesPosition: Bool
    var sizeCoefficient: Double
    var constant: Double
}

extension View {
    /// How `attribute` of this view reads in terms of its own position and size.
    func form(of attribute: LayoutAttribute) -> AttributeForm {
        // (The margins only where a margin attribute asks: most attributes are edges.)
        var m: EdgeInsets { effectiveMargins }
        switch attribute {
        case .left, .leading, .top, .minX, .minY:
            return AttributeForm(usesPosition: true, sizeCoefficient: 0, constant: 0)
        case .right, .trailing, .bottom:
            return AttributeForm(usesPosition: true, sizeCoefficient: 1, constant: 0)
        case .width, .height:
            return AttributeForm(usesPosition: false, sizeCoefficient: 1, constant: 0)
        case .centerX, .centerY:
            return AttributeForm(usesPosition: true, sizeCoefficient: 0.5, constant: 0)
        case .leftMargin, .leadingMargin:
            return AttributeForm(usesPosition: true, sizeCoefficient: 0, constant: m.left)
        case .rightMargin, .trailingMargin:
            return AttributeForm(usesPosition: true, sizeCoefficient: 1, constant: -m.right)
        case .topMargin:
            return AttributeForm(usesPosition: true, sizeCoefficient: 0, constant: m.top)
        case .bottomMargin:
            return AttributeForm(usesPosition: true, sizeCoefficient: 1, constant: -m.bottom)
        case .centerXWithinMargins:
            // left + m.left + (width − m.left − m.right) / 2
            return AttributeForm(usesPosition: true, sizeCoefficient: 0.5, constant: (m.left - m.right) / 2)
        case .centerYWithinMargins:
            return AttributeForm(usesPosition: true, sizeCoefficient: 0.5, constant: (m.top - m.bottom) / 2)
        case .firstBaseline, .lastBaseline:
            // A label's first baseline lies its font's ascender below its top (0.95 × font by
            // the fixed metric), its last one the rest of a line above its bottom, however many
            // lines it has: UIKit measures a last baseline from the bottom, so a label taller
            // than its text (stretched by a stack, or Xcode's 41 points for InsulinKit's
            // 45-point "...") has it lower than its first line's (LocalWeather, InsulinKit and
            // Zotero's item cell land so, 13 views; VacationSpots' button a point lower than Xcode
            // stored). A button's is its title's; other views, text views among them
            // (UITextView keeps UIView's baselines), report their bottom edge.
            if kind == .label && textView == nil {
                if fixedMetric { return AttributeForm(usesPosition: true, sizeCoefficient: 0, constant: 0.95 * font) }
                let font = textFont
                if attribute == .lastBaseline {
                    return AttributeForm(usesPosition: true, sizeCoefficient: 1, constant: font.ascender - font.lineHeight)
                }
                return AttributeForm(usesPosition: true, sizeCoefficient: 0, constant: font.ascender)
            }
            // A text field's are its text's, one line centred in it.
            if isTextField {
                let font = Font(.system, size: self.font)
                return AttributeForm(usesPosition: true, sizeCoefficient: 0.5, constant: font.ascender - font.lineHeight / 2)
            }
            // A button's baselines are its title's, centred in it (whole points high; a
            // configuration's, pixels).
            if kind == .button && !fixedMetric {
                let font = textFont
                let insets = buttonInsets
                let title = Font.roundedUp(font.lineHeight, scale: buttonTitleScale)
                return AttributeForm(usesPosition: true, sizeCoefficient: 0.5,
                                     constant: (insets.top - insets.bottom) / 2 - title / 2 + font.ascender)
            }
            return AttributeForm(usesPosition: true, sizeCoefficient: 1, constant: 0)
        }
    }
}

extension View {
    /// An attribute's value in the superview's coordinates, from the frame of the last layout pass.
    public func value(of attribute: LayoutAttribute) -> Double {
        let f = form(of: attribute)
        let horizontal = attribute.axis == .horizontal
        let position = f.usesPosition ? (horizontal ? frame.x : frame.y) : 0
        let size = horizontal ? frame.width : frame.height
        return position + f.sizeCoefficient * size + f.constant
    }
}
