import LayoutEngine
import Cassowary

/// Queries: frames, the tree, constraints, conflicts, ambiguity, `dump`.
extension Session {
    var h: Hierarchy { engine.hierarchy }

    static func describe(_ rect: Rect) -> String {
        "(\(formatNumber(rect.x)), \(formatNumber(rect.y)), \(formatNumber(rect.width)), \(formatNumber(rect.height)))"
    }

    var pendingNote: String { "layout pending: frames are from the last layout pass" }

    func showFrame(_ rest: String) throws {
        var c = try cursor(rest, "frame NAME")
        let name = try c.name("a view name")
        try c.expectEnd()
        let id = try h.viewID(named: name)
        print("\(name) \(Session.describe(h.view(id).frame))" + (h.needsLayout ? "  (layout pending)" : ""))
    }

    func showTree(_ rest: String) throws {
        var c = try cursor(rest, "show [NAME]")
        var top = Hierarchy.rootID
        if !c.atEnd { top = try h.viewID(named: try c.name("a view name")) }
        try c.expectEnd()
        if h.needsLayout { print(pendingNote) }
        let conflicted = Set(engine.conflicts.flatMap { entry in
            entry.set.compactMap { h.constraint($0) }.flatMap(\.items)
        })
        var lines: [String] = []
        func walk(_ id: ViewID, _ depth: Int) {
            let view = h.view(id)
            var line = String(repeating: "  ", count: depth) + "\(view.name) \(view.kind.rawValue)"
            if view.kind == .label || view.kind == .button { line += " " + quoted(view.text) }
            line += " " + Session.describe(view.frame)
            let free = engine.ambiguousComponents(of: id)
            if !free.isEmpty { line += " AMBIGUOUS(\(free.map(\.rawValue).joined(separator: ", ")))" }
            if conflicted.contains(id) { line += " CONFLICT" }
            if view.isHidden { line += " hidden" }
            if view.translatesAutoresizingMaskIntoConstraints { line += " autoresizing(\(view.autoresizingMask.accessory))" }
            lines.append(line)
            for child in view.children { walk(child, depth + 1) }
        }
        walk(top, 0)
        print(lines.joined(separator: "\n"))
    }

    func listConstraints(_ rest: String) throws {
        var c = try cursor(rest, "constraints [NAME]")
        var filter: ViewID?
        if !c.atEnd { filter = try h.viewID(named: try c.name("a view name")) }
        try c.expectEnd()
        let all = h.allConstraints.filter { filter == nil || $0.constraint.items.contains(filter!) }
        guard !all.isEmpty else {
            print(filter == nil ? "no constraints" : "no constraints touch '\(h.view(filter!).name)'")
            return
        }
        let width = all.map(\.constraint.name.count).max()!
        var lines: [String] = []
        for (ref, constraint) in all {
            let name = constraint.name.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append("\(name)  \(h.text(of: constraint))  [\(stateText(ref, constraint))]")
        }
        print(lines.joined(separator: "\n"))
    }

    /// `priority 1000, user, satisfied` / `..., violated by 118`.
    func stateText(_ ref: ConstraintRef, _ constraint: LayoutConstraint) -> String {
        let state = engine.state(of: ref)
        var text = "priority \(formatPriority(constraint.priority)), \(constraint.origin.rawValue), \(state.rawValue)"
        if state == .violated || state == .broken { text += " by \(formatNumber(engine.error(of: ref)))" }
        return text
    }

    func quoted(_ text: String) -> String {
        var result = "\""
        for c in text {
            switch c {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(c)
            }
        }
        return result + "\""
    }

    // MARK: - dump

