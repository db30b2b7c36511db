/// What strut knows of a family's glyphs: advance widths per character, in thousandths of an
/// em, and the height of a line. No font file is read: the advances are the Adobe Font Metrics
/// of the core PostScript faces (Helvetica, Helvetica-Bold, Times-Roman, Times-Bold, Courier),
/// which Apple's faces of the same design follow, turned into a family's by a scale and a
/// per-glyph addition; San Francisco has a table of its own, fitted on the labels of public
/// Interface Builder documents (Scripts/fit-text; docs/text.md has the method and the residuals).
struct FontMetrics: Sendable {
    enum Glyphs: Sendable { case helvetica, times, monospaced, sanFrancisco, icons }
    let glyphs: Glyphs
    /// Advance = (table × scale + addition) before tracking.
    let scale: Double
    let addition: Double
    /// Scale and addition of the bold table (the fit gives bold faces their own).
    let boldScale: Double
    let boldAddition: Double
    /// `lineHeight / pointSize`: ascender plus descender plus leading.
    let lineHeight: Double
    /// `ascender / pointSize`: the first baseline below the top of a line.
    let ascender: Double
    /// San Francisco tracks its text by point size (`trackingBySize`).
    let tracks: Bool
    /// San Francisco's display optical size (20 points and up) spaces its glyphs tighter:
    /// its addition there, for every weight, as the static SF Display of iOS 9 to 13 is
    /// measured (`earlyTracking`); iOS 14's variable SF Pro moves from text to display glyph
    /// by glyph instead (`sanFranciscoDisplay`, `displayShare`).
    var displayAddition: Double? = nil
    /// The family's own regular advances of printable ASCII where strut has them (Helvetica
    /// Neue, Georgia, PingFang), in place of the base table's scaled; its bold is the base's.
    var regular: [UInt16]? = nil
    /// A monospaced family's advance.
    var monospaced: Double = 600

    static func of(_ family: FontFamily) -> FontMetrics {
        switch family {
        case .system: system
        case .helveticaNeue: FontMetrics(glyphs: .helvetica, scale: 1, addition: 0, boldScale: 1, boldAddition: 0, lineHeight: 1.2, ascender: 0.952, tracks: false,
                                         regular: FontMetrics.helveticaNeue)
        case .helvetica: FontMetrics(glyphs: .helvetica, scale: 1, addition: 0, boldScale: 1, boldAddition: 0, lineHeight: 1.15, ascender: 0.77, tracks: false)
        case .arial: FontMetrics(glyphs: .helvetica, scale: 1, addition: 0, boldScale: 1, boldAddition: 0, lineHeight: 1.15, ascender: 0.905, tracks: false)
        case .avenir: FontMetrics(glyphs: .helvetica, scale: 1, addition: 0, boldScale: 1, boldAddition: 0, lineHeight: 1.366, ascender: 1.0, tracks: false)
        case .avenirNext: FontMetrics(glyphs: .helvetica, scale: 1.02, addition: 0, boldScale: 1.02, boldAddition: 0, lineHeight: 1.366, ascender: 1.0, tracks: false)
        case .georgia: FontMetrics(glyphs: .times, scale: 1, addition: 0, boldScale: 1.12, boldAddition: 0, lineHeight: 1.136, ascender: 0.917, tracks: false,
                                   regular: FontMetrics.georgia)
        case .times: FontMetrics(glyphs: .times, scale: 1, addition: 0, boldScale: 1, boldAddition: 0, lineHeight: 1.15, ascender: 0.891, tracks: false)
        case .courier: FontMetrics(glyphs: .monospaced, scale: 1, addition: 0, boldScale: 1, boldAddition: 0, lineHeight: 1.133, ascender: 0.754, tracks: false)
        case .menlo: FontMetrics(glyphs: .monospaced, scale: 1, addition: 0, boldScale: 1, boldAddition: 0, lineHeight: 1.164, ascender: 0.928, tracks: false,
                                 monospaced: 602)
        case .hiragino: FontMetrics(glyphs: .helvetica, scale: 1, addition: 0, boldScale: 1, boldAddition: 0, lineHeight: 1.5, ascender: 0.88, tracks: false)
        case .pingFang: FontMetrics(glyphs: .helvetica, scale: 1, addition: 0, boldScale: 1, boldAddition: 0, lineHeight: 1.4, ascender: 1.06, tracks: false,
                                    regular: FontMetrics.pingFang)
        // The generators draw icons on an em square and make the font's ascender and
        // descender add up to it (Material Icons: 512 units over the baseline, none below;
        // icomoon's 960 and 64 of 1024; Font Awesome's 1536 and 256 of 1792).
        case .icons: FontMetrics(glyphs: .icons, scale: 1, addition: 0, boldScale: 1, boldAddition: 0, lineHeight: 1, ascender: 1, tracks: false)
        }
    }

