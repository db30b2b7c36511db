/// A property change of `set VIEW.PROPERTY = VALUE`, already parsed.
public enum ViewProperty: Hashable, Sendable {
    case text(String)
    case font(Double)
    /// A Dynamic Type text style: the font takes the style's size at the session's content
    /// size category (`font = body`).
    case textStyle(TextStyle)
    /// `adjustsFontForContentSizeCategory`: a text style's size follows later changes of the
    /// content size category.
    case adjustsFont(Bool)
    /// The font's face: a family by its PostScript name (`Avenir-Heavy`), or the system font.
    case fontFace(FontFace)
    /// The font's weight (`UIFont.Weight`), its family kept.
    case weight(FontWeight)
    /// An italic face of the font's family.
    case italic(Bool)
    /// A button's `contentEdgeInsets` (a configuration's `contentInsets`).
    case contentInsets(EdgeInsets)
    /// A button's image, by its size in points; nil for none.
    case image(EdgeSize?)
    /// A button's `UIButton.Configuration` style, nil for none: its title takes the body style
    /// and sits in the configuration's insets.
    case configuration(ButtonConfiguration?)
    /// A label's `numberOfLines` (0: as many as it needs).
    case lines(Int)
    /// A label's `lineBreakMode`.
    case lineBreakMode(LineBreakMode)
    /// A label's `preferredMaxLayoutWidth` (0: the width the layout gives it).
    case preferredMaxLayoutWidth(Double)
    /// The width a multi-line label without `preferredMaxLayoutWidth` wraps at until a layout
    /// pass gives it another: a label a nib loads has its frame from the nib, and UIKit wraps it
    /// at that width in the first pass (`nil`: on one line, as a label made in code starts).
    case wrapWidth(Double?)
    /// `nil` on an axis is no intrinsic metric; `.intrinsic(nil, nil)` is `none`.
    case intrinsic(Double?, Double?)
    /// The intrinsic size UIKit computes from the content again (a label's or button's text;
    /// none for other views): `intrinsic auto`.
    case intrinsicFromContent
    case hugging(Axis, LayoutPriority)
    case compression(Axis, LayoutPriority)
    /// A frame, optionally with the superview size it is measured against (else the
    /// superview's frame of the last layout pass).
    case frame(Rect, within: EdgeSize?)
    case autoresizing(Bool)
    case mask(AutoresizingMask)
    case margins(EdgeInsets)
    /// How far the frame sticks out of the alignment rectangle that constraints place (a
    /// UISwitch's frame is 2 points wider on the trailing side).
    case alignmentInsets(EdgeInsets)
    case hidden(Bool)
    case axis(Axis)
    case spacing(Double)
    /// A label kind that is a `UITextView`: always wraps, inside the text container's insets;
    /// `scrolls` (the default) has no intrinsic size, `grows` is sized by its text
    /// (`isScrollEnabled = false`).
    case textView(TextViewScrolling)
    /// A `UITextField`'s `borderStyle`: without a border (UIKit's default) it is a line of its
    /// font high, with one 34 (`new field` makes a rounded rect, as Interface Builder does).
    case borderStyle(TextFieldBorder)
    /// A `UISegmentedControl`'s segments' titles, in order (`UISegmentedControl(items:)`).
    case segments([String])
    /// A segmented control's `apportionsSegmentWidthsByContent`.
    case apportionsSegments(Bool)
    /// An activity indicator's `style`: its size.
    case spinnerStyle(SpinnerStyle)
    /// An arranged view's custom spacing after it in its stack (`setCustomSpacing(_:after:)`);
    /// nil: the stack's `spacing` again (`spacingUseDefault`).
    case spacingAfter(Double?)
    case distribution(String)
    case alignment(String)
    case marginsRelative(Bool)
    case baselineRelative(Bool)
    /// The UIKit class shown in UIKit-style output (an imported `UITextField`, a custom class).
    case documentClass(String)
    /// The Interface Builder object id a view was imported from.
    case ibID(String)
    /// `directionalLayoutMargins`: top, leading, bottom, trailing.
    case directionalMargins(EdgeInsets)
    /// `insetsLayoutMarginsFromSafeArea`.
    case insetsMarginsFromSafeArea(Bool)
    /// `preservesSuperviewLayoutMargins`.
    case preservesSuperviewMargins(Bool)
    /// `semanticContentAttribute`.
    case semanticContent(SemanticContent)
    /// Root only: the view controller's `additionalSafeAreaInsets`.
    case additionalSafeAreaInsets(EdgeInsets)

