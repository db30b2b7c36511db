import LayoutEngine

/// The diagnostics' data in words: chains, fixes as the commands that make them, conflicts,
/// violations, ambiguity. `conflicts`, `ambiguous`, `explain` and the log import all render
/// through here.
struct DiagnosisText {
    let engine: LayoutEngine
    /// `ja` inside a Japanese lesson or challenge: the words are Japanese, the constraints and
    /// commands as typed.
    var language = "en"
    var h: Hierarchy { engine.hierarchy }

    /// The English or the Japanese.
    func say(_ english: String, _ japanese: String) -> String { language == "ja" ? japanese : english }

    func name(_ ref: ConstraintRef) -> String { engine.name(of: ref) }

    /// Names as a list, six at most: `a, b, c, d, e and 3 more`.
    func listed(_ names: [String]) -> String {
        names.count <= 6 ? names.joined(separator: ", ")
            : names.prefix(5).joined(separator: ", ") + say(" and \(names.count - 5) more", " ほか \(names.count - 5) 個")
    }
    func name(_ view: ViewID) -> String { h.view(view).name }

    // MARK: - Chains

    /// `title.x = 8`, `(at its limit)`, `, but a width is never negative`.
    func text(_ setting: Setting) -> String {
        let component = setting.component.component.rawValue
        var text = "\(name(setting.component.view)).\(component) = \(formatNumber(setting.value))"
        if setting.atLimit { text += say(" (at its limit)", "（限界値）") }
        if setting.isNegativeSize { text += say(", but a \(component) is never negative", "。ただし \(component) が負になることはありません") }
        return text
    }

    /// `count` spaces, cut from one string rather than made with `String(repeating:count:)` for
    /// each line.
    static func padding(_ count: Int) -> Substring {
        count <= spaces.count ? spaces.prefix(max(count, 0)) : Substring(String(repeating: " ", count: count))
    }

    static let spaces = String(repeating: " ", count: 128)

    /// `c1: title.leading == root.leading + 8    title.x = 8`, aligned; then the constraints
    /// that only hold together.
    func lines(_ chain: Chain) -> [String] {
        let texts = chain.steps.map { "\(shown($0.ref)): \(constraintText($0.ref))\(originNote($0.ref))" }
        let lengths = texts.map(\.count)  // counted once (characters, not bytes)
        let width = lengths.max() ?? 0
        var lines: [String] = []
        for (k, (step, text)) in zip(chain.steps, texts).enumerated() {
            var line = "  " + text
            var note = step.sets.map(self.text)
            if let shortfall = step.shortfall {
                note = shortfall == 0 ? say("holds only at its limit", "限界値でだけ満たされる") : say("cannot hold: off by \(formatNumber(shortfall))", "満たせない：\(formatNumber(shortfall)) ずれる")
            }
            if let note {
                line += DiagnosisText.padding(width - lengths[k])
                line += "   "
                line += note
            }
            lines.append(line)
        }
        if !chain.unordered.isEmpty {
            lines.append(say("  and, holding only together with the above:", "  さらに、上と組になってはじめて満たされるもの："))
            for ref in chain.unordered {
                lines.append("    \(shown(ref)): \(constraintText(ref))\(originNote(ref))")
            }
        }
        return lines
    }

    /// The name, and UIKit's identifier when the constraint has one besides its name
    /// (`c_c0a0 'UIView-Encapsulated-Layout-Height'`).
    func shown(_ ref: ConstraintRef) -> String {
        guard let identifier = h.constraint(ref)?.identifier else { return name(ref) + codeLine(ref) }
        return "\(name(ref)) '\(identifier)'" + codeLine(ref)
    }

    /// ` (ProfileView.swift:42)`: where imported code made a constraint named after its
    /// property (one named after its line says it already).
    func codeLine(_ ref: ConstraintRef) -> String {
        let name = name(ref)
        guard let source = h.codeSources.constraints[name] else { return "" }
        let place = "\(source.file):\(source.line)"
        return name == place || name.hasPrefix(place + ".") ? "" : " (\(place))"
    }

    func constraintText(_ ref: ConstraintRef) -> String {
        h.constraint(ref).map { h.text(of: $0) } ?? "?"
    }

