import LayoutEngine

/// What an import made and left out.
public struct ImportReport: Sendable {
    public var roots: [String] = []
    /// The line of the element each view and constraint was made from, by name.
    public var lines: [String: Int] = [:]
    public var views = 0
    public var constraints = 0
    public var inactive = 0
    /// Content sizes taken from the document's frames: `title: width 74 height 21`.
    public var fromDocument: [String] = []
    /// Fonts strut has no metrics for, measured as the system font: `Papyrus ('fancy')`.
    public var unknownFonts: [String] = []
    /// The pixels a point that text sizes are rounded to, when the import set it (the
    /// document's device; for documents without one, 2 when their frames hold half points, else
    /// 1: `Canvas.scale`).
    public var displayScale: Double?
    /// Whether `displayScale` was read from the document's frames (it has no device).
    public var displayScaleFromFrames = false
    /// The document's era, when it laid text styles out at another size than `large` and the
    /// import set that size for the session (`Canvas.textSizeEras`).
    public var textSizeEra: Canvas.TextSizeEra?
    /// The text size the import set for the session: the era's.
    public var contentSizeCategory: ContentSizeCategory? { textSizeEra?.category }
    /// The text metric the import set, when the document's era tracked San Francisco by
    /// another table than today's (`Canvas.textMetric`).
    public var textMetric: TextMetric?
    public var skipped: [String] = []
    public var variations: [String] = []
    /// Size-class variations that hold for the document's canvas, applied.
    public var appliedVariations: [String] = []
    /// The far corner of the first scene's root view (else of the first top-level view): the
    /// size root is laid out at to compare with Xcode.
    public var documentSize: (width: Double, height: Double)?
    /// The hierarchy was empty, so root was given the document's size.
    public var laidOutAtDocumentSize = false
    /// Scene root views with the canvas they are laid out on: `'view': 0 0 0 0 on ...`.
    public var safeAreas: [String] = []
    /// Constraints Interface Builder removes at build time: `name: text (line N), ...`.
    public var placeholders: [String] = []
    /// When scenes differ in size: `scene 'view' at 375 x 300` for each.
    public var sceneSizes: [String] = []
    /// The import (`with placeholders`) turned `set canvas = on` on.
    public var canvasTurnedOn = false
    /// `with measured text`: the labels and buttons sized by strut's measure of their text,
    /// each with the frame Xcode stored for it (not those Xcode marks misplaced or ambiguous,
    /// whose stored frame is not their layout), in document order.
    public var measured: [(name: String, stored: Rect)] = []
}

/// Builds an `IBDocument` into a layout engine: all of it, or (on an error) nothing.
///
/// - Each top-level view becomes a subview of `parent` with its document frame and its
///   autoresizing mask, measured against the document's size, so a scene's root view (flexible
///   width and height) fills `parent` as a window's root view does and a scene of another size
///   keeps its own at the document's size.
/// - Subviews placed by constraints get autoresizing off; others (and `fixedFrame="YES"`) keep
///   their frame through their mask. Arranged views of stack views are the stack's.
/// - Layout guides become guides with the constraints UIKit gives them: the safe area of a
///   scene's root view is inset by the device's status bar (and home indicator), others are the
///   view's bounds; a scroll view's frame guide is its frame and its content guide starts at its
///   origin (content offset 0) with a size its content decides.
/// - Content views (labels, buttons, fields, switches, images, ...) have no fonts or images
///   here: along each axis that their constraints leave to their content, their intrinsic size
///   is the size in Xcode's frame; along the others a label's comes from strut's text metric
///   and other views have none.
public struct Importer {
    public let engine: LayoutEngine
    public var parent = "root"
    /// Keep `placeholder="YES"` constraints active and lay hidden arranged views out as
    /// Interface Builder's canvas does (`Hierarchy.canvas`).
    public var placeholders = false
    /// `with measured text`: labels and buttons keep the size strut measures for their text
    /// instead of taking Xcode's frame, so that the measure can be compared with Xcode's.
    public var measuredText = false

    public init(engine: LayoutEngine, parent: String = "root") {
        self.engine = engine
        self.parent = parent
    }

