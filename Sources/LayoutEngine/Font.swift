/// Font weights as `UIFont.Weight` names them, lightest first.
public enum FontWeight: String, CaseIterable, Sendable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// A weight as code spells it: Swift's `semibold` (`.semibold`, `UIFont.Weight.semibold`'s
    /// last part) or Objective-C's `UIFontWeightSemibold`.
    public init?(codeName: String) {
        var name = codeName.hasPrefix("UIFontWeight") ? String(codeName.dropFirst("UIFontWeight".count)) : codeName
        if let first = name.first { name = first.lowercased() + name.dropFirst() }
        self.init(rawValue: name)
    }

    /// How far toward the bold glyph table a weight's advances go (regular 0, bold 1); the
    /// weights outside regular…bold scale their neighbour's advances.
    var boldness: Double {
        switch self {
        case .ultraLight, .thin, .light, .regular: 0
        case .medium: 0.4
        case .semibold: 0.75
        case .bold, .heavy, .black: 1
        }
    }

    /// Advance widths of the lighter and the heavier weights relative to regular and bold.
    var widthScale: Double {
        switch self {
        case .ultraLight: 0.94
        case .thin: 0.95
        case .light: 0.97
        case .heavy: 1.03
        case .black: 1.06
        default: 1
        }
    }
}

/// The families strut has metrics for. Each stands for the fonts whose advances it shares:
/// Arial was drawn to Helvetica's widths, Menlo and Courier are monospaced, the CJK families
/// set Latin text near Helvetica's widths.
public enum FontFamily: String, CaseIterable, Sendable {
    /// San Francisco, UIKit's system font since iOS 9: `systemFont(ofSize:)`, text styles.
    case system
    /// Helvetica Neue, the system font of iOS 7 and 8 (documents laid out before Xcode 7).
    case helveticaNeue
    case helvetica, arial, avenir, avenirNext, georgia, times, courier, menlo
    case hiragino, pingFang
    /// An icon font (Material Icons, Font Awesome, Ionicons, icomoon's and fontello's fonts):
    /// every glyph an em square, lines an em high.
    case icons

    /// The family's name as a developer writes it in `UIFont(name:size:)`.
    public var displayName: String {
        switch self {
        case .system: "system"
        case .helveticaNeue: "HelveticaNeue"
        case .helvetica: "Helvetica"
        case .arial: "ArialMT"
        case .avenir: "Avenir-Book"
        case .avenirNext: "AvenirNext-Regular"
        case .georgia: "Georgia"
        case .times: "TimesNewRomanPSMT"
        case .courier: "Courier"
        case .menlo: "Menlo-Regular"
        case .hiragino: "HiraginoSans-W3"
        case .pingFang: "PingFangSC-Regular"
        case .icons: "MaterialIcons-Regular"
        }
    }
}

/// A font without its size: family, weight and slant, and the name it was given by.
public struct FontFace: Hashable, Sendable {
    public var family: FontFamily
    public var weight: FontWeight
    public var italic: Bool
    /// The PostScript name it was asked for (`Avenir-Heavy`); nil for the system font.
    public var name: String?

    public init(family: FontFamily, weight: FontWeight = .regular, italic: Bool = false, name: String? = nil) {
        self.family = family
        self.weight = weight
        self.italic = italic
        self.name = name
    }

    public static let system = FontFace(family: .system)
    /// `UIFont.monospacedSystemFont(ofSize:weight:)`: SF Mono, measured as `SFMono-Regular`
    /// is (a monospaced face: Menlo's metrics).
    public static let systemMonospaced = FontFace(family: .menlo, name: "SFMono-Regular")

