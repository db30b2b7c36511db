extension Hierarchy {
    /// Applies one property to a view, after checking that it applies.
    mutating func set(_ property: ViewProperty, on id: ViewID) throws {
        let view = self.view(id)
        func refuse() -> LayoutError {
            .propertyNotApplicable(property: property.name, view: view.name, kind: view.kind)
        }
        if id == Hierarchy.rootID {
            switch property {
            case .frame, .margins, .directionalMargins, .insetsMarginsFromSafeArea, .semanticContent, .additionalSafeAreaInsets: break
            default: throw LayoutError.rootIsFixed(property: property.name)
            }
        }
        switch property {
        case let .text(text):
            guard view.kind == .label || view.kind == .button else { throw refuse() }
            views[id]!.text = text
            touchContentSize(id)
        case let .font(size):
            guard view.kind == .label || view.kind == .button || view.isTextField else { throw refuse() }
            try check(size, "font size")
            guard size > 0 else { throw LayoutError.invalidValue(property: "font", value: formatNumber(size), expected: "a size in points greater than 0") }
            views[id]!.font = size
            views[id]!.textStyle = nil
            touchContentSize(id)
        case let .textStyle(style):
            guard view.kind == .label || view.kind == .button || view.isTextField else { throw refuse() }
            views[id]!.font = style.size(at: contentSizeCategory)
            views[id]!.textStyle = style
            touchContentSize(id)
        case let .adjustsFont(on):
            guard view.kind == .label || view.kind == .button || view.isTextField else { throw refuse() }
            views[id]!.adjustsFont = on
        case let .fontFace(face):
            guard view.kind == .label || view.kind == .button else { throw refuse() }
            views[id]!.fontFace = face
            touchContentSize(id)
        case let .weight(weight):
            guard view.kind == .label || view.kind == .button else { throw refuse() }
            views[id]!.fontFace.weight = weight
            views[id]!.fontFace.name = nil
            touchContentSize(id)
        case let .italic(on):
            guard view.kind == .label || view.kind == .button else { throw refuse() }
            views[id]!.fontFace.italic = on
            views[id]!.fontFace.name = nil
            touchContentSize(id)
        case let .contentInsets(insets):
            guard view.kind == .button else { throw refuse() }
            for value in [insets.top, insets.left, insets.bottom, insets.right] { try check(value, "content inset") }
            views[id]!.contentInsets = insets
            touchContentSize(id)
        case let .image(size):
            guard view.kind == .button else { throw refuse() }
            if let size {
                for value in [size.width, size.height] {
                    try check(value, "image size")
                    guard value >= 0 else { throw LayoutError.invalidValue(property: "image", value: formatNumber(value), expected: "a width and a height of at least 0") }
                }
            }
            views[id]!.buttonImage = size
            touchContentSize(id)
        case let .configuration(style):
            guard view.kind == .button else { throw refuse() }
            views[id]!.buttonConfiguration = style
            // A configuration brings its own title font, the body style (the button's own
            // font is no longer read); a later `font` is the configuration's.
            if style != nil {
                views[id]!.font = TextStyle.body.size(at: contentSizeCategory)
                views[id]!.textStyle = .body
            }
            touchContentSize(id)
        case let .lines(count):
            guard view.kind == .label else { throw refuse() }
            guard count >= 0 else { throw LayoutError.invalidValue(property: "lines", value: String(count), expected: "a whole number of lines, 0 for as many as the text needs") }
            views[id]!.numberOfLines = count
            if count != 1 { hasMultiLineLabels = true }
            touchContentSize(id)
        case let .lineBreakMode(mode):
            guard view.kind == .label else { throw refuse() }
            views[id]!.lineBreakMode = mode
            touchContentSize(id)
        case let .preferredMaxLayoutWidth(width):
            guard view.kind == .label else { throw refuse() }
            try check(width, "preferredMaxLayoutWidth")
            guard width >= 0 else { throw LayoutError.invalidValue(property: "preferredMaxLayoutWidth", value: formatNumber(width), expected: "a width of 0 or more (0: the width the layout gives)") }
            views[id]!.preferredMaxLayoutWidth = width
            touchContentSize(id)
        case let .intrinsic(width, height):
            guard view.kind != .guide else { throw refuse() }
            for value in [width, height].compactMap({ $0 }) {
                try check(value, "intrinsic size")
                guard value >= 0 else { throw LayoutError.invalidValue(property: "intrinsic", value: formatNumber(value), expected: "sizes of 0 or more, or none") }
            }
            views[id]!.explicitIntrinsic = (width, height)
            views[id]!.intrinsicIsExplicit = true
            touchContentSize(id)
        case let .wrapWidth(width):
            guard view.kind == .label else { throw refuse() }
            if let width { try check(width, "wrap width") }
            views[id]!.wrapWidth = width.map { max(0, $0) }
            touchContentSize(id)
        case .intrinsicFromContent:
            guard view.kind != .guide else { throw refuse() }
            views[id]!.explicitIntrinsic = (nil, nil)
            views[id]!.intrinsicIsExplicit = false
            touchContentSize(id)
        case let .hugging(axis, priority):
            guard view.kind != .guide else { throw refuse() }
            try checkPriority(priority)
            if axis == .horizontal { views[id]!.huggingH = priority } else { views[id]!.huggingV = priority }
            touchContentSize(id)
        case let .compression(axis, priority):
            guard view.kind != .guide else { throw refuse() }
            try checkPriority(priority)
            if axis == .horizontal { views[id]!.compressionH = priority } else { views[id]!.compressionV = priority }
            touchContentSize(id)
        case let .frame(rect, within):
            for value in [rect.x, rect.y, rect.width, rect.height] { try check(value, "frame value") }
            guard rect.width >= 0, rect.height >= 0 else {
                throw LayoutError.invalidValue(property: "frame", value: "\(formatNumber(rect.x)) \(formatNumber(rect.y)) \(formatNumber(rect.width)) \(formatNumber(rect.height))", expected: "X Y W H with W and H of 0 or more")
            }
            if id == Hierarchy.rootID {
                // The window resizes root: a given, not a constraint.
                views[id]!.frame = Rect(x: 0, y: 0, width: rect.width, height: rect.height)
                views[id]!.requestedFrame = views[id]!.frame
                return
            }
            views[id]!.requestedFrame = rect
            if let within {
                try check(within.width, "superview width")
                try check(within.height, "superview height")
                views[id]!.referenceSize = (within.width, within.height)
            } else {
                let parent = self.view(view.parent!).frame
                views[id]!.referenceSize = (parent.width, parent.height)
            }
            touchAutoresizing(id)
        case let .autoresizing(on):
            guard view.kind != .guide else { throw refuse() }
            views[id]!.translatesAutoresizingMaskIntoConstraints = on
            touchAutoresizing(id)
        case let .mask(mask):
            guard view.kind != .guide else { throw refuse() }
            views[id]!.autoresizingMask = mask
            touchAutoresizing(id)
        case let .margins(insets):
            guard view.kind != .guide else { throw refuse() }
            for value in [insets.top, insets.left, insets.bottom, insets.right] { try check(value, "margin") }
            views[id]!.margins = insets
            if view.directionalMargins { views[id]!.directionalMargins = false }
        case let .directionalMargins(insets):
            guard view.kind != .guide else { throw refuse() }
            for value in [insets.top, insets.left, insets.bottom, insets.right] { try check(value, "margin") }
            views[id]!.margins = insets
            views[id]!.directionalMargins = true
            usesAreas = true
        case let .insetsMarginsFromSafeArea(on):
            guard view.kind != .guide else { throw refuse() }
            views[id]!.insetsMarginsFromSafeArea = on
            usesAreas = true
        case let .preservesSuperviewMargins(on):
            guard view.kind != .guide else { throw refuse() }
            views[id]!.preservesSuperviewMargins = on
            usesAreas = true
        case let .semanticContent(value):
            guard view.kind != .guide else { throw refuse() }
            views[id]!.semanticContent = value
        case let .additionalSafeAreaInsets(insets):
            guard id == Hierarchy.rootID else { throw refuse() }
            for value in [insets.top, insets.left, insets.bottom, insets.right] { try check(value, "safe area inset") }
            views[id]!.additionalSafeAreaInsets = insets
            usesAreas = true
        case let .alignmentInsets(insets):
            guard view.kind != .guide else { throw refuse() }
            for value in [insets.top, insets.left, insets.bottom, insets.right] { try check(value, "alignment inset") }
            views[id]!.alignmentInsets = insets
            touchAutoresizing(id)
        case let .hidden(hidden):
            guard view.kind != .guide else { throw refuse() }
            views[id]!.isHidden = hidden
        case let .axis(axis):
            guard view.kind == .stack else { throw refuse() }
            views[id]!.stack.axis = axis
        case let .spacing(spacing):
            guard view.kind == .stack else { throw refuse() }
            try check(spacing, "spacing")
            views[id]!.stack.spacing = spacing
        case let .textView(scrolling):
            // (A text view is a label of class UITextView: `new textView`, or read from code or
            // a document, which may give it a subclass once it is one.)
            guard view.kind == .label, view.documentClass == "UITextView" || view.textView != nil else { throw refuse() }
            views[id]!.setTextView(scrolling)
            hasMultiLineLabels = true
            touchContentSize(id)
        case let .borderStyle(border):
            guard view.isTextField else { throw refuse() }
            views[id]!.fieldBorder = border
            touchContentSize(id)
        case let .segments(titles):
            guard view.isSegmentedControl else { throw refuse() }
            guard titles.count <= Hierarchy.segmentLimit else {
                throw LayoutError.invalidValue(property: "segments", value: "\(titles.count) titles", expected: "at most \(Hierarchy.segmentLimit) segments")
            }
            views[id]!.segments = titles
            touchContentSize(id)
        case let .apportionsSegments(on):
            guard view.isSegmentedControl else { throw refuse() }
            views[id]!.apportionsSegments = on
            touchContentSize(id)
        case let .spinnerStyle(style):
            guard view.isSpinner else { throw refuse() }
            views[id]!.spinnerStyle = style
            touchContentSize(id)
        case let .spacingAfter(spacing):
            guard let parent = view.parent, self.view(parent).kind == .stack, view.kind != .guide else {
                throw LayoutError.notArranged(view: view.name)
            }
            if let spacing { try check(spacing, "spacing") }
            views[id]!.spacingAfter = spacing
        case let .distribution(value):
            guard view.kind == .stack else { throw refuse() }
            views[id]!.stack.distribution = value
        case let .alignment(value):
            guard view.kind == .stack else { throw refuse() }
            views[id]!.stack.alignment = value
        case let .marginsRelative(on):
            guard view.kind == .stack else { throw refuse() }
            views[id]!.stack.marginsRelative = on
        case let .baselineRelative(on):
            guard view.kind == .stack else { throw refuse() }
            views[id]!.stack.baselineRelative = on
        case let .documentClass(name):
            views[id]!.documentClass = name.isEmpty ? nil : name
            // A text field measures its font as labels do, a segmented control its titles: at
            // the session's scale and metric.
            if views[id]!.isTextField || views[id]!.isSegmentedControl {
                views[id]!.displayScale = displayScale
                views[id]!.textMetric = textMetric
            }
            // A control's class brings its intrinsic size.
            touchContentSize(id)
        case let .ibID(value):
            views[id]!.ibID = value.isEmpty ? nil : value
        }
    }

    /// `set contentSizeCategory = …`: every text style that adjusts takes its size there; one
    /// that does not keeps its size and is a plain size from then on (as a font UIKit made once,
    /// so that a text style always has its category's size); the views whose font changed.
    mutating func setContentSizeCategory(_ category: ContentSizeCategory, canvas: Bool = false) -> [ViewID] {
        contentSizeCategory = category
        let fromCanvas = contentSizeCategoryIsCanvas
        contentSizeCategoryIsCanvas = canvas
        var changed: [ViewID] = []
        for id in allViewIDs {
            let view = self.view(id)
            guard let style = view.textStyle, style.size(at: category) != view.font else { continue }
            guard view.adjustsFont || fromCanvas else {
                views[id]!.textStyle = nil
                continue
            }
            views[id]!.font = style.size(at: category)
            touchContentSize(id)
            changed.append(id)
        }
        return changed
    }

    /// `set displayScale = S` (text sizes rounded up to 1/S point) and `set textMetric = M`:
    /// the setting, given to every label, button and text field. Returns those it re-measures.
    mutating func setTextSetting(scale: Double? = nil, metric: TextMetric? = nil) -> [ViewID] {
        guard scale.map({ $0 != displayScale }) ?? false || metric.map({ $0 != textMetric }) ?? false else { return [] }
        if let scale { displayScale = scale }
        if let metric { textMetric = metric }
        var changed: [ViewID] = []
        for id in allViewIDs where view(id).measuresText {
            views[id]!.displayScale = displayScale
            views[id]!.textMetric = textMetric
            touchContentSize(id)
            changed.append(id)
        }
        return changed
    }

    /// The width a multi-line label is measured at, from its frame after a layout pass. Its
    /// content-size constraints keep their place in activation order (only their constants
    /// change, which the solver does in place: a column of 1,000 self-sizing cells re-added
    /// them all, each through the whole column).
    mutating func setWrapWidth(_ width: Double, of id: ViewID) {
        views[id]!.wrapWidth = width
    }

    private mutating func touchContentSize(_ id: ViewID) {
        clock += 1
        views[id]!.contentSizeStamp = clock
    }

    private mutating func touchAutoresizing(_ id: ViewID) {
        clock += 1
        views[id]!.autoresizingStamp = clock
    }

    func check(_ value: Double, _ what: String) throws {
        guard value.isFinite else { throw LayoutError.notFinite(what: what, value: value) }
        guard abs(value) <= maximumConstantMagnitude else { throw LayoutError.outOfRange(what: what, value: value) }
    }

    func checkPriority(_ priority: LayoutPriority) throws {
        guard priority.isValid else { throw LayoutError.invalidPriority(Double(priority.rawValue)) }
    }

    // MARK: - Constraints

    /// Checks a new constraint against UIKit's validity rules.
    func validate(_ c: LayoutConstraint) throws {
        try check(c.constant, "constant")
        guard c.multiplier.isFinite else { throw LayoutError.notFinite(what: "multiplier", value: c.multiplier) }
        guard abs(c.multiplier) <= maximumConstantMagnitude else { throw LayoutError.outOfRange(what: "multiplier", value: c.multiplier) }
        try checkPriority(c.priority)
        for anchor in [c.first] + (c.second.map { [$0] } ?? []) where view(anchor.item).kind == .guide && anchor.attribute.needsView {
            throw LayoutError.attributeNotOnGuide(guide: view(anchor.item).name, attribute: anchor.attribute.name)
        }
        // An autoresizing constraint read from a log places an edge in its superview's
        // coordinates: at a constant (`minX == 0`, `midY == + 30`) or, with flexible margins, at
        // a fraction of the superview's size (`minX == 0.5*UIView.width - 32`).
        guard let second = c.second else {
            if !c.first.attribute.isDimension && !c.placesEdgeInSuperview {
                throw LayoutError.locationToConstant(describe(c.first))
            }
            return
        }
        let a = c.first.attribute, b = second.attribute
        let edgeAtFraction = c.origin == .autoresizing && !a.isDimension && b.isDimension && a.axis == b.axis
        if !edgeAtFraction && (a.isDimension != b.isDimension || (!a.isDimension && a.axis != b.axis)) {
            throw LayoutError.invalidPairing(describe(c.first), describe(second))
        }
        if (a.isDirectional && b.isAbsoluteHorizontal) || (a.isAbsoluteHorizontal && b.isDirectional) {
            throw LayoutError.mixedDirection(describe(c.first), describe(second))
        }
        if commonAncestor(c.first.item, second.item) == nil {
            throw LayoutError.noCommonAncestor(view(c.first.item).name, view(second.item).name)
        }
    }

    /// The next free automatic name, `c1`, `c2`, ...
    mutating func nextAutomaticName() -> String {
        while constraintIndex(named: "c\(autoName)") != nil { autoName += 1 }
        defer { autoName += 1 }
        return "c\(autoName)"
    }
}
