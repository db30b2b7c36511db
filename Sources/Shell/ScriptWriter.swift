import LayoutEngine

/// What `save` writes: a script that rebuilds a state from the starting one. Pure: a function of
/// the hierarchy (and of the state of its last layout pass), testable without a session.
enum ScriptWriter {
    /// A script that rebuilds the current state. When a layout is pending, it rebuilds the
    /// state of the last layout pass, lays out, then makes the changes since, so that the frames
    /// are those of that pass, as they are now.
    static func script(_ h: Hierarchy) -> String {
        var lines = ["# strut session, written by 'save'"]
        if h.needsLayout, let laidOut = h.laidOut?.hierarchy {
            lines += build(laidOut)
            lines.append("layout")
            lines += changes(from: laidOut, to: h)
        } else {
            lines += build(h)
            if !h.needsLayout { lines.append("layout") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Statements that build a hierarchy from the starting state: views, then property changes
    /// and constraints in the order they were made active (which decides what a conflict breaks).
    static func build(_ state: Hierarchy) -> [String] {
        var lines = rootLines(state, from: Hierarchy())
        var timed: [(stamp: Int, order: Int, line: String)] = []
        // A system guide is made by the first constraint that names it.
        for view in state.allViews where view.id != Hierarchy.rootID && view.systemGuide == nil {
            let made = madeByNew(view)
            lines.append("new \(made.word) \(view.name) in \(state.view(view.parent!).name)")
            if view.kind == .stack && view.stackLayout.remadeAt > 0 {
                timed.append((view.stackLayout.remadeAt, Int.max, "remake \(view.name)"))
            }
            let defaults = Set(propertyLines(made.view, named: view.name).map(\.line))
            for (k, entry) in propertyLines(view, named: view.name, category: state.contentSizeCategory).enumerated() where !defaults.contains(entry.line) {
                switch entry.group {
                case .plain: lines.append(entry.line)
                case .contentSize: timed.append((view.contentSizeStamp, k, entry.line))
                case .autoresizing: timed.append((view.autoresizingStamp, k, entry.line))
                }
            }
        }
        let constraints = state.userConstraints.map(\.constraint)
        let stamps = constraints.map(\.stamp)
        if stamps == stamps.sorted() {
            for constraint in constraints {
                timed.append((constraint.stamp, 0, "\(constraint.name): \(state.text(of: constraint, exact: true))"))
            }
            timed.sort { $0.stamp != $1.stamp ? $0.stamp < $1.stamp : $0.order < $1.order }
            lines += timed.map(\.line)
            let inactive = constraints.filter { !$0.isActive }.map(\.name)
            if !inactive.isEmpty { lines.append("deactivate \(inactive.joined(separator: " "))") }
        } else {
            // Activation order differs from creation order (a constraint was re-activated):
            // make them all in creation order, inactive, then activate them in activation order.
            lines += constraints.map { "\($0.name): \(state.text(of: $0, exact: true))" }
            if !constraints.isEmpty { lines.append("deactivate \(constraints.map(\.name).joined(separator: " "))") }
            for constraint in constraints where constraint.isActive {
                timed.append((constraint.stamp, 0, "activate \(constraint.name)"))
            }
            timed.sort { $0.stamp != $1.stamp ? $0.stamp < $1.stamp : $0.order < $1.order }
            lines += timed.map(\.line)
        }
        if state.autolayout { lines.append("set autolayout = on") }
        if state.canvas { lines.append("set canvas = on") }
        return lines
    }

    /// Statements that turn `old` into `new`.
    static func changes(from old: Hierarchy, to new: Hierarchy) -> [String] {
        var lines = rootLines(new, from: old)
        // Constraints that went or changed shape go first (they may name views that go).
        var added: [(Int, LayoutConstraint)] = []
        for index in 0..<max(old.constraints.count, new.constraints.count) {
            let before = index < old.constraints.count ? old.constraints[index] : nil
            let after = index < new.constraints.count ? new.constraints[index] : nil
            switch (before, after) {
            case (nil, nil): continue
            case let (b?, nil): lines.append("remove \(b.name)")
            case let (nil, a?): added.append((index, a))
            case let (b?, a?):
                if b.first != a.first || b.second != a.second || b.relation != a.relation || b.multiplier != a.multiplier {
                    lines.append("remove \(b.name)")
                    added.append((index, a))
                }
            }
        }
        let survivors = Set(new.views.compactMap { $0?.id })
        // Views that go are deleted before the new views are made (their names may be taken
        // again: seed 19733), each subtree that goes at its top. What stays inside one first
        // waits under root, and moves to its place below with the others (perhaps into a view
        // not made yet: seed 386, `move n14 to a; new stack n11 in n14; move b to n11; delete s`).
        var waiting: [String] = []
        var deletions: [String] = []
        for view in old.allViews where !survivors.contains(view.id) {
            guard let parent = view.parent, survivors.contains(parent) else { continue }
            deletions.append("delete \(view.name)")
            var inside = Array(view.children.reversed())
            while let id = inside.popLast() {
                if survivors.contains(id) {
                    waiting.append("move \(old.view(id).name) to root keeping")
                } else {
                    inside += old.view(id).children.reversed()
                }
            }
        }
        lines += waiting
        lines += deletions
        // Parents before children (the new tree's listing order): each view's new parent is
        // made, and in its final place, before the view moves into it.
        for view in new.allViews where view.id != Hierarchy.rootID && view.systemGuide == nil {
            let parent = new.view(view.parent!).name
            let previous = view.id < old.views.count ? old.views[view.id] : nil
            if let previous {
                // Kept constraints stay: the moves run in another order than they happened.
                if previous.parent != view.parent { lines.append("move \(view.name) to \(parent) keeping") }
                let before = Set(propertyLines(previous, named: view.name, category: old.contentSizeCategory).map(\.line))
                for entry in propertyLines(view, named: view.name, category: new.contentSizeCategory) where !before.contains(entry.line) {
                    lines.append(entry.line)
                }
            } else {
                let made = madeByNew(view)
                lines.append("new \(made.word) \(view.name) in \(parent)")
                let defaults = Set(propertyLines(made.view, named: view.name).map(\.line))
                for entry in propertyLines(view, named: view.name, category: new.contentSizeCategory) where !defaults.contains(entry.line) {
                    lines.append(entry.line)
                }
            }
        }
        // Subviews put in another order (a stack view's arranged views): place each again. The
        // statements above leave the old order with newcomers appended.
        for view in new.allViews {
            guard view.id < old.views.count, let previous = old.views[view.id] else { continue }
            // By sets: a search of the other list per child would make saving many views under
            // one parent quadratic.
            guard !previous.children.elementsEqual(view.children) else { continue }
            let now = Set(view.children), before = Set(previous.children)
            let stayed = previous.children.filter(now.contains)
            let arrived = view.children.filter { !before.contains($0) }
            if stayed + arrived != Array(view.children) {
                for (k, child) in view.children.enumerated() { lines.append("move \(new.view(child).name) to \(view.name) at \(k)") }
            }
        }
        for (_, constraint) in added.sorted(by: { $0.1.stamp < $1.1.stamp }) {
            lines.append("\(constraint.name): \(new.text(of: constraint, exact: true))")
            if !constraint.isActive { lines.append("deactivate \(constraint.name)") }
        }
        let remade = Set(added.map(\.0))
        for index in 0..<min(old.constraints.count, new.constraints.count) {
            guard let b = old.constraints[index], let a = new.constraints[index], !remade.contains(index) else { continue }
            if b.constant != a.constant { lines.append("constant \(a.name) \(formatNumber(a.constant))") }
            if b.priority != a.priority { lines.append("priority \(a.name) \(a.priority)") }
            if b.isActive != a.isActive { lines.append("\(a.isActive ? "activate" : "deactivate") \(a.name)") }
        }
        if old.autolayout != new.autolayout { lines.append("set autolayout = \(new.autolayout ? "on" : "off")") }
        for view in new.allViews where view.kind == .stack {
            let before = view.id < old.views.count ? old.views[view.id]?.stackLayout.remadeAt ?? 0 : 0
            guard view.stackLayout.remadeAt > before else { continue }
            lines.append("remake \(view.name)")
        }
        if old.canvas != new.canvas { lines.append("set canvas = \(new.canvas ? "on" : "off")") }
        return lines
    }

    private static func rootLines(_ state: Hierarchy, from old: Hierarchy) -> [String] {
        var lines: [String] = []
        // The device first: it sets root's frame, margins and the display scale, which the
        // lines after it change again where the state differs.
        var frame = old.root.frame, margins = old.root.margins, scale = old.displayScale, rounding = old.pixelRounding
        if state.device != old.device || (state.device != nil && state.orientation != old.orientation) {
            if let device = state.device {
                if old.device == nil && margins == .standard { margins = .zero }
                if state.device != old.device { lines.append("set device = \(Commands.quoted(device.name))") }
                if state.orientation != old.orientation { lines.append("set orientation = \(state.orientation.rawValue)") }
                let size = device.size(state.orientation)
                frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
                scale = device.scale
                rounding = true
            } else {
                lines.append("set device = none")
            }
        }
        if state.layoutDirection != old.layoutDirection { lines.append("set layoutDirection = \(state.layoutDirection.rawValue)") }
        if state.root.frame != frame {
            lines.append("set root.frame = 0 0 \(formatNumber(state.root.frame.width)) \(formatNumber(state.root.frame.height))")
        }
        if state.root.margins != margins || state.root.directionalMargins != old.root.directionalMargins {
            lines.append("set root.\(state.root.directionalMargins ? "directionalMargins" : "margins") = \(insets(state.root.margins))")
        }
        if state.additionalSafeAreaInsets != old.additionalSafeAreaInsets { lines.append("set root.additionalSafeAreaInsets = \(insets(state.additionalSafeAreaInsets))") }
        if state.root.insetsMarginsFromSafeArea != old.root.insetsMarginsFromSafeArea {
            lines.append("set root.insetsLayoutMarginsFromSafeArea = \(state.root.insetsMarginsFromSafeArea ? "on" : "off")")
        }
        if state.root.semanticContent != old.root.semanticContent { lines.append("set root.semanticContentAttribute = \(state.root.semanticContent.rawValue)") }
        if state.contentSizeCategory != old.contentSizeCategory { lines.append("set contentSizeCategory = \(state.contentSizeCategory.rawValue)") }
        if state.textMetric != old.textMetric { lines.append("set textMetric = \(state.textMetric.rawValue)") }
        if state.displayScale != scale { lines.append("set displayScale = \(formatNumber(state.displayScale))") }
        if state.pixelRounding != rounding { lines.append("set pixelRounding = \(state.pixelRounding ? "on" : "off")") }
        return lines
    }

    /// The word `new` takes for a view (its kind, or the control its class is) and the view it
    /// makes, whose properties need no statement.
    static func madeByNew(_ view: View) -> (word: String, view: View) {
        var fresh = View.defaults(kind: view.kind)
        if view.kind == .label, view.textView != nil {
            fresh.documentClass = "UITextView"
            fresh.setTextView(.scrolls)
            fresh.textStyle = .body
            fresh.huggingH = 250
            fresh.huggingV = 250
            return ("textView", fresh)
        }
        guard view.kind == .view, let control = view.documentClass.flatMap(Control.init(className:)) else { return (view.kind.rawValue, fresh) }
        fresh.documentClass = control.className
        fresh.alignmentInsets = control.alignmentInsets
        fresh.huggingH = control.hugging
        fresh.huggingV = control.hugging
        return (control.rawValue, fresh)
    }

    enum PropertyGroup { case plain, contentSize, autoresizing }

    /// Every settable property of a view as a `set` statement, in a fixed order.
    /// - Parameter category: the content size category the view's text style is sized at.
    static func propertyLines(_ view: View, named name: String, category: ContentSizeCategory = .large) -> [(group: PropertyGroup, line: String)] {
        var result: [(PropertyGroup, String)] = []
        func add(_ group: PropertyGroup, _ text: String) { result.append((group, "set \(name).\(text)")) }
        if let documentClass = view.documentClass { add(.plain, "class = \(Commands.quoted(documentClass))") }
        if let ibID = view.ibID { add(.plain, "ibID = \(Commands.quoted(ibID))") }
        add(.plain, "\(view.directionalMargins ? "directionalMargins" : "margins") = \(insets(view.margins))")
        if view.alignmentInsets != .zero { add(.plain, "alignmentInsets = \(insets(view.alignmentInsets))") }
        add(.plain, "hidden = \(view.isHidden)")
        if let after = view.spacingAfter { add(.plain, "spacingAfter = \(formatNumber(after))") }
        if view.textView == .grows { add(.contentSize, "scrollEnabled = off") }
        if view.kind == .stack {
            add(.plain, "axis = \(view.stack.axis.rawValue)")
            add(.plain, "spacing = \(formatNumber(view.stack.spacing))")
            add(.plain, "distribution = \(view.stack.distribution)")
            add(.plain, "alignment = \(view.stack.alignment)")
            add(.plain, "marginsRelative = \(view.stack.marginsRelative)")
            add(.plain, "baselineRelative = \(view.stack.baselineRelative)")
        }
        add(.plain, "insetsLayoutMarginsFromSafeArea = \(view.insetsMarginsFromSafeArea ? "on" : "off")")
        add(.plain, "preservesSuperviewLayoutMargins = \(view.preservesSuperviewMargins ? "on" : "off")")
        add(.plain, "semanticContentAttribute = \(view.semanticContent.rawValue)")
        // A text style has its category's size (a size that stays is a plain size).
        let font = "font = " + (view.textStyle.flatMap { $0.size(at: category) == view.font ? $0.rawValue : nil } ?? formatNumber(view.font))
        if view.isTextField {
            add(.plain, font)
            if view.fieldBorder != .roundedRect { add(.plain, "borderStyle = \(view.fieldBorder.rawValue)") }
            if view.adjustsFont { add(.plain, "adjustsFont = on") }
        }
        if view.isSpinner { add(.contentSize, "style = \(view.spinnerStyle.rawValue)") }
        if view.isSegmentedControl {
            add(.contentSize, "segments = " + (view.segments.isEmpty ? "none" : view.segments.map(Commands.quoted).joined(separator: " ")))
            add(.contentSize, "apportionsSegmentWidthsByContent = \(view.apportionsSegments ? "on" : "off")")
        }
        if view.kind == .label || view.kind == .button {
            // (Before the font: a configuration brings the body style.)
            if let style = view.buttonConfiguration { add(.contentSize, "configuration = \(style.rawValue)") }
            add(.contentSize, "text = \(Commands.quoted(view.text))")
            add(.contentSize, font)
            let face = view.fontFace
            if let name = face.name {
                add(.contentSize, "fontName = \(Commands.quoted(name))")
            } else {
                add(.contentSize, "fontName = \(face.family == .system ? "system" : Commands.quoted(face.family.displayName))")
            }
            // A name carries its weight and slant; these follow it.
            if face.name == nil || FontFace(fontName: face.name!)?.weight != face.weight { add(.contentSize, "weight = \(face.weight.rawValue)") }
            if face.name == nil || FontFace(fontName: face.name!)?.italic != face.italic { add(.contentSize, "italic = \(face.italic ? "on" : "off")") }
            if view.kind == .button { add(.contentSize, "contentInsets = \(insets(view.contentInsets))") }
            if let image = view.buttonImage { add(.contentSize, "image = \(formatNumber(image.width)) \(formatNumber(image.height))") }
            if view.adjustsFont { add(.contentSize, "adjustsFont = on") }
            if view.kind == .label {
                add(.contentSize, "lines = \(view.numberOfLines)")
                add(.contentSize, "lineBreakMode = \(view.lineBreakMode.rawValue)")
                add(.contentSize, "preferredMaxLayoutWidth = \(formatNumber(view.preferredMaxLayoutWidth))")
            }
        }
        if view.intrinsicIsExplicit {
            let (w, hh) = view.explicitIntrinsic
            add(.contentSize, "intrinsic = " + ((w == nil && hh == nil) ? "none" : "\(w.map(formatNumber) ?? "none") \(hh.map(formatNumber) ?? "none")"))
        } else {
            add(.contentSize, "intrinsic = auto")
        }
        add(.contentSize, "hugging.h = \(view.huggingH)")
        add(.contentSize, "hugging.v = \(view.huggingV)")
        add(.contentSize, "compression.h = \(view.compressionH)")
        add(.contentSize, "compression.v = \(view.compressionV)")
        let f = view.requestedFrame
        if f != .zero || view.translatesAutoresizingMaskIntoConstraints { add(.autoresizing, "frame = \([f.x, f.y, f.width, f.height].map(formatNumber).joined(separator: " ")) within \(formatNumber(view.referenceSize.width)) \(formatNumber(view.referenceSize.height))") }
        add(.autoresizing, "mask = \(view.autoresizingMask.flagNames)")
        add(.autoresizing, "autoresizing = \(view.translatesAutoresizingMaskIntoConstraints ? "on" : "off")")
        return result
    }

    private static func insets(_ m: EdgeInsets) -> String {
        [m.top, m.left, m.bottom, m.right].map(formatNumber).joined(separator: " ")
    }
}
