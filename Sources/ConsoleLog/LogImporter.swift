import LayoutEngine

/// What a log import made.
public struct LogImportReport: Sendable {
    public var views: [String] = []
    /// Views already in the session that the log names by their addresses (a view tree LLDB
    /// printed): its constraints landed on them.
    public var existing: [String] = []
    /// Each logged constraint's strut name(s), in log order.
    public var names: [[String]] = []
    public var skipped: [SkippedLine] = []
    public var messages: [MessageReport] = []
    /// Whose each made constraint is, by strut name.
    public var owners: [String: LogOwner] = [:]
    /// The placeholders and constraints, to rebuild one message on its own.
    public var plan: LogPlan
}

/// One message of the log (`ConsoleLog.messages`, same index), as made.
public struct MessageReport: Sendable {
    /// The strut names of its constraints, in the logged order.
    public var names: [String]
    /// The strut name of the one UIKit broke in it.
    public var uikitBroke: String?
    /// Lines of the message that were not rebuilt.
    public var skipped: [SkippedLine]
}

/// A log line that was not rebuilt, and why: a reason in words, or the engine's refusal.
public struct SkippedLine: Sendable {
    public var line: Int
    public var reason: String
    public var cause: LayoutError?
}

/// The placeholder views and the constraints a log asks for, named once; made in the session,
/// and again on their own for each message.
public struct LogPlan: Sendable {
    struct PlannedView: Sendable {
        var name: String
        var parent: String
        var kind: ViewKind
        var properties: [ViewProperty]
        /// A view already in the session (read from a view tree LLDB printed, at the address
        /// the log names): the log's constraints land on it; scratch engines make a placeholder.
        var existing = false
    }

    var views: [PlannedView] = []
    /// Each planned view's place in `views`, by name (the first, were a name planned twice).
    var viewIndex: [String: Int] = [:]
    /// By log index; empty when the constraint cannot be made.
    var specs: [[ConstraintSpec]] = []
    var inactive: Set<Int> = []
    let log: ConsoleLog

    /// The order a message's constraints are added in: as logged, the one UIKit broke last (it
    /// is the one UIKit was adding when its engine gave up).
    public func order(of message: LogMessage) -> [Int] {
        var order = message.members
        if let broken = message.broken { order.removeAll { $0 == broken }; order.append(broken) }
        return order
    }

    /// Whether the message's constraints use a view's layout margins, which a log never gives.
    public func usesMargins(_ message: LogMessage) -> Bool {
        uses(message) { $0.name.contains("Margin") }
    }

    /// Whether the message's constraints use a label's baseline, which depends on its font.
    public func usesBaselines(_ message: LogMessage) -> Bool {
        uses(message) { $0 == .firstBaseline || $0 == .lastBaseline }
    }

    func uses(_ message: LogMessage, _ test: (LayoutAttribute) -> Bool) -> Bool {
        message.members.contains { index in
            specs[index].contains { spec in [spec.firstAttribute, spec.secondAttribute].contains { $0.map(test) ?? false } }
        }
    }

    /// A fresh engine with `message`'s constraints only, on the placeholders they name and
    /// those views' superviews; every view's margins, every label's font, set when given (to ask
    /// what the log's unknowns must be). With every placeholder of the log, each message's
    /// engine and every diagnosis on it would grow with the whole log.
    /// - Parameter pixelScale: each constant put on the pixel grid of a display of this scale
    ///   (3: thirds of a point), as UIKit's layout on pixels would see it.
    public func engine(for message: LogMessage, margins: Double? = nil, font: Double? = nil, pixelScale: Double? = nil) -> LayoutEngine {
        let engine = LayoutEngine()
        let order = order(of: message)
        var needed = Set<Int>()
        func need(_ name: String) {
            var name = name
            // With its superviews (planned before it).
            while let k = viewIndex[name], needed.insert(k).inserted { name = views[k].parent }
        }
        for index in order {
            for spec in specs[index] {
                need(spec.firstItem)
                if let second = spec.secondItem { need(second) }
            }
        }
        for k in needed.sorted() {
            let view = views[k]
            var properties = view.properties
            if let margins, view.kind != .guide { properties.append(.margins(EdgeInsets(top: margins, left: margins, bottom: margins, right: margins))) }
            if let font, view.kind == .label { properties.append(.font(font)) }
            try? engine.addView(kind: view.kind, name: view.name, parent: view.parent, properties: properties)
        }
        for index in order {
            var given = specs[index]
            if let scale = pixelScale {
                for k in given.indices { given[k].constant = (given[k].constant * scale).rounded() / scale }
            }
            guard let made = try? engine.addConstraints(given) else { continue }
            if inactive.contains(index) { try? engine.setActive(made, .deactivate) }
        }
        engine.layoutIfNeeded()
        return engine
    }
}

