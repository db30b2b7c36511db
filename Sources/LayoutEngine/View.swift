/// The kinds of item the shell can make.
public enum ViewKind: String, CaseIterable, Hashable, Sendable {
    case view, label, image, button, stack, guide

    /// The UIKit class a developer would recognise.
    public var className: String {
        switch self {
        case .view: "UIView"
        case .label: "UILabel"
        case .image: "UIImageView"
        case .button: "UIButton"
        case .stack: "UIStackView"
        case .guide: "UILayoutGuide"
        }
    }
}

/// A view's index in its hierarchy; stable for the view's life, never reused.
public typealias ViewID = Int

/// `UIStackView` settings (the constraints they imply are built by the stack-view layer).
public struct StackSettings: Hashable, Sendable {
    public var axis: Axis = .horizontal
    public var spacing: Double = 0
    public var distribution: String = "fill"
    public var alignment: String = "fill"
    /// `isLayoutMarginsRelativeArrangement`: the edges go to the stack's layout margins.
    public var marginsRelative = false
    /// `isBaselineRelativeArrangement` (vertical stacks): spacing from last to first baseline.
    public var baselineRelative = false
    public init() {}

    public static let distributions = ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"]
    public static let alignments = ["fill", "leading", "top", "firstBaseline", "center", "trailing", "bottom", "lastBaseline"]
}

/// How a label's text is set: Dynamic Type and lines (rarely set, so kept in the view's shared box).
struct TextLayout: Sendable {
    var textStyle: TextStyle?
    var adjustsFont = false
    var numberOfLines = 1
    var preferredMaxLayoutWidth = 0.0
    var wrapWidth: Double?
    var face = FontFace.system
    /// Pixels a point on the session's display (the hierarchy's `displayScale`).
    var displayScale = Hierarchy.defaultDisplayScale
    /// A button's `contentEdgeInsets`.
    var contentInsets = EdgeInsets.zero
    /// The hierarchy's `textMetric`: the fonts' (San Francisco tracked as today or as iOS 9 to
    /// 13 tracked it), or the SPEC's fixed metric.
    var metric = TextMetric.uikit
    var lineBreakMode = LineBreakMode.tailTruncation
    /// A `UITextView` (a label that always wraps, inside the text container's insets), and
    /// whether it scrolls (then it has no intrinsic size, as a scroll view has none).
    var textView: TextViewScrolling?
    /// A text field's border (`UITextField.borderStyle`).
    var fieldBorder = TextFieldBorder.roundedRect
    /// A button's `UIButton.Configuration` style (nil: a button without one).
    var configuration: ButtonConfiguration?
    /// A button's image, by its size in points (strut has no image files; a document's
    /// resources give its images' sizes).
    var image: EdgeSize?
    /// A segmented control's segments' titles, and `apportionsSegmentWidthsByContent`.
    var segments: [String] = []
    var apportionsSegments = false
    /// An activity indicator's style (its size).
    var spinnerStyle = SpinnerStyle.medium
    /// The last measure of the text, and what it was measured from.
    var memo: MeasureMemo?
}

/// `UITextField.BorderStyle`.
public enum TextFieldBorder: String, CaseIterable, Sendable {
    case none, line, bezel, roundedRect
}

/// The styles of `UIButton.Configuration` (iOS 15): `plain()`, `gray()`, `tinted()`,
/// `filled()`. They draw differently and measure alike: the title inside the configuration's
/// content insets, rounded to the pixel.
public enum ButtonConfiguration: String, CaseIterable, Sendable {
    case plain, gray, tinted, filled

    /// `UIButton.Configuration`'s content insets at its medium size, the default.
    public static let defaultInsets = EdgeInsets(top: 7, left: 12, bottom: 7, right: 12)
}

/// Whether a text view scrolls (`isScrollEnabled`).
public enum TextViewScrolling: Sendable, Hashable {
    case scrolls, grows
}

