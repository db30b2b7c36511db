import LayoutEngine

/// Where a view of a document is made, and what its superview passes down to it: size,
/// layout margins, the scene's safe area, the table a cell is in. Margins and safe areas are
/// worked out from the frames Xcode stored (UIKit works them out from the frames of the last
/// layout pass; at the document's size the two agree).
struct Place {
    /// The superview's strut name.
    var name: String
    var isTop = true
    /// The superview's stored size.
    var size = (width: 0.0, height: 0.0)
    var inStack = false
    /// The superview's layout margins.
    var margins = EdgeInsets.zero
    /// The scene's safe area in the superview's coordinates, where the superview has one.
    var safeRect: Rect?
    /// For a cell: its table's width. For a cell's content view: its cell's.
    var tableWidth: Double?
    /// For a cell: its table's row height, if the table says.
    var rowHeight: Double?
    var hasAccessory = false
    /// For a cell's content view: its cell's `accessoryType`, if any.
    var accessoryType: String?
    /// For a cell and its content view: the table draws a line below each row.
    var separatorLine = true
    /// For a cell's content view: the cell is a xib's own, in no table.
    var isStandaloneCell = false
    /// Inside a scroll view (a table, a collection): its content is inset, not its margins.
    var inScrollView = false

    init(name: String) { self.name = name }

    /// What a view made here has, and passes to its own subviews.
    struct Inner {
        var margins: EdgeInsets
        /// The view's safe area insets.
        var safeArea: EdgeInsets
        var tableWidth: Double?
        var hasAccessory: Bool
        var isStandaloneCell: Bool
        var separatorLine: Bool

        func place(name: String, view: IBView, frame: Rect) -> Place {
            var place = Place(name: name)
            place.isTop = false
            place.size = (frame.width, frame.height)
            place.inStack = view.element == "stackView"
            place.margins = margins
            let isScroll = ["scrollView", "tableView", "collectionView", "textView"].contains(view.element)
            if safeArea != .zero && !isScroll {
                place.safeRect = Rect(x: safeArea.left, y: safeArea.top, width: frame.width - safeArea.left - safeArea.right,
                                      height: frame.height - safeArea.top - safeArea.bottom)
            }
            place.inScrollView = isScroll
            place.tableWidth = view.element == "tableView" ? frame.width : view.element == "tableViewCell" ? (tableWidth ?? frame.width) : nil
            place.rowHeight = view.element == "tableView" ? view.rowHeight : nil
            place.hasAccessory = hasAccessory
            place.accessoryType = view.element == "tableViewCell" ? view.accessoryType : nil
            place.isStandaloneCell = isStandaloneCell
            place.separatorLine = separatorLine
            return place
        }
    }

