import LayoutEngine
import Pictures

/// `dump`: the whole state as the JSON document of SPEC.md (`needsLayout`, `views`,
/// `constraints`, `conflicts`), written by hand so that the order and the numbers' text are
/// fixed.
enum StateDump {
    /// The JSON of SPEC.md: `needsLayout`, `views`, `constraints`, `conflicts`. Written as
    /// bytes (`Markup`): built by string interpolation, a dump was half of what a fuzzed
    /// command line cost (one after every statement that fails).
    static func json(_ engine: LayoutEngine) -> String {
        let h = engine.hierarchy
        var out = Markup(capacity: 300 * h.views.count + 250 * h.constraints.count + 256)
        func string(_ text: String) { out.add(json: text) }
        func number(_ value: Double) { out.add(formatNumber(value)) }
        /// `, "source": {"file": …, "line": …, "column": …}`: where imported code made it.
        func add(_ source: SourceRef) {
            out.add(", \"source\": {\"file\": ")
            string(source.file)
            out.add(", \"line\": \(source.line), \"column\": \(source.column)}")
        }
        func list(_ items: [String]) {
            for (k, item) in items.enumerated() {
                if k > 0 { out.add(", ") }
                string(item)
            }
        }
        // (Read out of its box once, not for every view and constraint.)
        let sources = h.codeSources
        out.add("{\n  \"needsLayout\": ")
        out.add(h.needsLayout ? "true" : "false")
        if h.contentSizeCategory != .large {
            out.add(",\n  \"contentSizeCategory\": ")
            string(h.contentSizeCategory.rawValue)
        }
        if h.textMetric != .uikit {
            out.add(",\n  \"textMetric\": ")
            string(h.textMetric.rawValue)
        }
        if h.pixelRounding { out.add(",\n  \"pixelRounding\": true") }
        if h.displayScale != Hierarchy.defaultDisplayScale {
            out.add(",\n  \"displayScale\": ")
            number(h.displayScale)
        }
        let traits = h.traits
        out.add(",\n  \"traits\": {\"horizontalSizeClass\": ")
        string(traits.horizontalSizeClass.rawValue)
        out.add(", \"verticalSizeClass\": ")
        string(traits.verticalSizeClass.rawValue)
        out.add(", \"layoutDirection\": ")
        string(traits.layoutDirection.rawValue)
        out.add(", \"preferredContentSizeCategory\": ")
        string(traits.contentSizeCategory.rawValue)
        out.add(", \"displayScale\": ")
        number(traits.displayScale)
        out.add("}")
        if let device = h.device {
            out.add(",\n  \"device\": ")
            string(device.name)
            out.add(", \"orientation\": ")
            string(h.orientation.rawValue)
        }
        if h.additionalSafeAreaInsets != .zero {
            let e = h.additionalSafeAreaInsets
            out.add(",\n  \"additionalSafeAreaInsets\": [\(formatNumber(e.top)), \(formatNumber(e.left)), \(formatNumber(e.bottom)), \(formatNumber(e.right))]")
        }
        out.add(",\n  \"views\": [")
        let views = h.allViews
        for (k, view) in views.enumerated() {
            out.add("\n    {\"name\": ")
            string(view.name)
            out.add(", \"kind\": ")
            string(view.kind.rawValue)
            out.add(", \"parent\": ")
            if let parent = view.parent { string(h.view(parent).name) } else { out.add("null") }
            let f = view.frame
            out.add(", \"frame\": [")
            number(f.x)
            out.add(", ")
            number(f.y)
            out.add(", ")
            number(f.width)
            out.add(", ")
            number(f.height)
            out.add("], \"ambiguous\": [")
            list(engine.ambiguousComponents(of: view.id).map(\.rawValue))
            out.add("]")
            if view.isHidden { out.add(", \"hidden\": true") }
            if let role = view.systemGuide {
                out.add(", \"systemGuide\": ")
                string(role.rawValue)
            }
            if view.safeAreaInsets != .zero {
                let e = view.safeAreaInsets
                out.add(", \"safeAreaInsets\": [\(formatNumber(e.top)), \(formatNumber(e.left)), \(formatNumber(e.bottom)), \(formatNumber(e.right))]")
            }
            properties(view, into: &out)
            if let source = sources.views[view.name] { add(source) }
            if view.kind == .stack {
                let stack = view.stack
                out.add(", \"axis\": ")
                string(stack.axis.rawValue)
                out.add(", \"spacing\": ")
                number(stack.spacing)
                out.add(", \"distribution\": ")
                string(stack.distribution)
                out.add(", \"alignment\": ")
                string(stack.alignment)
                if stack.marginsRelative { out.add(", \"marginsRelative\": true") }
                if stack.baselineRelative { out.add(", \"baselineRelative\": true") }
            }
            if view.textView == .grows { out.add(", \"scrollEnabled\": false") }
            if view.isTextField && view.fieldBorder != .roundedRect {
                out.add(", \"borderStyle\": ")
                string(view.fieldBorder.rawValue)
            }
            if view.isSpinner && view.spinnerStyle != .medium {
                out.add(", \"style\": ")
                string(view.spinnerStyle.rawValue)
            }
            if view.isSegmentedControl && !view.segments.isEmpty {
                out.add(", \"segments\": [")
                for (k, title) in view.segments.enumerated() {
                    if k > 0 { out.add(", ") }
                    string(title)
                }
                out.add("]")
                if view.apportionsSegments { out.add(", \"apportionsSegmentWidthsByContent\": true") }
            }
            if let after = view.spacingAfter {
                out.add(", \"spacingAfter\": ")
                number(after)
            }
            if let ibID = view.ibID {
                out.add(", \"ibID\": ")
                string(ibID)
            }
            if let documentClass = view.documentClass {
                out.add(", \"class\": ")
                string(documentClass)
            }
            out.add("}")
            out.add(k == views.count - 1 ? "\n  " : ",")
        }
        out.add("],\n  \"constraints\": [")
        let constraints = h.allConstraints
        for (k, (ref, constraint)) in constraints.enumerated() {
            let state = engine.state(of: ref, constraint)
            out.add("\n    {\"name\": ")
            string(constraint.name)
            out.add(", \"text\": ")
            string(h.text(of: constraint))
            out.add(", \"priority\": ")
            out.add(constraint.priority.description)
            out.add(", \"origin\": ")
            string(constraint.origin.rawValue)
            out.add(", \"active\": ")
            out.add(constraint.isActive ? "true" : "false")
            out.add(", \"state\": ")
            string(state.rawValue)
            out.add(", \"error\": ")
            number(engine.error(of: ref, constraint))
            if case .user = ref, let source = sources.constraints[constraint.name] { add(source) }
            if state == .violated {
                out.add(", \"forcedBy\": [")
                list(engine.forcedBy(ref).map { engine.name(of: $0) })
                out.add("]")
            }
            out.add("}")
            out.add(k == constraints.count - 1 ? "\n  " : ",")
        }
        let skipped = sources.skipped
        if !skipped.isEmpty {
            out.add("],\n  \"skipped\": [")
            for (k, entry) in skipped.enumerated() {
                out.add("\n    {\"file\": ")
                string(entry.file)
                out.add(", \"line\": \(entry.line), \"reason\": ")
                string(entry.reason)
                out.add("}")
                out.add(k == skipped.count - 1 ? "\n  " : ",")
            }
        }
        out.add("],\n  \"conflicts\": [")
        // In listing order, not breaking order: the same state (after undo or a load) lists
        // its broken constraints the same way whatever order they broke in.
        let order = Dictionary(uniqueKeysWithValues: h.inListingOrder(engine.conflicts.map(\.broken)).enumerated().map { ($1, $0) })
        let conflicts = engine.conflicts.sorted { order[$0.broken]! < order[$1.broken]! }
        for (k, entry) in conflicts.enumerated() {
            out.add("\n    {\"broken\": ")
            string(engine.name(of: entry.broken))
            out.add(", \"set\": [")
            list(entry.set.map { engine.name(of: $0) })
            out.add("]}")
            out.add(k == conflicts.count - 1 ? "\n  " : ",")
        }
        out.add("]\n}")
        return out.text
    }