/// A view's safe area, the margins in effect and the layout direction it follows (rarely set,
/// so kept in the view's shared box). The engine fills in the insets after each layout pass.
struct AreaSettings: Sendable {
    static let none = AreaSettings()
    var semanticContent = SemanticContent.unspecified
    var insetsMarginsFromSafeArea = true
    var preservesSuperviewMargins = false
    /// The margins were given as leading and trailing (`directionalLayoutMargins`): in a
    /// right-to-left layout, `left` is the trailing margin.
    var directionalMargins = false
    /// `safeAreaInsets`, as the last layout pass left them.
    var safeAreaInsets = EdgeInsets.zero
    /// The margins that margin attributes use: `margins`, grown by the safe area, a superview's
    /// preserved margins and the system minimum (nil: `margins` as they are).
    var marginsInEffect: EdgeInsets?
    /// Root's: the view controller's `additionalSafeAreaInsets`.
    var additionalSafeAreaInsets = EdgeInsets.zero
    /// For a layout guide UIKit keeps on every view: which one.
    var systemGuide: SystemGuide?
    /// For such a guide: its insets from its owning view's bounds.
    var guideInsets = EdgeInsets.zero
}

/// AreaSettings, boxed: never changed in place (a change makes a new box), so copies of a
/// view's fields may share one.
final class AreaBox: Sendable {
    let settings: AreaSettings
    init(_ settings: AreaSettings) { self.settings = settings }
}

/// The layout guides UIKit keeps on every view, by their property names.
public enum SystemGuide: String, CaseIterable, Sendable {
    case safeAreaLayoutGuide, layoutMarginsGuide, readableContentGuide

    /// The guide a word names (`safeAreaLayoutGuide`); any shorter word is none without a
    /// string switch (the parser asks of every name it reads).
    public init?(word: String) {
        guard word.utf8.count >= 18, let role = SystemGuide(rawValue: word) else { return nil }
        self = role
    }

    /// The guide's identifier in UIKit's descriptions.
    public var identifier: String {
        switch self {
        case .safeAreaLayoutGuide: "UIViewSafeAreaLayoutGuide"
        case .layoutMarginsGuide: "UIViewLayoutMarginsGuide"
        case .readableContentGuide: "UIViewReadableContentGuide"
        }
    }
}

/// A label's or button's measure, with everything it depends on: valid while they match. A
/// class, so that the views without one (most) carry a pointer, not its fields.
final class MeasureMemo: Sendable {
    struct Key: Equatable, Sendable {
        var text: String
        /// Size, face, and the headline style's weight.
        var font: Font
        var lines: Int
        var mode: LineBreakMode
        var limit: Double?
        var scale: Double
        var fixed: Bool
        var insets: EdgeInsets
        var textView: TextViewScrolling?
    }
    let key: Key
    let width: Double
    let height: Double

    init(key: Key, width: Double, height: Double) {
        self.key = key
        self.width = width
        self.height = height
    }
}

/// One view (or layout guide) and its properties. Frames are those of the last layout pass.
public struct View: Sendable {
    /// The properties that hold references (strings, arrays), in one box that copies of the
    /// view share until one of them changes a property in it (copy on write). A view is
    /// copied out of the hierarchy and back, and undo keeps the hierarchy before each command:
    /// one box makes each copy one retain, not one for every field.
    final class References: @unchecked Sendable {
        struct Fields {
            var name: String
            var children = ChunkedArray<ViewID>()
            var text = ""
            var stack = StackSettings()
            var stackLayout = StackLayout()
            var ibID: String?
            var documentClass: String?
            var textLayout = TextLayout()
            /// Nil until one is set (most views never have any): the box keeps the fields small.
            var areas: AreaBox?
            /// Arranged in a stack: the stack's custom spacing after it (nil: the stack's own).
            var spacingAfter: Double?
        }
        @exclusivity(unchecked) var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private var references: References

    /// The box, made this view's own first if another copy shares it.
    @inline(__always)
    private mutating func ownReferences() -> References {
        if !isKnownUniquelyReferenced(&references) { references = References(references.fields) }
        return references
    }

    public let id: ViewID
    public var name: String {
        get { references.fields.name }
        _modify { yield &ownReferences().fields.name }
    }
    public let kind: ViewKind
    /// The superview (for a guide, its owning view); nil only for `root`.
    public var parent: ViewID?
    /// Chunked: undo keeps a copy of the hierarchy per command, and a view with many subviews
    /// would otherwise copy them all on each `new`.
    public var children: ChunkedArray<ViewID> {
        get { references.fields.children }
        _modify { yield &ownReferences().fields.children }
    }

