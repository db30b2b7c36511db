import ConsoleLog
import LayoutEngine

/// strut's account of an imported console log, message by message: which of the logged
/// constraints cannot all hold, whose each one is (the developer's or a part of UIKit's), how
/// that compares with what UIKit broke, and the changes the developer can make.
struct LogReport {
    let session: Session
    let log: ConsoleLog
    let report: LogImportReport
    /// A list of constraints LLDB printed, not UIKit's message.
    var fromDebugger = false

    func out(_ line: String) { session.print(line) }
    func say(_ english: String, _ japanese: String) -> String { session.say(english, japanese) }

    func print(source: String) {
        let made = report.names.reduce(0) { $0 + ($1.isEmpty ? 0 : 1) }
        let views = report.views.count
        if report.existing.isEmpty {
            out(say("read \(counted(made, "constraint")) from \(source) on \(counted(views, "placeholder view")): \(report.views.joined(separator: ", "))",
                    "\(source)から \(made) 個の制約を読み、\(views) 個のプレースホルダーのビューに置きました：\(report.views.joined(separator: ", "))"))
        } else {
            let placeholders = views == 0 ? "" : " and \(counted(views, "placeholder view")): \(report.views.joined(separator: ", "))"
            out("read \(counted(made, "constraint")) from \(source) on \(counted(report.existing.count, "view")) of the session at the addresses it logs (\(report.existing.joined(separator: ", ")))\(placeholders)")
        }
        for skipped in report.skipped {
            out("skipped: line \(skipped.line): " + (skipped.cause.map(ErrorText.message) ?? skipped.reason))
        }
        let count = log.messages.count
        if count > 1 {
            out("\(count) messages in this log: each is its own conflict, compared with the constraint UIKit broke in it.")
        }
        for (k, (message, made)) in zip(log.messages, report.messages).enumerated() {
            if count > 1 {
                out("")
                let lines = message.lines.count == 1 ? "line \(message.lines.lowerBound)" : "lines \(message.lines.lowerBound)-\(message.lines.upperBound)"
                out("Message \(k + 1) of \(count) (\(lines)):")
            }
            account(message, made, inOneOfMany: count > 1)
        }
    }

    func owner(_ name: String) -> LogOwner? { report.owners[name] }

    /// `c_2f30 'UIView-Encapsulated-Layout-Height'`, as the diagnostics show a constraint.
    func shown(_ name: String, in engine: LayoutEngine) -> String {
        engine.hierarchy.constraintRef(named: name).map(DiagnosisText(engine: engine).shown) ?? name
    }

    func account(_ message: LogMessage, _ made: MessageReport, inOneOfMany: Bool) {
        let h = session.engine.hierarchy
        if let broken = made.uikitBroke {
            out(say("UIKit broke ", "UIKit が解除した制約：") + "\(shown(broken, in: session.engine)): \(h.constraint(named: broken).map { h.text(of: $0) } ?? "?")")
        } else if fromDebugger {
            out("a list of constraints as LLDB prints one (po view.constraints, constraintsAffectingLayout(for:)), not UIKit's message: nothing was broken")
        } else {
            out(inOneOfMany ? "this message does not say which constraint UIKit broke" : "the log does not say which constraint UIKit broke")
        }
        if !message.hasList && made.names.count == 1, let broken = made.uikitBroke {
            out("Only the constraint UIKit broke is here, without the list it conflicts with: paste the whole message, from \"Unable to simultaneously satisfy constraints.\" to \"may also be helpful.\"")
            if let owner = owner(broken) { out("\(broken) is \(owner.words).") }
            return
        }
        let scratch = report.plan.engine(for: message)
        let conflicts = scratch.diagnostics.conflictReports()
        guard !conflicts.isEmpty else {
            noConflict(message, made)
            return
        }
        for conflict in conflicts { account(conflict, in: scratch, uikitBroke: made.uikitBroke) }
    }