    /// ` (content hugging)`, ` (compression resistance)`, ` (autoresizing)`, ` (layout guide)`,
    /// ` (stack view S)`;
    /// nothing for a user's.
    func originNote(_ ref: ConstraintRef) -> String {
        switch ref {
        case .user: return ""
        case let .stack(id, _): return " (stack view \(name(id)))"
        case let .system(_, kind):
            switch kind {
            case .huggingH, .huggingV: return " (content hugging)"
            case .compressionH, .compressionV: return " (compression resistance)"
            case .guideTop, .guideLeft, .guideBottom, .guideRight: return " (layout guide)"
            default: return " (autoresizing)"
            }
        }
    }

    // MARK: - Fixes

    /// The command that makes the change, with what else would do.
    func text(_ fix: Fix) -> String {
        switch fix {
        case let .deactivate(ref):
            return "deactivate \(name(ref))   (or: priority \(name(ref)) 999)"
        case let .priority(ref, priority):
            return "priority \(name(ref)) \(priority)"
        case let .contentPriority(view, kind, priority):
            return "set \(name(view)).\(kind.suffix) = \(priority)"
        case let .autoresizingOff(view):
            let logged = engine.diagnostics.logAutoresizing(of: view)
            guard logged.isEmpty else {
                // A log's view: the change is in the app; here it is the logged constraints.
                return "turn translatesAutoresizingMaskIntoConstraints off for \(name(view)) and constrain it yourself   (here: deactivate \(logged.map(name).joined(separator: " ")))"
            }
            return "set \(name(view)).autoresizing = off   (then constrain \(name(view)) yourself)"
        case let .unhide(view):
            return "set \(name(view)).hidden = false   (or lower the hidden view's own constraints to 999)"
        case let .changeStack(stack, identifiers):
            return "change stack view \(name(stack))'s distribution, alignment, spacing or arranged views   (its \(identifiers.joined(separator: ", ")) take part)"
        }
    }

    /// `Any one of these changes resolves it:` and the fixes, or why there is none.
    func fixLines(_ fixes: [Fix]) -> [String] {
        guard !fixes.isEmpty else { return [say("No single change to this set resolves it: other conflicts hold it too.", "この組の1か所を変えるだけでは解決しません。ほかの競合もこれを支えています。")] }
        return [say("Any one of these changes resolves it:", "次のどれか1つの変更で解決します：")] + fixes.map { "  " + text($0) }
    }

    /// How many ranked fixes `conflicts` shows ('conflicts all': every one).
    static let handful = 3

    /// The fixes tried, best first, each with what it does; UIKit's members named as such.
    func rankedLines(_ report: ConflictReport, all: Bool) -> [String] {
        var lines: [String] = []
        if report.ranked.isEmpty {
            lines.append(say("No single change of yours resolves it: other conflicts hold it too.", "あなたの制約を1か所変えるだけでは解決しません。ほかの競合もこれを支えています。"))
        } else {
            // Ranked last, fixes tried that leave the conflict (a constraint broken elsewhere
            // comes back and clashes again) go under their own heading.
            let resolving = report.ranked.filter { $0.consequence?.resolves != false }
            let ordered = resolving + report.ranked.filter { $0.consequence?.resolves == false }
            lines.append(resolving.isEmpty ? say("No single change resolves it alone; tried, best first:", "1か所の変更だけでは解決しません。試した変更（よい順）：")
                          : say("Any one of these changes resolves it, best first:", "次のどれか1つの変更で解決します（よい順）："))
            // Without 'all', a handful of those that resolve it (or of those tried, when none does).
            let shown = all ? ordered : Array(ordered.prefix(min(DiagnosisText.handful, resolving.isEmpty ? ordered.count : resolving.count)))
            let texts = shown.map { ranked -> String in
                if case let .deactivate(ref) = ranked.fix { return "deactivate \(name(ref))" }
                return text(ranked.fix)
            }
            // The short commands line up; a long one (a stack view's settings) stands alone.
            let width = texts.map(\.count).filter { $0 <= 40 }.max() ?? 0
            for (k, (ranked, fixText)) in zip(shown, texts).enumerated() {
                if k == resolving.count && k > 0 { lines.append(say("Not enough alone, the conflict stays:", "これだけでは足りず、競合が残るもの：")) }
                guard let consequence = ranked.consequence else {
                    lines.append("  " + fixText)
                    continue
                }
                var where_ = ""
                if case let .deactivate(ref) = ranked.fix, !codeLine(ref).isEmpty { where_ = "   [\(codeLine(ref).dropFirst(2).dropLast())]" }
                lines.append("  " + fixText.padding(toLength: max(width, fixText.count), withPad: " ", startingAt: 0) + "   → " + text(consequence) + where_)
            }
            if shown.count < report.ranked.count {
                lines.append(say("  (\(report.ranked.count - shown.count) more: 'conflicts all')", "  （ほかに \(report.ranked.count - shown.count) 件：'conflicts all'）"))
            }
        }
        for ref in report.notOffered {
            let owner = engine.diagnostics.owner(of: ref)
            let words = owner == .cellSizing ? encapsulatedWords(ref) : ownerWords(owner)
            lines.append(say("Not offered: \(name(ref)) is \(words).", "候補にしないもの：\(name(ref))（\(words)）"))
        }
        return lines
    }

