/// A screen's orientation.
public enum Orientation: String, CaseIterable, Sendable {
    case portrait, landscape
}

/// `UIUserInterfaceSizeClass`.
public enum SizeClass: String, Sendable {
    case compact, regular
}

/// `UIUserInterfaceLayoutDirection`: the direction leading and trailing run in.
public enum LayoutDirection: String, CaseIterable, Sendable {
    case leftToRight, rightToLeft
}

/// `UISemanticContentAttribute`: whether a view follows the layout direction. `playback` and
/// `spatial` (media controls, directional pads) stay left to right, as the forced values do.
public enum SemanticContent: String, CaseIterable, Sendable {
    case unspecified, playback, spatial, forceLeftToRight, forceRightToLeft
}

/// A device strut can lay a session out on: its screen in points, its display scale, the safe
/// area UIKit gives a full-screen view controller's root view in each orientation, and its size
/// classes. Sources, per value, in docs/devices.md.
public final class Device: Sendable, Equatable {
    public enum Idiom: String, Sendable { case phone, pad }

    public let name: String
    public let idiom: Idiom
    /// The screen in points, portrait.
    public let width: Double
    public let height: Double
    public let scale: Double
    /// The root view's safe area: portrait (status bar or sensor housing above, home indicator
    /// below) and landscape.
    public let portraitInsets: EdgeInsets
    public let landscapeInsets: EdgeInsets
    /// A large phone (Plus, Max): regular width in landscape, and 20-point root margins.
    public let isLargePhone: Bool

    init(_ name: String, _ idiom: Idiom, _ width: Double, _ height: Double, scale: Double,
         portrait: EdgeInsets, landscape: EdgeInsets, large: Bool = false) {
        self.name = name
        self.idiom = idiom
        self.width = width
        self.height = height
        self.scale = scale
        self.portraitInsets = portrait
        self.landscapeInsets = landscape
        self.isLargePhone = large
    }

    public static func == (a: Device, b: Device) -> Bool { a.name == b.name }

    private static func insets(_ top: Double, _ side: Double, _ bottom: Double) -> EdgeInsets {
        EdgeInsets(top: top, left: side, bottom: bottom, right: side)
    }

    /// The presets, phones from the smallest, then iPads.
    public static let all: [Device] = [
        Device("iPhone SE (3rd generation)", .phone, 375, 667, scale: 2, portrait: insets(20, 0, 0), landscape: .zero),
        Device("iPhone 13 mini", .phone, 375, 812, scale: 3, portrait: insets(50, 0, 34), landscape: insets(0, 50, 21)),
        Device("iPhone 15", .phone, 393, 852, scale: 3, portrait: insets(59, 0, 34), landscape: insets(0, 59, 21)),
        Device("iPhone 15 Plus", .phone, 430, 932, scale: 3, portrait: insets(59, 0, 34), landscape: insets(0, 59, 21), large: true),
        Device("iPhone 15 Pro", .phone, 393, 852, scale: 3, portrait: insets(59, 0, 34), landscape: insets(0, 59, 21)),
        Device("iPhone 15 Pro Max", .phone, 430, 932, scale: 3, portrait: insets(59, 0, 34), landscape: insets(0, 59, 21), large: true),
        Device("iPhone 16 Pro", .phone, 402, 874, scale: 3, portrait: insets(62, 0, 34), landscape: insets(0, 62, 21)),
        Device("iPhone 16 Pro Max", .phone, 440, 956, scale: 3, portrait: insets(62, 0, 34), landscape: insets(0, 62, 21), large: true),
        Device("iPad mini (6th generation)", .pad, 744, 1133, scale: 2, portrait: insets(24, 0, 20), landscape: insets(24, 0, 20)),
        Device("iPad Air 11-inch (M2)", .pad, 820, 1180, scale: 2, portrait: insets(24, 0, 20), landscape: insets(24, 0, 20)),
        Device("iPad Pro 11-inch (4th generation)", .pad, 834, 1194, scale: 2, portrait: insets(24, 0, 20), landscape: insets(24, 0, 20)),
        Device("iPad Pro 12.9-inch (6th generation)", .pad, 1024, 1366, scale: 2, portrait: insets(24, 0, 20), landscape: insets(24, 0, 20)),
    ]

    /// A preset by its name, ignoring case, blanks and punctuation (`iphone15pro`), or by the
    /// start of one name only (`iPhone SE`, `iPad Pro 11-inch`).
    public static func named(_ name: String) -> Device? {
        let key = folded(name)
        guard !key.isEmpty else { return nil }
        if let exact = all.first(where: { folded($0.name) == key }) { return exact }
        let starting = all.filter { folded($0.name).hasPrefix(key) }
        return starting.count == 1 ? starting[0] : nil
    }

    /// The preset names nearest a mistyped one: those that contain what was typed, else those
    /// that share its words.
    public static func suggestions(for name: String) -> [String] {
        let key = folded(name)
        guard !key.isEmpty else { return [] }
        let containing = all.filter { folded($0.name).contains(key) }.map(\.name)
        if !containing.isEmpty { return Array(containing.prefix(4)) }
        let words = Set(name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
        let scored = all.map { device -> (String, Int) in
            let theirs = Set(device.name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
            return (device.name, words.intersection(theirs).count)
        }.filter { $0.1 > 0 }
        let best = scored.map(\.1).max() ?? 0
        return Array(scored.filter { $0.1 == best }.map(\.0).prefix(4))
    }

    private static func folded(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// The screen in points for an orientation.
    public func size(_ orientation: Orientation) -> EdgeSize {
        orientation == .portrait ? EdgeSize(width: width, height: height) : EdgeSize(width: height, height: width)
    }

    public func safeArea(_ orientation: Orientation) -> EdgeInsets {
        orientation == .portrait ? portraitInsets : landscapeInsets
    }

    /// UIKit's size classes: every iPad is regular both ways at full screen; a phone is compact
    /// wide and regular high in portrait, compact high in landscape, where only the large
    /// phones are regular wide.
    public func sizeClasses(_ orientation: Orientation) -> (horizontal: SizeClass, vertical: SizeClass) {
        if idiom == .pad { return (.regular, .regular) }
        if orientation == .portrait { return (.compact, .regular) }
        return (isLargePhone ? .regular : .compact, .compact)
    }

    /// `systemMinimumLayoutMargins` of a full-screen view controller's root view: 20 points
    /// leading and trailing in a regular width and on the large phones, else 16; none above and
    /// below.
    public func systemMinimumMargins(_ orientation: Orientation) -> EdgeInsets {
        let side = sizeClasses(orientation).horizontal == .regular || isLargePhone ? 20.0 : 16.0
        return EdgeInsets(top: 0, left: side, bottom: 0, right: side)
    }
}

/// The traits a layout is made for (`UITraitCollection`'s that matter to Auto Layout).
public struct Traits: Sendable, Equatable {
    public var horizontalSizeClass: SizeClass
    public var verticalSizeClass: SizeClass
    public var layoutDirection: LayoutDirection
    public var contentSizeCategory: ContentSizeCategory
    public var displayScale: Double
}