    /// The properties `set` changes, each where it differs from a new view of the kind (and a
    /// label's or button's text always): the dump is the whole state.
    static func properties(_ view: View, into out: inout Markup) {
        let fresh = View.fresh(view.kind)
        func number(_ value: Double?) { out.add(value.map(formatNumber) ?? "null") }
        func numbers(_ values: [Double?]) {
            out.add("[")
            for (k, value) in values.enumerated() {
                if k > 0 { out.add(", ") }
                number(value)
            }
            out.add("]")
        }
        func insets(_ e: EdgeInsets) { numbers([e.top, e.left, e.bottom, e.right]) }
        if view.kind == .label || view.kind == .button || !view.text.isEmpty {
            out.add(", \"text\": ")
            out.add(json: view.text)
        }
        if view.font != fresh.font {
            out.add(", \"font\": ")
            number(view.font)
        }
        if let style = view.textStyle {
            out.add(", \"textStyle\": ")
            out.add(json: style.rawValue)
        }
        if view.fontFace != .system {
            out.add(", \"fontName\": ")
            out.add(json: view.fontFace.name ?? view.fontFace.family.displayName)
            if view.fontFace.weight != .regular { out.add(", \"weight\": "); out.add(json: view.fontFace.weight.rawValue) }
            if view.fontFace.italic { out.add(", \"italic\": true") }
        }
        if view.contentInsets != .zero {
            out.add(", \"contentInsets\": ")
            insets(view.contentInsets)
        }
        if let image = view.buttonImage {
            out.add(", \"image\": [")
            number(image.width)
            out.add(", ")
            number(image.height)
            out.add("]")
        }
        if let style = view.buttonConfiguration {
            out.add(", \"configuration\": ")
            out.add(json: style.rawValue)
        }
        if view.adjustsFont { out.add(", \"adjustsFont\": true") }
        if view.numberOfLines != 1 { out.add(", \"lines\": \(view.numberOfLines)") }
        if view.lineBreakMode != fresh.lineBreakMode { out.add(", \"lineBreakMode\": "); out.add(json: view.lineBreakMode.rawValue) }
        if view.preferredMaxLayoutWidth != 0 {
            out.add(", \"preferredMaxLayoutWidth\": ")
            number(view.preferredMaxLayoutWidth)
        }
        if view.intrinsicIsExplicit {
            out.add(", \"intrinsic\": ")
            numbers([view.explicitIntrinsic.width, view.explicitIntrinsic.height])
        }
        if view.huggingH != fresh.huggingH || view.huggingV != fresh.huggingV {
            out.add(", \"hugging\": [\(view.huggingH), \(view.huggingV)]")
        }
        if view.compressionH != fresh.compressionH || view.compressionV != fresh.compressionV {
            out.add(", \"compression\": [\(view.compressionH), \(view.compressionV)]")
        }
        if view.margins != fresh.margins || view.directionalMargins {
            out.add(view.directionalMargins ? ", \"directionalMargins\": " : ", \"margins\": ")
            insets(view.margins)
        }
        if view.effectiveMargins != view.margins {
            out.add(", \"marginsInEffect\": ")
            insets(view.effectiveMargins)
        }
        if !view.insetsMarginsFromSafeArea { out.add(", \"insetsLayoutMarginsFromSafeArea\": false") }
        if view.preservesSuperviewMargins { out.add(", \"preservesSuperviewLayoutMargins\": true") }
        if view.semanticContent != .unspecified {
            out.add(", \"semanticContentAttribute\": ")
            out.add(json: view.semanticContent.rawValue)
        }
        if view.alignmentInsets != fresh.alignmentInsets {
            out.add(", \"alignmentInsets\": ")
            insets(view.alignmentInsets)
        }
        if view.translatesAutoresizingMaskIntoConstraints {
            out.add(", \"autoresizing\": true, \"mask\": ")
            out.add(json: view.autoresizingMask.flagNames)
        }
    }
}
