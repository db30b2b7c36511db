/// Devices, traits, safe areas, margins in effect and UIKit's own layout guides.
///
/// Root stands for a full-screen view controller's root view: on a device its frame is the
/// screen, its safe area the device's (and `additionalSafeAreaInsets`), and its margins at
/// least the system minimum. A subview's safe area is the part of its superview's unsafe edges
/// it overlaps, at most the superview's inset on each edge (UIKit propagates it so). Margins in
/// effect are a view's margins, grown by its safe area (`insetsLayoutMarginsFromSafeArea`) and
/// by the superview's margins where they reach into it (`preservesSuperviewLayoutMargins`).
/// A subview's insets depend on its frame, so each layout pass computes them from the frames
/// it found and, when they moved, lays out again (as UIKit's `safeAreaInsetsDidChange` does).
extension Hierarchy {
    /// The readable content width at `large`: 672 points (Apple's guides and UIKit's reported
    /// guide frames); strut scales it with the body text size at other categories.
    public static let readableWidthAtLarge = 672.0

    /// The traits in force: the device's size classes (without a device, root's size: 700
    /// points wide or more is regular, less than 500 high compact), the layout direction, the
    /// content size category and the display scale.
    public var traits: Traits {
        let classes: (horizontal: SizeClass, vertical: SizeClass)
        if let device {
            classes = device.sizeClasses(orientation)
        } else {
            let frame = root.frame
            classes = (frame.width >= 700 ? .regular : .compact, frame.height < 500 ? .compact : .regular)
        }
        return Traits(horizontalSizeClass: classes.horizontal, verticalSizeClass: classes.vertical,
                      layoutDirection: layoutDirection, contentSizeCategory: contentSizeCategory, displayScale: displayScale)
    }

    /// Root's safe area: the device's in its orientation, and `additionalSafeAreaInsets`.
    public var rootSafeArea: EdgeInsets {
        let screen = device?.safeArea(orientation) ?? .zero
        return screen + additionalSafeAreaInsets
    }

    /// The readable width at the session's content size category.
    public var readableWidth: Double {
        Hierarchy.readableWidthAtLarge * TextStyle.body.size(at: contentSizeCategory) / 17
    }

    /// Whether a view lays leading and trailing out from the right: its
    /// `semanticContentAttribute`, else the session's layout direction.
    public func isRightToLeft(_ id: ViewID) -> Bool {
        switch view(id).semanticContent {
        case .forceRightToLeft: true
        case .forceLeftToRight, .playback, .spatial: false
        case .unspecified: layoutDirection == .rightToLeft
        }
    }

    /// An attribute's value in the superview's coordinates, from the last layout pass: leading
    /// and trailing on the sides the superview lays them out on.
    public func value(of attribute: LayoutAttribute, of id: ViewID) -> Double {
        view(id).value(of: directed(attribute, of: id))
    }

    /// The side a view's leading or trailing is on in its superview (right to left: leading is
    /// the right edge).
    public func directed(_ attribute: LayoutAttribute, of id: ViewID) -> LayoutAttribute {
        guard attribute.isDirectional, isRightToLeft(view(id).parent ?? id) else { return attribute }
        return attribute.mirrored
    }

    /// `set device = NAME` (nil: none, root keeps its frame, the orientation is portrait): root takes the screen of the
    /// device in the session's orientation and its scale; its margins become a root view's.
    mutating func setDevice(_ device: Device?) -> [ViewID] {
        self.device = device
        guard let device else {
            orientation = .portrait
            return []
        }
        usesAreas = true
        pixelRounding = true
        if root.margins == .standard { views[Hierarchy.rootID]!.margins = .zero }
        placeRoot(device)
        return setTextSetting(scale: device.scale)
    }

    mutating func setOrientation(_ orientation: Orientation) {
        self.orientation = orientation
        if let device { placeRoot(device) }
    }

    private mutating func placeRoot(_ device: Device) {
        let size = device.size(orientation)
        let frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        views[Hierarchy.rootID]!.frame = frame
        views[Hierarchy.rootID]!.requestedFrame = frame
    }

    /// Makes the system guide `role` of a view (named `OWNER.ROLE`, last among its children).
    mutating func makeSystemGuide(_ role: SystemGuide, of owner: ViewID) -> ViewID {
        let id = views.count
        let name = Hierarchy.systemGuideName(role, of: view(owner).name)
        clock += 1
        var guide = View(id: id, name: name, kind: .guide, parent: owner)
        guide.systemGuide = role
        views.append(guide)
        viewTable.note(name, id)
        views[owner]!.children.append(id)
        usesAreas = true
        return id
    }

    /// Where a new subview goes among a view's children: last, before the system guides (which
    /// stay last, in the order they were made, however the views around them came).
    func endOfSubviews(_ id: ViewID) -> Int {
        let children = view(id).children
        var end = children.count
        while end > 0, case let last = view(children[end - 1]), last.kind == .guide, last.systemGuide != nil { end -= 1 }
        return end
    }

