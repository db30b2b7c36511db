import LayoutEngine
import Pictures

/// `dump`: the whole state as the JSON document of SPEC.md (`needsLayout`, `views`,
/// `constraints`, `conflicts`), written by hand so that the order and the numbers' text are
/// fixed.
enum StateDump {
    /// The JSON of SPEC.md: `needsLayout`, `views`, `constraints`, `conflicts`.
    static func json(_ engine: LayoutEngine) -> String {
        let h = engine.hierarchy
        var out = "{\n  \"needsLayout\": \(h.needsLayout),\n  \"views\": ["
        let views = h.allViews
        for (k, view) in views.enumerated() {
            let parent = view.parent.map { json(h.view($0).name) } ?? "null"
            let f = view.frame
            let free = engine.ambiguousComponents(of: view.id).map { json($0.rawValue) }.joined(separator: ", ")
            out += "\n    {\"name\": \(json(view.name)), \"kind\": \(json(view.kind.rawValue)), \"parent\": \(parent), "
            out += "\"frame\": [\(formatNumber(f.x)), \(formatNumber(f.y)), \(formatNumber(f.width)), \(formatNumber(f.height))], "
            out += "\"ambiguous\": [\(free)]"
            if view.isHidden { out += ", \"hidden\": true" }
            out += properties(view)
            if view.kind == .stack {
                let stack = view.stack
                out += ", \"axis\": \(json(stack.axis.rawValue)), \"spacing\": \(formatNumber(stack.spacing)), "
                out += "\"distribution\": \(json(stack.distribution)), \"alignment\": \(json(stack.alignment))"
                if stack.marginsRelative { out += ", \"marginsRelative\": true" }
                if stack.baselineRelative { out += ", \"baselineRelative\": true" }
            }
            if let ibID = view.ibID { out += ", \"ibID\": \(json(ibID))" }
            if let documentClass = view.documentClass { out += ", \"class\": \(json(documentClass))" }
            out += "}"
            out += k == views.count - 1 ? "\n  " : ","
        }
        out += "],\n  \"constraints\": ["
        let constraints = h.allConstraints
        for (k, (ref, constraint)) in constraints.enumerated() {
            let state = engine.state(of: ref)
            out += "\n    {\"name\": \(json(constraint.name)), \"text\": \(json(h.text(of: constraint))), "
            out += "\"priority\": \(constraint.priority), \"origin\": \(json(constraint.origin.rawValue)), "
            out += "\"active\": \(constraint.isActive), \"state\": \(json(state.rawValue)), "
            out += "\"error\": \(formatNumber(engine.error(of: ref)))"
            if state == .violated {
                out += ", \"forcedBy\": [\(engine.forcedBy(ref).map { json(engine.name(of: $0)) }.joined(separator: ", "))]"
            }
            out += "}"
            out += k == constraints.count - 1 ? "\n  " : ","
        }
        out += "],\n  \"conflicts\": ["
        // In listing order, not breaking order: the same state (after undo or a load) lists
        // its broken constraints the same way whatever order they broke in.
        let order = Dictionary(uniqueKeysWithValues: h.inListingOrder(engine.conflicts.map(\.broken)).enumerated().map { ($1, $0) })
        let conflicts = engine.conflicts.sorted { order[$0.broken]! < order[$1.broken]! }
        for (k, entry) in conflicts.enumerated() {
            out += "\n    {\"broken\": \(json(engine.name(of: entry.broken))), "
            out += "\"set\": [\(entry.set.map { json(engine.name(of: $0)) }.joined(separator: ", "))]}"
            out += k == conflicts.count - 1 ? "\n  " : ","
        }
        out += "]\n}"
        return out
    }

    /// The properties `set` changes, each where it differs from a new view of the kind (and a
    /// label's or button's text always): the dump is the whole state.
    static func properties(_ view: View) -> String {
        let fresh = View.fresh(view.kind)
        var out = ""
        func number(_ value: Double?) -> String { value.map(formatNumber) ?? "null" }
        func insets(_ e: EdgeInsets) -> String { "[\(number(e.top)), \(number(e.left)), \(number(e.bottom)), \(number(e.right))]" }
        if view.kind == .label || view.kind == .button || !view.text.isEmpty { out += ", \"text\": \(json(view.text))" }
        if view.font != fresh.font { out += ", \"font\": \(number(view.font))" }
        if view.intrinsicIsExplicit {
            out += ", \"intrinsic\": [\(number(view.explicitIntrinsic.width)), \(number(view.explicitIntrinsic.height))]"
        }
        if view.huggingH != fresh.huggingH || view.huggingV != fresh.huggingV {
            out += ", \"hugging\": [\(view.huggingH), \(view.huggingV)]"
        }
        if view.compressionH != fresh.compressionH || view.compressionV != fresh.compressionV {
            out += ", \"compression\": [\(view.compressionH), \(view.compressionV)]"
        }
        if view.margins != fresh.margins { out += ", \"margins\": \(insets(view.margins))" }
        if view.alignmentInsets != fresh.alignmentInsets { out += ", \"alignmentInsets\": \(insets(view.alignmentInsets))" }
        if view.translatesAutoresizingMaskIntoConstraints {
            out += ", \"autoresizing\": true, \"mask\": \(json(view.autoresizingMask.flagNames))"
        }
        return out
    }

    static func json(_ text: String) -> String { JSONString.quoted(text) }
}