    public var text: String {
        get { references.fields.text }
        _modify { yield &ownReferences().fields.text }
    }
    /// A `UITextView` (a label kind that always wraps, inside its insets), and whether it
    /// scrolls; nil for a label or button.
    public var textView: TextViewScrolling? { references.fields.textLayout.textView }
    /// A `UITextField` (`new field`, or a view of that class): its font and border size it.
    public var isTextField: Bool { kind == .view && documentClass == Control.field.className }
    /// A `UISegmentedControl` (`new segmented`, or a view of that class): its segments' titles
    /// size it.
    public var isSegmentedControl: Bool { kind == .view && documentClass == Control.segmented.className }
    /// Whether the view's intrinsic size comes from text in the session's display scale and
    /// text metric: a label, a button, a text field (its font), a segmented control (its titles).
    public var measuresText: Bool { kind == .label || kind == .button || isTextField || isSegmentedControl }
    /// A segmented control's segments' titles, in order (`set NAME.segments`); none unless set.
    public var segments: [String] {
        get { references.fields.textLayout.segments }
        _modify { yield &ownReferences().fields.textLayout.segments }
    }
    /// `apportionsSegmentWidthsByContent`: each segment as wide as its own title needs, instead
    /// of all as wide as the widest.
    public var apportionsSegments: Bool {
        get { references.fields.textLayout.apportionsSegments }
        _modify { yield &ownReferences().fields.textLayout.apportionsSegments }
    }
    /// A `UIActivityIndicatorView` (`new spinner`, or a view of that class).
    public var isSpinner: Bool { kind == .view && documentClass == Control.spinner.className }
    /// An activity indicator's style (`set NAME.style`): medium unless set.
    public var spinnerStyle: SpinnerStyle {
        get { references.fields.textLayout.spinnerStyle }
        _modify { yield &ownReferences().fields.textLayout.spinnerStyle }
    }
    /// A text field's border style (`set NAME.borderStyle`); a rounded rect unless set.
    public var fieldBorder: TextFieldBorder {
        get { references.fields.textLayout.fieldBorder }
        _modify { yield &ownReferences().fields.textLayout.fieldBorder }
    }

    /// A button's `UIButton.Configuration` style (`set NAME.configuration`); nil for none.
    public var buttonConfiguration: ButtonConfiguration? {
        get { references.fields.textLayout.configuration }
        _modify { yield &ownReferences().fields.textLayout.configuration }
    }
    /// A button's image size (`set NAME.image = W H`); nil for none.
    public var buttonImage: EdgeSize? {
        get { references.fields.textLayout.image }
        _modify { yield &ownReferences().fields.textLayout.image }
    }
    /// The insets a button's title sits in: its `contentInsets`, or a configuration's default
    /// insets while they are zero.
    var buttonInsets: EdgeInsets {
        let insets = contentInsets
        return insets == .zero && buttonConfiguration != nil ? ButtonConfiguration.defaultInsets : insets
    }
    /// What a button rounds its title up to, in pixels a point: whole points for a classic
    /// button; the display's pixels for a configuration's.
    var buttonTitleScale: Double { buttonConfiguration == nil ? 1 : displayScale }

