/// The text sizes a person picks in Settings (`UIContentSizeCategory`): seven standard ones and
/// five larger accessibility sizes, smallest first. `large` is the default.
public enum ContentSizeCategory: String, CaseIterable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge
}

/// UIKit's text styles (`UIFont.TextStyle`), each a point size per content size category.
public enum TextStyle: String, CaseIterable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// Point sizes from extra small to accessibility extra extra extra large, as Apple's Human
    /// Interface Guidelines list them for iOS (Typography, Dynamic Type sizes): `body` is 17 at
    /// `large` and 53 at the largest accessibility size. Since iOS 11 every style grows through
    /// the accessibility sizes.
    static let sizes: [TextStyle: [Double]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 50],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]

    /// Each style's leading at `large`, the distance from one line's baseline to the next's, as
    /// the Human Interface Guidelines list it beside the size (Typography, Dynamic Type sizes):
    /// body 17 points on 22. A text style's font carries it as UIFont's `leading` (which
    /// `traitLooseLeading` and `traitTightLeading` move by 2 points); the system font at a fixed
    /// size has none.
    static let leadingsAtLarge: [TextStyle: Double] = [
        .largeTitle: 41, .title1: 34, .title2: 28, .title3: 25, .headline: 22, .body: 22,
        .callout: 21, .subheadline: 20, .footnote: 18, .caption1: 16, .caption2: 13,
    ]

    /// The style's leading at the point size a content size category gives it. The guidelines
    /// move size and leading together, a point for a point, from one size to the next; strut
    /// keeps the style's leading that far above its size at every category.
    public func leading(atSize size: Double) -> Double {
        size + TextStyle.leadingsAtLarge[self]! - self.size(at: .large)
    }

    /// The style's point size at a content size category.
    public func size(at category: ContentSizeCategory) -> Double {
        TextStyle.sizes[self]![ContentSizeCategory.allCases.firstIndex(of: category)!]
    }

    /// A style from UIKit's names as documents store them (`UICTFontTextStyleBody`,
    /// `UIFontTextStyleTitle1`, `UICTFontTextStyleSubhead`, `UICTFontTextStyleCaption1`), or
    /// from the shell's (`body`, `title1`).
    public init?(name: String) {
        var word = name
        for prefix in ["UICTFontTextStyle", "UIFontTextStyle"] where word.hasPrefix(prefix) { word = String(word.dropFirst(prefix.count)) }
        if word == "Subhead" { word = "Subheadline" }
        if word == "Title0" { word = "LargeTitle" }
        let lowered = word.prefix(1).lowercased() + word.dropFirst()
        guard let style = TextStyle(rawValue: lowered) else { return nil }
        self = style
    }
}