    public var name: String {
        switch self {
        case .text: "text"
        case .font, .textStyle: "font"
        case .adjustsFont: "adjustsFont"
        case .fontFace: "fontName"
        case .weight: "weight"
        case .italic: "italic"
        case .contentInsets: "contentInsets"
        case .configuration: "configuration"
        case .image: "image"
        case .lines: "lines"
        case .lineBreakMode: "lineBreakMode"
        case .preferredMaxLayoutWidth: "preferredMaxLayoutWidth"
        case .wrapWidth: "wrapWidth"
        case .intrinsic, .intrinsicFromContent: "intrinsic"
        case let .hugging(axis, _): "hugging.\(axis.letter)"
        case let .compression(axis, _): "compression.\(axis.letter)"
        case .frame: "frame"
        case .autoresizing: "autoresizing"
        case .mask: "mask"
        case .margins: "margins"
        case .alignmentInsets: "alignmentInsets"
        case .hidden: "hidden"
        case .axis: "axis"
        case .spacing: "spacing"
        case .spacingAfter: "spacingAfter"
        case .textView: "scrollEnabled"
        case .borderStyle: "borderStyle"
        case .segments: "segments"
        case .apportionsSegments: "apportionsSegmentWidthsByContent"
        case .spinnerStyle: "style"
        case .distribution: "distribution"
        case .alignment: "alignment"
        case .marginsRelative: "marginsRelative"
        case .baselineRelative: "baselineRelative"
        case .documentClass: "class"
        case .ibID: "ibID"
        case .directionalMargins: "directionalMargins"
        case .insetsMarginsFromSafeArea: "insetsLayoutMarginsFromSafeArea"
        case .preservesSuperviewMargins: "preservesSuperviewLayoutMargins"
        case .semanticContent: "semanticContentAttribute"
        case .additionalSafeAreaInsets: "additionalSafeAreaInsets"
        }
    }

    /// Whether the property moves an attribute within the view, so that the constraints on it
    /// are written anew: the margins move the margin attributes; the font's size, face and the
    /// lines move a label's baselines, the insets a button's.
    var movesAttributes: Bool {
        switch self {
        case .margins, .font, .textStyle, .fontFace, .weight, .italic, .lines, .contentInsets, .configuration, .image, .directionalMargins, .textView, .borderStyle,
             .insetsMarginsFromSafeArea, .preservesSuperviewMargins, .semanticContent, .additionalSafeAreaInsets: true
        default: false
        }
    }

    /// Every property name the shell knows, for help and completion.
    public static let names = ["text", "font", "fontName", "weight", "italic", "adjustsFont", "contentInsets", "configuration", "image", "lines", "lineBreakMode", "preferredMaxLayoutWidth", "intrinsic", "hugging.h", "hugging.v", "compression.h",
                               "compression.v", "frame", "autoresizing", "mask", "margins", "alignmentInsets", "hidden",
                               "axis", "spacing", "spacingAfter", "scrollEnabled", "borderStyle", "segments", "apportionsSegmentWidthsByContent", "style", "distribution", "alignment", "marginsRelative", "baselineRelative", "class", "ibID",
                               "directionalMargins", "insetsLayoutMarginsFromSafeArea", "preservesSuperviewLayoutMargins",
                               "semanticContentAttribute", "additionalSafeAreaInsets"]

