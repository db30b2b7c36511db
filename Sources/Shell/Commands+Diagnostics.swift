import LayoutEngine

/// The diagnostics: `conflicts`, `ambiguous`, `explain`, `trace`, `exercise`. The engine finds,
/// `DiagnosisText` words.
extension Commands {
    static let diagnostics: [Command] = [
        Command(name: "conflicts", usage: "conflicts [all]",
                summary: "broken required constraints (UIKit's message, then a chain and the fixes) and violated optional ones, with what forces them",
                details: """
                Each fix is tried on a copy and shown with what it does (what moves, what collapses, \
                becomes ambiguous, violated or broken), those that leave no such damage first, then by \
                how little moves; the best three, or every one with 'conflicts all'. Constraints that \
                are UIKit's (a cell's encapsulated size, margins, private ones) are never offered. A \
                view stretched past its content (its hugging giving way) is one line at the end, as \
                designed; 'conflicts all' explains each.
                """,
                run: { s, a in try conflicts(s, a); return .succeeded }),
        Command(name: "why", usage: "why NAME.ATTR REL VALUE | why NAME.frame == X Y W H | why CONSTRAINT",
                summary: "could this hold? if not, what forbids it (and the fixes), or what wins over it now",
                details: """
                The relation is added, required, to a copy of the layout. If required constraints \
                forbid it: the minimal set as a chain, and the changes that let it hold, tried and \
                ranked as in 'conflicts'. If they allow it: the optional constraints that win over it \
                now, with how far each would be off. A location with a constant (title.leading == 20, \
                title.x, title.y) is in the superview's coordinates.
                """, arguments: [.view],
                run: { s, a in try why(s, a); return .succeeded }),
        Command(name: "warnings", usage: "warnings",
                summary: "views outside their superview, overlapping siblings, truncated labels",
                details: """
                From the frames of the last layout pass, as Interface Builder flags misplaced and \
                clipped views: a view past its superview's bounds (by more than half a point), two \
                visible siblings that overlap, a label or button smaller than its content. Hidden views \
                are left out. 'show' flags the same views OUTSIDE, OVERLAPS, TRUNCATED.
                """,
                run: { s, a in try warnings(s, a); return .succeeded }),
        Command(name: "ambiguous", usage: "ambiguous",
                summary: "views whose frames are not unique: which parts are free, why, and what would pin them",
                run: { s, a in try ambiguous(s, a); return .succeeded }),
        Command(name: "explain", usage: "explain NAME[.ATTR]",
                summary: "the constraints that fix a frame component, as a chain from what is fixed",
                details: """
                ATTR is x, y, width, height or any attribute (leading, centerY, ...); without it, all four \
                frame components. Each line is a constraint that, held as an equation, sets one more \
                component; the constraints are those the layout rests on (the basis of the solution).
                """, arguments: [.view],
                run: { s, a in try explain(s, a); return .succeeded }),
        Command(name: "trace", usage: "trace", summary: "the hierarchy as UIKit's _autolayoutTrace prints it, with AMBIGUOUS LAYOUT markers",
                run: { s, a in try trace(s, a); return .succeeded }),
        Command(name: "exercise", usage: "exercise NAME", summary: "switch to another equally good layout where NAME is ambiguous",
                mutates: true, arguments: [.view],
                run: { s, a in try exercise(s, a); return .succeeded }),
    ]

    static func conflicts(_ s: Session, _ a: Arguments) throws {
        var c = try a.cursor()
        let all = c.acceptWord("all")
        try c.expectEnd()
        let text = s.diagnosisText
        if s.engine.hierarchy.needsLayout { s.print(pendingNote) }
        let violations = s.engine.diagnostics.violations()
        // A view's hugging that gives way (a label stretched past its text) is the layout
        // working as designed: one line, unless everything is asked for.
        let stretched = all ? [] : violations.reports.filter(\.isStretching)
        let shown = all ? violations.reports : violations.reports.filter { !$0.isStretching }
        let blocks = s.engine.diagnostics.conflictReports().map { text.text($0, allFixes: all) } + shown.map(text.text)
        s.print(blocks.isEmpty ? s.say("no conflicts", "競合はありません") : blocks.joined(separator: "\n\n"))
        if let note = text.stretchedNote(stretched) { s.print(note) }
        if let note = text.givingWayNote(violations) { s.print(note) }
    }

