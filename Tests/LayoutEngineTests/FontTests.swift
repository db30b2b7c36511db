import Testing
@testable import LayoutEngine

/// Fonts: names read as faces, glyph widths that differ as the fonts' do, San Francisco's
/// tracking and line height, UIKit's rounding, wrapping at widths in points.
@Suite struct FontTests {
    @Test func postScriptNamesNameAFaceOrNothing() {
        #expect(FontFace(fontName: "HelveticaNeue-Bold") == FontFace(family: .helveticaNeue, weight: .bold, name: "HelveticaNeue-Bold"))
        #expect(FontFace(fontName: "Avenir-Heavy")?.weight == .heavy)
        #expect(FontFace(fontName: "Avenir-Book")?.weight == .regular)
        #expect(FontFace(fontName: "AvenirNext-DemiBold")?.weight == .semibold)
        #expect(FontFace(fontName: "Georgia-Italic")?.italic == true)
        #expect(FontFace(fontName: "Georgia-BoldItalic").map { ($0.weight, $0.italic) } ?? (.regular, false) == (.bold, true))
        #expect(FontFace(fontName: "Arial-BoldMT")?.family == .arial)
        #expect(FontFace(fontName: "PingFangSC-Semibold").map { ($0.family, $0.weight) } ?? (.system, .regular) == (.pingFang, .semibold))
        #expect(FontFace(fontName: "Menlo")?.family == .menlo)
        #expect(FontFace(fontName: "Papyrus") == nil)
        #expect(FontFace(fontName: "") == nil)
    }

    /// Icon fonts by the names their sets and generators give them; an icon is an em square,
    /// a ligature's name one icon, a line an em high.
    @Test func iconFontsDrawEmSquares() {
        for name in ["MaterialIcons-Regular", "Material Icons", "MaterialSymbolsOutlined-Regular", "FontAwesome",
                     "FontAwesome5Free-Solid", "Ionicons", "icomoon", "fontello", "GLYPHICONSHalflings-Regular"] {
            #expect(FontFace(fontName: name)?.family == .icons, "\(name)")
        }
        #expect(FontFace(fontName: "Iconic")?.family == nil)
        let icons = Font(FontFace(family: .icons), size: 24)
        #expect(icons.width(of: "\u{E7FE}") == 24)
        #expect(icons.width(of: "notifications") == 24)
        #expect(icons.width(of: "\u{F007}\u{F007} home_work") == 24 * 4)
        #expect(icons.lineHeight == 24 && icons.ascender == 24)
        #expect(icons.lineWidths(of: "home work settings", limit: 80) == [72, 24])
    }

    @Test func glyphWidthsDifferAsTheFontsDo() {
        // Helvetica's advances as they are: W 944, i 222 thousandths of an em.
        let helvetica = Font(FontFace(family: .helvetica), size: 17)
        #expect(abs(helvetica.width(of: "WWWW") - 4 * 944 * 17 / 1000) < 1e-9)
        #expect(abs(helvetica.width(of: "iiii") - 4 * 222 * 17 / 1000) < 1e-9)
        // Monospaced: the same for every glyph.
        let courier = Font(FontFace(family: .courier), size: 10)
        #expect(courier.width(of: "WWWW") == courier.width(of: "iiii"))
        // San Francisco at 12 points, where it tracks by nothing: its fitted `a`, 553/1000 em
        // (Helvetica's is 556), its `i` 258 (222) and its `W` 939 (944).
        let system = Font(.system, size: 12)
        #expect(abs(system.width(of: "a") - 553 * 12 / 1000) < 1e-9)
        #expect(abs(system.width(of: "i") - 258 * 12 / 1000) < 1e-9)
        #expect(abs(system.width(of: "W") - 939 * 12 / 1000) < 1e-9)
        // At 17 points it tracks by −26/1000 em a glyph.
        #expect(abs(Font(.system, size: 17).width(of: "a") - (553 - 26) * 17 / 1000) < 1e-9)
        // Bold is wider, semibold between; a wide character is an em (and its tracking).
        let regular = Font(.system, size: 17).width(of: "Hello")
        let semibold = Font(FontFace(family: .system, weight: .semibold), size: 17).width(of: "Hello")
        let bold = Font(FontFace(family: .system, weight: .bold), size: 17).width(of: "Hello")
        #expect(regular < semibold && semibold < bold)
        #expect(abs(Font(.system, size: 10).width(of: "日") - (1000 + 12) * 10 / 1000) < 1e-9)
        // Accented letters are their base letter; combining marks and line breaks take nothing.
        #expect(Font(.system, size: 17).width(of: "é") == Font(.system, size: 17).width(of: "e"))
        #expect(Font(.system, size: 17).width(of: "e\u{301}") == Font(.system, size: 17).width(of: "e"))
        #expect(Font(.system, size: 17).width(of: "a\nb") == Font(.system, size: 17).width(of: "ab"))
    }