    /// The face a PostScript or family name names (`HelveticaNeue-Bold`, `Avenir-Heavy`,
    /// `Georgia-Italic`, `PingFangSC-Semibold`, `Menlo`); nil for a font strut has no metrics for.
    public init?(fontName: String) {
        let (base, style) = FontFace.split(fontName)
        let lowered = base.lowercased().filter { $0 != " " }
        let family: FontFamily
        switch lowered {
        case "system", ".sfui", ".sfuitext", ".sfuidisplay", "sfpro", "sfprotext", "sfprodisplay", "sfui", "sfuitext", "sfuidisplay":
            family = .system
        case "helveticaneue": family = .helveticaNeue
        case "helvetica": family = .helvetica
        case "arial", "arialmt": family = .arial
        case "avenir": family = .avenir
        case "avenirnext": family = .avenirNext
        case "georgia": family = .georgia
        case "times", "timesnewroman", "timesnewromanps", "timesnewromanpsmt", "timesroman": family = .times
        case "courier", "couriernew", "couriernewpsmt": family = .courier
        case "menlo", "sfmono", "sfmonoregular": family = .menlo
        case "hiraginosans", "hirakakupron", "hiraginokakugothicpron", "hiraginomincho", "hiraminpron": family = .hiragino
        case "pingfangsc", "pingfangtc", "pingfanghk", "pingfang": family = .pingFang
        case _ where FontFace.isIconFont(lowered): family = .icons
        default: return nil
        }
        var weight = FontWeight.regular
        var italic = false
        let words = style.lowercased()
        if words.contains("italic") || words.contains("oblique") { italic = true }
        // Longer names first (semibold before bold); a style that names no weight (Avenir's
        // Book and Roman, Hiragino's W3, Menlo's Regular) is the regular one.
        let weights: [(String, FontWeight)] = [
            ("ultralight", .ultraLight), ("extralight", .ultraLight), ("thin", .thin), ("light", .light),
            ("medium", .medium), ("demibold", .semibold), ("semibold", .semibold), ("heavy", .heavy),
            ("black", .black), ("bold", .bold), ("w3", .regular), ("w6", .semibold), ("w8", .heavy),
        ]
        for (word, w) in weights where words.contains(word) { weight = w; break }
        self.init(family: family, weight: weight, italic: italic, name: fontName)
    }

    /// Names of icon fonts as the common generators and sets give them: MaterialIcons,
    /// MaterialSymbolsOutlined, FontAwesome, FontAwesome5Free, Ionicons, GLYPHICONSHalflings, icomoon,
    /// fontello.
    private static func isIconFont(_ lowered: String) -> Bool {
        ["materialicons", "materialsymbols", "fontawesome", "glyphicons", "icomoon", "fontello"].contains { lowered.hasPrefix($0) }
            || lowered.hasSuffix("icons") || lowered.hasSuffix("icon")
    }

    /// `Avenir-Heavy` → (`Avenir`, `Heavy`); `Arial-BoldMT` → (`Arial`, `BoldMT`).
    private static func split(_ name: String) -> (Substring, Substring) {
        guard let dash = name.firstIndex(of: "-") else { return (Substring(name), "") }
        return (name[..<dash], name[name.index(after: dash)...])
    }
}


/// UILabel's `lineBreakMode`, by Interface Builder's names. Only character wrapping changes
/// where a label of many lines breaks; the truncating modes and clipping wrap at words, as
/// UIKit does, and change only how the last line ends.
public enum LineBreakMode: String, CaseIterable, Sendable {
    case wordWrap, characterWrap, clip, headTruncation, tailTruncation, middleTruncation

    /// By Interface Builder's name, or by UIKit's: Swift's `byWordWrapping` … `byTruncatingMiddle`,
    /// Objective-C's `NSLineBreakByWordWrapping` ….
    public init?(uikitName name: String) {
        if let mode = LineBreakMode(rawValue: name) {
            self = mode
            return
        }
        var word = Substring(name)
        if word.hasPrefix("NSLineBreak") { word = word.dropFirst("NSLineBreak".count) }
        guard let mode = Self.uikitNames[word.prefix(1).lowercased() + word.dropFirst()] else { return nil }
        self = mode
    }

    private static let uikitNames: [String: LineBreakMode] = [
        "byWordWrapping": .wordWrap, "byCharWrapping": .characterWrap, "byClipping": .clip,
        "byTruncatingHead": .headTruncation, "byTruncatingTail": .tailTruncation, "byTruncatingMiddle": .middleTruncation,
    ]
}
