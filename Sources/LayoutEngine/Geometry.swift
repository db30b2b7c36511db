/// A rectangle in points: `x`, `y` of the top-left corner in the superview's coordinates.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The rectangle with its edges moved in by the insets (out, for negative ones).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: x + insets.left, y: y + insets.top, width: width - insets.left - insets.right,
             height: height - insets.top - insets.bottom)
    }
}

/// `UIEdgeInsets`: layout margins, top, left, bottom, right.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    /// UIKit's default layout margins of an ordinary view.
    public static let standard = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
}

/// `UIView.AutoresizingMask`, with UIKit's raw values.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1)
    public static let flexibleWidth = AutoresizingMask(rawValue: 2)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 4)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 8)
    public static let flexibleHeight = AutoresizingMask(rawValue: 16)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 32)

    /// The shell's flag names, in UIKit's bit order.
    public static let names: [(String, AutoresizingMask)] = [
        ("flexibleLeft", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
        ("flexibleRight", .flexibleRightMargin), ("flexibleTop", .flexibleTopMargin),
        ("flexibleHeight", .flexibleHeight), ("flexibleBottom", .flexibleBottomMargin),
    ]

    /// `flexibleLeft|flexibleWidth`, or `none`.
    public var flagNames: String {
        let parts = AutoresizingMask.names.filter { contains($0.1) }.map(\.0)
        return parts.isEmpty ? "none" : parts.joined(separator: "|")
    }

    /// UIKit's log accessory, `h=--& v=--&`: `&` flexible, `-` fixed, for left margin, width,
    /// right margin, then top margin, height, bottom margin, as the effective mask has them.
    public var accessory: String {
        let mask = effective
        func c(_ flag: AutoresizingMask) -> Character { mask.contains(flag) ? "&" : "-" }
        return "h=\(c(.flexibleLeftMargin))\(c(.flexibleWidth))\(c(.flexibleRightMargin)) "
            + "v=\(c(.flexibleTopMargin))\(c(.flexibleHeight))\(c(.flexibleBottomMargin))"
    }

    /// The mask as UIKit applies it: an axis with no flexible part behaves as if its far margin
    /// (right, bottom) were flexible.
    public var effective: AutoresizingMask {
        var mask = self
        if intersection([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]).isEmpty {
            mask.insert(.flexibleRightMargin)
        }
        if intersection([.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin]).isEmpty {
            mask.insert(.flexibleBottomMargin)
        }
        return mask
    }
}

/// Horizontal or vertical.
public enum Axis: String, Hashable, Sendable {
    case horizontal, vertical

    /// The shell's one-letter form, as in `hugging.h`.
    public var letter: String { self == .horizontal ? "h" : "v" }
}

extension Rect {
    /// How finely a position in pixels is read before it is rounded to a pixel.
    static let pixelQuantum = 1e6

    /// Each edge moved to the nearest pixel of a display of `scale` pixels a point; an edge on
    /// half a pixel moves away from zero.
    ///
    /// The position in pixels is first taken to a millionth of a pixel: an edge the constraints
    /// put on exactly half a pixel (a 30-point button centred on a label 20⅓ high at 3×) comes
    /// out of the solver a last bit above or below it, by the path the solver took, and the
    /// same constraints reached two ways (a session, and its saved file loaded) must not land a
    /// pixel apart.
    func roundedToPixels(_ scale: Double) -> Rect {
        func round(_ value: Double) -> Double {
            let pixels = (value * scale * Rect.pixelQuantum).rounded() / Rect.pixelQuantum
            let r = pixels.rounded() / scale
            return abs(r - value) < 1e-9 ? value : r
        }
        let minX = round(x), minY = round(y)
        return Rect(x: minX, y: minY, width: round(x + width) - minX, height: round(y + height) - minY)
    }
}