    /// A `UIView-Encapsulated-Layout-*` constraint: a cell's size, or the size a view is given
    /// from outside (a controller's root view, a page's view).
    func encapsulatedWords(_ ref: ConstraintRef) -> String {
        let item = h.constraint(ref)?.first.item ?? Hierarchy.rootID
        let className = h.view(item).className
        let cell = className.contains("Cell") || className.contains("ContentView")
            || h.constraint(ref).map { c in c.second.map { h.view($0.item).className.contains("Cell") } ?? false } == true
        return cell
            ? "the size UIKit gives the cell (UIView-Encapsulated-Layout): lower your own to 999 instead"
            : "the size UIKit gives \(name(item)) from outside (UIView-Encapsulated-Layout: a controller's root view, a cell's): lower your own to 999 instead"
    }

    func ownerWords(_ owner: ConstraintOwner) -> String {
        switch owner {
        case .yours: "yours"
        case .stackView: "the stack view's"
        case .autoresizing: "autoresizing's"
        case .contentSize: "the content size's"
        case .cellSizing: "the size UIKit gives the cell (UIView-Encapsulated-Layout): lower your own to 999 instead"
        case .margins: "UIKit's layout margins"
        case let .uikitPrivate(identifier): "UIKit's own ('\(identifier)', private)"
        }
    }

    /// `photo.width 390 → 195; nothing else moves`, `cell collapses to zero width at x = 390`.
    func text(_ c: Consequence) -> String {
        var parts: [String] = []
        // A view that collapses is said so below, not as a move.
        let moves = c.moves.filter { !c.collapsed.contains($0.view) }
        if moves.isEmpty {
            parts.append(c.collapsed.isEmpty ? say("nothing moves", "何も動かない") : say("nothing else moves", "ほかは動かない"))
        } else {
            let shown = moves.prefix(2).map(moveText)
            if moves.count > 2 {
                parts.append(shown.joined(separator: ", ") + say(" and \(moves.count - 2) more move", " ほか \(moves.count - 2) 個が動く"))
            } else {
                parts.append(shown.joined(separator: ", "))
                parts.append(say("nothing else moves", "ほかは動かない"))
            }
        }
        for view in c.collapsed {
            let after = c.moves.first { $0.view == view }?.after ?? h.view(view).frame
            let which = after.width < 1e-9 ? "width" : "height"
            parts.insert(say("\(name(view)) collapses to zero \(which) at x = \(formatNumber(after.x))", "\(name(view)) の \(which) が x = \(formatNumber(after.x)) で 0 につぶれる"), at: parts.count - 1)
        }
        if !c.ambiguous.isEmpty { parts.append(say("makes \(c.ambiguous.map(name).joined(separator: ", ")) ambiguous", "\(c.ambiguous.map(name).joined(separator: ", ")) が曖昧になる")) }
        if !c.violated.isEmpty { parts.append(say("violates \(c.violated.map(name).joined(separator: ", "))", "\(c.violated.map(name).joined(separator: ", ")) が満たされなくなる")) }
        if !c.broken.isEmpty { parts.append(say("breaks \(c.broken.map(name).joined(separator: ", "))", "\(c.broken.map(name).joined(separator: ", ")) が解除される")) }
        if !c.resolves { parts.append(say("and the conflict stays", "競合は残る")) }
        return parts.joined(separator: say("; ", "。"))
    }