    /// The name a system guide goes by: `card.safeAreaLayoutGuide`.
    public static func systemGuideName(_ role: SystemGuide, of owner: String) -> String {
        "\(owner).\(role.rawValue)"
    }

    /// The safe areas, margins in effect and system guides' insets that the frames of the last
    /// layout pass give, where they differ from those the constraints were written with.
    /// - Parameter framesKnown: false when root's frame just changed (a device or an
    ///   orientation): the subviews' frames are the old screen's, so what depends on them (a
    ///   subview's safe area, a subview's readable width, preserved margins) starts from none
    ///   until the next pass, rather than from insets that may not fit the new sizes.
    func areaChanges(framesKnown: Bool = true) -> [AreaChange] {
        guard usesAreas else { return [] }
        var changes: [AreaChange] = []
        // Parents come first: a view's insets read its superview's new ones.
        var safe: [ViewID: EdgeInsets] = [:]
        var margins: [ViewID: EdgeInsets] = [:]
        for id in allViewIDs {
            let view = self.view(id)
            guard view.kind != .guide else { continue }
            let insets: EdgeInsets
            var effective = view.margins
            if view.directionalMargins && isRightToLeft(id) { swap(&effective.left, &effective.right) }
            if view.parent != nil, !framesKnown {
                insets = .zero
            } else if let parent = view.parent, let outer = safe[parent] {
                let box = self.view(parent).frame
                let f = view.frame
                func overlap(_ near: Double, _ inset: Double) -> Double { min(max(inset - near, 0), inset) }
                insets = EdgeInsets(top: overlap(f.y, outer.top), left: overlap(f.x, outer.left),
                                    bottom: overlap(box.height - f.y - f.height, outer.bottom),
                                    right: overlap(box.width - f.x - f.width, outer.right))
            } else {
                insets = rootSafeArea
                if let device { effective = effective.max(device.systemMinimumMargins(orientation)) }
            }
            if view.insetsMarginsFromSafeArea { effective = effective + insets }
            if framesKnown, view.preservesSuperviewMargins, let parent = view.parent, let outer = margins[parent] {
                let box = self.view(parent).frame
                let f = view.frame
                effective = effective.max(EdgeInsets(top: outer.top - f.y, left: outer.left - f.x,
                                                     bottom: outer.bottom - (box.height - f.y - f.height),
                                                     right: outer.right - (box.width - f.x - f.width)))
            }
            safe[id] = insets
            margins[id] = effective
            let inEffect: EdgeInsets? = effective == view.margins ? nil : effective
            if insets != view.safeAreaInsets || inEffect != view.marginsInEffect {
                changes.append(AreaChange(id: id, safeArea: insets, marginsInEffect: inEffect, guideInsets: nil))
            }
            for child in view.children {
                guard let role = self.view(child).systemGuide else { continue }
                var guide: EdgeInsets
                switch role {
                case .safeAreaLayoutGuide: guide = insets
                case .layoutMarginsGuide: guide = effective
                case .readableContentGuide:
                    guide = effective
                    let room = view.frame.width - effective.left - effective.right
                    let readable = readableWidth
                    if room > readable, framesKnown || id == Hierarchy.rootID {
                        guide.left += (room - readable) / 2
                        guide.right += (room - readable) / 2
                    }
                }
                if guide != self.view(child).guideInsets {
                    changes.append(AreaChange(id: child, safeArea: nil, marginsInEffect: nil, guideInsets: guide))
                }
            }
        }
        return changes
    }

    /// Writes what `areaChanges` found. Returns the views whose margin attributes moved (their
    /// constraints are written anew) and the guides whose constraints changed.
    mutating func apply(_ changes: [AreaChange]) -> (rewritten: [ViewID], dirty: [ViewID]) {
        var rewritten: [ViewID] = []
        var dirty: [ViewID] = []
        for change in changes {
            if let insets = change.safeArea {
                views[change.id]!.safeAreaInsets = insets
                if views[change.id]!.marginsInEffect != change.marginsInEffect {
                    views[change.id]!.marginsInEffect = change.marginsInEffect
                    rewritten.append(change.id)
                }
            }
            if let insets = change.guideInsets {
                views[change.id]!.guideInsets = insets
                dirty.append(change.id)
            }
        }
        return (rewritten, dirty)
    }
}

/// One view's new safe area and margins in effect, or one system guide's new insets.
struct AreaChange: Sendable {
    var id: ViewID
    var safeArea: EdgeInsets?
    var marginsInEffect: EdgeInsets?
    var guideInsets: EdgeInsets?
}

extension EdgeInsets {
    public static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }

    /// The larger inset on each edge.
    func max(_ other: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: Swift.max(top, other.top), left: Swift.max(left, other.left),
                   bottom: Swift.max(bottom, other.bottom), right: Swift.max(right, other.right))
    }
}
