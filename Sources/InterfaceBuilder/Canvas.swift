import LayoutEngine

/// What Xcode's canvas simulates around a scene (AUTOLAYOUT.md §9.4): the device's status bar
/// and home indicator, and the bars of the containers a controller sits in. They decide the
/// safe area of a scene's root view (and of a xib's File's Owner view), which Xcode lays out
/// against when it stores frames.
public struct Canvas: Sendable, Equatable {
    /// Portrait screen size in points.
    public var width: Double
    public var height: Double
    /// The status bar's height where the device shows one, and the home indicator's inset.
    public var statusBar: Double
    public var homeIndicator: Double
    public var isLandscape = false
    /// Xcode 16.1 to 16.4's canvas: a notched phone's insets twice over (`of`).
    public var insetsDoubled = false
    /// From Xcode 9 (`xcode9`), a status bar the simulated metrics hide still insets the
    /// safe area on the canvas: 5 of 5 such scenes and views of the public documents (Xcode
    /// 10.1 to 26, five apps) are laid out below it.
    public var keepsHiddenStatusBar = false

    /// A phone with a notch or an island, or an iPad with rounded corners.
    public var hasHomeIndicator: Bool { homeIndicator > 0 }

    /// Screens by portrait size: status bar and home indicator (an iPad's are told by its id).
    static let phones: [(width: Double, height: Double, statusBar: Double, homeIndicator: Double)] = [
        (320, 480, 20, 0), (320, 568, 20, 0), (375, 667, 20, 0), (414, 736, 20, 0),
        (375, 812, 44, 34), (414, 896, 44, 34), (390, 844, 47, 34), (428, 926, 47, 34),
        (393, 852, 59, 34), (430, 932, 59, 34), (402, 874, 62, 34), (440, 956, 62, 34),
    ]
    static let roundedPads: [(Double, Double)] = [(744, 1133), (820, 1180), (834, 1194), (834, 1210), (1024, 1366), (1032, 1376)]
    static let squarePads: [(Double, Double)] = [(768, 1024), (810, 1080), (834, 1112), (1024, 1366)]

    /// The pixels a point of a device Xcode lays a document out on: 3 for the iPhones from the
    /// 5.5-inch Plus on, except the 2× 6.1-inch iPhone XR and 11 (`retina6_1`); 2 for the
    /// others and every iPad. Without a device (documents before Xcode 8) Xcode laid views out
    /// on the pixels of the Mac's own screen: half points on a Retina display, whole points on
    /// another (the same document gains and loses half points as its window moves between the
    /// two), so the document shows which: `halfPoints`, a frame stored off the whole points,
    /// gives 2, else 1. Xcode 8 stored every device's frames on the 2× grid (half points).
    public static func scale(ofDevice id: String?, toolsVersion: Double, halfPoints: Bool = false) -> Double {
        guard let id else { return halfPoints ? 2 : 1 }
        if toolsVersion < xcode9 { return 2 }
        switch id {
        case "retina5_5", "retina5_9", "retina5_4", "retina6_5", "retina6_12", "retina6_0", "retina6_7", "retina6_72", "retina6_3", "retina6_9": return 3
        default: return 2
        }
    }

    /// The content size category Xcode's canvas laid text styles out at: `large` but in the
    /// releases of `textSizeEras`. Xcode documents nothing of it; the documents show it.
    public static func contentSizeCategory(toolsVersion: Double) -> ContentSizeCategory {
        textSizeEra(toolsVersion: toolsVersion)?.category ?? .large
    }

