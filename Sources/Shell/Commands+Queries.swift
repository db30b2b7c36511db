import LayoutEngine

/// Layout passes and queries: `layout`, `frame`, `show`, `constraints`, `dump`, `expect`.
extension Commands {
    static let queries: [Command] = [
        Command(name: "layout", aliases: ["layoutIfNeeded"], usage: "layout",
                summary: "run a layout pass: frames take the current solution",
                mutates: true, isUndoStep: false,
                run: { s, a in
                    try a.none()
                    s.engine.layoutIfNeeded()
                    return .succeeded
                }),
        Command(name: "frame", usage: "frame NAME", summary: "a view's frame, in its superview's coordinates",
                arguments: [.view],
                run: { s, a in try showFrame(s, a); return .succeeded }),
        Command(name: "show", usage: "show [NAME]", summary: "the hierarchy as a tree, with frames and flags",
                arguments: [.view],
                run: { s, a in try showTree(s, a); return .succeeded }),
        Command(name: "constraints", usage: "constraints [NAME]",
                summary: "the constraints (touching NAME), with priority, origin and state",
                arguments: [.view],
                run: { s, a in try listConstraints(s, a); return .succeeded }),
        Command(name: "dump", usage: "dump", summary: "the whole state as one JSON document",
                run: { s, a in
                    try a.none()
                    s.print(StateDump.json(s.engine))
                    return .succeeded
                }),
        Command(name: "devices", usage: "devices", summary: "the devices 'set device = NAME' knows, with screens, safe areas and size classes",
                details: """
                Each device's screen in points (portrait), its display scale, the safe area of a full-screen \
                view controller's root view in portrait and in landscape (top left bottom right), and its size \
                classes (width/height, w = compact, W = regular) in each orientation. 'set device = "iPhone 15"' \
                makes root that screen (a name may be shortened while it names one device: iPhone SE, \
                iPad mini); 'set orientation = landscape' turns it; 'set device = none' keeps root as it is.
                """,
                run: { s, a in
                    try a.none()
                    for line in deviceTable() { s.print(line) }
                    return .succeeded
                }),
        Command(name: "traits", usage: "traits", summary: "what the layout is made for: device, orientation, safe area, size classes, direction",
                details: """
                The device and orientation ('set device', 'set orientation'), root's size and safe area, the \
                horizontal and vertical size classes (without a device: regular from 700 points wide, compact \
                below 500 high), the layout direction ('set layoutDirection = rightToLeft' lays leading and \
                trailing out from the right), the content size category and the display scale.
                """,
                run: { s, a in
                    try a.none()
                    s.print(traitsLine(s.engine.hierarchy))
                    return .succeeded
                }),
        Command(name: "expect", usage: "expect NAME.frame == X Y W H | NAME.ATTR == V | ambiguous NAME | unambiguous NAME | broken C | violated C | satisfied C | inactive C",
                summary: "an assertion for scripts and lessons (tolerance 0.001)",
                details: """
                Frames and attributes are those of the last layout pass, in the superview's coordinates. \
                A failed expect prints what was expected and what is, and fails the script.
                """, arguments: [.view],
                run: { s, a in try expect(s, a); return .succeeded }),
    ]

