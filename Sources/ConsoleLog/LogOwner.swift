/// Whose a logged constraint is: the developer's, or one of the parts of UIKit that make
/// constraints of their own (AUTOLAYOUT.md §7.2's system identifiers). What the developer can
/// change is their own constraints, and the settings behind UIKit's.
public enum LogOwner: Hashable, Sendable {
    /// The app's, with where it says it was made (SnapKit's `File.swift#93`, a Masonry key).
    case yours(String?)
    /// `UISV-*`: the stack view's, from its axis, alignment, distribution and spacing.
    case stackView
    /// `UIView-Encapsulated-Layout-*`: the size UIKit gives a cell, a controller's root view.
    case encapsulated(cell: String?)
    /// `NSAutoresizingMaskLayoutConstraint`: `translatesAutoresizingMaskIntoConstraints`.
    case autoresizing
    /// `NSContentSizeLayoutConstraint`: the intrinsic content size.
    case contentSize
    /// `_UITemporaryLayoutWidth/Height`: UIKit's size while it measures a view.
    case temporary
    case safeArea
    case margins
    case keyboard
    case bar
    /// Another UIKit-private constraint (its class or identifier says).
    case uikit(String)

    public var isYours: Bool { if case .yours = self { true } else { false } }

    /// `yours (Cell.swift#93)`, `the table view's cell sizing (UIKit)`, …
    public var words: String {
        switch self {
        case let .yours(detail): detail.map { "yours (\($0))" } ?? "yours"
        case .stackView: "the stack view's (from its axis, alignment, distribution, spacing)"
        case let .encapsulated(cell): cell.map { "the \($0)'s cell sizing (UIKit)" } ?? "the size UIKit gives the view from outside"
        case .autoresizing: "autoresizing (translatesAutoresizingMaskIntoConstraints is on)"
        case .contentSize: "the content size (hugging, compression resistance)"
        case .temporary: "UIKit's temporary size while it measures the view"
        case .safeArea: "the safe area (UIKit)"
        case .margins: "the layout margins (UIKit)"
        case .keyboard: "the keyboard's (UIKit)"
        case .bar: "the bar's (UIKit)"
        case let .uikit(what): "UIKit private (\(what))"
        }
    }

    static let keyboardIdentifiers: Set<String> = ["accessoryView.bottom", "accessoryView.top", "inputView.top", "inputView.bottom",
                                                   "assistantHeight", "assistantView.bottom", "assistantView.top"]

    /// Views that belong to UIKit's keyboard windows.
    static func isKeyboard(_ item: LogItem) -> Bool {
        let c = item.className
        return c.hasPrefix("UIInputSet") || c.hasPrefix("_UIKB") || c.hasPrefix("UIKB") || c.contains("RemoteKeyboard")
            || c == "UITextEffectsWindow" || c == "SystemInputAssistantView" || item.name == "SystemInputAssistantView"
    }

    /// Views that only UIKit makes (`_UIButtonBarStackView`, `_UIAlertControllerView`, …).
    static func isPrivate(_ item: LogItem) -> Bool {
        item.className.hasPrefix("_UI") && item.className != "_UILayoutGuide" && item.className != "_UILayoutSpacer"
    }

    public init(_ c: LogConstraint) {
        let identifier = c.identifier ?? ""
        // The `'|'` of art is the legend's superview.
        let items = [c.first, c.second].compactMap { $0 }.compactMap { $0.className == "|" ? c.superview : $0 }
        let bareSize = c.second == nil && c.firstAttribute.isDimension && c.identifier == nil && c.className == "NSLayoutConstraint"
        if c.className == "NSAutoresizingMaskLayoutConstraint" {
            self = .autoresizing
        } else if c.className == "NSContentSizeLayoutConstraint" {
            self = .contentSize
        } else if identifier.hasPrefix("UISV-") {
            self = .stackView
        } else if identifier.hasPrefix("UIView-Encapsulated-Layout") {
            let classes = items.map(\.className)
            self = .encapsulated(cell: classes.contains { $0.contains("TableViewCell") } ? "table view"
                : classes.contains { $0.contains("CollectionViewCell") } ? "collection view" : nil)
        } else if bareSize && c.first.className.hasSuffix("CellContentView") {
            // iOS 9–11 printed a cell's encapsulated size without its identifier.
            self = .encapsulated(cell: c.first.className.contains("Collection") ? "collection view" : "table view")
        } else if identifier.hasPrefix("_UITemporaryLayout") {
            self = .temporary
        } else if identifier.hasPrefix("UIViewSafeAreaLayoutGuide") {
            self = .safeArea
        } else if identifier.hasSuffix("-guide-constraint") {
            self = .margins
        } else if LogOwner.keyboardIdentifiers.contains(identifier) || items.contains(where: LogOwner.isKeyboard) {
            self = .keyboard
        } else if ["UINav", "BIB_", "Mask_", "MaskEV_", "UIButtonBar"].contains(where: identifier.hasPrefix)
                    || items.contains(where: { $0.className.hasPrefix("_UIButtonBar") || $0.className.hasPrefix("_UINavigationBar") }) {
            self = .bar
        } else if c.className == "_UILayoutSupportConstraint" {
            self = .uikit("the top or bottom layout guide's own constraint")
        } else if c.className.hasPrefix("_") && c.className != "_UISystemBaselineConstraint" {
            self = .uikit(c.className)
        } else if identifier.hasPrefix("_UI") || identifier.hasPrefix("UI") && identifier.contains("-") {
            self = .uikit("'\(identifier)'")
        } else if items.allSatisfy(LogOwner.isPrivate) {
            self = .uikit(items.map(\.className).joined(separator: ", "))
        } else if let location = c.location {
            self = .yours(location)
        } else if let key = c.key, c.address.isEmpty {
            self = .yours(c.className.hasPrefix("MAS") ? "Masonry key \(key)" : "labeled \"\(key)\"")
        } else if c.className.hasPrefix("MAS") {
            self = .yours("Masonry")
        } else if c.className.contains("SnapKit") || c.className.hasSuffix(".LayoutConstraint") {
            self = .yours("SnapKit")
        } else {
            self = .yours(nil)
        }
    }
}