    /// San Francisco: its own advances, moving towards its display optical size's from 17 to
    /// 28 points (iOS 9 to 13: 20/1000 em tighter from 20 points); line height (1950 + 494) /
    /// 2048 of the point size, which is UIKit's `lineHeight` (17.900391 at 15 points).
    static let system = FontMetrics(glyphs: .sanFrancisco, scale: 1, addition: 0, boldScale: 1, boldAddition: 0,
                                    lineHeight: 2444.0 / 2048.0, ascender: 1950.0 / 2048.0, tracks: true, displayAddition: -20)

    /// San Francisco's tracking in thousandths of an em by point size, as Apple's typography
    /// guidelines list it (12 points: 0; 17: −26; 28: +14), which UIKit applies on its own.
    /// `early`: the static SF Text's table of iOS 9 to 13 (`earlyTextTracking`) where it differs.
    static func tracking(_ size: Double, early: Bool = false) -> Double {
        let table: [Double] = [41, 34, 26, 19, 12, 6, 0, -6, -11, -16, -20, -26, -25, -24, -23, -18, -12, -4, 3, 6, 8, 11,
                               14, 14, 14, 13, 13, 12, 12, 11, 10, 10, 8, 8, 8]
        guard size.isFinite else { return 0 }
        let points = Int((min(max(size, 6), 40)).rounded())
        if early, let old = earlyTextTracking[points] { return old }
        return size > 40 ? 8 : table[points - 6]
    }

    /// The sizes (points) at which the static SF Text of iOS 9 to 13 tracked otherwise than
    /// iOS 14's variable SF Pro, with its tracking in thousandths of an em.
    static let earlyTextTracking: [Int: Double] = [17: -24, 19: -26]

    /// An emoji's advance in thousandths of an em: 0.993 of the size and 5.75 points, fitted by
    /// `Scripts/fit-text --emoji` on the single-emoji labels of the public documents (11 points:
    /// 16 wide, 18: 24, 30: 38, 38: 43, 45: 50), where a fixed 1.32 em made a 46-point emoji 61
    /// wide instead of 50.
    static func emojiAdvance(_ size: Double) -> Double {
        size > 0 && size.isFinite ? 993 + 5750 / size : 1000
    }