    /// UIKit's names of properties the shell calls otherwise, each with the shell's name: a
    /// developer types what their code says (`numberOfLines = 0`, a button's `title`), and the
    /// value reads as the shell's property's does.
    public static let uikitNames: [String: String] = [
        "numberOfLines": "lines", "title": "text", "adjustsFontForContentSizeCategory": "adjustsFont",
        "contentEdgeInsets": "contentInsets", "isHidden": "hidden", "layoutMargins": "margins",
        "directionalLayoutMargins": "directionalMargins", "autoresizingMask": "mask",
        "translatesAutoresizingMaskIntoConstraints": "autoresizing", "isScrollEnabled": "scrollEnabled",
        "isLayoutMarginsRelativeArrangement": "marginsRelative", "isBaselineRelativeArrangement": "baselineRelative",
    ]

    /// UIKit's properties that change how a view looks or behaves, not where it is (a label's
    /// alignment moves its text inside its frame, not the frame): code that sets them changes
    /// no layout, and the shell refuses them saying so. Help names the first four.
    public static let layoutFreeUIKitNames: [String] = [
        "textAlignment", "textColor", "backgroundColor", "alpha", "tintColor", "layer", "contentMode",
        "clipsToBounds", "isUserInteractionEnabled", "accessibilityIdentifier", "accessibilityLabel",
        "accessibilityHint", "accessibilityTraits", "image", "isOpaque", "adjustsFontSizeToFitWidth",
        "minimumScaleFactor", "placeholder", "tag", "delegate", "dataSource", "isEnabled", "isSelected",
        "attributedPlaceholder", "keyboardType", "returnKeyType", "isSecureTextEntry", "autocorrectionType",
        "autocapitalizationType", "clearButtonMode", "separatorStyle", "rowHeight", "estimatedRowHeight",
        "showsVerticalScrollIndicator", "showsHorizontalScrollIndicator", "bounces", "alwaysBounceVertical",
        "alwaysBounceHorizontal", "selectionStyle", "accessoryType", "isAccessibilityElement",
        "highlightedTextColor", "shadowColor", "shadowOffset", "onTintColor", "thumbTintColor",
        "progressTintColor", "trackTintColor", "currentPageIndicatorTintColor", "pageIndicatorTintColor",
        "hidesWhenStopped", "effect", "accessibilityElements", "title", "isEditable", "keyboardDismissMode",
        "contentInsetAdjustmentBehavior", "adjustsImageWhenHighlighted", "showsTouchWhenHighlighted",
        "allowsSelection", "tableFooterView", "backgroundView", "isPagingEnabled", "decelerationRate",
        "contentInset", "scrollIndicatorInsets", "textContainerInset", "cornerRadius", "masksToBounds",
        "borderWidth", "borderColor", "numberOfPages", "currentPage", "value", "minimumValue", "maximumValue",
        "isOn", "selectedSegmentIndex", "datePickerMode", "preferredDatePickerStyle", "menu",
        "showsMenuAsPrimaryAction", "isMultipleTouchEnabled", "isExclusiveTouch", "overrideUserInterfaceStyle",
        "contentHorizontalAlignment", "contentVerticalAlignment", "titleEdgeInsets", "imageEdgeInsets",
        "semanticContentAttributes", "isHighlighted", "baselineAdjustment",
    ]
    public static let layoutFree = Set(layoutFreeUIKitNames)
}

/// How labels and buttons measure their text.
public enum TextMetric: String, CaseIterable, Sendable {
    /// By the fonts' glyph advances and line heights, rounded to the display's pixels.
    case uikit
    /// As `uikit`, with San Francisco tracked as iOS 9 to 13 tracked it: by the table of the
    /// static SF Text (Apple's typography guidelines of those years: 17 points −24/1000 em,
    /// 19 points −26), which iOS 14's variable SF Pro changed (−26 and −24; WWDC20 "The
    /// details of UI typography"). Display sizes (20 points and up) keep the variable font's:
    /// strut has no glyphs for the static SF Display.
    case ios13
    /// The SPEC's fixed metric: half an em a display cell, 1.2 ems a line.
    case fixed
}