    /// `photo.width 390 → 195` when one component changes, else both frames.
    func moveText(_ m: Consequence.Move) -> String {
        let pairs = [("x", m.before.x, m.after.x), ("y", m.before.y, m.after.y),
                     ("width", m.before.width, m.after.width), ("height", m.before.height, m.after.height)]
        let changed = pairs.filter { abs($0.1 - $0.2) > 1e-6 }
        if changed.count == 1, let (component, from, to) = changed.first {
            return "\(name(m.view)).\(component) \(formatNumber(from)) → \(formatNumber(to))"
        }
        func frame(_ r: Rect) -> String { "(\([r.x, r.y, r.width, r.height].map(formatNumber).joined(separator: ", ")))" }
        return "\(name(m.view)) \(frame(m.before)) → \(frame(m.after))"
    }

    // MARK: - Conflicts and violations

    /// UIKit's message, the set as a chain, what strut broke, and the fixes.
    func text(_ report: ConflictReport) -> String { text(report, allFixes: false) }

    func text(_ report: ConflictReport, allFixes: Bool) -> String {
        let broken = name(report.broken)
        var lines = [say("conflict: \(broken) is broken", "競合：\(broken) が解除されています"), ""]
        lines.append(h.unsatisfiableMessage(set: report.set, broken: report.broken))
        lines.append("")
        let count = report.set.count
        lines.append(count == 1
            ? say("In strut's words: this required constraint cannot hold:", "strut の言葉で言うと：この必須の制約は満たせません：")
            : say("In strut's words: these \(count) required constraints cannot all hold:", "strut の言葉で言うと：次の \(count) 個の必須の制約を同時には満たせません："))
        lines += self.lines(report.chain)
        lines.append(count == 1 ? say("strut broke \(broken).", "strut は \(broken) を解除しました。")
                     : say("strut broke \(broken), the most recently activated of them.", "strut は、このうちいちばん最後に有効にされた \(broken) を解除しました。"))
        lines += rankedLines(report, all: allFixes)
        return lines.joined(separator: "\n")
    }

    /// Why a constraint cannot hold even alone: `it cannot hold on its own: a width is never
    /// negative`.
    func aloneReason(_ ref: ConstraintRef) -> String {
        if let c = h.constraint(ref), c.first.attribute == .width || c.first.attribute == .height,
           c.second == nil || c.second?.item == c.first.item && c.second?.attribute == c.first.attribute {
            return say("it cannot hold on its own: a \(c.first.attribute.name) is never negative", "これだけで満たせません。\(c.first.attribute.name) が負になることはありません")
        }
        return say("it cannot hold on its own, whatever the other constraints", "ほかの制約がどうであれ、これだけで満たせません")
    }

    /// How a constraint of this relation misses, in the running language.
    func missWord(_ relation: LayoutRelation) -> String {
        guard language == "ja" else { return DiagnosisText.missWord(relation) }
        switch relation {
        case .lessThanOrEqual: return "超過"
        case .greaterThanOrEqual: return "不足"
        case .equal: return "ずれ"
        }
    }

    /// How a constraint of this relation misses: `over by`, `short by`, `off by`.
    static func missWord(_ relation: LayoutRelation) -> String {
        switch relation {
        case .lessThanOrEqual: "over by"
        case .greaterThanOrEqual: "short by"
        case .equal: "off by"
        }
    }

    /// What a change did, said as it happens: a line for each constraint of yours it left
    /// violated (five, then a count), one line for the views it made ambiguous.
    func standingLines(_ changes: StandingChanges) -> [String] {
        var lines: [String] = []
        for ref in changes.violated.prefix(5) {
            guard let constraint = h.constraint(ref) else { continue }
            let miss = "\(missWord(constraint.relation)) \(formatNumber(engine.error(of: ref)))"
            lines.append(say("violated \(constraint.name): \(h.text(of: constraint)) (\(miss)) — 'conflicts' for more",
                             "満たされない \(constraint.name)：\(h.text(of: constraint))（\(miss)）— 詳しくは 'conflicts'"))
        }
        if changes.violated.count > 5 {
            lines.append(say("and \(changes.violated.count - 5) more violated — 'conflicts' for more", "ほかに \(changes.violated.count - 5) 個が満たされない — 詳しくは 'conflicts'"))
        }
        if !changes.ambiguous.isEmpty {
            let named = changes.ambiguous.prefix(5).map { change in
                "\(name(change.view)) (\(change.components.map(\.rawValue).joined(separator: ", ")))"
            }
            let more = changes.ambiguous.count > 5 ? say(" and \(changes.ambiguous.count - 5) more", " ほか \(changes.ambiguous.count - 5) 個") : ""
            lines.append(say("now ambiguous: \(named.joined(separator: ", "))\(more) — 'ambiguous' for more",
                             "曖昧になった：\(named.joined(separator: ", "))\(more) — 詳しくは 'ambiguous'"))
        }
        return lines
    }