    /// A character's advance in thousandths of an em, before tracking.
    func advance(_ character: Character, weight: FontWeight, size: Double, earlyTracking: Bool = false) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let v = scalar.value
        // Printable ASCII needs no Unicode property (a lookup that costs more than the rest).
        if v >= 32 && v < 127 && character.utf8.count == 1 { return asciiAdvance(Int(v) - 32, weight: weight, size: size, early: earlyTracking) }
        // Emoji (a picture by default, or made one by a selector or a joiner) come from Apple
        // Color Emoji, a font of bitmaps that does not scale with the size: about the size plus
        // 5.75 points, untracked (`emojiAdvance`). Other wide East Asian characters are an em.
        if scalar.properties.isEmojiPresentation || character.unicodeScalars.count > 1 && scalar.properties.isEmoji && v > 0x7F {
            return FontMetrics.emojiAdvance(size) - (tracks ? FontMetrics.tracking(size, early: earlyTracking) : 0)
        }
        if View.isWide(v) { return 1000 }
        // A letter with marks as its letter; punctuation by its own figure, or about an `n`.
        guard glyphs != .monospaced else { return monospaced * weight.widthScale }
        guard glyphs != .icons else { return 1000 }
        if v >= 32 && v < 127 { return asciiAdvance(Int(v) - 32, weight: weight, size: size, early: earlyTracking) }  // with combining marks
        if let folded = FontMetrics.folded(v, character) { return asciiAdvance(Int(folded) - 32, weight: weight, size: size, early: earlyTracking) }
        if let other = FontMetrics.otherAdvance(v) {
            guard other != 0 else { return 0 }
            // Helvetica's figures; San Francisco's fit covers ASCII alone, so these take its
            // earlier two-number fit of Helvetica (× 0.965 + 44).
            let figure = glyphs == .sanFrancisco ? other * 0.965 + 44 : other
            if glyphs == .sanFrancisco, !earlyTracking, let display = FontMetrics.otherDisplayAdvance(v) {
                let shifted = figure + FontMetrics.displayShare(size) * (display - figure)
                return blend(shifted, shifted, weight: weight, size: size, displayIncluded: true)
            }
            return blend(figure, figure, weight: weight, size: size)
        }
        let n = Int(("n" as Unicode.Scalar).value) - 32
        return asciiAdvance(n, weight: weight, size: size, early: earlyTracking) * 1.05
    }

    /// The advance of printable ASCII character `k` (its code less 32) in thousandths of an em,
    /// before tracking: what `advance` gives it.
    @inline(__always)
    func asciiAdvance(_ k: Int, weight: FontWeight, size: Double, early: Bool = false) -> Double {
        switch glyphs {
        case .monospaced: return monospaced * weight.widthScale
        case .icons: return 1000
        case .helvetica: return blend(Double(regular?[k] ?? FontMetrics.helvetica[k]), Double(FontMetrics.helveticaBold[k]), weight: weight, size: size)
        case .times: return blend(Double(regular?[k] ?? FontMetrics.times[k]), Double(FontMetrics.timesBold[k]), weight: weight, size: size)
        case .sanFrancisco:
            if early { return blend(Double(FontMetrics.sanFrancisco[k]), Double(FontMetrics.sanFranciscoBold[k]), weight: weight, size: size) }
            let text = Double(FontMetrics.sanFrancisco[k])
            let shift = FontMetrics.displayShare(size) * (Double(FontMetrics.sanFranciscoDisplay[k]) - text)
            return blend(text + shift, Double(FontMetrics.sanFranciscoBold[k]) + shift, weight: weight, size: size, displayIncluded: true)
        }
    }

    /// A glyph's advance from its regular and bold figures: each scaled and added to, then
    /// taken the weight's way from one to the other. `displayIncluded`: the figures are
    /// already at the size's optical size (iOS 14's SF Pro), so the static display cut
    /// (`displayAddition`) is not added.
    @inline(__always)
    func blend(_ regular: Double, _ bold: Double, weight: FontWeight, size: Double, displayIncluded: Bool = false) -> Double {
        let display = !displayIncluded && size >= 20 ? displayAddition : nil
        let plain = regular * scale + (display ?? addition)
        let strong = bold * boldScale + (display ?? boldAddition)
        return (plain + (strong - plain) * weight.boldness) * weight.widthScale
    }

    /// The width in points of a text of printable ASCII alone (nil for any other text), as
    /// `advance` sums it a character at a time.
    func asciiWidth(_ text: String, weight: FontWeight, size: Double, tracking: Double, early: Bool = false) -> Double? {
        var total = 0.0
        for byte in text.utf8 {
            guard byte >= 32 && byte < 127 else { return nil }
            total += (asciiAdvance(Int(byte) - 32, weight: weight, size: size, early: early) + tracking) * size / 1000
        }
        return total
    }

    /// A text in an icon font as the glyphs it draws: a run of ASCII letters, digits and
    /// underscores is one icon, by the ligature Material Icons and Material Symbols name their
    /// icons with (`"notifications"`), and each other character is one.
    static func ligated(_ text: String) -> String {
        var glyphs = ""
        var inName = false
        for character in text {
            let isName = character.isASCII && (character.isLetter || character.isNumber || character == "_")
            if !isName || !inName { glyphs.append(isName ? "\u{E000}" : character) }
            inName = isName
        }
        return glyphs
    }

    /// Latin letters with marks, as the letter they are built on (`é` as `e`).
    static func folded(_ v: UInt32, _ character: Character) -> UInt32? {
        guard v >= 0xC0 && v <= 0x24F else { return nil }
        if v <= 0xFF {
            let map = Array("AAAAAAACEEEEIIIIDNOOOOO*OUUUUYPsaaaaaaaceeeeiiiidnooooo/ouuuuypy".unicodeScalars)
            return map[Int(v - 0xC0)].value
        }
        return character.isUppercase ? ("N" as Unicode.Scalar).value : ("n" as Unicode.Scalar).value
    }

    /// How far San Francisco's glyphs are from their text optical size towards their display
    /// one at a point size: iOS 14's variable SF Pro has no break at 20 points as the static
    /// SF Text and SF Display had, but moves smoothly from one to the other between 17 and 28
    /// points (WWDC 2020, "The details of UI typography"). 0 up to 17 points, 1 from 28.
    static func displayShare(_ size: Double) -> Double {
        guard size.isFinite else { return 0 }
        return min(max((size - 17) / 11, 0), 1)
    }

    /// SF Pro's display advances of common punctuation outside ASCII.
    static func otherDisplayAdvance(_ v: UInt32) -> Double? {
        switch v {
        case 0xA0: 205
        case 0x2013: 527
        case 0x2014: 831
        case 0x2026: 592
        case 0x2018, 0x2019: 215
        case 0x201C, 0x201D: 364
        case 0x2022: 429
        case 0xB0: 400
        case 0x20AC, 0xA3, 0xA5: 604
        default: nil
        }
    }

    /// Common punctuation outside ASCII.
    static func otherAdvance(_ v: UInt32) -> Double? {
        switch v {
        case 0xA0: 278
        case 0x2013: 556
        case 0x2014, 0x2026: 1000
        case 0x2018, 0x2019: 222
        case 0x201C, 0x201D: 333
        case 0x2022: 350
        case 0xB0: 400
        case 0x20AC, 0xA3, 0xA5: 556
        case 0x300...0x36F, 0x200B...0x200F, 0xFE00...0xFE0F: 0
        default: nil
        }
    }

    // Advance widths of printable ASCII (space through tilde) in the Adobe Font Metrics of the
    // core fonts.
    static let helvetica: [UInt16] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    ]
    static let helveticaBold: [UInt16] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
    ]
    static let times: [UInt16] = [
        250, 333, 408, 500, 500, 833, 778, 180, 333, 333, 500, 564, 250, 333, 250, 278,
        500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 278, 278, 564, 564, 564, 444,
        921, 722, 667, 667, 722, 611, 556, 722, 722, 333, 389, 722, 611, 889, 722, 722,
        556, 722, 667, 556, 611, 722, 722, 944, 722, 722, 611, 333, 278, 333, 469, 500,
        333, 444, 500, 444, 500, 444, 333, 500, 500, 278, 278, 500, 278, 778, 500, 500,
        500, 500, 333, 389, 278, 500, 500, 722, 500, 500, 444, 480, 200, 480, 541,
    ]
    static let timesBold: [UInt16] = [
        250, 333, 555, 500, 500, 1000, 833, 278, 333, 333, 500, 570, 250, 333, 250, 278,
        500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 333, 333, 570, 570, 570, 500,
        930, 722, 667, 722, 722, 667, 611, 778, 778, 389, 500, 778, 667, 944, 722, 778,
        611, 778, 722, 556, 667, 722, 722, 1000, 722, 722, 667, 333, 278, 333, 581, 500,
        333, 500, 556, 444, 556, 444, 333, 500, 556, 278, 333, 556, 278, 833, 556, 500,
        556, 556, 444, 389, 333, 556, 500, 722, 500, 500, 444, 394, 220, 394, 520,
    ]
    // Helvetica Neue's, Georgia's and PingFang SC's own advances of printable ASCII (regular),
    // in thousandths of an em: the figures the repository that lists SF Pro's display advances
    // lists for them, read from the fonts (Aarebecca/measury@0800b66, src/fonts/*-Regular.ts;
    // Georgia's in units of 2048 an em, rounded). Times and Arial's there are the tables above.
    static let helveticaNeue: [UInt16] = [
        278, 259, 426, 556, 556, 1000, 630, 278, 259, 259, 352, 600, 278, 389, 278, 333,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 600, 600, 600, 556,
        800, 648, 685, 722, 704, 611, 574, 759, 722, 259, 519, 667, 556, 871, 722, 760,
        648, 760, 685, 648, 574, 722, 611, 926, 611, 648, 611, 259, 333, 259, 600, 500,
        222, 537, 593, 537, 593, 537, 296, 574, 556, 222, 222, 519, 222, 853, 556, 574,
        593, 593, 333, 500, 315, 556, 500, 758, 518, 500, 480, 333, 222, 333, 600,
    ]
    static let georgia: [UInt16] = [
        241, 331, 412, 643, 610, 817, 710, 215, 375, 375, 472, 643, 270, 374, 270, 469,
        614, 430, 559, 552, 565, 528, 566, 502, 596, 566, 312, 312, 643, 643, 643, 479,
        929, 671, 654, 642, 749, 653, 599, 725, 815, 390, 518, 694, 604, 927, 767, 744,
        610, 744, 702, 561, 619, 756, 667, 976, 710, 615, 602, 375, 469, 375, 643, 643,
        500, 504, 560, 454, 574, 483, 325, 509, 582, 293, 292, 536, 286, 881, 591, 539,
        571, 560, 410, 432, 345, 575, 497, 737, 505, 492, 444, 430, 375, 430, 643,
    ]
    static let pingFang: [UInt16] = [
        333, 333, 413, 600, 600, 955, 711, 242, 333, 333, 500, 605, 258, 605, 258, 500,
        600, 600, 600, 600, 600, 600, 600, 600, 600, 600, 258, 258, 605, 605, 605, 525,
        853, 644, 670, 725, 698, 634, 574, 743, 711, 225, 506, 677, 586, 869, 712, 762,
        634, 762, 665, 622, 621, 702, 627, 917, 621, 645, 615, 333, 500, 333, 502, 500,
        333, 552, 576, 538, 576, 548, 370, 584, 545, 246, 261, 515, 224, 838, 546, 578,
        576, 576, 360, 493, 351, 547, 468, 742, 493, 478, 477, 333, 184, 333, 500,
    ]
    // San Francisco's advances of printable ASCII, regular and bold, fitted by Scripts/fit-text
    // on the single-line labels of 1,153 public Interface Builder documents and the fixtures'
    // ib/ and ib/apps (docs/text.md has the method). `?` (520), which the documents rarely
    // give, is set by UIKit's own measure of it at run time (`Scripts/fit-text`'s PINNED).
    static let sanFrancisco: [UInt16] = [
        284, 316, 387, 581, 594, 900, 688, 269, 371, 371, 459, 618, 281, 458, 277, 312,
        631, 480, 596, 611, 627, 600, 632, 549, 625, 627, 295, 312, 608, 622, 616, 520,
        1021, 665, 662, 736, 725, 595, 556, 736, 748, 289, 532, 665, 586, 896, 729, 777,
        642, 788, 652, 645, 603, 734, 629, 939, 709, 682, 640, 312, 312, 312, 497, 558,
        365, 553, 602, 556, 606, 573, 346, 608, 595, 258, 221, 535, 252, 875, 590, 588,
        612, 584, 379, 516, 359, 586, 524, 763, 524, 528, 562, 379, 295, 379, 608,
    ]
    // SF Pro's own advances of printable ASCII at its display optical size (regular), in
    // thousandths of an em (the font's units of 2048 an em, rounded): the figures a public
    // repository lists for the font (Aarebecca/measury@0800b66, src/fonts/SFPro-Regular.ts,
    // read from the font file). Labels of 28 points and more land on them (docs/text.md);
    // a bold glyph moves by its regular glyph's change.
    static let sanFranciscoDisplay: [UInt16] = [
        205, 267, 403, 604, 604, 808, 669, 254, 322, 322, 400, 604, 215, 429, 215, 279,
        606, 443, 566, 592, 604, 585, 617, 547, 600, 617, 215, 215, 604, 604, 604, 489,
        875, 635, 604, 686, 679, 552, 528, 707, 699, 225, 495, 601, 524, 831, 699, 731,
        578, 731, 599, 593, 581, 696, 631, 924, 635, 612, 617, 322, 279, 322, 604, 527,
        500, 502, 554, 501, 554, 512, 304, 549, 539, 206, 205, 485, 204, 803, 527, 531,
        549, 549, 308, 465, 301, 527, 483, 715, 468, 486, 468, 322, 216, 322, 604,
    ]
    static let sanFranciscoBold: [UInt16] = [
        287, 366, 508, 588, 588, 927, 748, 313, 383, 383, 426, 603, 330, 372, 316, 349,
        626, 575, 639, 583, 594, 605, 599, 599, 619, 600, 329, 372, 615, 659, 615, 634,
        986, 698, 723, 744, 748, 641, 602, 771, 785, 320, 601, 740, 618, 873, 757, 780,
        661, 804, 687, 683, 621, 733, 725, 987, 713, 664, 659, 372, 319, 372, 615, 588,
        372, 573, 649, 584, 647, 597, 404, 624, 637, 286, 307, 606, 283, 923, 636, 594,
        659, 641, 432, 554, 399, 595, 560, 820, 580, 557, 523, 426, 321, 426, 615,
    ]
}