/// Rebuilds a log's constraints on placeholder views, all or nothing.
///
/// Views: every item the descriptions name, as a plain view (`class` = the logged class, no
/// intrinsic size: a content size is only what the log lists), named after the name the log
/// gives it (a legend's, a Masonry key) or else its class and the last four hex digits of its
/// address (`UILabel_c9e0`), a label's text kept. An item the `'|'` of a legend names is the
/// superview of the view in that art, as is the view an autoresizing constraint measures a
/// fraction of; a scroll view's content is a guide in it; the others are subviews of root.
/// Constraints: message by message in the logged order, each message's broken one last, named
/// `c_` + the last four hex digits of their address (or after their key); an
/// `NSContentSizeLayoutConstraint` makes two (`….hug` and `….compression`). Origins follow the
/// class and identifier: autoresizing, content-size, stack (`UISV-*`), margins
/// (`UIView-*Margin-guide-constraint`), else user.
public struct LogImporter {
    public let engine: LayoutEngine

    public init(engine: LayoutEngine) { self.engine = engine }

    public func run(_ log: ConsoleLog) throws -> LogImportReport {
        try engine.allOrNothing { try build(log) }
    }

    static func shortAddress(_ address: String) -> String {
        address.isEmpty ? "" : "_" + String(address.suffix(4))
    }

    /// A view's identity in the log: its address (found through the legend when the body only
    /// names it), else its name, else its class and label.
    static func key(_ item: LogItem, addresses: [String: String]) -> String {
        var key = item.address
        if key.isEmpty, let name = item.name { key = addresses[name] ?? "name:" + name }
        if key.isEmpty { key = "\(item.className)'\(item.label ?? "")'" }
        return item.content ? key + "/content" : key
    }

