import LayoutEngine

/// `NSLayoutConstraint.FormatOptions`, with UIKit's raw values.
public struct VisualFormatOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let alignAllLeft = VisualFormatOptions(rawValue: 1 << 1)
    public static let alignAllRight = VisualFormatOptions(rawValue: 1 << 2)
    public static let alignAllTop = VisualFormatOptions(rawValue: 1 << 3)
    public static let alignAllBottom = VisualFormatOptions(rawValue: 1 << 4)
    public static let alignAllLeading = VisualFormatOptions(rawValue: 1 << 5)
    public static let alignAllTrailing = VisualFormatOptions(rawValue: 1 << 6)
    public static let alignAllCenterX = VisualFormatOptions(rawValue: 1 << 9)
    public static let alignAllCenterY = VisualFormatOptions(rawValue: 1 << 10)
    public static let alignAllLastBaseline = VisualFormatOptions(rawValue: 1 << 11)
    public static let alignAllFirstBaseline = VisualFormatOptions(rawValue: 1 << 12)
    public static let directionLeadingToTrailing = VisualFormatOptions([])
    public static let directionLeftToRight = VisualFormatOptions(rawValue: 1 << 16)
    public static let directionRightToLeft = VisualFormatOptions(rawValue: 2 << 16)
    public static let spacingEdgeToEdge = VisualFormatOptions([])
    public static let spacingBaselineToBaseline = VisualFormatOptions(rawValue: 1 << 19)

    /// Option names as the shell takes them (UIKit's, without the type prefix).
    public static let names: [(String, VisualFormatOptions)] = [
        ("alignAllLeft", .alignAllLeft), ("alignAllRight", .alignAllRight), ("alignAllTop", .alignAllTop),
        ("alignAllBottom", .alignAllBottom), ("alignAllLeading", .alignAllLeading),
        ("alignAllTrailing", .alignAllTrailing), ("alignAllCenterX", .alignAllCenterX),
        ("alignAllCenterY", .alignAllCenterY), ("alignAllLastBaseline", .alignAllLastBaseline),
        ("alignAllFirstBaseline", .alignAllFirstBaseline),
        ("directionLeadingToTrailing", .directionLeadingToTrailing), ("directionLeftToRight", .directionLeftToRight),
        ("directionRightToLeft", .directionRightToLeft), ("spacingEdgeToEdge", .spacingEdgeToEdge),
        ("spacingBaselineToBaseline", .spacingBaselineToBaseline),
    ]

    /// The alignment attributes in the options, in UIKit's bit order.
    var alignments: [LayoutAttribute] {
        let table: [(VisualFormatOptions, LayoutAttribute)] = [
            (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
            (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
            (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
        ]
        return table.filter { contains($0.0) }.map(\.1)
    }
}