    /// Makes a label a text view: it wraps at the width it is given, as many lines as its text
    /// needs.
    public mutating func setTextView(_ scrolling: TextViewScrolling) {
        let fields = ownReferences()
        fields.fields.textLayout.textView = scrolling
        fields.fields.textLayout.numberOfLines = 0
    }
    /// Arranged in a stack view: the stack's custom spacing after this view
    /// (`setCustomSpacing(_:after:)`); nil: the stack's `spacing`. Lost when it leaves the stack.
    public var spacingAfter: Double? {
        get { references.fields.spacingAfter }
        _modify { yield &ownReferences().fields.spacingAfter }
    }
    public var font: Double = 17
    /// The Dynamic Type style the font comes from (nil: a fixed size).
    public var textStyle: TextStyle? {
        get { references.fields.textLayout.textStyle }
        _modify { yield &ownReferences().fields.textLayout.textStyle }
    }
    /// The font's family, weight and slant (`fontName = Avenir-Heavy`, `weight = semibold`).
    public var fontFace: FontFace {
        get { references.fields.textLayout.face }
        _modify { yield &ownReferences().fields.textLayout.face }
    }
    /// The font the text is measured with.
    public var textFont: Font {
        var face = fontFace
        // The headline style is the semibold system font.
        if textStyle == .headline && face.weight == .regular { face.weight = .semibold }
        var measure = Font(face, size: font)
        measure.earlyTracking = textMetric == .ios13
        // A text style's lines are its leading apart.
        if let textStyle, face.family == .system { measure.lineSpacing = max(0, textStyle.leading(atSize: font) - measure.lineHeight) }
        return measure
    }
    /// The pixels a point its sizes are rounded to (the hierarchy's `displayScale`).
    public internal(set) var displayScale: Double {
        get { references.fields.textLayout.displayScale }
        _modify { yield &ownReferences().fields.textLayout.displayScale }
    }
    /// Measured by the SPEC's fixed metric (`set textMetric = fixed`): half an em a display
    /// cell, 1.2 ems a line.
    public var fixedMetric: Bool { textMetric == .fixed }
    /// The session's text metric, which a label, button or text field measures by.
    public internal(set) var textMetric: TextMetric {
        get { references.fields.textLayout.metric }
        _modify { yield &ownReferences().fields.textLayout.metric }
    }
    /// A button's `contentEdgeInsets`: around its title; zero leaves UIKit's 6 points above and
    /// below it.
    public var contentInsets: EdgeInsets {
        get { references.fields.textLayout.contentInsets }
        _modify { yield &ownReferences().fields.textLayout.contentInsets }
    }
    /// `adjustsFontForContentSizeCategory`.
    public var adjustsFont: Bool {
        get { references.fields.textLayout.adjustsFont }
        _modify { yield &ownReferences().fields.textLayout.adjustsFont }
    }
    /// `numberOfLines`: 1, at most N, or 0 for as many as the text needs.
    public var numberOfLines: Int {
        get { references.fields.textLayout.numberOfLines }
        _modify { yield &ownReferences().fields.textLayout.numberOfLines }
    }
    /// `lineBreakMode` (UILabel's default truncates the tail).
    public var lineBreakMode: LineBreakMode {
        get { references.fields.textLayout.lineBreakMode }
        _modify { yield &ownReferences().fields.textLayout.lineBreakMode }
    }
    /// `preferredMaxLayoutWidth`: the width a multi-line label wraps at (0: the width the
    /// layout gives it, found by a second layout pass).
    public var preferredMaxLayoutWidth: Double {
        get { references.fields.textLayout.preferredMaxLayoutWidth }
        _modify { yield &ownReferences().fields.textLayout.preferredMaxLayoutWidth }
    }
    /// The width a multi-line label without `preferredMaxLayoutWidth` was last measured at (its
    /// frame's width after a layout pass); nil before the first pass.
    public internal(set) var wrapWidth: Double? {
        get { references.fields.textLayout.wrapWidth }
        _modify { yield &ownReferences().fields.textLayout.wrapWidth }
    }
    /// An explicit intrinsic content size per axis (`nil` = no intrinsic metric); when
    /// `intrinsicIsExplicit` is false, labels and buttons take theirs from their text.
    public var explicitIntrinsic: (width: Double?, height: Double?) = (nil, nil)
    public var intrinsicIsExplicit = false

    public var huggingH: LayoutPriority = 250
    public var huggingV: LayoutPriority = 250
    public var compressionH: LayoutPriority = 750
    public var compressionV: LayoutPriority = 750

    /// The frame of the last layout pass, in the superview's coordinates.
    public var frame: Rect = .zero
    /// The frame given with `set NAME.frame`, and the superview's size it was measured against;
    /// with autoresizing on they become constraints.
    public var requestedFrame: Rect = .zero
    public var referenceSize: (width: Double, height: Double) = (0, 0)
    public var translatesAutoresizingMaskIntoConstraints = false
    public var autoresizingMask: AutoresizingMask = []
    public var margins: EdgeInsets = .standard
    /// The frame outside the alignment rectangle, which is what constraints place.
    public var alignmentInsets: EdgeInsets = .zero
    public var isHidden = false
    public var stack: StackSettings {
        get { references.fields.stack }
        _modify { yield &ownReferences().fields.stack }
    }
    /// What the stack-view layer made from `stack` (stack views only).
    public internal(set) var stackLayout: StackLayout {
        get { references.fields.stackLayout }
        _modify { yield &ownReferences().fields.stackLayout }
    }
    /// For a stack view's helper guide (never in `children`, never named by the user): its role.
    public internal(set) var stackHelper: StackHelperRole?
    /// The object id of the Interface Builder document it was imported from (`dump`'s `ibID`).
    public var ibID: String? {
        get { references.fields.ibID }
        _modify { yield &ownReferences().fields.ibID }
    }
    /// The class an imported document names when it is not the kind's (`UITextField`, a
    /// custom class).
    public var documentClass: String? {
        get { references.fields.documentClass }
        _modify { yield &ownReferences().fields.documentClass }
    }

