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