    /// The Xcode releases whose canvas laid text styles out at another size than `large`, by
    /// `toolsVersion`, with their names (the import's report names them).
    ///
    /// - Xcode 7 (8000 to 10999): `medium`. A body label on one line is 19.5 high on the
    ///   half-point grid (Xcode 7.0) and 20 on whole points (Xcode 7.3), 16 points' line, where
    ///   the same Xcode 7.3 stored 21 for a 17-point system label: body was 16 points (UIKit's
    ///   body at `medium`), not 17.
    /// - Xcode 12.5 to 13 (18000 to 20999): `extraSmall`. A body or headline label on one line
    ///   stored 17 high (14 points, UIKit's body at extraSmall, where 17 points make 20.5), body
    ///   buttons 41 high where 45. Of the labels and buttons of that era in public documents
    ///   whose stored height is a line of one size or the other, 29 are at extraSmall (Zotero,
    ///   Tinode, LoopKit, VLC, Open Food Facts) and 3 at large (VLC, OsmAnd); before (Xcode
    ///   12.4) and after (Xcode 14) none is at extraSmall.
    public static let textSizeEras: [TextSizeEra] = [
        TextSizeEra(toolsVersions: 8000..<11000, category: .medium, xcodes: "7"),
        TextSizeEra(toolsVersions: 18000..<21000, category: .extraSmall, xcodes: "12.5 to 13"),
    ]

    /// Xcode releases (`toolsVersions`, named `xcodes`) whose canvas laid text styles out at
    /// `category`.
    public struct TextSizeEra: Sendable, Equatable {
        public var toolsVersions: Range<Double>
        public var category: ContentSizeCategory
        public var xcodes: String
    }

    public static func textSizeEra(toolsVersion: Double) -> TextSizeEra? {
        textSizeEras.first { $0.toolsVersions.contains(toolsVersion) }
    }

    /// How the canvas measured San Francisco: by the static SF Text's tracking table of iOS 9
    /// to 13 (`ios13`) in documents saved by Xcode 7 to 11 (`toolsVersion` 8000 to 16999,
    /// SDKs before iOS 14's variable SF Pro), by today's (`uikit`) before and after.
    public static func textMetric(toolsVersion: Double) -> TextMetric {
        toolsVersion >= 8000 && toolsVersion < 17000 ? .ios13 : .uikit
    }

    /// Device ids as Xcode writes them, with their portrait size. `retina6_12` was a 390-point
    /// phone until Xcode 15 made it the 393-point one.
    static func size(ofDevice id: String, toolsVersion: Double) -> (Double, Double)? {
        switch id {
        case "retina3_5": (320, 480)
        case "retina4_0": (320, 568)
        case "retina4_7": (375, 667)
        case "retina5_5": (414, 736)
        case "retina5_9": (375, 812)
        case "retina6_1", "retina6_5": (414, 896)
        case "retina5_4": (375, 812)
        case "retina6_12": toolsVersion >= 22000 ? (393, 852) : (390, 844)
        case "retina6_0": (390, 844)
        case "retina6_7": (428, 926)
        case "retina6_72": (430, 932)
        case "retina6_3": (402, 874)
        case "retina6_9": (440, 956)
        case "ipad9_7": (768, 1024)
        case "ipad10_2": (810, 1080)
        case "ipad10_5": (834, 1112)
        case "ipad11_0rounded": (834, 1194)
        case "ipad10_9rounded": (820, 1180)
        case "ipad8_3rounded": (744, 1133)
        case "ipad12_9", "ipad12_9rounded": (1024, 1366)
        default: nil
        }
    }

    /// The first `toolsVersion` of Xcode 11: its betas saved 14835 to 14868 (with the
    /// `appearance` of Xcode 11's dark mode on the device, which no earlier document has), its
    /// releases 15000 and up.
    public static let xcode11 = 14800.0

    /// The first `toolsVersion` of Xcode 9, whose canvas has safe areas (iOS 11).
    public static let xcode9 = 13000.0