    /// How a violation is explained: by the value its first attribute has and the chain that
    /// gives it, or by the set that forces it, as a chain.
    enum ViolationCause {
        /// Nothing forces it: no layout satisfies it.
        case unsatisfiable
        /// `anchor = value, from:` the chain, which cannot hold with the constraint.
        case byAmount(value: Double, chain: Chain)
        /// The forcing set as a chain.
        case byForcingSet(Chain)

        /// Every constraint the explanation names.
        var named: Set<ConstraintRef> {
            switch self {
            case .unsatisfiable: []
            case let .byAmount(_, chain), let .byForcingSet(chain): Set(chain.steps.map(\.ref) + chain.unordered)
            }
        }
    }

    func cause(of report: ViolationReport) -> ViolationCause {
        guard let constraint = h.constraint(report.ref), !report.forcedBy.isEmpty else { return .unsatisfiable }
        // By its amount: the value the constraint's first attribute has, and the chain that
        // gives it, when that chain, stronger than the constraint, cannot hold with it. A
        // value held at a tie (a label's hugging and compression both at its text's width)
        // may be given by the bound that pushes the other way, which is not the cause:
        // compression cannot keep a label from growing.
        let anchor = constraint.first
        let explanation = engine.explain(anchor.item, attribute: anchor.attribute)
        let chainRefs = Set(explanation.chain.steps.map(\.ref) + explanation.chain.unordered)
        if report.byHigherPriority && !explanation.isFree && !explanation.chain.steps.isEmpty
            && !chainRefs.contains(report.ref)
            && chainRefs.allSatisfy({ (h.constraint($0)?.priority ?? .required) > constraint.priority })
            && engine.diagnostics.forbid(report.ref, by: chainRefs) {
            let value = engine.diagnostics.solvedValue(of: anchor.attribute, of: anchor.item)
            return .byAmount(value: value, chain: explanation.chain)
        }
        return .byForcingSet(report.chain)
    }

    /// `violated c3: … , off by 457.5, because title.width = 42.5, from:` and the chain, or
    /// `because this holds before it:` and the forcing set.
    func text(_ report: ViolationReport) -> String {
        guard let constraint = h.constraint(report.ref) else { return "" }
        let how = missWord(constraint.relation)
        let head = say("violated \(constraint.name): \(h.text(of: constraint))\(originNote(report.ref)), \(how) \(formatNumber(report.error))",
                       "満たされない \(constraint.name)：\(h.text(of: constraint))\(originNote(report.ref))、\(how) \(formatNumber(report.error))")
        switch cause(of: report) {
        case .unsatisfiable:
            return head + say(": no layout can satisfy it, whatever the other constraints", "。ほかの制約がどうであれ、どんなレイアウトでも満たせません")
        case let .byAmount(value, chain):
            let anchor = constraint.first
            return ([say("\(head), because \(name(anchor.item)).\(anchor.attribute.name) = \(formatNumber(value)), from:", "\(head)。\(name(anchor.item)).\(anchor.attribute.name) = \(formatNumber(value)) だからです。その理由：")] + self.lines(chain))
                .joined(separator: "\n")
        case let .byForcingSet(chain):
            let one = report.forcedBy.count == 1
            let because = report.byHigherPriority
                ? (one ? say("because this holds before it:", "次の制約が先に満たされるからです：") : say("because these hold before it:", "次の制約が先に満たされるからです："))
                : (one ? say("because this holds (equal priorities share the error):", "次の制約が満たされるからです（優先度が同じなので誤差を分け合います）：")
                       : say("because these hold (equal priorities share the error):", "次の制約が満たされるからです（優先度が同じなので誤差を分け合います）："))
            var lines = [head + say(", ", "。") + because] + self.lines(chain)
            let shown = Set(chain.steps.map(\.ref) + chain.unordered)
            if shown != Set(report.forcedBy) {
                lines.append(say("  forced by \(report.forcedBy.map(name).joined(separator: ", "))", "  これを強いるもの：\(report.forcedBy.map(name).joined(separator: ", "))"))
            }
            return lines.joined(separator: "\n")
        }
    }