    /// iOS 14's SF Pro moves from its text glyphs to its display glyphs between 17 and 28
    /// points; the static SF Display of iOS 9 to 13 took over at 20 points, 20/1000 em tighter.
    @Test func sanFranciscoChangesItsGlyphsWithItsOpticalSize() {
        // "Label": text advances L 586, a 553, b 602, e 573, l 252 (2,566); display 524, 502,
        // 554, 512, 204 (2,296), as SF Pro has them. Tracking: 17 points −26, 23 −4, 36 +10.
        func width(_ size: Double, _ weight: FontWeight = .regular, early: Bool = false) -> Double {
            var font = Font(FontFace(family: .system, weight: weight), size: size)
            font.earlyTracking = early
            return font.width(of: "Label")
        }
        #expect(abs(width(17) - (2566 - 5 * 26) * 17 / 1000) < 1e-9)
        #expect(abs(width(36) - (2296 + 5 * 10) * 36 / 1000) < 1e-9)
        // OsmAnd's 36-point "Label", stored by Xcode 16 at 84.667 on a 3x canvas.
        #expect(Font.roundedUp(width(36), scale: 3) == 254.0 / 3)
        // Halfway at 22.5 points.
        #expect(abs(width(22.5) - ((2566 + 2296) / 2 - 5 * 4) * 22.5 / 1000) < 1e-9)
        // Bold moves by the regular glyphs' change: bold L 618, a 573, b 649, e 597, l 283.
        #expect(abs(width(36, .bold) - (2720 - 270 + 5 * 10) * 36 / 1000) < 1e-9)
        // iOS 9 to 13: the text glyphs up to 19 points, 20/1000 em less from 20.
        #expect(abs(width(19, early: true) - (2566 - 5 * 26) * 19 / 1000) < 1e-9)
        #expect(abs(width(36, early: true) - (2566 - 5 * 20 + 5 * 10) * 36 / 1000) < 1e-9)
        // Punctuation outside ASCII moves too: an en dash is 527/1000 em at display sizes.
        #expect(abs(Font(.system, size: 40).width(of: "\u{2013}") - (527 + 8) * 40 / 1000) < 1e-9)
        // A character at a time as a string.
        let font = Font(.system, size: 24)
        #expect(abs("Label".map { font.advance($0) }.reduce(0, +) - font.width(of: "Label")) < 1e-9)
    }

    /// Helvetica Neue, Georgia and PingFang measure by their own regular advances, Menlo by its
    /// 1,233 units of 2,048; their bold faces by the tables they were measured by before.
    @Test func namedFontsUseTheirOwnAdvances() {
        // CafeTransit's 13-point "6:00 AM - 5:00 PM" (its font named HelveticaNeue):
        // digits 556, colon and space 278, A and P 648, M 871, hyphen 389: 8,431/1000 em, 110
        // on its 2x canvas as stored (Helvetica's A 667, M 833, hyphen 333 made it 108.5).
        let neue = Font(FontFace(family: .helveticaNeue), size: 13)
        #expect(abs(neue.width(of: "6:00 AM - 5:00 PM") - 8431 * 13 / 1000) < 1e-9)
        #expect(Font.roundedUp(neue.width(of: "6:00 AM - 5:00 PM"), scale: 2) == 110)
        // Georgia: G 725, e 483, o 539, r 410, g 509, i 293, a 504 (Times-Roman × 1.12 made it
        // 3,608); its bold is still Times-Bold's × 1.12 (G 778).
        #expect(abs(Font(FontFace(family: .georgia), size: 17).width(of: "Georgia") - 3463 * 17 / 1000) < 1e-9)
        #expect(abs(Font(FontFace(family: .georgia, weight: .bold), size: 10).width(of: "G") - 778 * 1.12 * 10 / 1000) < 1e-9)
        // PingFang's Latin: H 711, i 246.
        #expect(abs(Font(FontFace(family: .pingFang), size: 17).width(of: "Hi") - 957 * 17 / 1000) < 1e-9)
        // Menlo 602/1000 em a glyph, Courier 600.
        #expect(abs(Font(FontFace(family: .menlo), size: 12).width(of: "abc") - 3 * 602 * 12 / 1000) < 1e-9)
        #expect(abs(Font(FontFace(family: .courier), size: 12).width(of: "abc") - 3 * 600 * 12 / 1000) < 1e-9)
    }