    /// The canvas of a document: its device, or when a scene's root view has a whole screen's
    /// size, that screen (Xcode reuses device ids across versions; the stored size does not lie).
    /// From Xcode 11 (`xcode11`) to Xcode 14.2 a device without a home indicator shows no
    /// status bar on the canvas; before, and again from Xcode 14.3 (21700), a 20-point one (the
    /// public documents' home-button phones: 0 in 30 scenes of Xcode 11 to 14.2, 20 in 4 of 4
    /// of Xcode 14.3, from two apps, and in 5 of 6 of Xcode 15 on, from four).
    public static func of(device: String?, orientation: String?, toolsVersion: Double, rootSize: (Double, Double)?) -> Canvas {
        let landscape = orientation == "landscape"
        let isRounded = device?.hasSuffix("rounded") ?? false
        var portrait = device.flatMap { size(ofDevice: $0, toolsVersion: toolsVersion) } ?? (375, 667)
        // The root's stored size, as a portrait screen's.
        let root = rootSize.map { landscape ? ($0.1, $0.0) : ($0.0, $0.1) }
        if let candidate = root {
            if phones.contains(where: { $0.width == candidate.0 && $0.height == candidate.1 })
                || roundedPads.contains(where: { $0 == candidate }) || squarePads.contains(where: { $0 == candidate }) {
                portrait = candidate
            }
        }
        var canvas = Canvas(width: portrait.0, height: portrait.1, statusBar: 20, homeIndicator: 0, isLandscape: landscape)
        canvas.keepsHiddenStatusBar = toolsVersion >= xcode9
        if let phone = phones.first(where: { $0.width == portrait.0 && $0.height == portrait.1 }) {
            canvas.statusBar = phone.statusBar
            // 375 × 812 is the mini (status bar 50) from Xcode 12, the X, XS and 11 Pro (44) before.
            if portrait == (375, 812) && (toolsVersion >= 17000 || device == "retina5_4") { canvas.statusBar = 50 }
            // 414 × 896 is the XR and the 11 (`retina6_1`, status bar 48 from Xcode 14) or the
            // XS Max and 11 Pro Max (44): the public documents store 44 for retina6_1 up to
            // Xcode 13 (51 scenes) and 48 from Xcode 14 (15), the Max 44 in every era. (In
            // landscape the sensor housing's inset is not known to change: it stays 44.)
            if portrait == (414, 896) && device == "retina6_1" && toolsVersion >= 21000 && !landscape { canvas.statusBar = 48 }
            canvas.homeIndicator = phone.homeIndicator
        } else if isRounded || (roundedPads.contains(where: { $0 == portrait }) && !squarePads.contains(where: { $0 == portrait })) {
            canvas.statusBar = 24
            canvas.homeIndicator = 20
        }
        if !canvas.hasHomeIndicator && toolsVersion >= xcode11 && toolsVersion < 21700 { canvas.statusBar = 0 }
        // Xcode 16.1 to 16.4 (23700 to 31999) lay a notched phone's whole-screen scene out with
        // its status bar and home indicator insets twice over: their documents store an iPhone
        // 16's safe area from 118 to 68 above the bottom (9 of 9 scenes' tops, 13 of 14
        // bottoms, from five apps), the XR's from 96, where Xcode 16.0 and 26 store 59 and 34.
        // A sheet (a root shorter than the screen) is not doubled.
        let wholeScreen = root.map { $0 == portrait } ?? true
        if canvas.hasHomeIndicator && canvas.isPhone && !landscape && wholeScreen && toolsVersion >= 23700 && toolsVersion < 32000 {
            canvas.statusBar *= 2
            canvas.homeIndicator *= 2
            canvas.insetsDoubled = true
        }
        return canvas
    }

    public var isPhone: Bool { width < 700 }

    /// The insets of a full-screen root view: status bar (none on a phone in landscape, where a
    /// notched phone's sensor housing insets the sides instead) and home indicator.
    public var screenInsets: EdgeInsets {
        guard isLandscape else { return EdgeInsets(top: statusBar, left: 0, bottom: homeIndicator, right: 0) }
        if isPhone {
            let side = hasHomeIndicator ? statusBar : 0
            return EdgeInsets(top: 0, left: side, bottom: hasHomeIndicator ? 21 : 0, right: side)
        }
        return EdgeInsets(top: statusBar, left: 0, bottom: homeIndicator, right: 0)
    }