    /// `semanticContentAttribute`.
    public var semanticContent: SemanticContent {
        get { (references.fields.areas?.settings ?? AreaSettings.none).semanticContent }
        set { updateAreas { $0.semanticContent = newValue } }
    }
    /// `insetsLayoutMarginsFromSafeArea` (on by default).
    public var insetsMarginsFromSafeArea: Bool {
        get { (references.fields.areas?.settings ?? AreaSettings.none).insetsMarginsFromSafeArea }
        set { updateAreas { $0.insetsMarginsFromSafeArea = newValue } }
    }
    /// `preservesSuperviewLayoutMargins`.
    public var preservesSuperviewMargins: Bool {
        get { (references.fields.areas?.settings ?? AreaSettings.none).preservesSuperviewMargins }
        set { updateAreas { $0.preservesSuperviewMargins = newValue } }
    }
    /// Margins given as `directionalLayoutMargins` (top, leading, bottom, trailing).
    public var directionalMargins: Bool {
        get { (references.fields.areas?.settings ?? AreaSettings.none).directionalMargins }
        set { updateAreas { $0.directionalMargins = newValue } }
    }
    /// Root's `additionalSafeAreaInsets` (its view controller's).
    public internal(set) var additionalSafeAreaInsets: EdgeInsets {
        get { (references.fields.areas?.settings ?? AreaSettings.none).additionalSafeAreaInsets }
        set { updateAreas { $0.additionalSafeAreaInsets = newValue } }
    }
    /// `safeAreaInsets` as of the last layout pass.
    public internal(set) var safeAreaInsets: EdgeInsets {
        get { (references.fields.areas?.settings ?? AreaSettings.none).safeAreaInsets }
        set { updateAreas { $0.safeAreaInsets = newValue } }
    }
    /// The margins the margin attributes and the layout margins guide use.
    public var effectiveMargins: EdgeInsets { references.fields.areas?.settings.marginsInEffect ?? margins }

    /// Changes the area settings: a new box.
    private mutating func updateAreas(_ change: (inout AreaSettings) -> Void) {
        var settings = references.fields.areas?.settings ?? AreaSettings.none
        change(&settings)
        ownReferences().fields.areas = AreaBox(settings)
    }
    var marginsInEffect: EdgeInsets? {
        get { (references.fields.areas?.settings ?? AreaSettings.none).marginsInEffect }
        set { updateAreas { $0.marginsInEffect = newValue } }
    }
    /// Which of UIKit's own guides this guide is (nil for a view, or a guide the user made).
    public internal(set) var systemGuide: SystemGuide? {
        get { (references.fields.areas?.settings ?? AreaSettings.none).systemGuide }
        set { updateAreas { $0.systemGuide = newValue } }
    }
    /// A system guide's insets from its owning view's bounds.
    public internal(set) var guideInsets: EdgeInsets {
        get { (references.fields.areas?.settings ?? AreaSettings.none).guideInsets }
        set { updateAreas { $0.guideInsets = newValue } }
    }

    /// What `show` calls it: its kind, or the control its class is (`switch`, `field`).
    public var kindName: String {
        if kind == .view, let documentClass, let control = Control(className: documentClass) { return control.rawValue }
        return kind.rawValue
    }

    /// The UIKit class shown in UIKit-style descriptions.
    public var className: String { stackHelper?.className ?? documentClass ?? kind.className }
    /// Activation stamps of the constraints this view's properties make (content size,
    /// autoresizing): the clock when they were last made.
    public var contentSizeStamp = 0
    public var autoresizingStamp = 0

