import Foundation
import LayoutEngine

/// An Interface Builder document (`.xib` or `.storyboard`) as far as layout goes
/// (AUTOLAYOUT.md §9): the top-level views with their subtrees, frames, autoresizing, content
/// priorities, texts, margins, stack settings, layout guides and constraints.
public struct IBDocument: Sendable {
    public var isStoryboard: Bool
    /// `retina4_7` and the like: decides the safe area of scene root views.
    public var device: String?
    /// A xib's top-level views, or each storyboard scene's root view.
    public var roots: [IBView]
    /// The Xcode build that saved it (`toolsVersion`, 0 when absent): decides the canvas.
    public var toolsVersion: Double = 0

    /// A `toolsVersion` as a number: its build and the first part after it (`"14460.31"`);
    /// Xcode 26 writes `"32700.99.1234"`, read as 32700.99. Nil when it does not start with a
    /// number.
    static func toolsVersion(_ text: String) -> Double? {
        var seenDot = false
        let number = text.prefix { character in
            if character == "." { defer { seenDot = true }; return !seenDot }
            return character.isASCII && character.isNumber
        }
        return Double(number.hasSuffix(".") ? String(number.dropLast()) : String(number))
    }
    /// Whether any view's stored frame is off the whole-point grid (a walk of the whole tree:
    /// asked only of documents without a device).
    public var storesHalfPoints: Bool {
        func off(_ view: IBView) -> Bool {
            if let f = view.frame, [f.x, f.y, f.width, f.height].contains(where: { $0 != $0.rounded() }) { return true }
            return view.subviews.contains(where: off)
        }
        return roots.contains(where: off)
    }
    /// The sizes of the document's own images, by name (its `<resources>`; system symbols left out).
    public var imageSizes: [String: (width: Double, height: Double)] = [:]
    public var orientation: String?
    /// Size-class variations for other size classes than the canvas's, listed, not applied.
    public var variations: [String] = []
    /// Those applied: they hold for the canvas's size classes.
    public var appliedVariations: [String] = []
    /// What was left out, for the import's report.
    public var skipped: [String] = []
}

/// One view of a document.
public struct IBView: Sendable {
    public var id: String
    /// The element name: `view`, `label`, `stackView`, ...
    public var element: String
    public var customClass: String?
    public var userLabel: String?
    public var line: Int
    public var frame: (x: Double, y: Double, width: Double, height: Double)?
    /// `translatesAutoresizingMaskIntoConstraints` (IB writes `NO` when constraints place it).
    public var translatesAutoresizingMask = true
    public var fixedFrame = false
    public var mask: AutoresizingMask = []
    public var hugging: (h: LayoutPriority?, v: LayoutPriority?) = (nil, nil)
    public var compression: (h: LayoutPriority?, v: LayoutPriority?) = (nil, nil)
    public var text: String?
    public var fontSize: Double?
    /// A Dynamic Type text style in place of a size, and whether it adjusts
    /// (`adjustsFontForContentSizeCategory`).
    public var textStyle: TextStyle?
    public var adjustsFont = false
    /// The font description's `type` (`system`, `boldSystem`, `italicSystem`), `weight` and
    /// `name` (a PostScript name, for a named font).
    public var fontType: String?
    public var fontWeight: String?
    public var fontName: String?
    /// A button's `contentEdgeInsets` (top, left, bottom, right), and whether its title
    /// comes with an image or from an iOS 15 button configuration.
    public var contentInsets: EdgeInsets?
    public var hasImage = false
    /// The size of a button's image (its normal state's), from the document's resources; nil
    /// when it has none, a background image, or one of unknown size (a system symbol's is
    /// given there at another scale).
    public var imageSize: (width: Double, height: Double)?
    public var configuration: String?
    /// The key paths of its user-defined runtime attributes (`ibEnaStyle`, `layer.cornerRadius`):
    /// what a custom class is given to set by its own code.
    public var runtimeKeyPaths: [String] = []
    public var numberOfLines = 1
    /// A text view's `scrollEnabled` (YES when absent): with it off, its text sizes it.
    public var scrollEnabled = true
    /// A text field's `borderStyle` (none when absent).
    public var borderStyle: TextFieldBorder = .none
    /// A segmented control's segments' titles (`<segment title="…"/>`; an image segment's is
    /// empty), and its `apportionsSegmentWidthsByContent`.
    public var segments: [String] = []
    public var apportionsSegments = false
    public var lineBreakMode: LineBreakMode?
    public var preferredMaxLayoutWidth = 0.0
    public var isHidden = false
    public var isMisplaced = false
    public var isAmbiguous = false
    /// `style`: a date picker's `wheels`, `compact`, `inline`; a table's `grouped`.
    public var style: String?
    public var isSceneRoot = false
    /// Its stored frame runs past the screen below an opaque bar (some Xcode 8 documents): laid out
    /// at the height left.
    public var frameClippedToScreen = false
    /// Its size-class variations of `hidden`, and a stack's axis and spacing.
    public var variations: Varied<ViewValues>?
    /// A table's or a table cell's `rowHeight`.
    public var rowHeight: Double?
    /// Interface Builder's placeholder intrinsic size ("Intrinsic Size: Placeholder"), per axis
    /// (nil: none, or `infinite`).
    public var placeholderIntrinsic: (width: Double?, height: Double?)?
    /// For a scene's root view (or a xib's File's Owner view): the device it is laid out on
    /// and its safe area there, with the bars Xcode simulates over it.
    public var canvas: Canvas?
    public var bars: SimulatedBars?
    public var safeArea: EdgeInsets? {
        guard let canvas, let bars else { return nil }
        return bars.safeArea(on: canvas)
    }
    /// `preservesSuperviewLayoutMargins`, `insetsLayoutMarginsFromSafeArea`.
    public var preservesSuperviewMargins = false
    /// A table cell with an accessory (its content view ends 8 points before it).
    public var hasAccessory = false
    /// A table cell's `accessoryType` (`disclosureIndicator`, `checkmark`, …), when not none.
    public var accessoryType: String?
    /// A table view's `separatorStyle` is `none`: no line between its rows.
    public var hidesSeparators = false
    public var insetsMarginsFromSafeArea = true
    /// top, left, bottom, right.
    public var margins: (Double, Double, Double, Double)?
    public var stack: StackSettings?
    public var subviews: [IBView] = []
    /// Layout guides the view owns: `safeArea`, `contentLayoutGuide`, `frameLayoutGuide`,
    /// and a view controller's legacy `topLayoutGuide` / `bottomLayoutGuide`.
    public var guides: [(id: String, role: String)] = []
    public var constraints: [IBConstraint] = []
}