    /// What the canvas is, for the import's report: `414 x 896 screen: status bar 44, home indicator 34`.
    public func summary(statusBarOff: Bool = false) -> String {
        let size = isLandscape ? "\(formatNumber(height)) x \(formatNumber(width)) landscape" : "\(formatNumber(width)) x \(formatNumber(height))"
        let insets = screenInsets
        let status = statusBarOff ? "off" : formatNumber(insets.top)
        let doubled = insetsDoubled ? ", twice the device's, as Xcode 16.1 to 16.4 laid it out" : ""
        return "\(size) screen: status bar \(status), home indicator \(formatNumber(insets.bottom))\(doubled)"
    }
}

/// The bars Xcode simulates over one scene: from its own simulated metrics, or inherited from
/// the navigation and tab bar controllers it sits in and the pushes that lead to it.
public struct SimulatedBars: Sendable, Equatable {
    /// nil: inferred (shown); false: `<nil key="simulatedStatusBarMetrics"/>`.
    public var statusBar: Bool? = nil
    /// The top bar's height (a navigation bar 44, prompted 74, large titles 96), 0 for none.
    public var top: Double = 0
    /// The bottom bar's height (a tab bar 49, a toolbar 44) without the home indicator.
    public var bottom: Double = 0
    /// The status bar's height above a navigation controller's bar, as Xcode stored the bar's
    /// place (nil: the canvas's).
    public var statusBarHeight: Double?
    /// A freeform size, not a screen: no status bar or home indicator.
    public var isFreeform = false
    /// Opaque bars: the root view starts below (or ends above) them, so they do not inset it.
    public var topIsOpaque = false
    public var bottomIsOpaque = false
    /// A view at the top of a xib that is not a controller's (nil for a scene's root): its
    /// height, at the top of the screen, where the home indicator insets it only if it reaches
    /// down to it.
    public var heightAtScreenTop: Double?

    /// The bars, for the import's report: `, navigation bar 44, tab bar 49 (opaque)`.
    public var summary: String {
        var parts: [String] = []
        if top > 0 { parts.append("navigation bar \(formatNumber(top))" + (topIsOpaque ? " (opaque: the view starts below it)" : "")) }
        if bottom > 0 { parts.append("\(bottom == 49 ? "tab bar" : "toolbar") \(formatNumber(bottom))" + (bottomIsOpaque ? " (opaque: the view ends above it)" : "")) }
        if let heightAtScreenTop { parts.append("a view \(formatNumber(heightAtScreenTop)) high at the screen's top") }
        return parts.map { ", " + $0 }.joined()
    }

    /// Whether the simulated metrics' hidden status bar takes its inset away (before Xcode 9).
    public func hidesStatusBar(on canvas: Canvas) -> Bool {
        statusBar == false && !canvas.isLandscape && !canvas.keepsHiddenStatusBar
    }

    /// The safe area insets of a scene's root view on a canvas.
    public func safeArea(on canvas: Canvas) -> EdgeInsets {
        var insets = isFreeform ? .zero : canvas.screenInsets
        if let statusBarHeight, !canvas.isLandscape && !isFreeform { insets.top = statusBarHeight }
        if hidesStatusBar(on: canvas) { insets.top = 0 }
        if topIsOpaque { insets.top = 0 } else { insets.top += top }
        if bottomIsOpaque { insets.bottom = 0 } else if bottom > 0 { insets.bottom += bottom }
        if let heightAtScreenTop, !canvas.isLandscape {
            // What of the view the bars cover: no more than the view (a 34-point header under
            // a 44-point status bar is all inset, its safe area of no height at its bottom).
            insets.top = min(insets.top, heightAtScreenTop)
            insets.bottom = min(max(0, insets.bottom - max(0, canvas.height - heightAtScreenTop)), heightAtScreenTop - insets.top)
        }
        return insets
    }
}
