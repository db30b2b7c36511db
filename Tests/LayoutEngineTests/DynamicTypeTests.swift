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
    // 53 × 1.1934 = 63.25, rounded up to the third of a point.
    #expect(engine.hierarchy.view(named: "t")?.intrinsicContentSize.height == Font.roundedUp(53 * 2444 / 2048, scale: 3))
    #expect(abs(engine.hierarchy.view(named: "t")!.intrinsicContentSize.height! - 63.333333) < 1e-6)
    try engine.setProperty(.font(20), of: "t")
    #expect(engine.hierarchy.view(named: "t")?.textStyle == nil)
}

/// Word wrapping, in display cells: at spaces and line breaks, between East Asian wide
/// characters, inside a word only when it is wider than a line; trailing spaces not counted.
@Test func textWrapsAsUILabelsWordWrappingDoes() {
    #expect(View.wrappedLines("The quick brown fox jumps over the lazy dog", cells: 20) == [19, 19, 3])
    #expect(View.wrappedLines("one two three", cells: 7) == [7, 5])
    #expect(View.wrappedLines("abcdefghij", cells: 4) == [4, 4, 2])
    #expect(View.wrappedLines("日本語の文章", cells: 5) == [4, 4, 4])
    #expect(View.wrappedLines("first\nsecond line", cells: 40) == [5, 11])
    #expect(View.wrappedLines("word   ", cells: 10) == [4])
    #expect(View.wrappedLines("", cells: 10) == [0])
    #expect(View.wrappedLines("a b", cells: 1) == [1, 1])
    // Character wrapping fills each line, across spaces and inside words.
    #expect(View.wrappedLines("ab cdefghijkl", cells: 7, byCharacter: true) == [7, 6])
    #expect(View.wrappedLines("ab cdefghijkl", cells: 7) == [2, 7, 3])
    #expect(View.wrappedLines("a\n\nb", cells: 10) == [1, 0, 1])
    #expect(View.wrappedLines("a\n", cells: 10) == [1])
}

/// Japanese line breaking: closing punctuation and small kana never start a line, opening
/// brackets never end one; each goes with its neighbour.
@Test func japaneseTextBreaksByItsRules() {
    // Without the rules the third line would start with "。".
    #expect(View.wrappedLines("日本語の文章、句読点。", cells: 10) == [10, 8, 4])
    // "「" goes down with "え"; "」" stays with "お".
    #expect(View.wrappedLines("あいう「えお」", cells: 8) == [6, 8])
    // A small "っ" stays after the character before it (else the first line would end in "か").
    #expect(View.wrappedLines("あいうえおかっぱ", cells: 12) == [10, 6])
}

/// A label of many lines wraps at `preferredMaxLayoutWidth`, or else at the width the layout
/// gives it (UIKit's second pass), and its height follows; `lines` caps the lines.
@Test func aMultiLineLabelWrapsAtTheWidthItIsGiven() throws {
    let engine = LayoutEngine()
    try engine.setProperty(.frame(Rect(x: 0, y: 0, width: 320, height: 400), within: nil), of: "root")
    try engine.addView(kind: .label, name: "body", parent: "root",
                       properties: [.text("The quick brown fox jumps over the lazy dog and keeps on running"), .lines(0)])
    for spec in [("leading", LayoutAttribute.leading, 8.0), ("trailing", .trailing, -8), ("top", .top, 8)] {
        _ = try engine.addConstraint(ConstraintSpec(name: spec.0, firstItem: "body", firstAttribute: spec.1, relation: .equal,
                                                    secondItem: "root", secondAttribute: spec.1, constant: spec.2))
    }
    engine.layoutIfNeeded()
    // Two lines of 17-point San Francisco (line height 20.287) are 40.57 high, rounded up to
    // the third of a point: 40.667.
    let line = 17 * 2444.0 / 2048.0
    #expect(engine.hierarchy.view(named: "body")?.frame == Rect(x: 8, y: 8, width: 304, height: Font.roundedUp(2 * line, scale: 3)))
    #expect(abs(Font.roundedUp(2 * line, scale: 3) - 40.666667) < 1e-6)
    try engine.setProperty(.frame(Rect(x: 0, y: 0, width: 200, height: 400), within: nil), of: "root")
    engine.layoutIfNeeded()
    #expect(engine.hierarchy.view(named: "body")?.frame == Rect(x: 8, y: 8, width: 184, height: 61))
    try engine.setProperty(.lines(2), of: "body")
    engine.layoutIfNeeded()
    #expect(engine.hierarchy.view(named: "body")?.frame.height == Font.roundedUp(2 * line, scale: 3))
    try engine.addView(kind: .label, name: "fixed", parent: "root",
                       properties: [.text("one two three four five"), .lines(2), .preferredMaxLayoutWidth(62)])
    // Wrapped at 62: "one two" (60.4) | "three" | "four" | "five" ("four five" is 62.3), two
    // lines shown; the label is as wide as the wider of the two.
    let fixed = engine.hierarchy.view(named: "fixed")!
    let widths = fixed.textFont.lineWidths(of: "one two three four five", limit: 62)
    #expect(widths.count == 4 && widths.allSatisfy { $0 <= 62 })
    #expect(fixed.intrinsicContentSize.width == Font.roundedUp(max(widths[0], widths[1]), scale: 3))
    #expect(fixed.intrinsicContentSize.height == Font.roundedUp(2 * line, scale: 3))
    #expect(fixed.wholeTextSize!.height == Font.roundedUp(4 * line, scale: 3))
}