    static func why(_ s: Session, _ a: Arguments) throws {
        let h = s.engine.hierarchy
        var c = try a.cursor()
        var specs: [ConstraintSpec]
        var probe = c
        let name = try probe.name("a view name")
        let property = probe.accept(".") ? probe.peek?.name : nil
        func parent(of name: String) throws -> String {
            let id = try h.viewID(named: name)
            guard let parent = h.view(id).parent else {
                throw ShellError.syntax("root has no superview: ask about its width or height", usage: nil)
            }
            return h.view(parent).name
        }
        if property == "frame" {
            c = probe
            c.position += 1
            try c.expect("==", "'==' (a frame is asked for whole)")
            let values = [try c.number("X Y W H"), try c.number("X Y W H"), try c.number("X Y W H"), try c.number("X Y W H")]
            let superview = try parent(of: name)
            specs = [
                ConstraintSpec(name: nil, firstItem: name, firstAttribute: .left, relation: .equal, secondItem: superview, secondAttribute: .left, constant: values[0]),
                ConstraintSpec(name: nil, firstItem: name, firstAttribute: .top, relation: .equal, secondItem: superview, secondAttribute: .top, constant: values[1]),
                ConstraintSpec(name: nil, firstItem: name, firstAttribute: .width, relation: .equal, constant: values[2]),
                ConstraintSpec(name: nil, firstItem: name, firstAttribute: .height, relation: .equal, constant: values[3]),
            ]
        } else if property == "x" || property == "y" {
            c = probe
            c.position += 1
            let relation: LayoutRelation
            if c.accept("==") { relation = .equal } else if c.accept("<=") { relation = .lessThanOrEqual }
            else if c.accept(">=") { relation = .greaterThanOrEqual } else { throw c.fail("a relation ('==', '<=' or '>=')") }
            let value = try c.number("a value")
            let attribute: LayoutAttribute = property == "x" ? .left : .top
            specs = [ConstraintSpec(name: nil, firstItem: name, firstAttribute: attribute, relation: relation,
                                    secondItem: try parent(of: name), secondAttribute: attribute, constant: value)]
        } else {
            var spec = try constraintSpec(&c, in: h)
            // A location against a constant is in the superview's coordinates.
            if spec.secondItem == nil && spec.firstAttribute != .width && spec.firstAttribute != .height {
                spec.secondItem = try parent(of: spec.firstItem)
                spec.secondAttribute = spec.firstAttribute
            }
            specs = [spec]
        }
        try c.expectEnd()
        let answer = try s.engine.whyNot(specs)
        s.print(DiagnosisText(engine: answer.engine, language: s.running.language).lines(answer).joined(separator: "\n"))
    }

    static func warnings(_ s: Session, _ a: Arguments) throws {
        try a.none()
        let h = s.engine.hierarchy
        if h.needsLayout { s.print(pendingNote) }
        let lines = s.engine.diagnostics.warnings().map { warningText($0, in: h) }
        s.print(lines.isEmpty ? "no warnings" : lines.joined(separator: "\n"))
    }

    /// `outside: …`, `overlap: …`, `truncated: …` (`warnings`, `strut check`).
    static func warningText(_ warning: LayoutWarning, in h: Hierarchy) -> String {
        func name(_ id: ViewID) -> String { h.view(id).name }
        switch warning {
        case let .outside(id, over):
            let sides = [("left", over.left), ("top", over.top), ("right", over.right), ("bottom", over.bottom)]
                .filter { $0.1 > 0 }.map { "\(formatNumber($0.1)) past the \($0.0)" }
            return "outside: \(name(id)) \(describe(h.view(id).frame)) runs \(sides.joined(separator: " and ")) of \(name(h.view(id).parent!))"
        case let .overlap(a, b, shared):
            return "overlap: \(name(a)) and \(name(b)) share \(formatNumber(shared.width)) x \(formatNumber(shared.height)) at (\(formatNumber(shared.x)), \(formatNumber(shared.y)))"
        case let .truncated(id, needs, has):
            var parts: [String] = []
            if has.width < needs.width - 0.5 { parts.append("\(formatNumber(has.width)) wide where its content needs \(formatNumber(needs.width))") }
            if has.height < needs.height - 0.5 { parts.append("\(formatNumber(has.height)) high where its content needs \(formatNumber(needs.height))") }
            return "truncated: \(name(id)) is \(parts.joined(separator: ", and "))"
        }
    }

    static func ambiguous(_ s: Session, _ a: Arguments) throws {
        try a.none()
        let text = s.diagnosisText
        if s.engine.hierarchy.needsLayout { s.print(pendingNote) }
        let lines = text.groupedLines(s.engine.hierarchy.allViewIDs.compactMap { s.engine.ambiguityReport($0) })
        s.print(lines.isEmpty ? s.say("no ambiguous views", "曖昧なビューはありません") : lines.joined(separator: "\n"))
    }