    /// Printable ASCII is summed a byte at a time: the same as a character at a time.
    @Test func asciiIsMeasuredAsEveryOtherText() {
        let text = "The quick brown fox, 1 2 3: {WWW} ~ iii @ the lazy dog!"
        for face in [FontFace.system, FontFace(family: .system, weight: .semibold), FontFace(family: .system, weight: .black),
                     FontFace(family: .georgia, weight: .bold), FontFace(family: .menlo), FontFace(family: .avenirNext, weight: .light)] {
            for size in [9.0, 17, 24] {
                let font = Font(face, size: size)
                let oneByOne = text.map { font.advance($0) }.reduce(0, +)
                #expect(abs(font.width(of: text) - oneByOne) < 1e-9, "\(face) \(size)")
            }
        }
    }

    @Test func lineHeightsAndRoundingAreUIKits() {
        // UIKit's lineHeight of the 15-point system font is 17.900391.
        #expect(abs(Font(.system, size: 15).lineHeight - 17.900390625) < 1e-9)
        let line = Font(.system, size: 17).lineHeight
        #expect(abs(Font.roundedUp(line, scale: 3) - 61.0 / 3) < 1e-12)
        #expect(Font.roundedUp(line, scale: 2) == 20.5)
        #expect(Font.roundedUp(line, scale: 1) == 21)
        // A value on the grid stays there, a hair over it too.
        #expect(Font.roundedUp(20.5, scale: 2) == 20.5)
        #expect(Font.roundedUp(20.5 + 1e-12, scale: 2) == 20.5)
        #expect(Font.roundedUp(.infinity, scale: 2) == .infinity)
    }