    static let contentElements: Set<String> = [
        "label", "button", "textField", "textView", "switch", "imageView", "segmentedControl", "slider",
        "stepper", "activityIndicatorView", "progressView", "pageControl", "toolbar", "navigationBar", "tabBar",
        "searchBar", "datePicker", "pickerView",
    ]

    /// - Throws: `DocumentError` (with the line of the view or constraint) when the document
    ///   asks for something strut refuses; the engine is then as it was.
    public func run(_ document: IBDocument) throws -> ImportReport {
        try engine.allOrNothing {
            let wasEmpty = engine.hierarchy.root.children.isEmpty
            let turnCanvasOn = placeholders && !engine.hierarchy.canvas
            if turnCanvasOn { try engine.setCanvas(true) }
            // Root takes the document's size first, so the constraints that read it are made
            // once (set after, it would remake every one of them).
            let size = wasEmpty && parent == "root" ? Importer.documentSize(document) : nil
            if let size {
                try engine.setProperty(.frame(Rect(x: 0, y: 0, width: size.width, height: size.height), within: nil), of: "root")
            }
            // Text is measured for the document's display.
            let scale = Canvas.scale(ofDevice: document.device, toolsVersion: document.toolsVersion, halfPoints: document.device == nil && document.storesHalfPoints)
            let setScale = wasEmpty && parent == "root" && scale != engine.hierarchy.displayScale
            if setScale { try engine.setDisplayScale(scale) }
            // Text styles at the size the document's Xcode laid them out at.
            let setEra = Canvas.textSizeEra(toolsVersion: document.toolsVersion).flatMap {
                wasEmpty && parent == "root" && $0.category != engine.hierarchy.contentSizeCategory ? $0 : nil
            }
            if let setEra { try engine.setContentSizeCategory(setEra.category, canvas: true) }
            // San Francisco tracked as the document's iOS tracked it.
            let metric = Canvas.textMetric(toolsVersion: document.toolsVersion)
            let setMetric = wasEmpty && parent == "root" && metric != .uikit && engine.hierarchy.textMetric == .uikit
            if setMetric { try engine.setTextMetric(metric) }
            // Frames on the document's pixels, as Xcode stored them.
            if wasEmpty && parent == "root" && !engine.hierarchy.pixelRounding { try engine.setPixelRounding(true) }
            var report = try build(document)
            if setScale {
                report.displayScale = scale
                report.displayScaleFromFrames = document.device == nil
            }
            report.textSizeEra = setEra
            if setMetric { report.textMetric = metric }
            report.canvasTurnedOn = turnCanvasOn
            report.laidOutAtDocumentSize = size != nil
            return report
        }
    }

    /// The size root is laid out at (when it was empty): the first scene's, else the first
    /// top-level view's far corner. Every top-level view keeps its own frame at that size.
    static func documentSize(_ document: IBDocument) -> (width: Double, height: Double)? {
        let sized = document.roots.first(where: { $0.isSceneRoot && $0.frame != nil }) ?? document.roots.first(where: { $0.frame != nil })
        return sized?.frame.map { (width: $0.x + $0.width, height: $0.y + $0.height) }
    }