    /// `why`: the relation, then whether it holds, what forbids it (with the fixes), or what
    /// wins over it now.
    func lines(_ answer: WhyNot) -> [String] {
        let asked = answer.asked.compactMap { h.constraint($0) }.map { h.text(of: $0) }.joined(separator: ", ")
        switch answer.verdict {
        case .holds:
            return [say("\(asked): it holds now.", "\(asked)：いまは満たされています。")]
        case let .outweighed(winners):
            guard !winners.isEmpty else {
                return [say("\(asked): it can hold, and nothing gives way for it: the layout is one of several as good (see 'ambiguous').", "\(asked)：満たすことはできますが、そのために譲る制約がありません。いまのレイアウトは同じくらいよい複数のうちの1つです（'ambiguous' を参照）。")]
            }
            var lines = [say("\(asked): the required constraints allow it, but these win over it now (each would be off by):", "\(asked)：必須の制約はこれを許しますが、いまは次の制約が勝っています（満たすとそれぞれがずれる量）：")]
            let texts = winners.map { "\(name($0.ref)): \(constraintText($0.ref))\(originNote($0.ref))" }
            let width = texts.map(\.count).max() ?? 0
            for (winner, text) in zip(winners, texts) {
                lines.append("  " + text.padding(toLength: width, withPad: " ", startingAt: 0) + say("   off by \(formatNumber(winner.error))", "   \(formatNumber(winner.error)) ずれる"))
            }
            let top = winners.map { h.constraint($0.ref)?.priority ?? .required }.max() ?? .required
            lines.append(say("To make it hold: add it at a priority above \(top) (or required), or lower those.", "満たすには：\(top) より高い優先度（または必須）で加えるか、それらの優先度を下げます。"))
            return lines
        case let .forbidden(reports):
            var lines = [say("\(asked): it cannot hold.", "\(asked)：満たせません。")]
            for report in reports {
                let count = report.set.count - 1
                if count == 0 {
                    lines[0] = say("\(asked): \(aloneReason(report.broken)).", "\(asked)：\(aloneReason(report.broken))。")
                    continue
                }
                lines.append(count == 1 ? say("This required constraint forbids it:", "次の必須の制約がそれを許しません：") : say("These \(count) required constraints forbid it:", "次の \(count) 個の必須の制約がそれを許しません："))
                lines += self.lines(report.chain)
                lines += rankedLines(report, all: false).map {
                    $0.replacingOccurrences(of: say("Any one of these changes resolves it, best first:", "次のどれか1つの変更で解決します（よい順）："), with: say("Any one of these changes lets it hold, best first:", "次のどれか1つの変更で満たせるようになります（よい順）："))
                }
            }
            return lines
        }
    }

    /// The closing note on views stretched past their content: their hugging gives way.
    func stretchedNote(_ reports: [ViolationReport]) -> String? {
        guard !reports.isEmpty else { return nil }
        let each = reports.prefix(5).map { "\(name($0.ref)) by \(formatNumber($0.error))" }.joined(separator: ", ")
        let more = reports.count > 5 ? " and \(reports.count - 5) more" : ""
        let views = Set(reports.compactMap { h.constraint($0.ref)?.first.item }).count
        return "(\(counted(views, "view")) stretched past \(views == 1 ? "its" : "their") content, as designed: \(each)\(more); 'conflicts all' explains each)"
    }

    /// The closing note on the stack views' fitting constraints that give way by design.
    func givingWayNote(_ violations: Violations) -> String? {
        guard violations.givingWayCount > 0 else { return nil }
        let count = violations.givingWayCount
        return "(\(count) stack-view fitting constraint\(count == 1 ? "" : "s") (\(violations.givingWay.joined(separator: ", "))) give way by design; 'constraints' lists them)"
    }