/// One `<constraint>`: items are document ids; a nil `firstItem` is the owning view, and so is
/// a nil `secondItem` when there is a `secondAttribute` (an aspect ratio).
public struct IBConstraint: Sendable {
    public var id: String
    public var line: Int
    public var firstItem: String?
    public var firstAttribute: LayoutAttribute
    public var relation: LayoutRelation
    public var secondItem: String?
    public var secondAttribute: LayoutAttribute?
    public var multiplier: Double
    public var constant: Double
    public var priority: LayoutPriority
    public var identifier: String?
    /// "Installed" unchecked: excluded from the configuration of the canvas's size classes.
    public var isInstalled = true
    /// Its size-class variations, for the import to apply again when the traits change: the
    /// default values and each variation's (installation from its view's masks).
    public var variations: Varied<ConstraintValues>?
    /// "Remove at build time": only Interface Builder's canvas has it.
    public var isPlaceholder = false
}

extension IBDocument {
    /// The elements that are views; any other element among a view's subviews is an error.
    static let viewElements: Set<String> = [
        "view", "label", "button", "imageView", "textField", "textView", "switch", "stackView", "scrollView",
        "tableView", "tableViewCell", "tableViewCellContentView", "collectionView", "collectionViewCell",
        "collectionReusableView", "activityIndicatorView", "segmentedControl", "slider", "progressView",
        "pageControl", "stepper", "datePicker", "pickerView", "toolbar", "navigationBar", "tabBar", "searchBar",
        "visualEffectView", "containerView", "mapView", "wkWebView", "webView", "tableViewHeaderFooterView",
        "collectionViewCellContentView", "window", "glkView", "sceneKitView", "arscnView", "mtkView",
    ]

    /// An attribute as a document names it (`baseline` in old documents is the last baseline).
    static func attribute(_ name: String) -> LayoutAttribute? {
        name == "baseline" ? .lastBaseline : LayoutAttribute(name: name)
    }

    /// Reads a document.
    /// - Throws: `DocumentError` with the line: not XML, truncated, not an Interface Builder
    ///   document, an unknown element among subviews, a bad value, a reference to nothing.
    public static func read(_ data: Data) throws -> IBDocument {
        try read(root: XMLReader.read(data).root)
    }