    private func build(_ document: IBDocument) throws -> ImportReport {
        var report = ImportReport()
        report.skipped = document.skipped
        report.variations = document.variations
        report.appliedVariations = document.appliedVariations
        var names: [String: String] = [:]  // document id → strut name
        var content: [(name: String, view: IBView)] = []
        var measured: [(name: String, view: IBView)] = []   // `with measured text`: labels and buttons sized by their text
        var parentOf: [String: String] = [:]   // document id → its superview's id
        var scrollContent: [String: String] = [:]   // scroll view id → strut name of its content guide

        let documentSize = Importer.documentSize(document)
        report.documentSize = documentSize

        var nameCounters: [String: Int] = [:]
        var made = 0
        var traitVariations = TraitVariations()
        func make(_ view: IBView, in place: Place) throws {
            let base = view.userLabel.flatMap(Hierarchy.viewName(from:)) ?? Hierarchy.viewName(from: view.element) ?? "view"
            let name = engine.hierarchy.unusedViewName(base, counters: &nameCounters)
            names[view.id] = name
            let kind: ViewKind = switch view.element {
            // A text view is a label of class UITextView, as `new textView` makes one.
            case "label", "textView": .label
            case "button": .button
            case "imageView": .image
            case "stackView": .stack
            default: .view
            }
            var properties: [ViewProperty] = [.ibID(view.id)]
            if view.element == "textView" {
                properties += [.documentClass("UITextView"), .textView(view.scrollEnabled ? .scrolls : .grows)]
                // UITextView's font, when the document names none, is the body style.
                if view.textStyle == nil && view.fontSize == nil { properties.append(.textStyle(.body)) }
            }
            if let custom = view.customClass {
                properties.append(.documentClass(custom))
            } else if kind == .view && view.element != "view" {
                properties.append(.documentClass(Importer.uikitClass(of: view.element)))
            }
            if view.element == "activityIndicatorView" && view.customClass == nil, let style = view.style.flatMap(SpinnerStyle.init(uikitName:)), style != .medium {
                properties.append(.spinnerStyle(style))
            }
            if view.element == "segmentedControl" && view.customClass == nil && !view.segments.isEmpty {
                // Its titles size it where the constraints leave its width free (Xcode's width
                // is taken there, as a label's, unless measured: docs/text.md).
                properties.append(.segments(Array(view.segments.prefix(Hierarchy.segmentLimit))))
                if view.apportionsSegments { properties.append(.apportionsSegments(true)) }
            }
            if view.element == "textField" && view.customClass == nil {
                // Its text's font places its baselines (Interface Builder's default is the system
                // font at 14) and, without a border, sizes it.
                properties.append(view.textStyle.map { .textStyle($0) } ?? .font(view.fontSize ?? 14))
                properties.append(.borderStyle(view.borderStyle))
                if view.adjustsFont { properties.append(.adjustsFont(true)) }
            }
            if kind == .label || kind == .button {
                properties.append(.text(view.text ?? ""))
                // (The configuration first: it brings the body style, which a font replaces.)
                if kind == .button, let style = view.configuration {
                    properties.append(.configuration(ButtonConfiguration(rawValue: style) ?? .plain))
                }
                if let style = view.textStyle {
                    properties.append(.textStyle(style))
                } else if let size = view.fontSize {
                    properties.append(.font(size))
                }
                let (face, unknown) = Importer.fontFace(of: view, toolsVersion: document.toolsVersion)
                if face != .system { properties.append(.fontFace(face)) }
                if let unknown { report.unknownFonts.append("\(unknown) ('\(name)')") }
                if let insets = view.contentInsets, insets != .zero {
                    properties.append(.contentInsets(insets))
                }
                if kind == .button, let image = view.imageSize { properties.append(.image(EdgeSize(width: image.width, height: image.height))) }
                if view.adjustsFont { properties.append(.adjustsFont(true)) }
                if kind == .label && view.numberOfLines != 1 { properties.append(.lines(view.numberOfLines)) }
                if kind == .label, let mode = view.lineBreakMode, mode != .tailTruncation { properties.append(.lineBreakMode(mode)) }
                if kind == .label && view.preferredMaxLayoutWidth > 0 {
                    properties.append(.preferredMaxLayoutWidth(view.preferredMaxLayoutWidth))
                }
            }
            // Omitted priorities are 250 and 750 in a document, labels included.
            properties += [.hugging(.horizontal, view.hugging.h ?? 250), .hugging(.vertical, view.hugging.v ?? 250),
                           .compression(.horizontal, view.compression.h ?? 750), .compression(.vertical, view.compression.v ?? 750)]
            if view.isHidden { properties.append(.hidden(true)) }
            // A placeholder intrinsic size stands for the one the view's class gives at run time.
            if let placeholder = view.placeholderIntrinsic, kind != .label && kind != .button {
                properties.append(.intrinsic(placeholder.width, placeholder.height))
            }
            let alignmentInsets = Importer.alignmentInsets(of: view.element, toolsVersion: document.toolsVersion)
            if alignmentInsets != .zero { properties.append(.alignmentInsets(alignmentInsets)) }
            var frame = view.frame ?? (0, 0, 0, 0)
            if view.frame == nil {
                // Xcode 6 wrote prototype cells without frames: a cell is its table's width and
                // its row's height (the cell's, else the table's, else 44), its content view the
                // cell, less a disclosure indicator's 33 points (every content view beside one
                // that documents of Xcode 7 to 10 store: 5 of 5, four apps; other accessories'
                // widths are not in them), and less the separator's line below it: UIKit's
                // content view ends a pixel above the row's end, a whole point on the whole
                // points of that era (as Xcode 5 and 6 stored seafile's and Programming iOS's).
                if view.element == "tableViewCell", let width = place.tableWidth {
                    frame = (0, 0, width, view.rowHeight ?? place.rowHeight ?? 44)
                } else if view.element == "tableViewCellContentView" {
                    let accessory = place.accessoryType == "disclosureIndicator" ? 33.0 : 0
                    let separator = place.separatorLine ? 1.0 : 0
                    frame = (0, 0, max(place.size.width - accessory, 0), max(place.size.height - separator, 0))
                }
            }
            let rect = Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
            let inner = place.inside(view, frame: rect, document: document)
            properties.append(.margins(inner.margins))
            if let stack = view.stack {
                properties += [.axis(stack.axis), .spacing(stack.spacing), .distribution(stack.distribution),
                               .alignment(stack.alignment), .marginsRelative(stack.marginsRelative),
                               .baselineRelative(stack.baselineRelative)]
            }
            if place.isTop {
                // Top level: the document frame, kept by the mask at the document's size.
                let size = documentSize ?? (frame.x + frame.width, frame.y + frame.height)
                properties += [.frame(rect, within: EdgeSize(width: size.width, height: size.height)), .mask(view.mask), .autoresizing(true)]
            } else if !place.inStack && (view.translatesAutoresizingMask || view.fixedFrame) {
                // Cells follow their table's width, a cell's content view its cell.
                var mask = view.mask
                if view.element == "tableViewCell" { mask.insert(.flexibleWidth) }
                if view.element.hasSuffix("ContentView") { mask.formUnion([.flexibleWidth, .flexibleHeight]) }
                properties += [.frame(rect, within: EdgeSize(width: place.size.width, height: place.size.height)),
                               .mask(mask), .autoresizing(true)]
            }
            made += 1
            report.lines[name] = view.line
            if made & 255 == 0 { try engine.checkInterrupt() }
            do {
                try engine.addView(kind: kind, name: name, parent: place.name, properties: properties)
            } catch let error as LayoutError {
                throw DocumentError(line: view.line, "\(view.element) \(view.id)", cause: error)
            }
            report.views += 1
            if let varied = view.variations { traitVariations.views[name] = varied }
            if let canvas = view.canvas, let bars = view.bars, let safe = view.safeArea {
                let insets = [safe.top, safe.left, safe.bottom, safe.right].map(formatNumber).joined(separator: " ")
                report.safeAreas.append("'\(name)': insets \(insets) (\(canvas.summary(statusBarOff: bars.hidesStatusBar(on: canvas)))\(bars.summary))")
            }
            if Importer.contentElements.contains(view.element), view.frame != nil {
                if measuredText && Importer.isMeasurable(view) { measured.append((name, view)) } else { content.append((name, view)) }
            }
            var guides = view.guides
            if view.element == "scrollView", !guides.contains(where: { $0.role == "contentLayoutGuide" }) {
                // Before iOS 11 a scroll view's own edges, seen from its content, are the
                // content's edges: a guide of strut's own stands for them.
                guides.append(("strut-content-\(view.id)", "contentLayoutGuide"))
            }
            for guide in guides {
                let guideName = engine.hierarchy.unusedViewName(name + Importer.capitalised(guide.role), counters: &nameCounters)
                names[guide.id] = guideName
                if guide.role == "contentLayoutGuide" { scrollContent[view.id] = guideName }
                try engine.addView(kind: .guide, name: guideName, parent: name,
                                   properties: guide.id.hasPrefix("strut-") ? [] : [.ibID(guide.id)])
                report.views += 1
                try engine.addConstraints(Importer.guideConstraints(guideName, role: guide.role, of: name, safeArea: inner.safeArea))
            }
            for subview in view.subviews {
                parentOf[subview.id] = view.id
                try make(subview, in: inner.place(name: name, view: view, frame: rect))
            }
        }

        // Views, constraints and content sizes reach the solver at once, at the end (the
        // content sizes' question below asks it).
        try engine.deferringSynchronization {
        for root in document.roots {
            try make(root, in: Place(name: parent))
            report.roots.append(names[root.id]!)
            if let frame = root.frame, let size = documentSize, frame.x + frame.width != size.width || frame.y + frame.height != size.height {
                report.sceneSizes.append("'\(names[root.id]!)' at \(formatNumber(frame.width)) x \(formatNumber(frame.height))")
            }
        }

        // The views' ids are unique (`IBDocument.read` refuses a repeat), so this is a tree.
        func isInside(_ id: String, _ ancestor: String) -> Bool {
            var current = parentOf[id]
            while let next = current { if next == ancestor { return true }; current = parentOf[next] }
            return false
        }

        // Constraints, in document order, after every view and guide exists.
        func addConstraints(of view: IBView) throws {
            for constraint in view.constraints {
                let firstAttribute = constraint.firstAttribute, secondAttribute = constraint.secondAttribute
                var name: String?
                var identifier = constraint.identifier
                if let given = identifier, Importer.isName(given), engine.hierarchy.constraintRef(named: given) == nil {
                    name = given
                    identifier = nil
                } else if constraint.isPlaceholder {
                    name = engine.hierarchy.unusedConstraintName("placeholder")
                }
                // A scroll view's edges and margins, against something inside it, are its
                // content's ("Working with Scroll Views", Auto Layout Guide): a margin is the
                // content's edge inset by the scroll view's margin on that side (as the document
                // gives them). Its width, height and centres are its frame's, the guide says:
                // they stay the scroll view's own. Omitted items are the owning view (an aspect
                // ratio omits both).
                let firstID = constraint.firstItem ?? view.id
                let secondID = constraint.secondItem ?? (constraint.secondAttribute != nil ? view.id : nil)
                func item(_ id: String, _ attribute: LayoutAttribute, other: String?) -> (name: String, attribute: LayoutAttribute, offset: Double) {
                    guard let guide = scrollContent[id], attribute.isEdgeOrMargin, let other, isInside(other, id) else { return (names[id]!, attribute, 0) }
                    let inset = engine.hierarchy.view(named: names[id]!)?.margins ?? .standard
                    return switch attribute {
                    case .topMargin: (guide, .top, inset.top)
                    case .bottomMargin: (guide, .bottom, -inset.bottom)
                    case .leftMargin: (guide, .left, inset.left)
                    case .rightMargin: (guide, .right, -inset.right)
                    case .leadingMargin: (guide, .leading, inset.left)
                    case .trailingMargin: (guide, .trailing, -inset.right)
                    default: (guide, attribute, 0)
                    }
                }
                let first = item(firstID, firstAttribute, other: secondID)
                let second = secondID.map { item($0, secondAttribute!, other: firstID) }
                // first + a == m × (second + b) + c, so first == m × second + (c + m b − a).
                let constant = constraint.constant + constraint.multiplier * (second?.offset ?? 0) - first.offset
                let spec = ConstraintSpec(
                    name: name, firstItem: first.name, firstAttribute: first.attribute, relation: constraint.relation,
                    secondItem: second?.name, secondAttribute: second?.attribute,
                    multiplier: constraint.multiplier, constant: constant, priority: constraint.priority,
                    identifier: identifier)
                do {
                    let made = try engine.addConstraint(spec)
                    report.constraints += 1
                    report.lines[made] = constraint.line
                    if let varied = constraint.variations, !constraint.isPlaceholder { traitVariations.constraints[made] = varied }
                    if constraint.isPlaceholder {
                        let shown = engine.hierarchy.constraint(named: made).map { engine.hierarchy.text(of: $0) } ?? ""
                        if placeholders {
                            report.placeholders.append("'\(made)' \(shown) (constraint \(constraint.id), line \(constraint.line)): active, as on the canvas")
                        } else {
                            try engine.setActive([made], .deactivate)
                            report.inactive += 1
                            report.placeholders.append("'\(made)' \(shown) (constraint \(constraint.id), line \(constraint.line)): removed at build time, so inactive")
                        }
                    } else if !constraint.isInstalled {
                        try engine.setActive([made], .deactivate)
                        report.inactive += 1
                    }
                } catch let error as LayoutError {
                    throw DocumentError(line: constraint.line, "constraint \(constraint.id)", cause: error)
                }
            }
            for subview in view.subviews { try addConstraints(of: subview) }
        }
        for root in document.roots { try addConstraints(of: root) }
        if !traitVariations.isEmpty { try engine.addTraitVariations(traitVariations) }

        // Content sizes: Xcode's frame along each axis the constraints leave to the content,
        // that is, each axis whose size is not unique once no content view has a content size.
        for name in (content + measured).map(\.name) { try engine.setProperty(.intrinsic(nil, nil), of: name) }
        try engine.setStackFitting(false)
        }
        var free: [(Bool, Bool)] = []
        for (name, _) in content {
            let id = try engine.hierarchy.viewID(named: name)
            free.append((engine.isUnique(.width, of: id) == false, engine.isUnique(.height, of: id) == false))
        }
        try engine.deferringSynchronization {
        try engine.setStackFitting(true)
        for ((name, view), (freeWidth, freeHeight)) in zip(content, free) {
            if let size = Importer.fixedIntrinsicSize(of: view) {
                try engine.setProperty(.intrinsic(size.width, size.height), of: name)
                continue
            }
            // The alignment rectangle, which constraints place, inside Xcode's frame.
            let insets = Importer.alignmentInsets(of: view.element, toolsVersion: document.toolsVersion)
            let frame = view.frame!
            // Where the constraints size it: a label's own metric, else no intrinsic size.
            let metric = engine.hierarchy.view(named: name)!.textSize
            let width = freeWidth ? frame.width - insets.left - insets.right : metric?.width
            let height = freeHeight ? frame.height - insets.top - insets.bottom : metric?.height
            try engine.setProperty(.intrinsic(width, height), of: name)
            let taken = [freeWidth ? "width \(formatNumber(width!))" : nil, freeHeight ? "height \(formatNumber(height!))" : nil].compactMap { $0 }
            var why = ""
            if measuredText, let attribute = Importer.restylingAttribute(of: view), let custom = view.customClass {
                why = " (\(custom) is given '\(attribute)': its own code sizes the text)"
            } else if measuredText && view.element == "label" && view.text == "" {
                why = " (its text is empty: Xcode's canvas did not size it as UIKit sizes no text)"
            }
            if !taken.isEmpty { report.fromDocument.append("\(name): \(taken.joined(separator: ", "))\(why)") }
        }
        for (name, view) in measured {
            try engine.setProperty(.intrinsicFromContent, of: name)
            if let f = view.frame, !view.isMisplaced && !view.isAmbiguous {
                report.measured.append((name, Rect(x: f.x, y: f.y, width: f.width, height: f.height)))
            }
            // A label of many lines that wraps at the width the layout gives it starts at its
            // frame from the document, as a label a nib loads does (UIKit wraps it there in the
            // first pass), give or take strut's measuring error: a label Xcode sized to its one
            // line must not wrap because strut measures its text a point wider.
            if view.element == "label", view.numberOfLines != 1, view.preferredMaxLayoutWidth == 0, let frame = view.frame {
                try engine.setProperty(.wrapWidth(frame.width + Importer.measuringSlack), of: name)
            }
        }
        // UIKit makes a stack view's constraints in the first layout pass, after the document's.
        let stacks = names.values.filter { engine.hierarchy.view(named: $0)?.kind == .stack }
        if !stacks.isEmpty { try engine.remakeStackConstraints(of: stacks.sorted()) }
        }
        return report
    }

