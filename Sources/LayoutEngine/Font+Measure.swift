/// A font at a point size: what a label or a button measures its text with.
public struct Font: Hashable, Sendable {
    public var face: FontFace
    public var size: Double
    /// Space between one line and the next beyond `lineHeight`: a text style's leading less the
    /// font's line height (UIFont's `leading`); 0 for a font at a fixed size. A label's lines are
    /// this far apart, with none below the last; a text view's and a text field's text layout
    /// gives every line it, the last included.
    public var lineSpacing: Double = 0
    /// San Francisco as iOS 9 to 13 drew it (`TextMetric.ios13`): the static SF Text's
    /// tracking table, and SF Display's break at 20 points instead of iOS 14's optical sizes.
    public var earlyTracking = false

    public init(_ face: FontFace = .system, size: Double) {
        self.face = face
        self.size = size
    }

    /// UIFont's `lineHeight`: ascender and descender.
    public var lineHeight: Double { FontMetrics.of(face.family).lineHeight * size }

    /// UIFont's `ascender`: the baseline below the top of a line.
    public var ascender: Double { FontMetrics.of(face.family).ascender * size }

    /// A character's advance in points, San Francisco's tracking included.
    public func advance(_ character: Character) -> Double {
        let metrics = FontMetrics.of(face.family)
        return advance(character, metrics, metrics.tracks ? FontMetrics.tracking(size, early: earlyTracking) : 0)
    }

    private func advance(_ character: Character, _ metrics: FontMetrics, _ tracking: Double) -> Double {
        let em = metrics.advance(character, weight: face.weight, size: size, earlyTracking: earlyTracking)
        return em == 0 ? 0 : (em + tracking) * size / 1000
    }

    /// A line as a text view's or text field's layout sets it: the line height and the leading
    /// below it, whichever line it is.
    public var textLayoutLineHeight: Double { lineHeight + lineSpacing }

    /// The height of `lines` lines of a label (at least one), not rounded.
    public func height(ofLines lines: Int) -> Double {
        let count = Double(max(lines, 1))
        return lineHeight * count + lineSpacing * (count - 1)
    }

    /// The width of a text set on one line (line breaks ignored), in points, not rounded.
    /// - Complexity: O(characters).
    public func width(of text: String) -> Double {
        let metrics = FontMetrics.of(face.family)
        let text = metrics.glyphs == .icons ? FontMetrics.ligated(text) : text
        let tracking = metrics.tracks ? FontMetrics.tracking(size, early: earlyTracking) : 0
        var total = 0.0
        // Printable ASCII (most labels): a byte is a glyph, looked up without the grapheme
        // breaking and Unicode properties a Character takes.
        if let ascii = metrics.asciiWidth(text, weight: face.weight, size: size, tracking: tracking, early: earlyTracking) { return ascii }
        for character in text where !Font.isLineBreak(character) {
            total += advance(character, metrics, tracking)
        }
        return total
    }

    /// The widths of a text's lines wrapped at `limit` points, as UILabel's word wrapping
    /// breaks them (see `Font.wrap`).
    public func lineWidths(of text: String, limit: Double, byCharacter: Bool = false) -> [Double] {
        let metrics = FontMetrics.of(face.family)
        let tracking = metrics.tracks ? FontMetrics.tracking(size, early: earlyTracking) : 0
        return Font.wrap(metrics.glyphs == .icons ? FontMetrics.ligated(text) : text, limit: limit, byCharacter: byCharacter) { advance($0, metrics, tracking) }
    }

    /// Whether a character ends a line, as text layout breaks lines: a line feed, a carriage
    /// return (alone or before a line feed), NEL, and Unicode's line and paragraph separators
    /// (U+2028, U+2029: what Xcode's label text editor writes for a line break, Option-Return).
    /// (A line break never combines with what follows it, except CR with LF: a character is
    /// one when its first scalar is.)
    public static func isLineBreak(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(endsLine) ?? false
    }