    /// The JSON of SPEC.md: `needsLayout`, `views`, `constraints`, `conflicts`.
    func dumpJSON() -> String {
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
            if view.kind == .stack {
                let stack = view.stack
                out += ", \"axis\": \(json(stack.axis.rawValue)), \"spacing\": \(formatNumber(stack.spacing)), "
                out += "\"distribution\": \(json(stack.distribution)), \"alignment\": \(json(stack.alignment))"
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
            out += "\"priority\": \(formatPriority(constraint.priority)), \"origin\": \(json(constraint.origin.rawValue)), "
            out += "\"active\": \(constraint.isActive), \"state\": \(json(state.rawValue)), "
            out += "\"error\": \(formatNumber(engine.error(of: ref)))"
            if state == .violated {
                out += ", \"forcedBy\": [\(engine.forcedBy(ref).map { json(engine.name(of: $0)) }.joined(separator: ", "))]"
            }
            out += "}"
            out += k == constraints.count - 1 ? "\n  " : ","
        }
        out += "],\n  \"conflicts\": ["
        let conflicts = engine.conflicts
        for (k, entry) in conflicts.enumerated() {
            out += "\n    {\"broken\": \(json(engine.name(of: entry.broken))), "
            out += "\"set\": [\(entry.set.map { json(engine.name(of: $0)) }.joined(separator: ", "))]}"
            out += k == conflicts.count - 1 ? "\n  " : ","
        }
        out += "]\n}"
        return out
    }

    func json(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    // MARK: - expect

    func expect(_ rest: String) throws {
        let usage = Commands.find("expect")!.usage
        var c = try cursor(rest, usage)
        let word = try c.name("NAME.frame, NAME.ATTR, ambiguous, unambiguous, broken, violated, satisfied or inactive")
        switch word {
        case "ambiguous", "unambiguous":
            if c.peek?.isSymbol(".") == true { break }
            let name = try c.name("a view name")
            try c.expectEnd()
            let free = engine.ambiguousComponents(of: try h.viewID(named: name))
            if word == "ambiguous" && free.isEmpty { throw ShellError.expectation("\(name) ambiguous, but its frame is unique") }
            if word == "unambiguous" && !free.isEmpty {
                throw ShellError.expectation("\(name) unambiguous, but \(free.map(\.rawValue).joined(separator: ", ")) \(free.count == 1 ? "is" : "are") free")
            }
            return
        case "broken", "violated", "satisfied", "inactive":
            if c.peek?.isSymbol(".") == true && h.view(named: word) != nil { break }
            let name = try c.dottedName("a constraint name")
            try c.expectEnd()
            guard let ref = h.constraintRef(named: name) else {
                throw ShellError.layout(.unknownConstraint(name, suggestion: closestMatch(to: name, in: h.allConstraints.map(\.constraint.name))))
            }
            let state = engine.state(of: ref)
            if state.rawValue != word { throw ShellError.expectation("\(name) \(word), but it is \(state.rawValue)") }
            return
        default:
            break
        }
        // NAME.frame == X Y W H, or NAME.ATTR == V.
        c.position = 0
        let name = try c.name("a view name")
        let id = try h.viewID(named: name)
        let view = h.view(id)
        try c.expect(".", "'.frame' or '.ATTRIBUTE' after '\(name)'")
        let property = try c.name("frame or an attribute")
        try c.expect("==", "'=='")
        if property == "frame" {
            let values = [try c.number("X Y W H"), try c.number("X Y W H"), try c.number("X Y W H"), try c.number("X Y W H")]
            try c.expectEnd()
            let f = view.frame
            let actual = [f.x, f.y, f.width, f.height]
            if zip(values, actual).contains(where: { abs($0 - $1) > 0.001 }) {
                throw ShellError.expectation("\(name).frame == \(values.map(formatNumber).joined(separator: " ")), but it is \(actual.map(formatNumber).joined(separator: " "))" + (h.needsLayout ? " (layout pending)" : ""))
            }
            return
        }
        let expected = try c.number("a value")
        try c.expectEnd()
        let actual: Double
        switch property {
        case "x": actual = view.frame.x
        case "y": actual = view.frame.y
        default:
            guard let attribute = LayoutAttribute(name: property) else {
                throw ShellError.unknownAttribute(property, suggestion: closestMatch(to: property, in: ["frame", "x", "y"] + LayoutAttribute.userAttributes.map(\.name)))
            }
            actual = view.value(of: attribute)
        }
        if abs(actual - expected) > 0.001 {
            throw ShellError.expectation("\(name).\(property) == \(formatNumber(expected)), but it is \(formatNumber(actual))" + (h.needsLayout ? " (layout pending)" : ""))
        }
    }
}