    /// `devices`: one line a device, in columns.
    static func deviceTable() -> [String] {
        func insets(_ e: EdgeInsets) -> String { [e.top, e.left, e.bottom, e.right].map(formatNumber).joined(separator: " ") }
        func classes(_ d: Device, _ o: Orientation) -> String {
            let c = d.sizeClasses(o)
            return (c.horizontal == .compact ? "w" : "W") + (c.vertical == .compact ? "h" : "H")
        }
        let rows = [["device", "points", "scale", "safe area portrait", "landscape", "classes"]] + Device.all.map { d in
            [d.name, "\(formatNumber(d.width)) x \(formatNumber(d.height))", "\(formatNumber(d.scale))x",
             insets(d.portraitInsets), insets(d.landscapeInsets), classes(d, .portrait) + " / " + classes(d, .landscape)]
        }
        let widths = (0..<rows[0].count).map { k in rows.map { $0[k].count }.max()! }
        return rows.map { row in
            row.enumerated().map { k, cell in k == row.count - 1 ? cell : cell.padding(toLength: widths[k], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }
    }

    static let pendingNote = "layout pending: frames are from the last layout pass"

    /// `(x, y, w, h)`.
    static func describe(_ rect: Rect) -> String {
        "(\(formatNumber(rect.x)), \(formatNumber(rect.y)), \(formatNumber(rect.width)), \(formatNumber(rect.height)))"
    }

    static func showFrame(_ s: Session, _ a: Arguments) throws {
        let h = s.engine.hierarchy
        var c = try a.cursor()
        let name = try c.name("a view name")
        try c.expectEnd()
        let id = try h.viewID(named: name)
        s.print("\(name) \(describe(h.view(id).frame))" + (h.needsLayout ? "  (layout pending)" : ""))
    }

    static func showTree(_ s: Session, _ a: Arguments) throws {
        let h = s.engine.hierarchy, engine = s.engine
        var c = try a.cursor()
        var top = Hierarchy.rootID
        if !c.atEnd { top = try h.viewID(named: try c.name("a view name")) }
        try c.expectEnd()
        if h.needsLayout { s.print(Commands.pendingNote) }
        let conflicted = Set(engine.conflicts.flatMap { entry in
            entry.set.compactMap { h.constraint($0) }.flatMap(\.items)
        })
        var flags: [ViewID: [String]] = [:]
        for warning in engine.diagnostics.warnings() {
            switch warning {
            case let .outside(id, _): flags[id, default: []].append("OUTSIDE")
            case let .overlap(a, b, _):
                if !(flags[a]?.contains("OVERLAPS") ?? false) { flags[a, default: []].append("OVERLAPS") }
                if !(flags[b]?.contains("OVERLAPS") ?? false) { flags[b, default: []].append("OVERLAPS") }
            case let .truncated(id, _, _): flags[id, default: []].append("TRUNCATED")
            }
        }
        var lines: [String] = []
        for (id, depth) in h.preorder(from: top) {
            let view = h.view(id)
            var line = String(repeating: "  ", count: depth) + "\(view.name) \(view.kindName)"
            if view.kind == .label || view.kind == .button { line += " " + quoted(view.text) }
            line += " " + describe(view.frame)
            let free = engine.ambiguousComponents(of: id)
            if !free.isEmpty { line += " AMBIGUOUS(\(free.map(\.rawValue).joined(separator: ", ")))" }
            if conflicted.contains(id) { line += " CONFLICT" }
            for flag in flags[id] ?? [] { line += " " + flag }
            if view.isHidden { line += " hidden" }
            if view.translatesAutoresizingMaskIntoConstraints { line += " autoresizing(\(view.autoresizingMask.accessory))" }
            lines.append(line)
        }
        s.print(lines.joined(separator: "\n"))
    }

    static func listConstraints(_ s: Session, _ a: Arguments) throws {
        let h = s.engine.hierarchy, engine = s.engine
        var c = try a.cursor()
        var filter: ViewID?
        if !c.atEnd { filter = try h.viewID(named: try c.name("a view name")) }
        try c.expectEnd()
        let all = h.allConstraints.filter { filter == nil || $0.constraint.items.contains(filter!) }
        guard !all.isEmpty else {
            s.print(filter == nil ? "no constraints" : "no constraints touch '\(h.view(filter!).name)'")
            return
        }
        let width = all.map(\.constraint.name.count).max()!
        var lines: [String] = []
        for (ref, constraint) in all {
            let name = constraint.name.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append("\(name)  \(h.text(of: constraint))  [\(stateText(ref, constraint, engine))]")
        }
        s.print(lines.joined(separator: "\n"))
    }

    /// `priority 1000, user, satisfied` / `..., violated by 118`, and UIKit's identifier
    /// (`'UISV-spacing'`, `'UIView-Encapsulated-Layout-Height'`).
    static func stateText(_ ref: ConstraintRef, _ constraint: LayoutConstraint, _ engine: LayoutEngine) -> String {
        let state = engine.state(of: ref)
        var text = "priority \(constraint.priority), \(constraint.origin.rawValue), \(state.rawValue)"
        if state == .violated || state == .broken { text += " by \(formatNumber(engine.error(of: ref)))" }
        if let identifier = constraint.identifier { text += ", '\(identifier)'" }
        return text
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for c in text {
            switch c {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result += String(c).visible
            }
        }
        return result + "\""
    }

    static func expect(_ s: Session, _ a: Arguments) throws {
        let h = s.engine.hierarchy, engine = s.engine
        var c = try a.cursor()
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
            guard let attribute = LayoutAttribute(shellWord: property) else {
                throw ShellError.unknownAttribute(property, suggestion: LayoutAttribute.suggestion(for: property, among: ["frame", "x", "y"]))
            }
            actual = h.value(of: attribute, of: view.id)
        }
        if abs(actual - expected) > 0.001 {
            throw ShellError.expectation("\(name).\(property) == \(formatNumber(expected)), but it is \(formatNumber(actual))" + (h.needsLayout ? " (layout pending)" : ""))
        }
    }
}
