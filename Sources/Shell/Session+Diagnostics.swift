import LayoutEngine
import Cassowary

/// The diagnostics in words: `conflicts`, `ambiguous`, `explain`, `exercise`, `trace`.
extension Session {
    // MARK: - conflicts

    func listConflicts(_ rest: String) throws {
        try noArguments(rest, "conflicts")
        if h.needsLayout { print(pendingNote) }
        var blocks: [String] = []
        for report in engine.conflictReports() {
            blocks.append(conflictText(report))
        }
        var fitting: [String] = []
        for (ref, constraint) in h.allConstraints where engine.state(of: ref) == .violated {
            // A stack view's low-priority fitting constraints give way by design.
            if let identifier = constraint.identifier, StackLayout.fittingIdentifiers.contains(identifier) {
                fitting.append(identifier)
                continue
            }
            blocks.append(violationText(ref, constraint))
        }
        print(blocks.isEmpty ? "no conflicts" : blocks.joined(separator: "\n\n"))
        if !fitting.isEmpty {
            var kinds: [String] = []
            for identifier in fitting where !kinds.contains(identifier) { kinds.append(identifier) }
            let count = fitting.count
            print("(\(count) stack-view fitting constraint\(count == 1 ? "" : "s") (\(kinds.joined(separator: ", "))) give way by design; 'constraints' lists them)")
        }
    }

    func conflictText(_ report: LayoutEngine.ConflictReport) -> String {
        let brokenName = engine.name(of: report.broken)
        var lines = ["conflict: \(brokenName) is broken", ""]
        lines.append(h.unsatisfiableMessage(set: report.set, broken: report.broken))
        lines.append("")
        let count = report.set.count
        lines.append(count == 1
            ? "In strut's words: this required constraint cannot hold:"
            : "In strut's words: these \(count) required constraints cannot all hold:")
        lines += chainLines(report.steps, unordered: report.unordered)
        lines.append(count == 1
            ? "strut broke \(brokenName)."
            : "strut broke \(brokenName), the most recently activated of them.")
        if !report.fixes.isEmpty {
            lines.append("Any one of these changes resolves it:")
            // A stack view's constraints are not the user's to change one by one: one line per
            // stack, naming the kinds that take part (a hidden view's own line stays).
            var stackKinds: [(stack: ViewID, identifiers: [String])] = []
            for member in report.fixes {
                if case let .stack(id, _) = member, let constraint = h.constraint(member), constraint.identifier != "UISV-hiding" {
                    let identifier = constraint.identifier ?? "stack"
                    if let k = stackKinds.firstIndex(where: { $0.stack == id }) {
                        if !stackKinds[k].identifiers.contains(identifier) { stackKinds[k].identifiers.append(identifier) }
                    } else {
                        stackKinds.append((id, [identifier]))
                    }
                    continue
                }
                lines.append("  " + fixText(member))
            }
            for (id, identifiers) in stackKinds {
                lines.append("  change stack view \(h.view(id).name)'s distribution, alignment, spacing or arranged views   (its \(identifiers.joined(separator: ", ")) take part)")
            }
        } else {
            lines.append("No single change to this set resolves it: other conflicts hold it too.")
        }
        return lines.joined(separator: "\n")
    }

    /// `c1: title.leading == root.leading + 8    title.x = 8`, aligned.
    func chainLines(_ steps: [LayoutEngine.ChainStep], unordered: [ConstraintRef]) -> [String] {
        let texts = steps.map { step -> String in
            "\(engine.name(of: step.ref)): \(h.constraint(step.ref).map { h.text(of: $0) } ?? "?")\(originNote(step.ref))"
        }
        let width = texts.map(\.count).max() ?? 0
        var lines: [String] = []
        for (step, text) in zip(steps, texts) {
            var line = "  " + text
            var note: String?
            if let sets = step.sets { note = sets }
            if let shortfall = step.shortfall {
                note = shortfall == 0 ? "holds only at its limit" : "cannot hold: off by \(formatNumber(shortfall))"
            }
            if let note { line += String(repeating: " ", count: width - text.count) + "   " + note }
            lines.append(line)
        }
        if !unordered.isEmpty {
            lines.append("  and, holding only together with the above:")
            for ref in unordered {
                lines.append("    \(engine.name(of: ref)): \(h.constraint(ref).map { h.text(of: $0) } ?? "?")\(originNote(ref))")
            }
        }
        return lines
    }

    /// ` (content hugging)`, ` (compression resistance)`, ` (autoresizing)`; nothing for a user's.
    func originNote(_ ref: ConstraintRef) -> String {
        if case let .stack(id, _) = ref { return " (stack view \(h.view(id).name))" }
        guard case let .system(_, kind) = ref else { return "" }
        switch kind {
        case .huggingH, .huggingV: return " (content hugging)"
        case .compressionH, .compressionV: return " (compression resistance)"
        default: return " (autoresizing)"
        }
    }

    /// The command that makes the change: deactivate or lower a user's constraint; lower a
    /// view's content priority; turn a view's autoresizing off.
    func fixText(_ ref: ConstraintRef) -> String {
        let name = engine.name(of: ref)
        switch ref {
        case .user:
            return "deactivate \(name)   (or: priority \(name) 999)"
        case let .system(id, kind):
            let view = h.view(id).name
            switch kind {
            case .huggingH: return "set \(view).hugging.h = 999"
            case .huggingV: return "set \(view).hugging.v = 999"
            case .compressionH: return "set \(view).compression.h = 999"
            case .compressionV: return "set \(view).compression.v = 999"
            default: return "set \(view).autoresizing = off   (then constrain \(view) yourself)"
            }
        case let .stack(id, k):
            let stack = h.view(id)
            let constraint = stack.stackLayout.slots[k]!
            if constraint.identifier == "UISV-hiding" {
                return "set \(h.view(constraint.first.item).name).hidden = false   (or lower the hidden view's own constraints to 999)"
            }
            return "change stack view \(stack.name)'s distribution, alignment, spacing or arranged views   (its \(constraint.identifier ?? "stack") takes part)"
        }
    }