    func inside(_ view: IBView, frame: Rect, document: IBDocument) -> Inner {
        // The safe area: a scene root's own, else where the scene's overlaps the view.
        var safe = EdgeInsets.zero
        if let own = view.safeArea {
            safe = own
        } else if let area = safeRect {
            func clamp(_ value: Double, _ limit: Double) -> Double { min(max(value, 0), max(limit, 0)) }
            safe = EdgeInsets(top: clamp(area.y - frame.y, frame.height), left: clamp(area.x - frame.x, frame.width),
                              bottom: clamp(frame.y + frame.height - (area.y + area.height), frame.height),
                              right: clamp(frame.x + frame.width - (area.x + area.width), frame.width))
        }
        var margins: EdgeInsets
        let tableWidth = view.element == "tableViewCell" ? (self.tableWidth ?? frame.width) : self.tableWidth
        let accessory = view.element == "tableViewCell" ? view.hasAccessory : hasAccessory
        // A table cell's content: 11 above and below; 16 at the sides (20 in a table at least
        // 414 wide; 15 in a narrower cell of a xib from before Xcode 13); 8 before an accessory.
        var cellMargins: EdgeInsets {
            // Before iOS 11 (documents before Xcode 9) a content view had a plain view's 8.
            if document.toolsVersion < Canvas.xcode9 { return .standard }
            // 20 in a table 414 wide or more, else 16; 15 in a table's cells of documents from
            // Xcode 9 (iOS 11; one real document's cells, Xcode 9.2). A xib's own cell, before
            // Xcode 13, took the margins of the screen it was shown on: 20 on a device 414 wide
            // or more, else 15; from Xcode 13, its own width's: 16 below 414.
            let screen = document.device.flatMap { Canvas.size(ofDevice: $0, toolsVersion: document.toolsVersion) }
            let screenWidth = screen.map { document.orientation == "landscape" ? $0.1 : $0.0 } ?? 0
            let older = isStandaloneCell ? document.toolsVersion < 19000 : document.toolsVersion < 14000
            let wide = (tableWidth ?? frame.width) >= 414 || older && screenWidth >= 414
            let side: Double = wide ? 20 : older ? 15 : 16
            return EdgeInsets(top: 11, left: side, bottom: 11, right: accessory ? 8 : side)
        }
        if let (t, l, b, r) = view.margins {
            margins = EdgeInsets(top: t, left: l, bottom: b, right: r)
        } else if view.isSceneRoot || isTop && !document.isStoryboard && document.toolsVersion >= Canvas.xcode9
                    && ["view", "collectionReusableView", "collectionViewCell"].contains(view.element) {
            // UIKit's system minimum for a controller's view: 16 at the sides, 20 on the widest
            // phones. Xcode 9 on shows each view at the top of a xib as a controller's view, its
            // File's Owner's or not: such views' margins are stored 16 below 414 points wide and
            // 20 from there, never a plain view's 8 (55 of the public documents' xibs, Xcode 9.2
            // to 16: headers, collection view cells, views loaded by code; 3 cells 402 wide are
            // at 20).
            let side: Double = frame.width >= 414 ? 20 : 16
            margins = EdgeInsets(top: 0, left: side, bottom: 0, right: side)
        } else if view.element == "tableViewCellContentView" {
            margins = cellMargins
        } else if view.element == "stackView" {
            margins = .zero
        } else {
            margins = .standard
        }
        // Margins measured from the safe area came with it in iOS 11 (Xcode 9): before, a view's
        // margins, a root view's included, were its own (a root view's top margin was 0 under
        // the status bar and the bars).
        if view.insetsMarginsFromSafeArea && document.toolsVersion >= Canvas.xcode9 {
            margins.top += safe.top; margins.left += safe.left; margins.bottom += safe.bottom; margins.right += safe.right
        }
        if view.preservesSuperviewMargins && !isTop {
            let isContent = view.element == "tableViewCellContentView"
            if isContent {
                // A cell's content view takes the sides UIKit gives the cell, and the cell's own
                // (`layoutMargins` on the cell) where the content view reaches into them (not
                // beside an accessory); above and below it keeps its own.
                margins.left = max(margins.left, cellMargins.left)
                margins.right = max(margins.right, cellMargins.right)
            }
            margins.left = max(margins.left, self.margins.left - frame.x)
            margins.right = max(margins.right, self.margins.right - (size.width - frame.x - frame.width))
            if !inScrollView && !isContent {
                margins.top = max(margins.top, self.margins.top - frame.y)
                margins.bottom = max(margins.bottom, self.margins.bottom - (size.height - frame.y - frame.height))
            }
        }
        let standalone = view.element == "tableViewCell" ? self.tableWidth == nil : isStandaloneCell
        return Inner(margins: margins, safeArea: safe, tableWidth: tableWidth, hasAccessory: accessory, isStandaloneCell: standalone,
                     separatorLine: view.element == "tableView" ? !view.hidesSeparators : separatorLine)
    }
}

extension Importer {
    /// The constraints UIKit gives a layout guide of a view.
    static func guideConstraints(_ guideName: String, role: String, of name: String, safeArea: EdgeInsets) -> [ConstraintSpec] {
        var specs: [ConstraintSpec] = []
        func pin(_ attribute: LayoutAttribute, _ constant: Double = 0) {
            specs.append(ConstraintSpec(name: "\(guideName).\(attribute.name)", firstItem: guideName, firstAttribute: attribute,
                                        relation: .equal, secondItem: name, secondAttribute: attribute, constant: constant))
        }
        func size(_ attribute: LayoutAttribute, _ value: Double) {
            specs.append(ConstraintSpec(name: "\(guideName).\(attribute.name)", firstItem: guideName, firstAttribute: attribute,
                                        relation: .equal, constant: value))
        }
        switch role {
        case "safeArea":
            pin(.left, safeArea.left); pin(.right, -safeArea.right); pin(.top, safeArea.top); pin(.bottom, -safeArea.bottom)
        case "layoutMarginsGuide":
            specs += [(LayoutAttribute.leading, LayoutAttribute.leadingMargin), (.trailing, .trailingMargin),
                      (.top, .topMargin), (.bottom, .bottomMargin)].map { edge, margin in
                ConstraintSpec(name: "\(guideName).\(edge.name)", firstItem: guideName, firstAttribute: edge,
                               relation: .equal, secondItem: name, secondAttribute: margin)
            }
        case "contentLayoutGuide":
            pin(.leading); pin(.top)
        case "topLayoutGuide":
            pin(.leading); pin(.trailing); pin(.top); size(.height, safeArea.top)
        case "bottomLayoutGuide":
            pin(.leading); pin(.trailing); pin(.bottom); size(.height, safeArea.bottom)
        default:
            pin(.leading); pin(.trailing); pin(.top); pin(.bottom)
        }
        return specs
    }
}