    init(id: ViewID, name: String, kind: ViewKind, parent: ViewID?) {
        self.id = id
        self.references = References(References.Fields(name: name))
        self.kind = kind
        self.parent = parent
        if kind == .label {
            huggingH = 251
            huggingV = 251
        }
        // UIButton's title font is the system font at 15 points.
        if kind == .button { font = 15 }
        if kind == .stack || kind == .guide { margins = .zero }
    }

    /// A new view of a kind, as `new KIND NAME` makes it: what `dump` compares with to list
    /// only the properties that were set.
    public static func fresh(_ kind: ViewKind) -> View {
        View(id: 0, name: "", kind: kind, parent: nil)
    }

    /// `intrinsicContentSize` per axis; nil is `UIView.noIntrinsicMetric`.
    public var intrinsicContentSize: (width: Double?, height: Double?) {
        if intrinsicIsExplicit { return explicitIntrinsic }
        if let size = textSize { return (size.width, size.height) }
        if kind == .view, let documentClass, let control = Control(className: documentClass) {
            switch control {
            case .field: return (nil, fieldHeight)
            case .segmented: return (segmentedWidth, control.intrinsicSize.height)
            case .spinner: return (Control.spinnerSize(spinnerStyle), Control.spinnerSize(spinnerStyle))
            default: return control.intrinsicSize
            }
        }
        return explicitIntrinsic
    }

    /// A segmented control's width from its titles, as UIKit sizes one from iOS 13 on: each
    /// segment its title in the system font at 13 points with 10 points on either side, every
    /// segment as wide as the widest unless `apportionsSegmentWidthsByContent`, the whole rounded
    /// up to the pixel. Fitted on the public documents' segmented controls that nothing else
    /// sizes (docs/text.md). Nil (no intrinsic width, as before) without segments or when a
    /// title is empty: an image segment, whose image strut does not have.
    var segmentedWidth: Double? {
        View.segmentedWidth(segments, apportions: apportionsSegments, metric: textMetric, scale: displayScale)
    }

    /// `segmentedWidth` for titles measured by `metric`, rounded up to 1/`scale` point.
    public static func segmentedWidth(_ titles: [String], apportions: Bool, metric: TextMetric, scale: Double) -> Double? {
        guard !titles.isEmpty, !titles.contains(where: \.isEmpty) else { return nil }
        let widths: [Double]
        if metric == .fixed {
            widths = titles.map { 0.5 * View.segmentFontSize * Double(View.displayCells($0)) }
        } else {
            var font = Font(.system, size: View.segmentFontSize)
            font.earlyTracking = metric == .ios13
            widths = titles.map { font.width(of: $0) }
        }
        let padding = 2 * View.segmentTitlePadding
        let total = apportions ? widths.reduce(0) { $0 + $1 + padding } : Double(titles.count) * (widths.max()! + padding)
        return Font.roundedUp(total, scale: scale)
    }

    /// UISegmentedControl's title font, the system font at this size (iOS 13 on).
    static let segmentFontSize = 13.0
    /// The space on either side of a segment's title: 10 points, the fit of the public
    /// documents' segmented controls (docs/text.md).
    static let segmentTitlePadding = 10.0

    /// A text field's height: with a border, the 34 points of a rounded rect (Interface
    /// Builder's fields from Xcode 11 on, at 14 to 18 points); without one, a line of its font
    /// as its text layout sets it, the leading of a text style included (a body field is 22);
    /// by the fixed metric, 1.2 ems.
    var fieldHeight: Double {
        guard fieldBorder == .none else { return Control.field.intrinsicSize.height! }
        if fixedMetric { return 1.2 * font }
        return Font.roundedUp(textFont.textLayoutLineHeight, scale: displayScale)
    }

    /// A label's or button's size as UIKit measures its text (see `Font`), whatever its
    /// intrinsic size is set to; nil for other kinds.
    public var textSize: (width: Double, height: Double)? {
        guard kind == .label || kind == .button else { return nil }
        if let memo = references.fields.textLayout.memo, memo.key == measureKey { return (memo.width, memo.height) }
        return measured(capped: true)
    }

    /// The width a label of many lines wraps at: `preferredMaxLayoutWidth`, else the width the
    /// last layout pass gave it (nil before one).
    var wrapLimit: Double? { preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : wrapWidth }