    static func explain(_ s: Session, _ a: Arguments) throws {
        let engine = s.engine
        var c = try a.cursor()
        let name = try c.name("a view name")
        let h = engine.hierarchy
        let id = try h.viewID(named: name)
        var attribute: LayoutAttribute?
        var label = "frame"
        if c.accept(".") {
            let word = try c.name("x, y, width, height or an attribute")
            switch word {
            case "x": attribute = .left
            case "y": attribute = .top
            default:
                guard let known = LayoutAttribute(shellWord: word) else {
                    throw ShellError.unknownAttribute(word, suggestion: LayoutAttribute.suggestion(for: word, among: ["x", "y"]))
                }
                attribute = known
            }
            label = attribute.map { word == "x" || word == "y" ? word : $0.name } ?? word
        }
        try c.expectEnd()
        if h.needsLayout { s.print(pendingNote) }
        let view = h.view(id)
        if id == Hierarchy.rootID {
            s.print("root \(describe(view.frame)) is fixed: its frame is given ('set root.frame = X Y W H')")
            return
        }
        let explanation = engine.explain(id, attribute: attribute)
        let free = explanation.isFree
        var head: String
        if let attribute {
            head = "\(name).\(label) = \(formatNumber(engine.diagnostics.solvedValue(of: attribute, of: id)))"
        } else {
            head = "\(name) \(describe(engine.solvedFrame(id)))"
        }
        if explanation.chain.steps.isEmpty && explanation.chain.unordered.isEmpty {
            head += free ? s.say(": nothing fixes it (see 'ambiguous')", "：これを決めるものはありません（'ambiguous' を参照）") : s.say(": nothing but the engine's givens", "：エンジンの前提だけで決まります")
            s.print(head)
            return
        }
        if free { head += s.say(", not unique (see 'ambiguous'); it rests on:", "。一意ではありません（'ambiguous' を参照）。よりどころ：") } else { head += s.say(", from:", "。その理由：") }
        s.print(([head] + DiagnosisText(engine: engine, language: s.running.language).lines(explanation.chain)).joined(separator: "\n"))
    }

    static func exercise(_ s: Session, _ a: Arguments) throws {
        let engine = s.engine
        var c = try a.cursor()
        let name = try c.name("a view name")
        try c.expectEnd()
        // Refused before the layout pass, so that a refusal changes nothing.
        let id = try engine.hierarchy.viewID(named: name)
        if engine.ambiguousComponents(of: id).isEmpty { throw LayoutError.notAmbiguous(name) }
        engine.layoutIfNeeded()
        let before = engine.hierarchy.allViews.map { ($0.id, $0.frame) }
        _ = try engine.exerciseAmbiguity(of: name)
        var lines: [String] = []
        for (id, frame) in before {
            let h = engine.hierarchy
            let after = h.view(id).frame
            guard after != frame else { continue }
            lines.append("\(h.view(id).name) \(describe(frame)) -> \(describe(after))")
        }
        s.print(lines.isEmpty ? "nothing moved" : lines.joined(separator: "\n"))
    }

    /// `_autolayoutTrace`: one line per view, `|   ` per level, `•` for the engine's host
    /// (root), `*` for views under Auto Layout and guides, `+` for views whose autoresizing
    /// mask is translated into constraints; `- AMBIGUOUS LAYOUT for ...` with the engine's
    /// variables.
    static func trace(_ s: Session, _ a: Arguments) throws {
        let engine = s.engine
        try a.none()
        let h = engine.hierarchy
        var lines: [String] = []
        for (id, depth) in h.preorder(from: Hierarchy.rootID) {
            let view = h.view(id)
            let marker = id == Hierarchy.rootID ? "•" : view.kind == .guide ? "*" : view.translatesAutoresizingMaskIntoConstraints ? "+" : "*"
            var line = String(repeating: "|   ", count: depth) + marker + h.uikitItem(id)
            let free = engine.ambiguousComponents(of: id)
            if !free.isEmpty {
                let item = h.uikitItem(id)
                let variables = free.map { component -> String in
                    let word: String
                    switch component {
                    case .x: word = "minX"
                    case .y: word = "minY"
                    case .width: word = "Width"
                    case .height: word = "Height"
                    }
                    return "\(item).\(word){id: \(engine.diagnostics.variableIndex(of: component, of: id) ?? 0)}"
                }
                line += "- AMBIGUOUS LAYOUT for " + variables.joined(separator: ", ")
            }
            lines.append(line)
        }
        s.print(lines.joined(separator: "\n"))
    }
}