    private func plan(_ log: ConsoleLog, report: inout LogImportReport) -> LogPlan {
        var plan = LogPlan(log: log)
        var addresses: [String: String] = [:]
        for constraint in log.constraints {
            for item in [constraint.first, constraint.second, constraint.superview].compactMap({ $0 }) where !item.address.isEmpty {
                if let name = item.name { addresses[name] = item.address }
            }
        }
        func key(_ item: LogItem) -> String { LogImporter.key(item, addresses: addresses) }
        // Items and superviews.
        var items: [String: LogItem] = [:]
        var order: [String] = []
        var parent: [String: String] = [:]
        func note(_ item: LogItem) {
            guard item.className != "|" else { return }
            let k = key(item)
            if item.content {
                var scroll = item
                scroll.content = false
                note(scroll)
                parent[k] = key(scroll)
            }
            if let known = items[k] {
                // The fullest description wins: an address, a label.
                if known.label == nil && item.label != nil { items[k]!.label = item.label }
                if known.name == nil && item.name != nil { items[k]!.name = item.name }
            } else {
                items[k] = item
                order.append(k)
            }
        }
        for constraint in log.constraints {
            note(constraint.first)
            if let second = constraint.second { note(second) }
            if let superview = constraint.superview {
                note(superview)
                for child in [constraint.first, constraint.second].compactMap({ $0 }) where child.className != "|" {
                    let k = key(child), up = key(superview)
                    if k != up && parent[k] == nil { parent[k] = up }
                }
            }
            // `minX == 0.5*UIView.width - 32`: a fraction of the superview's width.
            if constraint.className == "NSAutoresizingMaskLayoutConstraint", let second = constraint.second,
               constraint.secondAttribute?.isDimension == true, constraint.firstAttribute.isDimension == false {
                let k = key(constraint.first)
                if parent[k] == nil && k != key(second) { parent[k] = key(second) }
            }
        }
        // Two views a VFL art spaces are siblings: one whose superview is not known otherwise
        // has its sibling's (an autoresizing `midY == + 39` is then measured in it).
        var spread = true
        while spread {
            spread = false
            for constraint in log.constraints where constraint.betweenSiblings {
                guard let second = constraint.second else { continue }
                let (a, b) = (key(constraint.first), key(second))
                if parent[a] == nil, let up = parent[b], up != a { parent[a] = up; spread = true }
                if parent[b] == nil, let up = parent[a], up != b { parent[b] = up; spread = true }
            }
        }
        // No cycles: a view whose chain of superviews comes back to it goes under root.
        for k in order {
            var seen: Set<String> = [k]
            var current = parent[k]
            while let next = current {
                if !seen.insert(next).inserted { parent[k] = nil; break }
                current = parent[next]
            }
        }
        var names: [String: String] = [:]
        var taken = Set<String>()
        // Views the session has from a view tree, by the address they keep.
        var atAddress: [String: ViewID] = [:]
        for view in engine.hierarchy.allViews where view.ibID?.hasPrefix("0x") == true { atAddress[String(view.ibID!.dropFirst(2))] = view.id }
        /// An existing view and its superviews up to root, planned as existing.
        func plannedExisting(_ id: ViewID) -> String {
            let view = engine.hierarchy.view(id)
            if let index = plan.viewIndex[view.name] { return plan.views[index].name }
            let parent = view.parent.flatMap { $0 == Hierarchy.rootID ? nil : plannedExisting($0) } ?? "root"
            plan.viewIndex[view.name] = plan.views.count
            plan.views.append(LogPlan.PlannedView(name: view.name, parent: parent, kind: .view,
                                                  properties: [.documentClass(view.className), .intrinsic(nil, nil)], existing: true))
            return view.name
        }
        func make(_ k: String) {
            guard names[k] == nil else { return }
            if let item = items[k], !item.address.isEmpty, !item.content, let id = atAddress[item.address] {
                names[k] = plannedExisting(id)
                if !report.existing.contains(names[k]!) { report.existing.append(names[k]!) }
                return
            }
            if let up = parent[k] { make(up) }
            let item = items[k]!
            let name: String
            if item.content, let up = parent[k], let scroll = names[up] {
                name = unused(scroll + "_content")
            } else {
                name = unused(LogImporter.baseName(item))
            }
            names[k] = name
            let kind: ViewKind = item.content ? .guide : item.className == "UILabel" ? .label : item.className == "UIButton" ? .button : .view
            var properties: [ViewProperty] = kind == .guide ? [] : [.documentClass(item.className), .intrinsic(nil, nil)]
            if kind == .label || kind == .button, let text = item.label { properties.insert(.text(text), at: 0) }
            if plan.viewIndex[name] == nil { plan.viewIndex[name] = plan.views.count }
            plan.views.append(LogPlan.PlannedView(name: name, parent: parent[k].flatMap { names[$0] } ?? "root", kind: kind, properties: properties))
            report.views.append(name)
        }
        func unused(_ base: String) -> String {
            let name = engine.hierarchy.unusedViewName(base, taken: taken)
            taken.insert(name)
            return name
        }
        for k in order { make(k) }

        // Constraints.
        plan.specs = Array(repeating: [], count: log.constraints.count)
        report.names = Array(repeating: [], count: log.constraints.count)
        var usedNames = Set<String>()
        for (index, constraint) in log.constraints.enumerated() {
            var base = "c" + LogImporter.shortAddress(constraint.address)
            if let key = constraint.key, constraint.address.isEmpty, let fromKey = Hierarchy.viewName(from: key) {
                base = fromKey.first!.isLetter ? fromKey : "c_" + fromKey
            }
            if base == "c" { base = "c_line\(constraint.line)" }
            var name = base
            var k = 2
            while usedNames.contains(name) || engine.hierarchy.constraintRef(named: name) != nil || engine.hierarchy.view(named: name) != nil {
                name = base + "_\(k)"
                k += 1
            }
            usedNames.insert(name)
            func resolve(_ item: LogItem) -> String? {
                if item.className == "|" { return constraint.superview.flatMap { names[key($0)] } }
                return names[key(item)]
            }
            guard let first = resolve(constraint.first), constraint.second == nil || constraint.second.flatMap(resolve) != nil else {
                report.skipped.append(SkippedLine(line: constraint.line, reason: "'|' without a superview in the legend"))
                continue
            }
            let second = constraint.second.flatMap(resolve)
            let origin: ConstraintOrigin
            let identifier = constraint.identifier ?? ""
            if constraint.className.contains("AutoresizingMask") { origin = .autoresizing }
            else if constraint.className == "NSContentSizeLayoutConstraint" { origin = .contentSize }
            else if identifier.hasPrefix("UISV-") { origin = .stack }
            else if identifier.hasSuffix("-guide-constraint") { origin = .margins }
            else { origin = .user }
            if let (hug, compression) = constraint.contentPriorities {
                for (suffix, relation, priority) in [("hug", LayoutRelation.lessThanOrEqual, hug), ("compression", .greaterThanOrEqual, compression)] {
                    plan.specs[index].append(ConstraintSpec(name: "\(name).\(suffix)", firstItem: first, firstAttribute: constraint.firstAttribute,
                                                            relation: relation, constant: constraint.constant, priority: priority,
                                                            identifier: constraint.identifier, origin: .contentSize))
                }
            } else {
                plan.specs[index].append(ConstraintSpec(name: name, firstItem: first, firstAttribute: constraint.firstAttribute, relation: constraint.relation,
                                                        secondItem: second, secondAttribute: constraint.secondAttribute,
                                                        multiplier: constraint.multiplier, constant: constraint.constant, priority: constraint.priority,
                                                        identifier: constraint.identifier, origin: origin))
            }
            if !constraint.isActive { plan.inactive.insert(index) }
        }
        return plan
    }