    /// Reads a document already parsed into its tree.
    static func read(root: Node) throws -> IBDocument {
        if root.name == "archive", root["type"]?.contains("InterfaceBuilder") == true {
            throw DocumentError(line: root.line, "an Interface Builder 3 archive (the format of Xcode 3 and 4, version \(root["version"] ?? "?")): open it in a newer Xcode and save it, which converts it to the document format strut reads")
        }
        guard root.name == "document", let type = root["type"], type.hasPrefix("com.apple.InterfaceBuilder3.CocoaTouch") else {
            throw DocumentError(line: root.line, "not an iOS Interface Builder document (the top element is <\(root.name)>, expected <document type=\"com.apple.InterfaceBuilder3.CocoaTouch…\">)")
        }
        var document = IBDocument(isStoryboard: type.contains("Storyboard"), device: root.child("device")?["id"], roots: [])
        document.toolsVersion = root["toolsVersion"].flatMap(IBDocument.toolsVersion) ?? 0
        document.orientation = root.child("device")?["orientation"]
        // (An image whose size does not read is left out: it only sizes buttons, which keep Xcode's size.)
        for image in root.child("resources")?.children("image") ?? [] where image["catalog"] == nil {
            if let name = image["name"], let width = (try? number(image, "width")) ?? nil, let height = (try? number(image, "height")) ?? nil {
                document.imageSizes[name] = (width, height)
            }
        }
        if document.device == nil, let metrics = root.child("simulatedMetricsContainer", key: "defaultSimulatedMetrics"),
           let screen = metrics.child("simulatedScreenMetrics", key: "destination")?["type"] {
            // Xcode 8.0 to 8.2 named the device here: `retina4_7.fullscreen`.
            let id = String(screen.prefix { $0 != "." })
            if Canvas.size(ofDevice: id, toolsVersion: document.toolsVersion) != nil { document.device = id }
            if let orientation = metrics.child("simulatedOrientationMetrics", key: "orientation")?["orientation"], orientation.hasPrefix("landscape") {
                document.orientation = "landscape"
            }
        }
        if document.isStoryboard {
            let bars = simulatedBars(in: root)
            for scene in root.child("scenes")?.children("scene") ?? [] {
                for object in scene.child("objects")?.children ?? .empty where object.name != "placeholder" {
                    if isView(object) {
                        // A view of the scene outside its controller's hierarchy.
                        document.roots.append(try readView(object, document: &document))
                        continue
                    }
                    var sceneBars = object["id"].flatMap { bars[$0] } ?? SimulatedBars()
                    // A freeform size (a widget's, a popover's) is no screen: no status bar or
                    // home indicator around it.
                    sceneBars.isFreeform = object.child("freeformSimulatedSizeMetrics", key: "simulatedDestinationMetrics") != nil
                    if let view = try controllersView(object, bars: sceneBars, document: &document) { document.roots.append(view) }
                }
            }
        } else {
            let owners = ownersView(in: root)
            let ownMetrics = root.child("objects").map(metrics(of:))
            for object in root.child("objects")?.children ?? .empty where object.name != "placeholder" {
                // The bars around a root of the xib: its own simulated metrics, else the ones
                // the document gives its File's Owner.
                func bars(around object: Node) -> SimulatedBars {
                    var bars = SimulatedBars()
                    let metrics = metrics(of: object)
                    bars.statusBar = metrics.status ?? ownMetrics?.status
                    bars.top = metrics.top ?? ownMetrics?.top ?? 0
                    bars.bottom = metrics.bottom ?? ownMetrics?.bottom ?? 0
                    bars.topIsOpaque = metrics.top != nil ? metrics.topIsOpaque : ownMetrics?.topIsOpaque ?? false
                    bars.bottomIsOpaque = metrics.bottom != nil ? metrics.bottomIsOpaque : ownMetrics?.bottomIsOpaque ?? false
                    return bars
                }
                guard isView(object) else {
                    // A view controller of the xib: its view is laid out as a scene's root.
                    if let view = try controllersView(object, bars: bars(around: object), document: &document) { document.roots.append(view) }
                    continue
                }
                var view = try readView(object, document: &document)
                // A view the size of the device's screen is laid out as a controller's view on
                // it, bars around it, the File's Owner's or not.
                let screen = document.device.flatMap { Canvas.size(ofDevice: $0, toolsVersion: document.toolsVersion) }
                let fillsScreen = document.toolsVersion >= Canvas.xcode9 && view.element == "view" && view.frame.map { frame in
                    screen.map { document.orientation == "landscape" ? ($0.1, $0.0) : ($0.0, $0.1) }.map { $0.0 == frame.width && $0.1 == frame.height } ?? false
                } ?? false
                if view.id == owners || fillsScreen {
                    view.isSceneRoot = true
                    document.placeOnCanvas(&view, bars: bars(around: object))
                } else if document.toolsVersion >= Canvas.xcode11 && document.orientation != "landscape" && view.element == "view"
                            && view.guides.contains(where: { $0.role == "safeArea" }), let height = view.frame?.height {
                    // Any other view at the top of a xib, from Xcode 11 on, is laid out at the
                    // top of the device's screen: the status bar insets its safe area, and the
                    // home indicator only where the view reaches down to it (11 of 11 such views
                    // of the public documents with a constraint to the safe area's top, Xcode
                    // 11 to 16, freeform or not: 20, 44, 48 and 96 by device and era; 14 of 18
                    // shorter ones end their safe area at their bottom).
                    var atTop = bars(around: object)
                    atTop.heightAtScreenTop = height
                    view.canvas = Canvas.of(device: document.device, orientation: document.orientation, toolsVersion: document.toolsVersion, rootSize: nil)
                    view.bars = atTop
                }
                document.roots.append(view)
            }
        }
        try checkReferences(document)
        return document
    }