/// A hierarchy as it was at a layout pass, shared by reference.
public final class LaidOutState: Sendable {
    public let hierarchy: Hierarchy
    init(_ hierarchy: Hierarchy) { self.hierarchy = hierarchy }
}

/// A width and a height.
public struct EdgeSize: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// The whole editable state as a value: views, constraints, and the counters that name and
/// order them. Copying it is cheap (copy on write), which is what undo, redo and failed commands
/// rely on.
public struct Hierarchy: Sendable {
    public static let rootID: ViewID = 0
    public static let rootFrame = Rect(x: 0, y: 0, width: 390, height: 844)
    /// The pixels a point of the display strut lays out for until told otherwise (an iPhone's
    /// 3, as the root's 390 × 844).
    public static let defaultDisplayScale = 3.0
    /// The most segments a segmented control takes (a bound on what a script or a document can
    /// make strut measure).
    public static let segmentLimit = 1_000

    // Chunked storage (persistent): copies for undo share almost everything.
    public internal(set) var views = ChunkedArray<View?>()
    public internal(set) var constraints = ChunkedArray<LayoutConstraint?>()
    /// Views' and constraints' names, shared with every copy (see `NameTable`): ask through
    /// `viewID(ifNamed:)` and `constraintIndex(named:)`, which check the answer here.
    let viewTable = NameTable()
    let constraintTable = NameTable()
    /// Activation clock: every activation (and every remake of system constraints) ticks it.
    var clock = 0
    /// The next automatic name is `c\(autoName)`.
    var autoName = 1
    /// A change since the last layout pass.
    public internal(set) var needsLayout = false
    /// The stack views, whose constraints `regenerateStacks` remakes after every change.
    var stackIDs: Set<ViewID> = []
    /// Off: stack views leave out their fitting constraints (spanning fit, canvas fit,
    /// ambiguity suppression), so that what only they decide shows as ambiguous.
    var stackFitting = true
    /// Root's height a variable of the solver instead of its frame's (only in the scratch
    /// copy `fittingHeightOfRoot` sizes a cell's content view in).
    var rootHeightFitting = false
    /// `set autolayout = on`: a layout pass after every change.
    public internal(set) var autolayout = false
    /// `set canvas = on`: stack views lay hidden arranged views out as Interface Builder's canvas
    /// draws them (out of the spacing chain, at their own size) instead of UIKit's `UISV-hiding`.
    public internal(set) var canvas = false
    /// Whether a label was ever given more than one line (the layout's second pass looks for
    /// them only then).
    var hasMultiLineLabels = false
    /// `set contentSizeCategory = …`: the text size Dynamic Type text styles take.
    public internal(set) var contentSizeCategory = ContentSizeCategory.large
    /// The category is the one an imported document's Xcode laid its text styles out at
    /// (Xcode 12.5 to 13's smallest), not one the app ran at: the next change of category sizes
    /// every text style anew, as the app would have launched at it, not only those that adjust.
    public internal(set) var contentSizeCategoryIsCanvas = false
    /// `set textMetric = uikit|ios13|fixed`: text measured by its fonts' glyphs, as UIKit
    /// measures it (with San Francisco's tracking of iOS 9 to 13 for `ios13`), or by the SPEC's
    /// fixed metric (half an em a character).
    public internal(set) var textMetric = TextMetric.uikit
    /// `set displayScale = 1|2|3`: the pixels a point that text sizes are rounded up to.
    public internal(set) var displayScale = Hierarchy.defaultDisplayScale
    /// `set device = …`: the device root's screen, safe area and size classes come from.
    public internal(set) var device: Device?
    /// `set pixelRounding = on|off`: frames rounded to the pixels of `displayScale` as UIKit
    /// rounds them (on with a device, and for an imported document).
    public internal(set) var pixelRounding = false
    /// `set orientation = portrait|landscape` (on a device).
    public internal(set) var orientation = Orientation.portrait
    /// `set layoutDirection = leftToRight|rightToLeft`: the direction leading runs in.
    public internal(set) var layoutDirection = LayoutDirection.leftToRight
    /// `set root.additionalSafeAreaInsets = …`: the root view controller's addition to its
    /// safe area (kept with root's area settings).
    public var additionalSafeAreaInsets: EdgeInsets { root.additionalSafeAreaInsets }
    /// An imported document's size-class variations, applied again when the traits change
    /// (boxed: most sessions have none, and the hierarchy is copied at every command).
    public internal(set) var traitVariations: TraitVariations {
        get { traitBox?.variations ?? TraitVariations() }
        set { traitBox = newValue.isEmpty ? nil : TraitVariationsBox(newValue) }
    }
    private var traitBox: TraitVariationsBox?
    /// Where imported code made the views and constraints, and what it skipped (`dump`).
    public internal(set) var codeSources: CodeSources {
        get { codeBox?.sources ?? CodeSources() }
        set { codeBox = newValue.isEmpty ? nil : CodeSourcesBox(newValue) }
    }
    private var codeBox: CodeSourcesBox?
    /// Whether safe areas and margins in effect need computing at layout passes (a device,
    /// a system guide or a margin setting was used).
    var usesAreas = false
    /// The state as of the last layout pass (what `save` replays before the pending changes).
    public internal(set) var laidOut: LaidOutState?