    // MARK: - Ambiguity

    /// `box: x in (-inf, +inf)` with the reasons and the pins.
    /// The ambiguity reports with views that share one cause told once: views whose free
    /// components are the same and that required equalities along that axis tie together move
    /// as one, and pinning any one (not a guide, which follows its view) pins them all.
    func groupedLines(_ reports: [AmbiguityReport]) -> [String] {
        let index = Dictionary(uniqueKeysWithValues: reports.enumerated().map { ($0.element.view, $0.offset) })
        var parent = Array(reports.indices)
        func root(_ k: Int) -> Int {
            var k = k
            while parent[k] != k { parent[k] = parent[parent[k]]; k = parent[k] }
            return k
        }
        var ties: [Int: [String]] = [:]
        // One report ties nothing. A tie is a required equality in the solver between two
        // reported views, found without listing every constraint.
        let candidates = reports.count > 1 ? engine.installedRequiredEqualities(touching: reports.map(\.view)) : []
        for ref in candidates {
            guard let constraint = h.constraint(ref), constraint.isActive, constraint.isRequired, constraint.relation == .equal,
                  let second = constraint.second, engine.state(of: ref, constraint) == .satisfied,
                  let a = index[constraint.first.item], let b = index[second.item], a != b,
                  reports[a].components == reports[b].components else { continue }
            let axis = constraint.first.attribute.axis
            let positions = reports[a].components.filter { !$0.isSize }
            guard positions.contains(where: { ($0 == .x) == (axis == .horizontal) }) else { continue }
            let (ra, rb) = (root(a), root(b))
            if ra != rb { parent[rb] = ra; ties[ra, default: []] += ties[rb] ?? []; ties[rb] = nil }
            ties[root(a), default: []].append(constraint.name)
        }
        var lines: [String] = []
        // Members by group, in report order, gathered in one pass (a filter per report would be
        // quadratic).
        var groups: [Int: [Int]] = [:]
        for k in reports.indices { groups[root(k), default: []].append(k) }
        var done = Set<Int>()
        for k in reports.indices where !done.contains(root(k)) {
            let group = groups[root(k)]!
            done.insert(root(k))
            guard group.count > 1 else {
                lines += self.lines(reports[k])
                continue
            }
            let members = group.map { reports[$0].view }
            let views = members.filter { h.view($0).kind != .guide }
            let lead = views.first.flatMap { index[$0] }.map { reports[$0] } ?? reports[k]
            var head = self.lines(lead)[0]
            let names = members.map(name)
            head = names.dropLast().joined(separator: ", ") + " and " + names.last! + head.dropFirst(name(lead.view).count)
            let tied = ties[root(k)] ?? []
            lines.append(head + say(", moving together (tied by \(tied.joined(separator: ", ")))", "。いっしょに動きます（\(tied.joined(separator: ", ")) で結ばれています）"))
            lines += lead.reasons.map { say("  why: ", "  理由：") + text($0) }
            let anyOf = views.count > 1 ? say("any one of ", "次のどれか：") + views.map(name).joined(separator: ", ") : name(lead.view)
            lines += lead.pins.map { say("  pin: ", "  固定：") + text($0, target: anyOf) }
            for guide in members where h.view(guide).kind == .guide {
                lines.append(say("  (\(name(guide)) is a layout guide pinned to them: it follows)", "  （\(name(guide)) はそれらに固定されたレイアウトガイドで、いっしょに動きます）"))
            }
        }
        return lines
    }

    func lines(_ report: AmbiguityReport) -> [String] {
        let parts = report.components.map { component -> String in
            guard let range = engine.range(of: component, of: report.view) else { return component.rawValue }
            let low = range.lower.map { "[\(formatNumber($0))" } ?? "(-inf"
            let high = range.upper.map { "\(formatNumber($0))]" } ?? "+inf)"
            return "\(component.rawValue) in \(low), \(high)"
        }
        var lines = ["\(name(report.view)): \(parts.joined(separator: "; "))"]
        lines += report.reasons.map { say("  why: ", "  理由：") + text($0) }
        lines += report.pins.map { say("  pin: ", "  固定：") + text($0) }
        return lines
    }