    @Test func textWrapsAtAWidthInPoints() {
        let font = Font(.system, size: 17)
        let one = font.width(of: "one"), two = font.width(of: "two"), space = font.width(of: " ")
        func close(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 } }
        #expect(close(font.lineWidths(of: "one two", limit: one + space + two), [one + space + two]))
        #expect(close(font.lineWidths(of: "one two", limit: one + space + two - 0.01), [one, two]))
        // A word wider than the line is cut where the line ends, a glyph at least a line.
        let cut = font.lineWidths(of: "abcdefghij", limit: 3 * font.width(of: "a"))
        #expect(cut.count > 1 && cut.allSatisfy { $0 <= 3 * font.width(of: "a") + 1e-9 })
        #expect(abs(cut.reduce(0, +) - font.width(of: "abcdefghij")) < 1e-9)
        #expect(font.lineWidths(of: "x", limit: 0.001) == [font.width(of: "x")])
    }

    /// Every line break of text layout ends a line: a line feed, a carriage return (alone or
    /// before a line feed), NEL, and the Unicode line and paragraph separators that Xcode's
    /// label text editor writes for Option-Return (iOS 9 Sampler's "How to try\u{2028}\u{2028}1.
    /// Go to …"). Each takes no width on a line of its own.
    @Test func everyLineBreakOfTextLayoutEndsALine() throws {
        let font = Font(.system, size: 17)
        let one = font.width(of: "one"), two = font.width(of: "two")
        for separator in ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"] {
            let lines = font.lineWidths(of: "one" + separator + "two", limit: 500)
            #expect(lines.count == 2 && abs(lines[0] - one) < 1e-9 && abs(lines[1] - two) < 1e-9, "\(separator.unicodeScalars.map(\.value))")
            #expect(font.width(of: "one" + separator + "two") == font.width(of: "onetwo"))
        }
        // Two in a row leave an empty line between.
        #expect(font.lineWidths(of: "How to try\u{2028}\u{2028}1. Go", limit: 500).count == 3)
        #expect(!Font.isLineBreak(" ") && !Font.isLineBreak("\u{200B}") && !Font.isLineBreak("\t"))
        for text in ["a\nb", "a\rb", "a\u{85}b", "a\u{2028}b", "a\u{2029}b", "\u{2028}"] { #expect(Font.hasLineBreak(text), "\(text.unicodeScalars.map(\.value))") }
        for text in ["", "ab", "a\u{2027}b", "a\u{202A}b", "é\u{2030}", "日本"] { #expect(!Font.hasLineBreak(text), "\(text.unicodeScalars.map(\.value))") }
        // A label of many lines is as high as its lines, as wide as the widest.
        let engine = LayoutEngine()
        try engine.addView(kind: .label, name: "steps", parent: "root",
                           properties: [.text("Step one\u{2028}Step two\u{2029}Step three"), .lines(0), .font(17)])
        let size = engine.hierarchy.view(named: "steps")!.intrinsicContentSize
        #expect(size.height == Font.roundedUp(font.height(ofLines: 3), scale: 3))
        #expect(size.width == Font.roundedUp(font.width(of: "Step three"), scale: 3))
    }

    /// Character wrapping fills each line before it breaks, inside words too.
    @Test func characterWrappingBreaksInsideWords() {
        let font = Font(.system, size: 17)
        let limit = font.width(of: "one tw")
        #expect(font.lineWidths(of: "one two", limit: limit).count == 2)
        let lines = font.lineWidths(of: "one two", limit: limit, byCharacter: true)
        #expect(lines.count == 2 && abs(lines[0] - limit) < 1e-9 && abs(lines[1] - font.width(of: "o")) < 1e-9)
    }

    /// An emoji is about its size and 5.75 points wide, untracked, at every size (Apple Color
    /// Emoji's bitmaps do not scale with it): a 46-point grape 51.4 (Xcode stores 50; 1.32 em made
    /// it 60.7), an 11-point thumb 16.7 (16), a 17-point check mark 22.6 (23). Sequences joined
    /// into one picture are one emoji; the spaces around one are San Francisco's.
    @Test func emojiAreTheirSizeAndAFewPoints() {
        for (size, width) in [(46.0, 51.428), (11.0, 16.673), (17.0, 22.631)] {
            #expect(abs(Font(.system, size: size).width(of: "🍇") - width) < 0.001, "\(size)")
        }
        #expect(Font.roundedUp(Font(.system, size: 17).width(of: "✅"), scale: 2) == 23)
        let family = Font(.system, size: 17).width(of: "👩‍👩‍👧")
        #expect(family == Font(.system, size: 17).width(of: "🍇"))
        let spaced = Font(.system, size: 17).width(of: " 🍭 ")
        #expect(abs(spaced - (22.631 + 2 * Font(.system, size: 17).width(of: " "))) < 0.001)
    }

    /// A megabyte of text of every kind is measured, and wrapped, without a trap.
    @Test func anyTextIsMeasured() {
        let piece = "Hello, 世界! 👩‍👩‍👧 e\u{301} שלום مرحبا \u{200B}\t🇯🇵\n"
        let text = String(repeating: piece, count: 1_000_000 / piece.utf8.count)
        let font = Font(.system, size: 17)
        #expect(font.width(of: text).isFinite)
        let lines = font.lineWidths(of: text, limit: 200)
        #expect(lines.count >= text.count { $0 == "\n" })
        #expect(lines.allSatisfy { $0 <= 200 + 1e-9 })
    }
}

/// A label's baseline moves with its font's face and its lines, and the constraints on it
/// follow: a face changed after the constraint is made moves the label as if it came first.
@Test func aBaselineFollowsTheFontsFace() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .label, name: "a", parent: "root", properties: [.text("Hi")])
    try engine.addView(kind: .label, name: "b", parent: "root", properties: [.text("Yo")])
    for spec in [ConstraintSpec(name: "top", firstItem: "a", firstAttribute: .top, relation: .equal, secondItem: "root", secondAttribute: .top, constant: 100),
                 ConstraintSpec(name: "line", firstItem: "b", firstAttribute: .firstBaseline, relation: .equal, secondItem: "a", secondAttribute: .firstBaseline)] {
        _ = try engine.addConstraint(spec)
    }
    engine.layoutIfNeeded()
    #expect(engine.hierarchy.view(named: "b")!.frame.y == 100)
    try engine.setProperty(.fontFace(FontFace(family: .avenir)), of: "b")
    engine.layoutIfNeeded()
    // San Francisco's ascender is 1950/2048 em, Avenir's a whole em.
    #expect(abs(engine.hierarchy.view(named: "b")!.frame.y - (100 + 17 * 1950 / 2048 - 17)) < 1e-6)
    // Of many lines, its first baseline stays; `lines` rewrites the constraint all the same.
    try engine.setProperty(.lines(0), of: "b")
    engine.layoutIfNeeded()
    #expect(abs(engine.hierarchy.view(named: "b")!.frame.y - (100 + 17 * 1950 / 2048 - 17)) < 1e-6)
}