    /// How much wider than Xcode strut may measure a line of text: most labels land within two
    /// points (docs/text.md).
    static let measuringSlack = 2.0

    /// How far a control's frame sticks out of its alignment rectangle: a UISwitch's frame is 2
    /// points wider (51 × 31 for a 49 × 31 rectangle), a UISegmentedControl's 1 point taller, a
    /// UISlider's 2 points wider on each side. Xcode 16.3 and 16.4 (24000 to 31999) stored a
    /// slider's frame as its alignment rectangle: 10 of 10 sliders of their documents (OsmAnd,
    /// Delta, VLC), where those of Xcode 16.1 and before (8 of Xcode 16.0 and 16.1) and of Xcode
    /// 26 (4) stick out as UIKit's do.
    static func alignmentInsets(of element: String, toolsVersion: Double) -> EdgeInsets {
        if element == "slider" && toolsVersion >= 24000 && toolsVersion < 32000 { return .zero }
        return Control(className: uikitClass(of: element))?.alignmentInsets ?? .zero
    }

    /// A label, button or text view whose size strut can measure: plain text (not attributed),
    /// a button without an image, a text view that does not scroll (empty, it keeps a line).
    /// Not a label whose text is empty: UIKit gives it no size, but Xcode's canvas keeps one
    /// (Habitica's placeholders for text its code sets, 48 to 241.5 high and stored so; of the 300
    /// such labels in the public documents at hand, those sized by their content made 59 views miss and
    /// no view land that lands otherwise).
    /// (A button's image comes in by its size, but keeps Xcode's size here: Pocket Casts' 16 × 16
    /// image makes a button 16 × 22, and `with measured text` compares text.) Not one of a
    /// custom class given runtime attributes that may restyle its text (cwa's `ENALabel`).
    static func isMeasurable(_ view: IBView) -> Bool {
        if restylingAttribute(of: view) != nil { return false }
        return (view.element == "label" && !(view.text ?? "").isEmpty) || (view.element == "button" && view.text != nil && !view.hasImage)
            || (view.element == "textView" && !view.scrollEnabled)
    }