    public init() {
        var root = View(id: Hierarchy.rootID, name: "root", kind: .view, parent: nil)
        root.frame = Hierarchy.rootFrame
        root.requestedFrame = Hierarchy.rootFrame
        views.append(root)
        viewTable.note("root", Hierarchy.rootID)
    }

    // MARK: - Lookup

    public var root: View { views[Hierarchy.rootID]! }

    public func view(_ id: ViewID) -> View { views[id]! }

    public func viewID(named name: String) throws -> ViewID {
        if let id = viewID(ifNamed: name) { return id }
        let names = allViews.filter { $0.stackHelper == nil }.map(\.name)
        throw LayoutError.unknownView(name, suggestion: closestMatch(to: name, in: names.sorted()))
    }

    /// The view named so (a stack view's helper guides have no name to look up), if any.
    public func viewID(ifNamed name: String) -> ViewID? {
        viewTable.find(name) { id in
            guard id < views.count, let view = views[id] else { return false }
            return view.name == name && view.stackHelper == nil
        }
    }

    public func view(named name: String) -> View? { viewID(ifNamed: name).map { views[$0]! } }

    public var viewNames: [String] { allViews.map(\.name) }

    /// Every view and guide, parents before children, children in the order they were added.
    public var allViews: [View] { allViewIDs.map { views[$0]! } }

    /// The views' identifiers in `allViews` order, without copying the views.
    public var allViewIDs: [ViewID] {
        var result: [ViewID] = []
        result.reserveCapacity(views.count)
        var stack = [Hierarchy.rootID]
        while let id = stack.popLast() {
            result.append(id)
            // The children read in place: copying each view out would cost more than the walk.
            let children = views.withElement(id) { $0!.children }
            var k = children.count
            while k > 0 {
                k -= 1
                stack.append(children[k])
            }
        }
        return result
    }

    /// The subtree of `top` in listing order, each view with its depth below `top`; a loop,
    /// not recursion, so that a hierarchy 100,000 deep does not overflow the stack.
    public func preorder(from top: ViewID) -> [(id: ViewID, depth: Int)] {
        var result: [(id: ViewID, depth: Int)] = []
        var stack: [(id: ViewID, depth: Int)] = [(top, 0)]
        while let (id, depth) = stack.popLast() {
            result.append((id, depth))
            for child in views[id]!.children.reversed() { stack.append((child, depth + 1)) }
        }
        return result
    }

    /// The view and everything below it (stack views' helper guides included).
    public func subtree(_ id: ViewID) -> [ViewID] {
        var result: [ViewID] = []
        var stack = [id]
        while let next = stack.popLast() {
            result.append(next)
            result += views[next]!.stackLayout.helpers
            stack.append(contentsOf: views[next]!.children.reversed())
        }
        return result
    }