/// A text style's lines are its leading apart (the guidelines' body: 17 points on 22), where
/// the system font at a fixed size sets them a line height apart; one line is a line high in
/// both; the leading follows the size through the categories.
@Test func aTextStylesLinesAreItsLeadingApart() throws {
    #expect(TextStyle.allCases.map { $0.leading(atSize: $0.size(at: .large)) } == [41, 34, 28, 25, 22, 22, 21, 20, 18, 16, 13])
    #expect(TextStyle.body.leading(atSize: TextStyle.body.size(at: .extraSmall)) == 19)
    let engine = LayoutEngine()
    let text = "Log in to WordPress.com using an email address to manage all your sites."
    for (name, style) in [("styled", TextStyle.body), ("plain", nil)] {
        var properties: [ViewProperty] = [.text(text), .lines(0), .preferredMaxLayoutWidth(335)]
        properties.append(style.map { .textStyle($0) } ?? .font(17))
        try engine.addView(kind: .label, name: name, parent: "root", properties: properties)
        try engine.addView(kind: .label, name: name + "One", parent: "root", properties: [.text("Short"), .lines(0)] + (style.map { [.textStyle($0)] } ?? []))
    }
    let h = engine.hierarchy
    let line = 17 * 2444.0 / 2048.0
    #expect(h.view(named: "styled")!.textFont.lineWidths(of: text, limit: 335).count == 2)
    // 20.287 + 22 = 42.287, rounded up to the third of a point; the plain font's 2 × 20.287.
    #expect(h.view(named: "styled")!.intrinsicContentSize.height == Font.roundedUp(line + 22, scale: 3))
    #expect(abs(h.view(named: "styled")!.intrinsicContentSize.height! - 42.333333) < 1e-6)
    #expect(h.view(named: "plain")!.intrinsicContentSize.height == Font.roundedUp(2 * line, scale: 3))
    #expect(h.view(named: "styledOne")!.intrinsicContentSize.height == Font.roundedUp(line, scale: 3))
    #expect(h.view(named: "plainOne")!.intrinsicContentSize.height == Font.roundedUp(line, scale: 3))
    // At the largest accessibility size the 53-point body's line height (63.25) is more than
    // the leading (58): its lines are a line height apart, as the plain font's.
    try engine.setProperty(.adjustsFont(true), of: "styled")
    try engine.setContentSizeCategory(.accessibilityExtraExtraExtraLarge)
    let styled = engine.hierarchy.view(named: "styled")!
    let lines = Double(styled.textFont.lineWidths(of: text, limit: 335).count)
    #expect(styled.font == 53 && styled.textFont.lineSpacing == 0 && lines > 2)
    #expect(styled.intrinsicContentSize.height == Font.roundedUp(lines * 53 * 2444.0 / 2048.0, scale: 3))
}

/// `set textMetric = fixed` measures as the SPEC says: half an em a display cell, 1.2 ems a line.
@Test func theFixedMetricIsTheSpecs() throws {
    let engine = LayoutEngine()
    try engine.setTextMetric(.fixed)
    try engine.setProperty(.frame(Rect(x: 0, y: 0, width: 320, height: 400), within: nil), of: "root")
    try engine.addView(kind: .label, name: "fixed", parent: "root",
                       properties: [.text("one two three four five"), .lines(2), .preferredMaxLayoutWidth(60)])
    #expect(engine.hierarchy.view(named: "fixed")?.intrinsicContentSize.width == 59.5)
    #expect(engine.hierarchy.view(named: "fixed")?.intrinsicContentSize.height == 40.8)
    try engine.addView(kind: .button, name: "go", parent: "root", properties: [.text("Go"), .font(17)])
    #expect(engine.hierarchy.view(named: "go")!.intrinsicContentSize == (17, 20.4))
    try engine.setTextMetric(.uikit)
    #expect(engine.hierarchy.view(named: "go")!.intrinsicContentSize == (30, 33))
}

