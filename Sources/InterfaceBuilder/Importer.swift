import LayoutEngine

/// What an import made and left out.
public struct ImportReport: Sendable {
    public var roots: [String] = []
    public var views = 0
    public var constraints = 0
    public var inactive = 0
    /// Content sizes taken from the document's frames: `title: width 74 height 21`.
    public var fromDocument: [String] = []
    public var skipped: [String] = []
    public var variations: [String] = []
    /// The size of the first top-level view: lay out at it to compare with Xcode.
    public var documentSize: (width: Double, height: Double)?
}

/// Builds an `IBDocument` into a layout engine: all of it, or (on an error) nothing.
///
/// - Each top-level view becomes a subview of `parent` with its document frame and its
///   autoresizing mask, measured against a superview as large as the frame's far corner, so a
///   scene's root view (flexible width and height) fills `parent` as a window's root view does.
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

    public init(engine: LayoutEngine, parent: String = "root") {
        self.engine = engine
        self.parent = parent
    }

    /// Status bar and home indicator of a device, for the safe area of scene root views.
    static func safeInsets(device: String?) -> (top: Double, bottom: Double) {
        switch device ?? "" {
        case "retina5_9", "retina6_1", "retina6_5": (44, 34)
        case "retina6_12", "retina6_7", "retina6_72": (47, 34)
        case "retina6_3", "retina6_9": (59, 34)
        default: (20, 0)
        }
    }

    static let contentElements: Set<String> = [
        "label", "button", "textField", "textView", "switch", "imageView", "segmentedControl", "slider",
        "stepper", "activityIndicatorView", "progressView", "pageControl", "toolbar", "navigationBar", "tabBar",
        "searchBar",
    ]

    /// - Throws: `DocumentError` (with the line of the view or constraint) when the document
    ///   asks for something strut refuses; the engine is then as it was.
    public func run(_ document: IBDocument) throws -> ImportReport {
        try engine.allOrNothing { try build(document) }
    }

    private func build(_ document: IBDocument) throws -> ImportReport {
        var report = ImportReport()
        report.skipped = document.skipped
        report.variations = document.variations
        var names: [String: String] = [:]  // document id → strut name
        let insets = Importer.safeInsets(device: document.device)

        var content: [(name: String, view: IBView)] = []
        var parentOf: [String: String] = [:]   // document id → its superview's id
        var scrollContent: [String: String] = [:]   // scroll view id → strut name of its content guide

        func make(_ view: IBView, in parentName: String, parentFrame: (Double, Double)?, inStack: Bool) throws {
            let insets = (top: insets.top + view.barInsets.top, bottom: insets.bottom + view.barInsets.bottom)
            let base = view.userLabel.flatMap(Hierarchy.viewName(from:)) ?? Hierarchy.viewName(from: view.element) ?? "view"
            let name = engine.hierarchy.unusedViewName(base)
            names[view.id] = name
            let kind: ViewKind = switch view.element {
            case "label": .label
            case "button": .button
            case "imageView": .image
            case "stackView": .stack
            default: .view
            }
            var properties: [ViewProperty] = [.ibID(view.id)]
            if let custom = view.customClass {
                properties.append(.documentClass(custom))
            } else if kind == .view && view.element != "view" {
                properties.append(.documentClass(Importer.uikitClass(of: view.element)))
            }
            if kind == .label || kind == .button {
                properties.append(.text(view.text ?? ""))
                if let size = view.fontSize { properties.append(.font(size)) }
            }
            // Omitted priorities are 250 and 750 in a document, labels included.
            properties += [.hugging(.horizontal, view.hugging.h ?? 250), .hugging(.vertical, view.hugging.v ?? 250),
                           .compression(.horizontal, view.compression.h ?? 750), .compression(.vertical, view.compression.v ?? 750)]
            if view.isHidden { properties.append(.hidden(true)) }
            if let (t, l, b, r) = view.margins {
                properties.append(.margins(EdgeInsets(top: t, left: l, bottom: b, right: r)))
            } else if view.isSceneRoot {
                // UIKit's system minimum: 16 at the sides, 20 on the widest phones.
                let side: Double = (view.frame?.width ?? 0) >= 414 ? 20 : 16
                properties.append(.margins(EdgeInsets(top: insets.top, left: side, bottom: insets.bottom, right: side)))
            }
            if let stack = view.stack {
                properties += [.axis(stack.axis), .spacing(stack.spacing), .distribution(stack.distribution),
                               .alignment(stack.alignment), .marginsRelative(stack.marginsRelative),
                               .baselineRelative(stack.baselineRelative)]
            }
            let frame = view.frame ?? (0, 0, 0, 0)
            let rect = Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
            if parentFrame == nil {
                // Top level: the document frame, kept by the mask against a superview as large as
                // its far corner.
                properties += [.frame(rect, within: EdgeSize(width: frame.x + frame.width, height: frame.y + frame.height)),
                               .mask(view.mask), .autoresizing(true)]
            } else if !inStack && (view.translatesAutoresizingMask || view.fixedFrame) {
                properties += [.frame(rect, within: EdgeSize(width: parentFrame!.0, height: parentFrame!.1)),
                               .mask(view.mask), .autoresizing(true)]
            }
            do {
                try engine.addView(kind: kind, name: name, parent: parentName, properties: properties)
            } catch let error as LayoutError {
                throw DocumentError(line: view.line, "\(view.element) \(view.id)", cause: error)
            }
            report.views += 1
            if Importer.contentElements.contains(view.element), view.frame != nil { content.append((name, view)) }
            var guides = view.guides
            if view.element == "scrollView", !guides.contains(where: { $0.role == "contentLayoutGuide" }) {
                // Before iOS 11 a scroll view's own edges, seen from its content, are the
                // content's edges: a guide of strut's own stands for them.
                guides.append(("strut-content-\(view.id)", "contentLayoutGuide"))
            }
            for guide in guides {
                let guideName = engine.hierarchy.unusedViewName(name + Importer.capitalised(guide.role))
                names[guide.id] = guideName
                if guide.role == "contentLayoutGuide" { scrollContent[view.id] = guideName }
                try engine.addView(kind: .guide, name: guideName, parent: name,
                                   properties: guide.id.hasPrefix("strut-") ? [] : [.ibID(guide.id)])
                report.views += 1
                var specs: [ConstraintSpec] = []
                func pin(_ attribute: LayoutAttribute, _ constant: Double = 0) {
                    specs.append(ConstraintSpec(name: "\(guideName).\(attribute.name)", firstItem: guideName, firstAttribute: attribute,
                                                relation: .equal, secondItem: name, secondAttribute: attribute, constant: constant))
                }
                func size(_ attribute: LayoutAttribute, _ value: Double) {
                    specs.append(ConstraintSpec(name: "\(guideName).\(attribute.name)", firstItem: guideName, firstAttribute: attribute,
                                                relation: .equal, constant: value))
                }
                switch guide.role {
                case "safeArea":
                    let top = view.isSceneRoot ? insets.top : 0, bottom = view.isSceneRoot ? insets.bottom : 0
                    pin(.leading); pin(.trailing); pin(.top, top); pin(.bottom, -bottom)
                case "layoutMarginsGuide":
                    specs += [(LayoutAttribute.leading, LayoutAttribute.leadingMargin), (.trailing, .trailingMargin),
                              (.top, .topMargin), (.bottom, .bottomMargin)].map { edge, margin in
                        ConstraintSpec(name: "\(guideName).\(edge.name)", firstItem: guideName, firstAttribute: edge,
                                       relation: .equal, secondItem: name, secondAttribute: margin)
                    }
                case "frameLayoutGuide":
                    pin(.leading); pin(.trailing); pin(.top); pin(.bottom)
                case "contentLayoutGuide":
                    pin(.leading); pin(.top)
                case "topLayoutGuide":
                    pin(.leading); pin(.trailing); pin(.top); size(.height, insets.top)
                case "bottomLayoutGuide":
                    pin(.leading); pin(.trailing); pin(.bottom); size(.height, insets.bottom)
                default:
                    pin(.leading); pin(.trailing); pin(.top); pin(.bottom)
                }
                try engine.addConstraints(specs)
            }
            for subview in view.subviews {
                parentOf[subview.id] = view.id
                try make(subview, in: name, parentFrame: (frame.width, frame.height), inStack: view.element == "stackView")
            }
        }

        for root in document.roots {
            try make(root, in: parent, parentFrame: nil, inStack: false)
            report.roots.append(names[root.id]!)
            if report.documentSize == nil, let frame = root.frame { report.documentSize = (frame.x + frame.width, frame.y + frame.height) }
        }

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
                }
                // A scroll view's edges, against something inside it, are its content's edges.
                // Omitted items are the owning view (an aspect ratio omits both).
                let firstID = constraint.firstItem ?? view.id
                let secondID = constraint.secondItem ?? (constraint.secondAttribute != nil ? view.id : nil)
                func item(_ id: String, _ attribute: LayoutAttribute, other: String?) -> String {
                    guard let guide = scrollContent[id], !attribute.isDimension, let other, isInside(other, id) else { return names[id]! }
                    return guide
                }
                let spec = ConstraintSpec(
                    name: name, firstItem: item(firstID, firstAttribute, other: secondID), firstAttribute: firstAttribute, relation: constraint.relation,
                    secondItem: secondID.map { item($0, secondAttribute!, other: firstID) }, secondAttribute: secondAttribute,
                    multiplier: constraint.multiplier, constant: constraint.constant, priority: constraint.priority,
                    identifier: identifier)
                do {
                    let made = try engine.addConstraint(spec)
                    report.constraints += 1
                    if !constraint.isInstalled {
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

        // Content sizes: Xcode's frame along each axis the constraints leave to the content,
        // that is, each axis whose size is not unique once no content view has a content size.
        for (name, _) in content { try engine.setProperty(.intrinsic(nil, nil), of: name) }
        try engine.setStackFitting(false)
        var free: [(Bool, Bool)] = []
        for (name, _) in content {
            let id = try engine.hierarchy.viewID(named: name)
            free.append((!(engine.range(of: .width, of: id)?.isUnique ?? true), !(engine.range(of: .height, of: id)?.isUnique ?? true)))
        }
        try engine.setStackFitting(true)
        for ((name, view), (freeWidth, freeHeight)) in zip(content, free) {
            let frame = view.frame!
            // Where the constraints size it: a label's own metric, else no intrinsic size.
            let metric = engine.hierarchy.view(named: name)!.textSize
            // A UISwitch's alignment rectangle, which constraints place, is 2 points narrower
            // than its frame (the frame sticks out on the trailing side).
            let width = freeWidth ? frame.width - (view.element == "switch" ? 2 : 0) : metric?.width
            let height = freeHeight ? frame.height : metric?.height
            try engine.setProperty(.intrinsic(width, height), of: name)
            let taken = [freeWidth ? "width \(formatNumber(width!))" : nil, freeHeight ? "height \(formatNumber(frame.height))" : nil].compactMap { $0 }
            if !taken.isEmpty { report.fromDocument.append("\(name): \(taken.joined(separator: ", "))") }
        }
        return report
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