    private static func endsLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether a text holds any of `isLineBreak`'s characters (its scalars read, without
    /// grapheme breaking).
    public static func hasLineBreak(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: endsLine)
    }

    /// A length rounded up to the display's pixel grid (`scale` pixels a point), as UIKit
    /// rounds a label's size.
    public static func roundedUp(_ value: Double, scale: Double) -> Double {
        let pixels = value * scale
        // (Sums of fractions a hair over a pixel are on it; sizes of no pixel or past any
        // screen are left as they are.)
        guard pixels.isFinite, pixels > 1e-6, pixels < 1e15, scale > 0 else { return value }
        return (pixels - 1e-7).rounded(.up) / scale
    }

    /// A text wrapped at `limit` points a line, as UILabel's word wrapping does: at spaces
    /// and line breaks, between characters of East Asian wide scripts (which need no spaces),
    /// and inside a word only when the word alone is wider than the line. Japanese rules
    /// (kinsoku) keep closing punctuation, small kana and the prolonged sound mark off the start
    /// of a line and opening brackets off its end: such a character goes with its neighbour.
    /// `byCharacter` (`characterWrap`): a line may break between any two characters.
    /// Each line's width, its trailing spaces left out.
    /// - Complexity: O(characters).
    public static func wrap(_ text: String, limit: Double, byCharacter: Bool = false, advance: (Character) -> Double) -> [Double] {
        // The units no line breaks inside: a word, or a wide character with what sticks to it.
        // Their characters' advances are `advances[start..<end]`.
        struct Unit { var start: Int; var end: Int; var width: Double; var gap: Double; var breakBefore: Bool; var endsOpen: Bool }
        var units: [Unit] = []
        var advances: [Double] = []
        var gap = 0.0, breakBefore = false
        var wordStart = 0, word = 0.0, inWord = false
        func flushWord() {
            guard inWord else { return }
            units.append(Unit(start: wordStart, end: advances.count, width: word, gap: gap, breakBefore: breakBefore, endsOpen: false))
            word = 0; gap = 0; breakBefore = false; inWord = false
        }
        for character in text {
            if Font.isLineBreak(character) {
                flushWord()
                if breakBefore { units.append(Unit(start: advances.count, end: advances.count, width: 0, gap: 0, breakBefore: true, endsOpen: false)) }
                breakBefore = true
                gap = 0
                continue
            }
            if character == " " || character == "\t" {
                flushWord()
                gap += advance(" ")
                continue
            }
            guard let scalar = character.unicodeScalars.first else { continue }
            let width = advance(character)
            let wide = byCharacter || View.isWide(scalar.value)
            if View.noLineStart.contains(scalar.value), gap == 0, !breakBefore, !inWord, !units.isEmpty {
                // Closing punctuation, small kana: onto the unit before it.
                advances.append(width)
                units[units.count - 1].end = advances.count
                units[units.count - 1].width += width
                units[units.count - 1].endsOpen = View.noLineEnd.contains(scalar.value)
                continue
            }
            if wide {
                flushWord()
                advances.append(width)
                // After an opening bracket, nothing may break.
                if let last = units.last, last.endsOpen, gap == 0, !breakBefore {
                    units[units.count - 1].end = advances.count
                    units[units.count - 1].width += width
                    units[units.count - 1].endsOpen = View.noLineEnd.contains(scalar.value)
                } else {
                    units.append(Unit(start: advances.count - 1, end: advances.count, width: width, gap: gap, breakBefore: breakBefore,
                                      endsOpen: View.noLineEnd.contains(scalar.value)))
                    gap = 0; breakBefore = false
                }
            } else {
                if !inWord { wordStart = advances.count; inWord = true }
                advances.append(width)
                word += width
            }
        }
        flushWord()

        // A hair of slack: widths that are sums of fractions must not break a line that fits.
        let fits = limit + 1e-9 * abs(limit)
        var lines: [Double] = []
        var line = 0.0
        var started = false
        for unit in units {
            if unit.breakBefore && (started || !lines.isEmpty || line > 0) {
                lines.append(line)
                line = 0
                started = false
            }
            let space = started ? unit.gap : 0
            if started && line + space + unit.width > fits {
                lines.append(line)
                line = 0
                started = false
            }
            if started { line += space }
            var rest = unit.width
            if !started && rest > fits {
                // A unit wider than a whole line is cut where the line ends (one character at
                // least a line).
                var filled = 0.0, count = 0
                for index in unit.start..<unit.end {
                    let w = advances[index]
                    if count > 0 && filled + w > fits {
                        lines.append(filled)
                        rest -= filled
                        filled = 0
                        count = 0
                    }
                    filled += w
                    count += 1
                }
                rest = filled
            }
            line += rest
            started = started || rest > 0 || unit.width == 0
        }
        if started || line > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }
}