/// Extreme widths and fonts are measured without a trap.
@Test func extremeWrapWidthsAreMeasured() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .label, name: "a", parent: "root", properties: [.text("x y"), .lines(0), .preferredMaxLayoutWidth(1e10), .font(1e-300)])
    // Less than a pixel high: left unrounded.
    #expect(engine.hierarchy.view(named: "a")?.intrinsicContentSize.height == 1e-300 * 2444 / 2048)
    try engine.setProperty(.preferredMaxLayoutWidth(1e-300), of: "a")
    #expect(engine.hierarchy.view(named: "a")?.intrinsicContentSize.height == 1e-300 * 2444 / 2048 * 2)
}

/// A configuration button (iOS 15) rounds its title to the pixel, not to whole points, and sits
/// it in 7 above and below and 12 on each side: "Remove All" is 34⅓ high on a 3× display, as
/// Xcode stores it (OsmAnd's and Go Map!!'s documents), 34.5 on a 2× one. Its title is
/// in the body style; its own insets replace the default ones; `none` is a classic button again.
@Test func configurationButtonsRoundToThePixel() throws {
    let engine = LayoutEngine()
    try engine.setDisplayScale(3)
    try engine.addView(kind: .button, name: "b", parent: "root", properties: [.text("Remove All"), .configuration(.plain)])
    let b = try #require(engine.hierarchy.view(named: "b"))
    #expect(b.textStyle == .body && b.font == 17)
    let title = Font(.system, size: 17).width(of: "Remove All")
    #expect(b.intrinsicContentSize.width == Font.roundedUp(title, scale: 3) + 24)
    #expect(b.intrinsicContentSize.width != Font.roundedUp(title, scale: 1) + 24)
    #expect(abs(b.intrinsicContentSize.height! - 103.0 / 3) < 1e-9)
    try engine.setProperty(.contentInsets(EdgeInsets(top: 0, left: 10, bottom: 0, right: 20)), of: "b")
    #expect(abs(engine.hierarchy.view(named: "b")!.intrinsicContentSize.height! - 61.0 / 3) < 1e-9)
    #expect(engine.hierarchy.view(named: "b")!.intrinsicContentSize.width == Font.roundedUp(title, scale: 3) + 30)
    try engine.setProperty(.contentInsets(.zero), of: "b")
    try engine.setDisplayScale(2)
    #expect(engine.hierarchy.view(named: "b")!.intrinsicContentSize.height == 34.5)
    // The baselines follow: the title's ascender below the top inset, in the centred title.
    engine.layoutIfNeeded()
    let baseline = engine.hierarchy.view(named: "b")!.value(of: .firstBaseline)
    #expect(abs(baseline - (7 + Font(.system, size: 17).ascender)) < 1e-9)
    try engine.setProperty(.configuration(nil), of: "b")
    let plainHeight = try #require(engine.hierarchy.view(named: "b")!.intrinsicContentSize.height)
    #expect(plainHeight == 21 + 12)
    // Only buttons have one.
    try engine.addView(kind: .label, name: "l", parent: "root", properties: [.text("x")])
    #expect(throws: LayoutError.self) { try engine.setProperty(.configuration(.filled), of: "l") }
}

/// A button's image: alone it is the button's content, without the title's padding or the
/// 30-point minimum (45 image-only buttons of the public documents are their image's size);
/// with a title it leads it, the taller setting the height; insets go around both.
@Test func buttonImagesSizeTheirButtons() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .button, name: "b", parent: "root", properties: [.image(EdgeSize(width: 24, height: 24))])
    #expect(engine.hierarchy.view(named: "b")!.intrinsicContentSize == (24, 24))
    try engine.setProperty(.contentInsets(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)), of: "b")
    #expect(engine.hierarchy.view(named: "b")!.intrinsicContentSize == (30, 28))
    try engine.setProperty(.contentInsets(.zero), of: "b")
    try engine.setProperty(.text("Go"), of: "b")
    let go = Font.roundedUp(Font(.system, size: 15).width(of: "Go"), scale: 1)
    #expect(engine.hierarchy.view(named: "b")!.intrinsicContentSize == (24 + go, 30))
    try engine.setProperty(.image(EdgeSize(width: 10, height: 40)), of: "b")
    #expect(engine.hierarchy.view(named: "b")!.intrinsicContentSize == (10 + go, 40))
    try engine.setProperty(.image(nil), of: "b")
    #expect(engine.hierarchy.view(named: "b")!.intrinsicContentSize == (30, 30))
    #expect(throws: LayoutError.self) { try engine.setProperty(.image(EdgeSize(width: -1, height: 3)), of: "b") }
    #expect(throws: LayoutError.self) { try engine.setProperty(.image(EdgeSize(width: .nan, height: 3)), of: "b") }
    #expect(engine.hierarchy.view(named: "b")!.buttonImage == nil)
}