    /// The edges of an axis by UIKit's attribute names.
    private func edges(_ axis: Axis) -> (near: String, far: String, center: String, size: String, position: String) {
        axis == .horizontal ? ("leading", "trailing", "centerX", "width", "x") : ("top", "bottom", "centerY", "height", "y")
    }

    func text(_ reason: AmbiguityReason) -> String {
        switch reason {
        case let .positionFree(view, axis):
            let e = edges(axis)
            return say("nothing fixes \(name(view))'s \(axis == .horizontal ? "horizontal" : "vertical") position (\(e.position) is free, its \(e.size) is fixed)",
                       "\(name(view)) の\(axis == .horizontal ? "横" : "縦")の位置を決めるものがありません（\(e.size) は決まっていますが \(e.position) は自由です）")
        case let .sizeFree(view, axis):
            let e = edges(axis)
            return say("\(name(view))'s \(e.near) edge is fixed but its \(e.size) is free", "\(name(view)) の \(e.near) は決まっていますが、\(e.size) は自由です")
        case let .farEdgeFixed(view, axis, value):
            let e = edges(axis)
            return say("\(name(view))'s \(e.far) edge is fixed at \(formatNumber(value)) but its \(e.near) edge and \(e.size) move together", "\(name(view)) の \(e.far) は \(formatNumber(value)) に決まっていますが、\(e.near) と \(e.size) はいっしょに動きます")
        case let .centerFixed(view, axis, value):
            let e = edges(axis)
            return say("\(name(view))'s \(e.center) is fixed at \(formatNumber(value)) but its \(e.size) is free", "\(name(view)) の \(e.center) は \(formatNumber(value)) に決まっていますが、\(e.size) は自由です")
        case let .neitherFixed(view, axis):
            let e = edges(axis)
            return say("neither \(name(view))'s \(e.position) nor its \(e.size) is fixed", "\(name(view)) の \(e.position) も \(e.size) も決まっていません")
        case let .onlyBounded(component, bounds):
            return say("\(name(component.view)).\(component.component.rawValue) is only bounded, by \(bounds.map(name).joined(separator: ", "))", "\(name(component.view)).\(component.component.rawValue) には範囲しかありません（\(bounds.map(name).joined(separator: ", "))）")
        case let .competing(refs, priorities):
            return say("\(refs.map(name).joined(separator: ", ")) compete at priority \(priorities.map(\.description).joined(separator: ", ")): the optimum does not say which gives way", "\(refs.map(name).joined(separator: ", ")) が優先度 \(priorities.map(\.description).joined(separator: ", ")) で競っていて、どれが譲るかは最適解から決まりません")
        }
    }

    /// A pin in words; `target`, when given, is said in place of the view's name (a group of
    /// views moving together: "any one of a, b").
    func text(_ pin: Pin, target: String? = nil) -> String {
        switch pin {
        case let .addPosition(view, axis):
            let e = edges(axis)
            return say("add a \(e.near), \(e.far) or \(e.center) constraint to \(target ?? name(view))", "\(target ?? name(view)) に \(e.near)、\(e.far)、\(e.center) のどれかの制約を加える")
        case let .addSizeOrFarEdge(view, axis):
            let e = edges(axis)
            return say("add a \(e.size) constraint to \(target ?? name(view)), or pin its \(e.far)", "\(target ?? name(view)) に \(e.size) の制約を加えるか、\(e.far) を固定する")
        case let .addSizeOrNearEdge(view, axis):
            let e = edges(axis)
            return say("add a \(e.size) or \(e.near) constraint to \(target ?? name(view))", "\(target ?? name(view)) に \(e.size) か \(e.near) の制約を加える")
        case let .addSize(view, axis):
            return say("add a \(edges(axis).size) constraint to \(target ?? name(view))", "\(target ?? name(view)) に \(edges(axis).size) の制約を加える")
        case let .addNearEdgeAndSize(view, axis):
            let e = edges(axis)
            return say("add a \(e.near) and a \(e.size) constraint to \(target ?? name(view)) (or two edges)", "\(target ?? name(view)) に \(e.near) と \(e.size) の制約を加える（または両端を固定する）")
        case let .reprioritise(fix):
            return say("give one of them another priority, e.g. \(text(fix))", "どれか1つの優先度を変える（例：\(text(fix))）")
        }
    }
}