    /// `UILabel_c9e0`; the name the log gives (`blueView`, `SystemInputAssistantView`);
    /// `Module.Class` → `Class`; KVO's `NSKVONotifying_Class` → `Class`.
    static func baseName(_ item: LogItem) -> String {
        if let name = item.name, let base = Hierarchy.viewName(from: name.split(separator: ".").last.map(String.init) ?? name) {
            return base
        }
        var shortClass = item.className.split(separator: ".").last.map(String.init) ?? item.className
        if shortClass.hasPrefix("NSKVONotifying_") { shortClass = String(shortClass.dropFirst("NSKVONotifying_".count)) }
        if let plain = demangled(shortClass) { shortClass = plain }
        // Mangled Swift names are long: their end is the telling part.
        return Hierarchy.viewName(from: String((shortClass + LogImporter.shortAddress(item.address)).suffix(40))) ?? "view"
    }

    /// The class's own name in a mangled Swift class name as the Objective-C runtime prints it:
    /// `_TtC` + module + name, each after its length, with a file-private class's `P33_<hash>`
    /// between them (`_TtC5UIKitP33_DDE…13ButtonWrapper` → `ButtonWrapper`); nil for others.
    static func demangled(_ name: String) -> String? {
        guard name.hasPrefix("_TtC") else { return nil }
        var rest = Substring(name.dropFirst(4))
        func counted() -> Substring? {
            let digits = rest.prefix(while: \.isNumber)
            guard let n = Int(digits), n > 0, rest.count >= digits.count + n else { return nil }
            rest = rest.dropFirst(digits.count)
            defer { rest = rest.dropFirst(n) }
            return rest.prefix(n)
        }
        guard counted() != nil else { return nil }
        if rest.hasPrefix("P") {
            rest = rest.dropFirst()
            guard counted() != nil else { return nil }
        }
        guard let own = counted(), rest.isEmpty else { return nil }
        return String(own)
    }

    private func build(_ log: ConsoleLog) throws -> LogImportReport {
        var report = LogImportReport(plan: LogPlan(log: log))
        report.skipped = log.skipped.map { SkippedLine(line: $0.line, reason: $0.reason) }
        let plan = plan(log, report: &report)
        report.plan = plan
        for view in plan.views where !view.existing {
            try engine.addView(kind: view.kind, name: view.name, parent: view.parent, properties: view.properties)
        }
        var done = Set<Int>()
        for message in log.messages {
            for index in plan.order(of: message) where done.insert(index).inserted && !plan.specs[index].isEmpty {
                do {
                    let made = try engine.addConstraints(plan.specs[index])
                    if plan.inactive.contains(index) { try engine.setActive(made, .deactivate) }
                    report.names[index] = made
                    for name in made { report.owners[name] = LogOwner(log.constraints[index]) }
                } catch let error as LayoutError {
                    report.skipped.append(SkippedLine(line: log.constraints[index].line, reason: "", cause: error))
                }
            }
        }
        // A view of the tree that the log's constraints place (their first item), with no
        // autoresizing constraint of its own in the log, had its autoresizing off in the app:
        // its frame is the constraints'.
        if !report.existing.isEmpty {
            var autoresized = Set<String>(), placed = Set<String>()
            for (index, constraint) in log.constraints.enumerated() {
                for name in report.names[index] {
                    guard let c = engine.hierarchy.constraint(named: name) else { continue }
                    let first = engine.hierarchy.view(c.first.item).name
                    if constraint.className.contains("AutoresizingMask") { autoresized.insert(first) } else { placed.insert(first) }
                }
            }
            for name in report.existing where placed.contains(name) && !autoresized.contains(name)
                && engine.hierarchy.view(named: name)?.translatesAutoresizingMaskIntoConstraints == true {
                try engine.setProperty(.autoresizing(false), of: name)
            }
        }
        for message in log.messages {
            let names = message.members.flatMap { report.names[$0] }
            let broken = message.broken.flatMap { report.names[$0].first }
            let skipped = report.skipped.filter { message.lines.contains($0.line) }
            report.messages.append(MessageReport(names: names, uikitBroke: broken, skipped: skipped))
        }
        report.skipped.sort { $0.line < $1.line }
        return report
    }
}
