import Testing
@testable import LayoutEngine

/// UIKit's text styles at each content size category (Apple's Human Interface Guidelines,
/// Typography, Dynamic Type sizes for iOS).
@Test func textStylesHaveUIKitsSizes() {
    #expect(TextStyle.allCases.map { $0.size(at: .large) } == [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11])
    #expect(TextStyle.body.size(at: .extraSmall) == 14)
    #expect(TextStyle.body.size(at: .accessibilityExtraExtraExtraLarge) == 53)
    #expect(TextStyle.largeTitle.size(at: .accessibilityExtraExtraExtraLarge) == 60)
    #expect(TextStyle.caption2.size(at: .accessibilityExtraExtraExtraLarge) == 40)
    for style in TextStyle.allCases {
        let sizes = ContentSizeCategory.allCases.map(style.size(at:))
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(style) grows with the category")
    }
    #expect(ContentSizeCategory.allCases.count == 12)
    #expect(ContentSizeCategory.accessibilityMedium.uikitName == "UIContentSizeCategoryAccessibilityMedium")
}

@Test func textStylesAreReadByTheNamesDocumentsUse() {
    #expect(TextStyle(name: "UICTFontTextStyleBody") == .body)
    #expect(TextStyle(name: "UICTFontTextStyleSubhead") == .subheadline)
    #expect(TextStyle(name: "UIFontTextStyleCaption1") == .caption1)
    #expect(TextStyle(name: "UICTFontTextStyleTitle0") == .largeTitle)
    #expect(TextStyle(name: "title2") == .title2)
    #expect(TextStyle(name: "UICTFontTextStyleShouting") == nil)
}

/// A text style sizes its label at the category; a change of category moves the labels that
/// adjust and leaves the others at the size they had.
@Test func aContentSizeCategoryResizesTheLabelsThatAdjust() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .label, name: "t", parent: "root", properties: [.text("Hello"), .textStyle(.body), .adjustsFont(true)])
    try engine.addView(kind: .label, name: "u", parent: "root", properties: [.text("Hi"), .textStyle(.body)])
    #expect(engine.hierarchy.view(named: "t")?.font == 17)
    try engine.setContentSizeCategory(.accessibilityExtraExtraExtraLarge)
    engine.layoutIfNeeded()
    #expect(engine.hierarchy.view(named: "t")?.font == 53)
    #expect(engine.hierarchy.view(named: "u")?.font == 17)
    // One that does not adjust keeps its size as a plain size.
    #expect(engine.hierarchy.view(named: "u")?.textStyle == nil)
    #expect(engine.hierarchy.view(named: "t")?.intrinsicContentSize.height == 1.2 * 53)
    try engine.setProperty(.font(20), of: "t")
    #expect(engine.hierarchy.view(named: "t")?.textStyle == nil)
}