    /// Why strut finds no conflict where UIKit did: a line it could not rebuild, or a size the
    /// log does not give.
    func noConflict(_ message: LogMessage, _ made: MessageReport) {
        // Laid onto the views of a view tree, at the frames UIKit printed: those may decide it.
        let engine = session.engine
        if !report.existing.isEmpty, engine.conflicts.contains(where: { entry in entry.set.contains { made.names.contains(engine.name(of: $0)) } }) {
            out("On placeholders these constraints can all hold, but not on the session's views at the frames UIKit printed: 'conflicts' shows the set.")
            return
        }
        if !made.skipped.isEmpty {
            let lines = made.skipped.map { "line \($0.line)" }.joined(separator: ", ")
            out("These constraints can all hold in strut's model, but \(made.skipped.count == 1 ? "a line" : "\(made.skipped.count) lines") of this message could not be rebuilt and may carry the conflict: \(lines).")
            return
        }
        let plan = report.plan
        if plan.usesMargins(message), let bound = unknownBound("the layout margins", "strut's placeholders have 8", at: 8, { plan.engine(for: message, margins: $0) }) {
            out(bound)
            return
        }
        if plan.usesBaselines(message), let bound = unknownBound("the labels' fonts", "a baseline is San Francisco's ascender, 0.952 × the font, below a label's top; strut's placeholders have 17", at: 17, { plan.engine(for: message, font: $0) }) {
            out(bound)
            return
        }
        if fromDebugger {
            out((made.names.count == 1 ? "It can hold in strut's model." : "They can all hold in strut's model: no conflict among them.") + " 'ambiguous' shows what they leave free; 'constraints' lists them.")
            return
        }
        if !message.hasHeader || !message.hasList {
            let missing = !message.hasList ? "its list" : "its header"
            out((made.names.count == 1 ? "This constraint can hold" : "These \(made.names.count) constraints can all hold") + " in strut's model, and this is only part of UIKit's message (\(missing) is missing): the constraints that conflict with them were not pasted. Paste the whole message, from \"Unable to simultaneously satisfy constraints.\" to \"may also be helpful.\"")
            return
        }
        if let duplicate = duplicate(made) {
            out(duplicate)
            return
        }
        if let rounding = pixelRounding(message, made) {
            out(rounding)
            return
        }
        out("In strut's model these constraints can all hold (placeholder views have no content size and margins of 8): nothing to break.")
    }

    /// Two identical constraints in a message that holds: UIKit's engine has reported an exact
    /// duplicate (of baselines, mostly) as a conflict; the fix is to remove the duplicate.
    func duplicate(_ made: MessageReport) -> String? {
        let h = session.engine.hierarchy
        let constraints = made.names.compactMap { name in h.constraint(named: name).map { (name, $0) } }
        for (k, (name, a)) in constraints.enumerated() {
            for (other, b) in constraints[(k + 1)...]
            where a.first == b.first && a.second == b.second && a.relation == b.relation && a.multiplier == b.multiplier
                && a.constant == b.constant && a.priority == b.priority {
                return "\(name) and \(other) are the same constraint (\(h.text(of: a))), listed twice: in strut's model they hold together, as they should. UIKit's engine has called such an exact duplicate a conflict (mostly of baselines): UIKit's own quirk, not your layout's. Remove the duplicate (\(other)) and the message goes."
            }
        }
        return nil
    }

    /// A message that holds with its constants as logged, but not with them on a display's
    /// pixel grid: UIKit lays out on pixels, so a fraction of a point can decide it.
    func pixelRounding(_ message: LogMessage, _ made: MessageReport) -> String? {
        let h = session.engine.hierarchy
        let fractional = made.names.contains { name in
            h.constraint(named: name).map { $0.constant != $0.constant.rounded() } ?? false
        }
        guard fractional else { return nil }
        for scale in [3.0, 2.0] {
            let engine = report.plan.engine(for: message, pixelScale: scale)
            guard let conflict = engine.conflicts.first else { continue }
            let broken = engine.name(of: conflict.broken)
            let miss = engine.error(of: conflict.broken)
            return "These constraints hold in strut's model with their constants as logged (fractions of a point), but not on a \(formatNumber(scale))x display's pixel grid: UIKit lays out on pixels (1/\(formatNumber(scale)) point), and with each constant rounded to a pixel \(broken) misses by \(formatNumber((miss * 1000).rounded() / 1000)) point. Make the constants whole pixels, or let one of them give way (priority 999)."
        }
        return nil
    }