    func violationText(_ ref: ConstraintRef, _ constraint: LayoutConstraint) -> String {
        let error = engine.error(of: ref)
        let how: String
        switch constraint.relation {
        case .lessThanOrEqual: how = "over by"
        case .greaterThanOrEqual: how = "short by"
        case .equal: how = "off by"
        }
        let forcers = engine.forcedBy(ref)
        var head = "violated \(constraint.name): \(h.text(of: constraint))\(originNote(ref)), \(how) \(formatNumber(error))"
        guard !forcers.isEmpty else { return head }
        let higher = forcers.allSatisfy { (h.constraint($0)?.priority ?? 0) > constraint.priority }
        head += higher ? ", because these hold before it:" : ", because these hold (equal priorities share the error):"
        let (steps, unordered) = engine.chain(forcers + [ref], target: ref)
        var lines = [head] + chainLines(steps.filter { $0.ref != ref }, unordered: unordered)
        lines.append("  forced by \(forcers.map(engine.name).joined(separator: ", "))")
        return lines.joined(separator: "\n")
    }

    // MARK: - ambiguous

    func listAmbiguous(_ rest: String) throws {
        try noArguments(rest, "ambiguous")
        if h.needsLayout { print(pendingNote) }
        var lines: [String] = []
        for view in h.allViews {
            guard let report = engine.ambiguityReport(view.id) else { continue }
            let parts = report.components.map { component -> String in
                guard let range = engine.range(of: component, of: view.id) else { return component.rawValue }
                let low = range.lower.map { "[\(formatNumber($0))" } ?? "(-inf"
                let high = range.upper.map { "\(formatNumber($0))]" } ?? "+inf)"
                return "\(component.rawValue) in \(low), \(high)"
            }
            lines.append("\(view.name): \(parts.joined(separator: "; "))")
            for reason in report.reasons { lines.append("  why: \(reason)") }
            for pin in report.pins { lines.append("  pin: \(pin)") }
        }
        print(lines.isEmpty ? "no ambiguous views" : lines.joined(separator: "\n"))
    }

    // MARK: - explain

    func explain(_ rest: String) throws {
        var c = try cursor(rest, "explain NAME[.ATTR]")
        let name = try c.name("a view name")
        let id = try h.viewID(named: name)
        var attribute: LayoutAttribute?
        var label = "frame"
        if c.accept(".") {
            let word = try c.name("x, y, width, height or an attribute")
            switch word {
            case "x": attribute = .left
            case "y": attribute = .top
            default:
                guard let known = LayoutAttribute(name: word) else {
                    throw ShellError.unknownAttribute(word, suggestion: closestMatch(to: word, in: ["x", "y"] + LayoutAttribute.userAttributes.map(\.name)))
                }
                attribute = known
            }
            label = word
        }
        try c.expectEnd()
        if h.needsLayout { print(pendingNote) }
        let view = h.view(id)
        if id == Hierarchy.rootID {
            print("root \(Session.describe(view.frame)) is fixed: its frame is given ('set root.frame = X Y W H')")
            return
        }
        let (steps, unordered, free) = engine.explain(id, attribute: attribute)
        var head: String
        if let attribute {
            head = "\(name).\(label) = \(formatNumber(engine.solvedValue(of: attribute, of: id)))"
        } else {
            head = "\(name) \(Session.describe(engine.solvedFrame(id)))"
        }
        if steps.isEmpty && unordered.isEmpty {
            head += free ? ": nothing fixes it (see 'ambiguous')" : ": nothing but the engine's givens"
            print(head)
            return
        }
        if free { head += ", not unique (see 'ambiguous'); it rests on" } else { head += ", from" }
        head += ":"
        print(([head] + chainLines(steps, unordered: unordered)).joined(separator: "\n"))
    }

    // MARK: - exercise

    func exercise(_ rest: String) throws {
        var c = try cursor(rest, "exercise NAME")
        let name = try c.name("a view name")
        try c.expectEnd()
        engine.layoutIfNeeded()
        let before = h.allViews.map { ($0.id, $0.frame) }
        _ = try engine.exerciseAmbiguity(of: name)
        var lines: [String] = []
        for (id, frame) in before {
            let after = h.view(id).frame
            guard after != frame else { continue }
            lines.append("\(h.view(id).name) \(Session.describe(frame)) -> \(Session.describe(after))")
        }
        print(lines.isEmpty ? "nothing moved" : lines.joined(separator: "\n"))
    }

    // MARK: - trace

    /// `_autolayoutTrace`: one line per view, `|   ` per level, `•` for the engine's host
    /// (root), `*` for views under Auto Layout and guides, `+` for views whose autoresizing
    /// mask is translated into constraints; `- AMBIGUOUS LAYOUT for ...` with the engine's
    /// variables.
    func trace(_ rest: String) throws {
        try noArguments(rest, "trace")
        var lines: [String] = []
        func walk(_ id: ViewID, _ depth: Int) {
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
                    return "\(item).\(word){id: \(engine.variableIndex(of: component, of: id) ?? 0)}"
                }
                line += "- AMBIGUOUS LAYOUT for " + variables.joined(separator: ", ")
            }
            lines.append(line)
            for child in view.children { walk(child, depth + 1) }
        }
        walk(Hierarchy.rootID, 0)
        print(lines.joined(separator: "\n"))
    }
}
