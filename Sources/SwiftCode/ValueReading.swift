import LayoutEngine

/// What a reader of any language makes of the values its code gives: numbers (UIKit's named
/// priorities too), priorities, axes, insets.
protocol ValueReading {}

extension ValueReading {
    func asNumber(_ value: CodeValue) -> Double? {
        switch value {
        case let .number(n): return n
        case let .member(name):
            switch name {
            case "required": return 1000
            case "defaultHigh", "high": return 750
            case "defaultLow", "low": return 250
            case "medium": return 500
            case "fittingSizeLevel": return 50
            case "dragThatCanResizeScene": return 510
            case "sceneSizeStayPut": return 500
            case "dragThatCannotResizeScene": return 490
            case "zero": return 0
            default: return nil
            }
        default: return nil
        }
    }

    func asPriority(_ value: CodeValue) -> LayoutPriority? {
        guard let n = asNumber(value), n > 0, n <= 1000 else { return nil }
        return LayoutPriority(n)
    }

    func asAxis(_ value: CodeValue) -> Axis? {
        guard case let .member(name) = value else { return nil }
        return Axis(rawValue: name.prefix(1).lowercased() + name.dropFirst())
    }

    /// `setCustomSpacing(_:after:)` (`setCustomSpacing:afterView:`): the stack's spacing after
    /// one of its arranged views; `spacingUseDefault` (UIKit's greatest float) gives the stack's
    /// own back. A view not arranged in the stack is left alone, and said.
    func customSpacing(_ value: CodeValue, after arranged: String, in stack: String, world: CodeWorld, at here: CodeLayout.Location) -> CodeValue {
        guard world.parent(of: arranged) == stack else { return .unknown("`\(arranged)` is not arranged in `\(stack)`: no custom spacing after it") }
        let spacing: Double?
        if case .member("spacingUseDefault") = value {
            spacing = nil
        } else {
            guard let n = asNumber(value) else { return .unknown("a spacing strut does not know") }
            spacing = n >= 1e30 ? nil : n
        }
        world.setProperty(.spacingAfter(spacing), of: arranged, at: here)
        return .nothing
    }

    func asInsets(_ value: CodeValue) -> EdgeInsets? {
        switch value {
        case let .insets(e): e
        case let .number(n): EdgeInsets(top: n, left: n, bottom: n, right: n)
        case .member("zero"): EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
        default: nil
        }
    }
}

extension SwiftEvaluator: ValueReading {}

extension CodeValue {
    /// A member of a rectangle, a size or a point (`CGSize` and `CGPoint` are both `.size`),
    /// or insets, read the same in Swift and Objective-C; nil for any other value or name.
    func geometryMember(_ name: String) -> CodeValue? {
        switch self {
        case let .rect(r):
            switch name {
            case "width": return .number(r.width)
            case "height": return .number(r.height)
            case "size": return .size(r.width, r.height)
            case "origin": return .size(r.x, r.y)
            case "minX": return .number(r.x)
            case "minY": return .number(r.y)
            case "maxX": return .number(r.x + r.width)
            case "maxY": return .number(r.y + r.height)
            case "midX": return .number(r.x + r.width / 2)
            case "midY": return .number(r.y + r.height / 2)
            default: return nil
            }
        case let .size(a, b):
            switch name {
            case "width", "x": return .number(a)
            case "height", "y": return .number(b)
            default: return nil
            }
        case let .insets(e), let .directionalInsets(e):
            switch name {
            case "top": return .number(e.top)
            case "left", "leading": return .number(e.left)
            case "bottom": return .number(e.bottom)
            case "right", "trailing": return .number(e.right)
            default: return nil
            }
        default: return nil
        }
    }
}