    /// The values of a size the log does not give (the margins, the labels' fonts) for which the
    /// message's constraints hold in `engine(value)` (they do at strut's `value`): a conflict that
    /// needs others says what UIKit's must have been. The values that hold form an interval (the
    /// projection of a polyhedron), found by bisection. It stops once both ends round to the
    /// same thousandth, which is shown: every value after lies between them and rounds to it
    /// too (some 21 engines built, each one the message's, where 30 were).
    func unknownBound(_ what: String, _ why: String, at value: Double, _ engine: (Double) -> LayoutEngine) -> String? {
        func holds(_ x: Double) -> Bool { engine(x).conflicts.isEmpty }
        func shown(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
        func bisect(_ good: Double, _ bad: Double) -> Double {
            var (good, bad) = (good, bad)
            while abs(bad - good) > 1e-6 && shown(good) != shown(bad) {
                let middle = (good + bad) / 2
                if holds(middle) { good = middle } else { bad = middle }
            }
            return shown(good)
        }
        if !holds(1000) {
            return "These constraints hold only if \(what) are at most \(formatNumber(bisect(value, 1000))) (\(why)): UIKit's must have been larger for its conflict to happen."
        }
        if !holds(0) {
            return "These constraints hold only if \(what) are at least \(formatNumber(bisect(value, 0))) (\(why)): UIKit's must have been smaller for its conflict to happen."
        }
        return nil
    }

    func account(_ conflict: ConflictReport, in scratch: LayoutEngine, uikitBroke: String?) {
        let words = DiagnosisText(engine: scratch, language: session.running.language)
        let brokenName = scratch.name(of: conflict.broken)
        let members = conflict.set.map(scratch.name(of:))
        out("")
        out(members.count == 1 ? say("This logged constraint cannot hold on its own:", "ログのこの制約は、それだけで満たせません：")
            : say("These \(members.count) of the logged constraints cannot all hold (a minimal set):", "ログのうち次の \(members.count) 個の制約を同時には満たせません（最小の組）："))
        for line in words.lines(conflict.chain) { out(line) }
        if let uikit = uikitBroke {
            out(uikit == brokenName
                ? say("strut breaks \(brokenName) too: added last, as UIKit was adding it, it is the newest of the set.",
                      "strut も \(brokenName) を解除します。UIKit が加えていたときと同じく最後に加えたので、組の中でいちばん新しい制約です。")
                : "strut breaks \(brokenName), the newest of the set when the constraints are added in the logged order with UIKit's broken one last; UIKit broke \(uikit)\(members.contains(uikit) ? "" : ", which is not in this set").")
        } else {
            out("strut breaks \(brokenName), the newest of the set in the logged order.")
        }
        // Whose they are, grouped.
        var groups: [(words: String, names: [String])] = []
        for name in members {
            var owner = owner(name)?.words ?? "yours"
            if owner.hasPrefix("yours") { owner = say("yours", "あなたの制約") + owner.dropFirst(5) }
            if let k = groups.firstIndex(where: { $0.words == owner }) { groups[k].names.append(name) } else { groups.append((owner, [name])) }
        }
        out(say("Whose they are:", "誰の制約か："))
        for group in groups { out("  \(group.words): \(group.names.map { shown($0, in: scratch) }.joined(separator: ", "))") }
        fixes(conflict, in: scratch, words: words)
    }

    /// The changes that resolve the conflict, among what the developer owns: their own
    /// constraints, a view's autoresizing, a stack view's settings. UIKit's own constraints are
    /// never offered.
    func fixes(_ conflict: ConflictReport, in scratch: LayoutEngine, words: DiagnosisText) {
        let h = scratch.hierarchy
        let yours = conflict.resolving.filter { owner(scratch.name(of: $0))?.isYours ?? true }
        if let size = conflict.set.first(where: { if case .encapsulated = owner(scratch.name(of: $0)) { true } else { false } }), !yours.isEmpty {
            out(say("\(shown(scratch.name(of: size), in: scratch)) is the size UIKit gives the cell or view, for the moment; let it win by lowering one of your constraints to 999:",
                    "\(shown(scratch.name(of: size), in: scratch)) は UIKit がセルやビューに一時的に与える大きさです。あなたの制約のどれか1つの優先度を 999 に下げて、こちらを勝たせます："))
            for ref in yours { out("  priority \(scratch.name(of: ref)) 999") }
            return
        }
        guard !conflict.fixes.isEmpty else {
            out("No single change to this set resolves it: other conflicts hold it too.")
            return
        }
        var lines: [String] = []
        func add(_ line: String) { if !lines.contains(line) { lines.append(line) } }
        // A view's autoresizing constraints make one change: its line, and the constraints it drops.
        var autoresizing: [(view: String, line: Int, names: [String])] = []
        for fix in conflict.fixes {
            switch fix {
            case let .deactivate(ref), let .priority(ref, _):
                let name = scratch.name(of: ref)
                switch owner(name) {
                case .yours?, nil, .contentSize?:
                    add("  " + words.text(fix))
                case .autoresizing?:
                    let view = h.constraint(ref).map { h.view($0.first.item).name } ?? "?"
                    if let k = autoresizing.firstIndex(where: { $0.view == view }) {
                        autoresizing[k].names.append(name)
                    } else {
                        autoresizing.append((view, lines.count, [name]))
                        lines.append("")
                    }
                case .stackView?:
                    let identifier = h.constraint(ref)?.identifier ?? "UISV-*"
                    add("  change the stack view's alignment, distribution, spacing or arranged views   (its '\(identifier)' takes part)")
                default:
                    continue
                }
            case let .autoresizingOff(id) where !scratch.diagnostics.logAutoresizing(of: id).isEmpty:
                // The set's autoresizing constraints of that view: dropping any one resolves it.
                let view = h.view(id).name
                let names = conflict.set.filter { ref in
                    h.constraint(ref)?.first.item == id && owner(scratch.name(of: ref)).map { if case .autoresizing = $0 { true } else { false } } == true
                }.map(scratch.name(of:))
                if !autoresizing.contains(where: { $0.view == view }) {
                    autoresizing.append((view, lines.count, names))
                    lines.append("")
                }
            default:
                add("  " + words.text(fix))
            }
        }
        for (view, line, names) in autoresizing {
            lines[line] = "  turn translatesAutoresizingMaskIntoConstraints off for \(view) and constrain it yourself   (here: deactivate \(names.joined(separator: " or ")))"
        }
        if lines.isEmpty {
            let owners = conflict.set.compactMap { owner(scratch.name(of: $0))?.words }
            var unique: [String] = []
            for owner in owners where !unique.contains(owner) { unique.append(owner) }
            out("Nothing in this set is yours: \(unique.joined(separator: "; ")). The conflict is inside UIKit; no change to your constraints resolves it.")
        } else {
            out("Any one of these changes resolves it:")
            for line in lines { out(line) }
        }
    }

    /// What a text with no constraint to read is, and what to paste instead.
    static func unreadable(_ log: ConsoleLog, _ text: String, _ source: String) -> String {
        if text.contains("AMBIGUOUS LAYOUT") || text.contains("_autolayoutTrace") || text.contains("|   *") || text.contains("|   •") {
            return "\(source) is an _autolayoutTrace (the view tree, with AMBIGUOUS LAYOUT marks), not a conflict: it lists no constraints; rebuild the views here (or import the .xib/.storyboard) and run 'ambiguous', or paste the console's \"Unable to simultaneously satisfy constraints.\" message"
        }
        if log.emptyEntries > 0 {
            return "\(source)'s list holds \(log.emptyEntries) empty entr\(log.emptyEntries == 1 ? "y" : "ies") (\"\"): the page it was copied from dropped everything between < and >, the constraint descriptions with it; copy the log from Xcode's console, or from the page's source, instead"
        }
        if text.contains("; frame = (") {
            return "\(source) holds view descriptions (<UIView: 0x…; frame = …>), not constraints: paste the console's \"Unable to simultaneously satisfy constraints.\" message, list and breaking line included"
        }
        let skipped = log.skipped.map { "line \($0.line): \($0.reason)" }.joined(separator: "; ")
        if text.contains("Unable to simultaneously satisfy constraints") || text.contains("Will attempt to recover by breaking constraint") {
            return "\(source) has UIKit's message but no constraint description strut can read" + (skipped.isEmpty ? "" : " (\(skipped))") + ": paste the whole message, its list and breaking line included"
        }
        return "no constraint descriptions could be read from \(source)" + (skipped.isEmpty ? "" : " (\(skipped))")
    }
}