    /// The chain from a view up to root, the view first.
    public func ancestry(_ id: ViewID) -> [ViewID] {
        var chain = [id]
        var current = id
        while let parent = views[current]!.parent {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// The nearest common ancestor (a view is its own ancestor; a guide's is its owning view).
    /// - Complexity: O(the two views' distances to it): the two walk up in turns, so a view
    ///   and its parent in a hierarchy 10,000 deep do not walk to root.
    public func commonAncestor(_ a: ViewID, _ b: ViewID) -> ViewID? {
        if a == b { return a }
        let parentA = views[a]!.parent, parentB = views[b]!.parent
        if parentA == b { return b }
        if parentB == a { return a }
        if parentA != nil && parentA == parentB { return parentA }
        var seenA: Set<ViewID> = [a], seenB: Set<ViewID> = [b]
        var x: ViewID? = a, y: ViewID? = b
        while x != nil || y != nil {
            if let current = x {
                if seenB.contains(current) { return current }
                seenA.insert(current)
                x = views[current]!.parent
            }
            if let current = y {
                if seenA.contains(current) { return current }
                seenB.insert(current)
                y = views[current]!.parent
            }
        }
        return nil
    }

    public func constraint(named name: String) -> LayoutConstraint? {
        constraintIndex(named: name).flatMap { constraints[$0] }
    }

    /// The user constraint named so, if any.
    public func constraintIndex(named name: String) -> Int? {
        constraintTable.find(name) { index in index < constraints.count && constraints[index]?.name == name }
    }

    /// User constraints (typed, VFL or imported) in creation order.
    public var userConstraints: [(index: Int, constraint: LayoutConstraint)] {
        constraints.indices.compactMap { index in constraints[index].map { (index, $0) } }
    }

    /// A name no view has, from `base`: `base`, else `base2`, `base3`, … (`base_2` when `base`
    /// ends in a digit), never `root` or `super`, nor one of `taken` (names promised to views
    /// not made yet).
    public func unusedViewName(_ base: String, taken: Set<String> = []) -> String {
        var counters: [String: Int] = [:]
        return unusedViewName(base, taken: taken, counters: &counters)
    }

    /// `unusedViewName`, for many names while views are only added: `counters` remembers, per
    /// base, the suffix after the last one given, so that the thousandth `label` is not found
    /// by trying the 999 before it.
    public func unusedViewName(_ base: String, taken: Set<String> = [], counters: inout [String: Int]) -> String {
        func isFree(_ name: String) -> Bool { viewID(ifNamed: name) == nil && name != "super" && !taken.contains(name) }
        if isFree(base) { return base }
        let separator = base.last?.isNumber == true ? "_" : ""
        var k = counters[base] ?? 2
        while !isFree(base + separator + String(k)) { k += 1 }
        counters[base] = k + 1
        return base + separator + String(k)
    }

    /// `base`, or `base2`, `base3`, ... : the first no constraint has.
    public func unusedConstraintName(_ base: String) -> String {
        var name = base
        var k = 2
        while constraintRef(named: name) != nil { name = base + String(k); k += 1 }
        return name
    }

    /// A view name from free text (a user label, a class name): its letters (of any script),
    /// digits and underscores, each later word capitalised (`AcceptTerms Control` →
    /// `AcceptTermsControl`, `名前 ラベル` → `名前ラベル`), `v` in front of a leading digit;
    /// nil when nothing is left.
    public static func viewName(from text: String) -> String? {
        var result = ""
        var upperNext = false
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                result += upperNext && !result.isEmpty ? character.uppercased() : String(character)
                upperNext = false
            } else {
                upperNext = true
            }
        }
        guard let first = result.first else { return nil }
        return first.isNumber ? "v" + result : result
    }

    /// The description of an anchor: `title.leading`.
    public func describe(_ anchor: Anchor) -> String {
        var text = views.withElement(anchor.item) { $0!.name }  // not the whole view copied out
        text += "."
        text += anchor.attribute.name
        return text
    }
}