    /// What the text's measure depends on.
    private var measureKey: MeasureMemo.Key {
        let layout = references.fields.textLayout
        return MeasureMemo.Key(text: text, font: textFont, lines: layout.numberOfLines, mode: layout.lineBreakMode,
                               limit: wrapLimit, scale: layout.displayScale, fixed: layout.metric == .fixed, insets: layout.contentInsets,
                               textView: layout.textView)
    }

    /// Measures the text now, so that `textSize` (asked once for each of its four content-size
    /// constraints, and by every check) finds it measured. The engine calls it for each label
    /// and button it synchronises; a measure that still holds is kept.
    /// A short single line is measured again instead: a byte at a time, that costs less than
    /// copying the view's box away from the undo history's copies to write the memo.
    var needsMeasureMemo: Bool {
        guard kind == .label || kind == .button, numberOfLines != 1 || text.utf8.count > 64 else { return false }
        guard let memo = references.fields.textLayout.memo else { return true }
        return memo.key != measureKey
    }

    mutating func rememberMeasure() {
        guard needsMeasureMemo, let size = measured(capped: true) else { return }
        let key = measureKey
        ownReferences().fields.textLayout.memo = MeasureMemo(key: key, width: size.width, height: size.height)
    }

    /// The size all of a label's text needs, however few lines it may show (what a capped
    /// label cuts off is what `warnings` calls truncated).
    public var wholeTextSize: (width: Double, height: Double)? { measured(capped: false) }

    /// UILabel: its text's widest line and its lines' heights, each rounded up to the pixel;
    /// empty text is 0 × 0. UIButton: its title rounded up to whole points, inside its
    /// `contentEdgeInsets` (zero insets leave 6 points above and below), at least 30 wide, and
    /// never less than nothing; an image alone is its size inside the insets, and leads a
    /// title, the taller setting the height; with a configuration, its title rounded up to the pixel inside
    /// the configuration's insets (7 above and below, 12 on each side, unless set).
    private func measured(capped: Bool) -> (width: Double, height: Double)? {
        guard kind == .label || kind == .button else { return nil }
        if let textView = references.fields.textLayout.textView { return textView == .grows ? textViewMeasure() : nil }
        if fixedMetric { return fixedMeasure(capped: capped, limit: wrapLimit) }
        if kind == .button {
            let font = textFont
            let scale = buttonTitleScale
            let title = text.isEmpty ? 0 : Font.roundedUp(font.width(of: text), scale: scale)
            let height = Font.roundedUp(font.lineHeight, scale: scale)
            let insets = buttonInsets
            if let image = buttonImage {
                // The image alone is the content (no title line, no padding); with a title, it
                // leads the title, the taller of the two setting the height.
                let width = image.width + title + insets.left + insets.right
                if text.isEmpty { return (max(width, 0), max(image.height + insets.top + insets.bottom, 0)) }
                if insets == .zero { return (width, max(image.height, height + 12)) }
                return (max(width, 0), max(max(image.height, height) + insets.top + insets.bottom, 0))
            }
            if insets == .zero { return (max(title, 30), height + 12) }
            // Negative insets (a document's `minY="-10"`) can take more than the title: a size
            // stops at zero.
            return (max(title + insets.left + insets.right, 0), max(height + insets.top + insets.bottom, 0))
        }
        return labelMeasure(capped: capped, limit: wrapLimit)
    }

    /// A label's text in its font, wrapped at `limit` when it has more than one line.
    private func labelMeasure(capped: Bool, limit: Double?) -> (width: Double, height: Double) {
        let font = textFont
        if text.isEmpty { return (0, 0) }
        let lines = lineWidths(capped: capped, limit: limit)
        let scale = displayScale
        return (Font.roundedUp(lines.max() ?? 0, scale: scale),
                Font.roundedUp(font.height(ofLines: lines.count), scale: scale))
    }

    /// The widths of the text's lines: one line, or wrapped at `limit` when it may have more
    /// (without a limit, broken at its line breaks alone).
    private func lineWidths(capped: Bool, limit: Double?) -> [Double] {
        let font = textFont
        guard numberOfLines != 1, limit != nil || Font.hasLineBreak(text) else { return [font.width(of: text)] }
        let lines = font.lineWidths(of: text, limit: limit ?? .infinity, byCharacter: lineBreakMode == .characterWrap)
        return numberOfLines != 0 && capped ? Array(lines.prefix(numberOfLines)) : lines
    }