    /// A view controller's view (`<view key="view">`), as the root of its scene: on the canvas
    /// with `bars` around it, with the controller's top and bottom layout guides; nil when the
    /// controller has no view of its own (a navigation controller).
    static func controllersView(_ object: Node, bars: SimulatedBars, document: inout IBDocument) throws -> IBView? {
        guard let viewNode = object.children.first(where: { $0["key"] == "view" && viewElements.contains($0.name) }) else { return nil }
        var view = try readView(viewNode, document: &document)
        view.isSceneRoot = true
        document.placeOnCanvas(&view, bars: bars)
        if let guides = object.child("layoutGuides") {
            for guide in guides.children("viewControllerLayoutGuide") {
                guard let id = guide["id"], let kind = guide["type"] else { continue }
                view.guides.append((id, kind == "top" ? "topLayoutGuide" : "bottomLayoutGuide"))
            }
        }
        return view
    }

    private static func number(_ node: Node, _ key: String) throws -> Double? {
        guard let text = node[key] else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw DocumentError(line: node.line, "\(key)=\"\(text)\" on <\(node.name)> is not a number")
        }
        return value
    }

    private static func flag(_ node: Node, _ key: String) -> Bool { node[key] == "YES" }

    /// A view's document id; one is made up (from its line) for an element that has none.
    static func id(of node: Node) -> String { node["id"] ?? "line-\(node.line)" }

    /// Whether an element is a view: a known view element, or anything carrying a frame.
    static func isView(_ node: Node) -> Bool {
        viewElements.contains(node.name) || node.child("rect", key: "frame") != nil
    }

    /// The elements drawn inside a view: its `<subviews>`, a table's prototype and static cells,
    /// header and footer views, a cell's content view, a collection view's cells and section
    /// views, a visual effect view's content view.
    private static func subviewNodes(of node: Node, document: inout IBDocument) throws -> [Node] {
        var nodes: [Node] = []
        for child in node.children {
            switch child.name {
            case "subviews":
                for subview in child.children {
                    guard isView(subview) else {
                        throw DocumentError(line: subview.line, "unknown element <\(subview.name)> among the subviews of \(node.name) \(id(of: node))")
                    }
                    if !viewElements.contains(subview.name) {
                        document.skipped.append("<\(subview.name)> \(id(of: subview)) (line \(subview.line)): not a view strut knows, imported as a plain view")
                    }
                    nodes.append(subview)
                }
            case "prototypes", "cells":
                nodes += child.children.filter(isView)
            case "sections":
                for section in child.children("tableViewSection") {
                    nodes += section.child("cells")?.children.filter(isView) ?? []
                }
            default:
                if child["key"] != nil, viewElements.contains(child.name) { nodes.append(child) }
            }
        }
        return nodes
    }

    private static func readView(_ node: Node, document: inout IBDocument) throws -> IBView {
        let id = id(of: node)
        var view = IBView(id: id, element: node.name, customClass: node["customClass"], userLabel: node["userLabel"], line: node.line)
        if let rect = node.child("rect", key: "frame") {
            view.frame = (try number(rect, "x") ?? 0, try number(rect, "y") ?? 0,
                          try number(rect, "width") ?? 0, try number(rect, "height") ?? 0)
        }
        view.rowHeight = node.name == "tableViewCell" || node.name == "tableView" ? try number(node, "rowHeight") : nil
        if node["placeholderIntrinsicWidth"] != nil || node["placeholderIntrinsicHeight"] != nil {
            func size(_ key: String) -> Double? { node[key].flatMap(Double.init).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }
            view.placeholderIntrinsic = (size("placeholderIntrinsicWidth"), size("placeholderIntrinsicHeight"))
        }
        view.translatesAutoresizingMask = node["translatesAutoresizingMaskIntoConstraints"] != "NO"
        view.fixedFrame = flag(node, "fixedFrame")
        if let mask = node.child("autoresizingMask", key: "autoresizingMask") {
            let flags: [(String, AutoresizingMask)] = [
                ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth), ("flexibleMaxX", .flexibleRightMargin),
                ("flexibleMinY", .flexibleTopMargin), ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
            ]
            for (key, value) in flags where flag(mask, key) { view.mask.insert(value) }
        }
        func priority(_ key: String) throws -> LayoutPriority? { try number(node, key).map { LayoutPriority($0) } }
        view.hugging = (try priority("horizontalHuggingPriority"), try priority("verticalHuggingPriority"))
        view.compression = (try priority("horizontalCompressionResistancePriority"), try priority("verticalCompressionResistancePriority"))
        view.text = node["text"] ?? node.child("string", key: "text")?.text
        view.runtimeKeyPaths = node.children("userDefinedRuntimeAttributes").flatMap { $0.children("userDefinedRuntimeAttribute") }.compactMap { $0["keyPath"] }
        if node.name == "button", view.text == nil {
            view.text = node.children("state").first(where: { $0["key"] == "normal" })?["title"]
        }
        // A configuration button's title font is the configuration's (`titleFontDescription`).
        let configuration = node.name == "button" ? node.children.first(where: { $0.name == "buttonConfiguration" }) : nil
        if let font = configuration?.child("fontDescription", key: "titleFontDescription") ?? node.child("fontDescription", key: "fontDescription") {
            // A text style (`style="UICTFontTextStyleBody"`) has no size of its own; nor has a
            // size of 0 (`pointSize="0.0"`, a table cell's built-in title label: as UIFont's
            // descriptor initialiser reads 0, the size the font already has).
            view.textStyle = font["style"].flatMap(TextStyle.init(name:))
            view.fontSize = try number(font, "pointSize").flatMap { $0 == 0 ? nil : $0 } ?? view.textStyle?.size(at: .large) ?? 17
            view.fontType = font["type"]
            view.fontWeight = font["weight"]
            view.fontName = font["name"]
        }
        if node.name == "button" {
            if let inset = node.children("inset").first(where: { $0["key"] == "contentEdgeInsets" }) {
                view.contentInsets = EdgeInsets(top: try number(inset, "minY") ?? 0, left: try number(inset, "minX") ?? 0,
                                                bottom: try number(inset, "maxY") ?? 0, right: try number(inset, "maxX") ?? 0)
            }
            // An image is an attribute of the state, or (a system symbol's, from Xcode 11) an
            // `<imageReference key="image">` inside it.
            func namesImage(_ state: Node) -> Bool {
                state["image"] != nil || state["backgroundImage"] != nil
                    || state.children("imageReference").contains { $0["key"] == "image" || $0["key"] == "backgroundImage" }
            }
            view.hasImage = node.children("state").contains(where: namesImage) || node["image"] != nil
            let normal = node.children("state").first { $0["key"] == "normal" }
            if node["image"] == nil, normal?["backgroundImage"] == nil, let name = normal?["image"], let size = document.imageSizes[name] {
                view.imageSize = size
            }
            if let configuration {
                view.configuration = configuration["style"] ?? "plain"
                // The configuration's title is the one shown: Xcode writes the classic
                // `<state key="normal" title="Button"/>` beside it, which a configured button
                // does not show (Tinode's "Scan Code" is stored 107 wide, "Button" would be 75;
                // a configuration of an image alone, no title, 48 wide).
                view.text = configuration["title"]
                if configuration["image"] != nil || configuration.children("imageReference").contains(where: { $0["key"] == "image" }) {
                    view.hasImage = true
                }
                if let inset = configuration.child("directionalEdgeInsets", key: "contentInsets") {
                    view.contentInsets = EdgeInsets(top: try number(inset, "top") ?? 0, left: try number(inset, "leading") ?? 0,
                                                    bottom: try number(inset, "bottom") ?? 0, right: try number(inset, "trailing") ?? 0)
                }
                // The system gives a button's role its text weight (the Human Interface
                // Guidelines); a primary button's title is semibold unless its configuration
                // names a font of its own: OnionBrowser's 15 primary buttons, five titles, are
                // stored at their semibold titles' widths within half a point (bold is 2 to 3
                // points wider, regular 4 to 6 narrower).
                if node["role"] == "primary" && configuration.child("fontDescription", key: "titleFontDescription") == nil
                    && view.fontWeight == nil && view.fontType == nil {
                    view.fontWeight = "semibold"
                }
            }
        }
        view.adjustsFont = flag(node, "adjustsFontForContentSizeCategory")
        // A label's lines: `numberOfLines` (1 when absent), `preferredMaxLayoutWidth`.
        if node.name == "label" {
            view.numberOfLines = try number(node, "numberOfLines").map { max(0, Int(exactly: $0.rounded()) ?? 1) } ?? 1
            view.preferredMaxLayoutWidth = try number(node, "preferredMaxLayoutWidth") ?? 0
            view.lineBreakMode = node["lineBreakMode"].flatMap(LineBreakMode.init(rawValue:))
        }
        if node.name == "textView" { view.scrollEnabled = node["scrollEnabled"] != "NO" }
        if node.name == "textField" { view.borderStyle = node["borderStyle"].flatMap(TextFieldBorder.init(rawValue:)) ?? .none }
        if node.name == "segmentedControl" {
            view.segments = (node.child("segments")?.children("segment") ?? []).map { $0["title"] ?? "" }
            view.apportionsSegments = flag(node, "apportionsSegmentWidthsByContent")
        }
        view.isHidden = flag(node, "hidden")
        // A stopped activity indicator that hides when stopped is written hidden: UIKit's state,
        // not the developer's choice. Xcode lays it out shown (in a stack, at its size).
        if node.name == "activityIndicatorView" && flag(node, "hidesWhenStopped") && !flag(node, "animating") {
            view.isHidden = false
        }
        view.isMisplaced = flag(node, "misplaced")
        view.isAmbiguous = flag(node, "ambiguous")
        view.style = node["style"]
        view.preservesSuperviewMargins = flag(node, "preservesSuperviewLayoutMargins")
        view.insetsMarginsFromSafeArea = node["insetsLayoutMarginsFromSafeArea"] != "NO"
        view.accessoryType = node["accessoryType"].flatMap { $0 == "none" ? nil : $0 }
        view.hidesSeparators = node.name == "tableView" && node["separatorStyle"] == "none"
        view.hasAccessory = view.accessoryType != nil || (node["editingAccessoryType"] ?? "none") != "none"
            || node.children.contains { $0["key"] == "accessoryView" }
        if let insets = node.child("edgeInsets", key: "layoutMargins") {
            view.margins = (try number(insets, "top") ?? 0, try number(insets, "left") ?? 0,
                            try number(insets, "bottom") ?? 0, try number(insets, "right") ?? 0)
        }
        if let insets = node.child("directionalEdgeInsets", key: "directionalLayoutMargins") {
            view.margins = (try number(insets, "top") ?? 0, try number(insets, "leading") ?? 0,
                            try number(insets, "bottom") ?? 0, try number(insets, "trailing") ?? 0)
        }
        if node.name == "stackView" {
            // Old documents say `baseline` for the last baseline; defaults are omitted.
            let alignment = node["alignment"].map { $0 == "baseline" ? "lastBaseline" : $0 } ?? "fill"
            let distribution = node["distribution"] ?? "fill"
            guard StackSettings.alignments.contains(alignment) else {
                throw DocumentError(line: node.line, "unknown stack view alignment \"\(alignment)\"")
            }
            guard StackSettings.distributions.contains(distribution) else {
                throw DocumentError(line: node.line, "unknown stack view distribution \"\(distribution)\"")
            }
            var stack = StackSettings()
            stack.axis = node["axis"] == "vertical" ? .vertical : .horizontal
            stack.distribution = distribution
            stack.alignment = alignment
            // `spacingType="standard"` is the system spacing between siblings, 8.
            stack.spacing = node["spacingType"] == "standard" ? 8 : try number(node, "spacing") ?? 0
            stack.baselineRelative = flag(node, "baselineRelativeArrangement")
            // Xcode writes margins it arranges within without the flag.
            stack.marginsRelative = flag(node, "layoutMarginsRelativeArrangement") || view.margins != nil
            view.stack = stack
        }
        for subview in try subviewNodes(of: node, document: &document) {
            view.subviews.append(try readView(subview, document: &document))
        }
        for guide in node.children("viewLayoutGuide") {
            guard let guideID = guide["id"], let key = guide["key"] else { continue }
            view.guides.append((guideID, key))
        }
        // "Installed" unchecked (the default variation), then the size-class variations that
        // hold for the canvas, the more specific last: constraints included or excluded, a
        // view hidden or shown, a stack's axis and spacing. The others are listed.
        var excluded = Set<String>()
        var excludedByDefault = Set<String>()
        var installs: [String: [(condition: TraitCondition, values: ConstraintValues)]] = [:]
        let base = ViewValues(hidden: view.isHidden, axis: view.stack?.axis, spacing: view.stack?.spacing)
        var viewVariants: [(condition: TraitCondition, values: ViewValues)] = []
        for variation in document.orderedVariations(of: node) {
            let key = variation["key"] ?? "?"
            let applies = key == "default" || document.variationHolds(key) != nil
            let condition = TraitCondition(key: key)
            for mask in variation.children("mask") where mask["key"] == "constraints" {
                for exclude in mask.children("exclude") {
                    guard let reference = exclude["reference"] else { continue }
                    if applies { excluded.insert(reference) }
                    if key == "default" { excludedByDefault.insert(reference) }
                    if let condition { installs[reference, default: []].append((condition, ConstraintValues(installed: false))) }
                }
                for include in mask.children("include") {
                    guard let reference = include["reference"] else { continue }
                    if applies { excluded.remove(reference) }
                    if let condition { installs[reference, default: []].append((condition, ConstraintValues(installed: true))) }
                }
            }
            if let condition {
                var values = ViewValues()
                if let hidden = variation["hidden"] { values.hidden = hidden == "YES" }
                if let axis = variation["axis"] { values.axis = axis == "vertical" ? .vertical : .horizontal }
                if let spacing = variation["spacing"].flatMap(Double.init) { values.spacing = spacing }
                if values != ViewValues() { viewVariants.append((condition, values)) }
            }
            guard key != "default" else { continue }
            let changes = variation.attributes.filter { $0.key != "key" && $0.key != "fixedFrame" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            let masks = variation.children("mask").map { mask in
                "\(mask.children("include").count) included and \(mask.children("exclude").count) excluded \(mask["key"] ?? "")"
            }
            guard !(changes + masks).isEmpty else { continue }
            let line = "\(node.name) \(id) (line \(variation.line)), \(key): " + (changes + masks).joined(separator: ", ")
            if applies {
                if let hidden = variation["hidden"] { view.isHidden = hidden == "YES" }
                if let axis = variation["axis"] { view.stack?.axis = axis == "vertical" ? .vertical : .horizontal }
                if let spacing = variation["spacing"].flatMap(Double.init) { view.stack?.spacing = spacing }
                if variation.children("mask").contains(where: { $0["key"] == "subviews" }) {
                    // Subviews installed per size class stay as the default has them.
                    document.variations.append(line + " (subviews installed per size class are not applied)")
                } else {
                    document.appliedVariations.append(line)
                }
            } else {
                document.variations.append(line)
            }
        }
        if !viewVariants.isEmpty { view.variations = Varied(base: base, variants: viewVariants) }
        for constraintNode in node.child("constraints")?.children("constraint") ?? [] {
            guard var constraint = try readConstraint(constraintNode, document: &document) else { continue }
            constraint.isInstalled = !excluded.contains(constraint.id)
            if let more = installs[constraint.id] {
                var varied = constraint.variations ?? Varied(base: ConstraintValues(constant: constraint.constant, priority: constraint.priority), variants: [])
                varied.variants += more
                constraint.variations = varied
            }
            constraint.variations?.base.installed = !excludedByDefault.contains(constraint.id)
            view.constraints.append(constraint)
        }
        return view
    }

    private static func readConstraint(_ node: Node, document: inout IBDocument) throws -> IBConstraint? {
        let id = node["id"] ?? "line \(node.line)"
        guard let firstName = node["firstAttribute"] else { throw DocumentError(line: node.line, "constraint \(id) has no firstAttribute") }
        var attributes: [LayoutAttribute] = []
        for name in [firstName, node["secondAttribute"]].compactMap({ $0 }) {
            guard let attribute = attribute(name) else { throw DocumentError(line: node.line, "constraint \(id): unknown attribute \"\(name)\"") }
            attributes.append(attribute)
        }
        let relation: LayoutRelation
        switch node["relation"] ?? "equal" {
        case "equal": relation = .equal
        case "lessThanOrEqual": relation = .lessThanOrEqual
        case "greaterThanOrEqual": relation = .greaterThanOrEqual
        case let other: throw DocumentError(line: node.line, "constraint \(id): unknown relation \"\(other)\"")
        }
        var multiplier = 1.0
        if let text = node["multiplier"] {
            guard let value = parseMultiplier(text) else {
                throw DocumentError(line: node.line, "constraint \(id): multiplier \"\(text)\" is not a number, a fraction like 3/4 or a ratio like 16:9")
            }
            multiplier = value
        }
        let priority = LayoutPriority(try number(node, "priority") ?? 1000)
        guard priority > 0, priority <= 1000 else {
            throw DocumentError(line: node.line, "constraint \(id): priority \(node["priority"]!) is outside (0, 1000]")
        }
        var constant = try number(node, "constant") ?? 0
        var priorityInForce = priority
        var varied = Varied(base: ConstraintValues(constant: constant, priority: priority), variants: [])
        for variation in document.orderedVariations(of: node) {
            if let condition = TraitCondition(key: variation["key"] ?? "") {
                var values = ConstraintValues()
                values.constant = try number(variation, "constant")
                if let value = try number(variation, "priority"), value > 0, value <= 1000 { values.priority = LayoutPriority(value) }
                if values != ConstraintValues() { varied.variants.append((condition, values)) }
            }
            let key = variation["key"] ?? "?"
            let changes = variation.attributes.filter { $0.key != "key" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            let line = "constraint \(id) (line \(variation.line)), \(key): \(changes.joined(separator: ", "))"
            guard document.variationHolds(key) != nil else {
                document.variations.append(line)
                continue
            }
            if let value = try number(variation, "constant") { constant = value }
            if let value = variation["multiplier"].flatMap(parseMultiplier) { multiplier = value }
            if let value = try number(variation, "priority"), value > 0, value <= 1000 { priorityInForce = LayoutPriority(value) }
            document.appliedVariations.append(line)
        }
        var constraint = IBConstraint(id: id, line: node.line, firstItem: node["firstItem"], firstAttribute: attributes[0], relation: relation,
                                      secondItem: node["secondItem"], secondAttribute: attributes.count > 1 ? attributes[1] : nil, multiplier: multiplier,
                                      constant: constant, priority: priorityInForce, identifier: node["identifier"],
                                      isPlaceholder: flag(node, "placeholder"))
        if !varied.variants.isEmpty { constraint.variations = varied }
        return constraint
    }

    /// The size classes of the canvas Xcode stored the frames from: its device's in its
    /// orientation (an iPad regular both ways; a phone compact wide, compact high in
    /// landscape, where a phone 414 points wide or more is regular wide). Without a device
    /// (Xcode 6 and 7 documents, laid out for any size class) none: only the defaults hold.
    var canvasSizeClasses: (width: String, height: String)? {
        guard let device, let size = Canvas.size(ofDevice: device, toolsVersion: toolsVersion) else { return nil }
        if device.hasPrefix("ipad") { return ("regular", "regular") }
        if orientation == "landscape" { return (size.0 >= 414 ? "regular" : "compact", "compact") }
        return ("compact", "regular")
    }

    /// For a variation key (`heightClass=regular-widthClass=compact`): how many size classes it
    /// names when every one holds for the canvas, else nil.
    func variationHolds(_ key: String) -> Int? {
        guard let classes = canvasSizeClasses, key != "default" else { return nil }
        let parts = key.split(separator: "-")
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { return nil }
            switch pair[0] {
            case "widthClass": if pair[1] != classes.width { return nil }
            case "heightClass": if pair[1] != classes.height { return nil }
            default: return nil
            }
        }
        return parts.count
    }

    /// A node's variations, the default first, then the more general before the more
    /// specific (which win where both hold), in document order otherwise.
    func orderedVariations(of node: Node) -> [Node] {
        let all = Array(node.children("variation"))
        func rank(_ variation: Node) -> Int {
            let key = variation["key"] ?? ""
            return key == "default" ? 0 : key.split(separator: "-").count
        }
        return all.enumerated().sorted { a, b in
            rank(a.element) != rank(b.element) ? rank(a.element) < rank(b.element) : a.offset < b.offset
        }.map(\.element)
    }

    /// A scene's root view on the document's device, with the bars over it.
    mutating func placeOnCanvas(_ view: inout IBView, bars: SimulatedBars) {
        let size = view.frame.map { ($0.width, $0.height) }
        let canvas = Canvas.of(device: device, orientation: orientation, toolsVersion: toolsVersion, rootSize: size)
        view.canvas = canvas
        view.bars = bars
        // Below an opaque top bar the view starts under it and ends at the screen's bottom:
        // Xcode 8 (toolsVersion 11542) stored such a view with the whole screen's height (y 64, 667 high
        // on a 667-point screen) yet laid its subviews out in the 603 points left.
        if bars.topIsOpaque, var frame = view.frame {
            let screen = canvas.isLandscape ? canvas.width : canvas.height
            if frame.y > 0 && frame.y + frame.height > screen {
                frame.height = screen - frame.y
                view.frame = frame
                view.frameClippedToScreen = true
            }
        }
    }

    /// `0.25`, `2`, `3/4`, `16:9`.
    static func parseMultiplier(_ text: String) -> Double? {
        for separator in ["/", ":"] where text.contains(separator) {
            let parts = text.split(separator: Character(separator), omittingEmptySubsequences: false)
            guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0, a.isFinite, b.isFinite else { return nil }
            return a / b
        }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Every constraint item must be a view or guide of the document.
    private static func checkReferences(_ document: IBDocument) throws {
        // Each view and guide by its id, with the line it is on. An id used twice is refused:
        // constraints could not tell the two apart, and a view holding one with its own id
        // would make the views' tree a loop, which the import would walk for ever.
        var lineOf: [String: Int] = [:]
        func note(_ id: String, line: Int) throws {
            if let first = lineOf[id] {
                throw DocumentError(line: line, "the id \"\(id)\" is used again (first on line \(first)): each view and layout guide needs its own")
            }
            lineOf[id] = line
        }
        func collect(_ view: IBView) throws {
            try note(view.id, line: view.line)
            for guide in view.guides { try note(guide.id, line: view.line) }
            try view.subviews.forEach(collect)
        }
        try document.roots.forEach(collect)
        func check(_ view: IBView) throws {
            for constraint in view.constraints {
                for item in [constraint.firstItem, constraint.secondItem].compactMap({ $0 }) where lineOf[item] == nil {
                    throw DocumentError(line: constraint.line, "constraint \(constraint.id) refers to \"\(item)\", which is no view or layout guide of the document")
                }
                if constraint.secondItem != nil && constraint.secondAttribute == nil {
                    throw DocumentError(line: constraint.line, "constraint \(constraint.id) has a secondItem but no secondAttribute")
                }
            }
            try view.subviews.forEach(check)
        }
        try document.roots.forEach(check)
    }
}