    /// The first user-defined runtime attribute a custom class is given that may change its
    /// content's size (`ibEnaStyle`), or nil.
    static func restylingAttribute(of view: IBView) -> String? {
        guard view.customClass != nil else { return nil }
        return view.runtimeKeyPaths.first { !isCosmetic(keyPath: $0) }
    }

    /// A user-defined runtime attribute that cannot change a view's size: its layer's, a colour,
    /// a corner radius, a border.
    static func isCosmetic(keyPath: String) -> Bool {
        let name = keyPath.lowercased()
        return name.hasPrefix("layer.") || ["color", "radius", "border"].contains { name.contains($0) }
    }

    /// The face a document's font description names: the system font (Helvetica Neue in
    /// documents from before Xcode 7, whose iOS had no San Francisco), its weight and slant, or
    /// a named font. A name strut has no metrics for comes back as the system font, with the name.
    static func fontFace(of view: IBView, toolsVersion: Double) -> (FontFace, unknown: String?) {
        var face = FontFace.system
        var unknown: String?
        if let name = view.fontName {
            if let named = FontFace(fontName: name) { return (named, nil) }
            unknown = name
        }
        if toolsVersion > 0 && toolsVersion < 8000 { face.family = .helveticaNeue }
        switch view.fontType {
        case "boldSystem": face.weight = .bold
        case "italicSystem": face.italic = true
        default: break
        }
        if let weight = view.fontWeight.flatMap(FontWeight.init(rawValue:)) { face.weight = weight }
        return (face, unknown)
    }

    /// Controls whose intrinsic size does not depend on their content: a wheels date picker
    /// and a picker view are 320 × 216.
    static func fixedIntrinsicSize(of view: IBView) -> (width: Double, height: Double)? {
        let wheels = view.element == "pickerView" || (view.element == "datePicker" && view.style != "compact" && view.style != "inline")
        guard wheels, let control = Control(className: uikitClass(of: view.element)) else { return nil }
        return (control.intrinsicSize.width!, control.intrinsicSize.height!)
    }

    /// `textField` → `UITextField`, `wkWebView` → `WKWebView`.
    static func uikitClass(of element: String) -> String {
        if element == "wkWebView" { return "WKWebView" }
        if element == "mapView" { return "MKMapView" }
        return "UI" + capitalised(element)
    }

    static func capitalised(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// A dotted strut name: `PreviewPreferredHeight`, `form.top`.
    static func isName(_ text: String) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.first, first.isASCII, first.isLetter || first == "_" else { return false }
            return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }
    }
}