    /// UITextView with scrolling off: its text wrapped at its width less the line fragment
    /// padding (5 points each side, `NSTextContainer`'s default), inside the text container's
    /// inset (8 points above and below, `textContainerInset`'s default); empty, it keeps one
    /// line for the caret. Its layout manager gives every line the font's leading, the last
    /// included (a label's last line has none): a text style's lines are each its leading high.
    private func textViewMeasure() -> (width: Double, height: Double) {
        let padding = 10.0, inset = 16.0
        let limit = wrapLimit.map { max($0 - padding, 1) }
        if fixedMetric {
            let size = fixedMeasure(capped: false, limit: limit)
            return (size.width + padding, size.height + inset)
        }
        let font = textFont
        let lines = text.isEmpty ? [0] : lineWidths(capped: false, limit: limit)
        let scale = displayScale
        return (Font.roundedUp(lines.max() ?? 0, scale: scale) + padding,
                Font.roundedUp(font.textLayoutLineHeight * Double(max(lines.count, 1)), scale: scale) + inset)
    }

    /// The SPEC's fixed metric: half an em a display cell and 1.2 ems a line, for labels and
    /// buttons alike; empty text is 0 wide and one line high.
    private func fixedMeasure(capped: Bool, limit: Double?) -> (width: Double, height: Double) {
        guard kind == .label, numberOfLines != 1, let limit else {
            return (0.5 * font * Double(View.displayCells(text)), 1.2 * font)
        }
        let cell = 0.5 * font
        // (Clamped: a width of 1e10 at a hair-thin font is still a whole number of cells.)
        let cells = min(max((limit / cell + 1e-9).rounded(.down), 1), 1e9)
        let lines = View.wrappedLines(text, cells: cells.isFinite ? Int(cells) : 1, byCharacter: lineBreakMode == .characterWrap)
        let shown = numberOfLines == 0 || !capped ? lines : Array(lines.prefix(numberOfLines))
        return (cell * Double(shown.max() ?? 0), 1.2 * font * Double(max(shown.count, 1)))
    }

    /// A text wrapped at `cells` display cells a line (`Font.wrap` with East Asian wide
    /// characters 2 cells and every other character 1; `byCharacter`: between any two
    /// characters, as `characterWrap`): each line's cells.
    public static func wrappedLines(_ text: String, cells limit: Int, byCharacter: Bool = false) -> [Int] {
        Font.wrap(text, limit: Double(limit), byCharacter: byCharacter) { character in
            Double(View.displayCells(String(character)))
        }.map { Int($0.rounded()) }
    }

    /// Characters that may not start a line (closing brackets and punctuation, small kana, the
    /// prolonged sound mark, iteration marks), after JIS X 4051's rules as Japanese text
    /// layout applies them.
    static let noLineStart: Set<UInt32> = Set(Array("、。，．・：；？！゛゜ヽヾゝゞ々ー）］｝〕〉》」』】〙〗〟’”｠»ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ‐゠–〜～".unicodeScalars.map(\.value)) + [0x30FC, 0x3001, 0x3002])
    /// Characters that may not end a line (opening brackets).
    static let noLineEnd: Set<UInt32> = Set("（［｛〔〈《「『【〘〖〝‘“｟«".unicodeScalars.map(\.value))

    /// Display cells of a single line of text: East Asian wide and fullwidth characters count
    /// 2, every other character 1.
    public static func displayCells(_ text: String) -> Int {
        var cells = 0
        for character in text {
            guard let scalar = character.unicodeScalars.first else { continue }
            cells += isWide(scalar.value) ? 2 : 1
        }
        return cells
    }

    /// East Asian Width W or F (Unicode UAX #11), by the blocks that carry them.
    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1,
             0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA,
             0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C,
             0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C,
             0x2B50, 0x2B55, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
             0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x18AFF, 0x1B000...0x1B2FF,
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F2FF, 0x1F300...0x1F64F,
             0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    public func huggingPriority(_ axis: Axis) -> LayoutPriority { axis == .horizontal ? huggingH : huggingV }
    public func compressionResistancePriority(_ axis: Axis) -> LayoutPriority { axis == .horizontal ? compressionH : compressionV }

}

extension View {
    /// A new view of this kind, as `new` makes it: its default property values.
    public static func defaults(kind: ViewKind) -> View {
        View(id: -1, name: "", kind: kind, parent: nil)
    }
}
