import LayoutEngine

/// What a log import made.
public struct LogImportReport: Sendable {
    public var views: [String] = []
    /// Each logged constraint's strut name(s), in log order.
    public var names: [[String]] = []
    /// The strut name of the constraint UIKit broke, when the log says.
    public var uikitBroke: String?
    public var skipped: [SkippedLine] = []
}

/// A log line that was not rebuilt, and why: a reason in words, or the engine's refusal.
public struct SkippedLine: Sendable {
    public var line: Int
    public var reason: String
    public var cause: LayoutError?
}

/// Rebuilds a log's constraints on placeholder views, all or nothing.
///
/// Views: every item the descriptions name, as a plain view (`class` = the logged class, no
/// intrinsic size: a content size is only what the log lists), named after its class and the
/// last four hex digits of its address (`UILabel_c9e0`), a label's text kept. An item the
/// `'|'` of a legend names is the superview of the view in that art; the others are subviews
/// of root. Constraints: in the logged order, the one UIKit broke last (it is the one UIKit was
/// adding when the engine gave up), named `c_` + the last four hex digits of their address;
/// an `NSContentSizeLayoutConstraint` makes two (`….hug` and `….compression`). Origins follow the
/// class and identifier: autoresizing, content-size, stack (`UISV-*`), margins
/// (`UIView-*Margin-guide-constraint`), else user.
public struct LogImporter {
    /// Whether UIKit made the constraint (its origin, a system identifier or class), not the app.
    public static func isUIKits(_ constraint: LayoutConstraint) -> Bool {
        let identifier = constraint.identifier ?? ""
        return constraint.origin != .user || ["UIView-", "UISV-", "UIViewSafeAreaLayoutGuide", "_UI", "UINav", "UIButtonBar"].contains { identifier.hasPrefix($0) }
    }

    public let engine: LayoutEngine

    public init(engine: LayoutEngine) { self.engine = engine }

    public func run(_ log: ConsoleLog) throws -> LogImportReport {
        try engine.allOrNothing { try build(log) }
    }

    static func key(_ item: LogItem) -> String {
        item.address.isEmpty ? "\(item.className)'\(item.label ?? "")'" : item.address
    }

    static func shortAddress(_ address: String) -> String {
        address.isEmpty ? "" : "_" + String(address.suffix(4))
    }

    private func build(_ log: ConsoleLog) throws -> LogImportReport {
        var report = LogImportReport()
        report.skipped = log.skipped.map { SkippedLine(line: $0.line, reason: $0.reason) }
        // Items and superviews.
        var items: [String: LogItem] = [:]
        var order: [String] = []
        var parent: [String: String] = [:]
        func note(_ item: LogItem) {
            guard item.className != "|" else { return }
            let key = LogImporter.key(item)
            if items[key] == nil { items[key] = item; order.append(key) }
        }
        for constraint in log.constraints {
            note(constraint.first)
            if let second = constraint.second { note(second) }
            if let superview = constraint.superview {
                note(superview)
                for child in [constraint.first, constraint.second].compactMap({ $0 }) where child.className != "|" {
                    let key = LogImporter.key(child), up = LogImporter.key(superview)
                    if key != up && parent[key] == nil { parent[key] = up }
                }
            }
        }
        // No cycles: a view whose chain of superviews comes back to it goes under root.
        for key in order {
            var seen: Set<String> = [key]
            var current = parent[key]
            while let next = current {
                if !seen.insert(next).inserted { parent[key] = nil; break }
                current = parent[next]
            }
        }
        var names: [String: String] = [:]
        func make(_ key: String) throws {
            guard names[key] == nil else { return }
            if let up = parent[key] { try make(up) }
            let item = items[key]!
            // `Module.Class` → `Class`; KVO's `NSKVONotifying_Class` → `Class`.
            var shortClass = item.className.split(separator: ".").last.map(String.init) ?? item.className
            if shortClass.hasPrefix("NSKVONotifying_") { shortClass = String(shortClass.dropFirst("NSKVONotifying_".count)) }
            // Mangled Swift names are long: their end is the telling part.
            let base = Hierarchy.viewName(from: String((shortClass + LogImporter.shortAddress(item.address)).suffix(40))) ?? "view"
            let name = engine.hierarchy.unusedViewName(base)
            names[key] = name
            let kind: ViewKind = item.className == "UILabel" ? .label : item.className == "UIButton" ? .button : .view
            var properties: [ViewProperty] = [.documentClass(item.className), .intrinsic(nil, nil)]
            if kind != .view, let text = item.label { properties.insert(.text(text), at: 0) }
            try engine.addView(kind: kind, name: name, parent: parent[key].flatMap { names[$0] } ?? "root", properties: properties)
            report.views.append(name)
        }
        for key in order { try make(key) }

        // Constraints, the broken one last.
        var sequence = Array(log.constraints.indices)
        if let broken = log.broken { sequence.removeAll { $0 == broken }; sequence.append(broken) }
        report.names = Array(repeating: [], count: log.constraints.count)
        var usedNames = Set<String>()
        for index in sequence {
            let constraint = log.constraints[index]
            var base = "c" + LogImporter.shortAddress(constraint.address)
            if base == "c" { base = "c_line\(constraint.line)" }
            var name = base
            var k = 2
            while usedNames.contains(name) || engine.hierarchy.constraintRef(named: name) != nil { name = base + "_\(k)"; k += 1 }
            usedNames.insert(name)
            func resolve(_ item: LogItem) -> String? {
                if item.className == "|" { return constraint.superview.flatMap { names[LogImporter.key($0)] } }
                return names[LogImporter.key(item)]
            }
            guard let first = resolve(constraint.first) else {
                report.skipped.append(SkippedLine(line: constraint.line, reason: "'|' without a superview in the legend"))
                continue
            }
            let second = constraint.second.flatMap(resolve)
            if constraint.second != nil && second == nil {
                report.skipped.append(SkippedLine(line: constraint.line, reason: "'|' without a superview in the legend"))
                continue
            }
            let origin: ConstraintOrigin
            let identifier = constraint.identifier ?? ""
            if constraint.className.contains("AutoresizingMask") { origin = .autoresizing }
            else if constraint.className.contains("ContentSize") { origin = .contentSize }
            else if identifier.hasPrefix("UISV-") { origin = .stack }
            else if identifier.hasSuffix("-guide-constraint") { origin = .margins }
            else { origin = .user }
            let firstAttribute = constraint.firstAttribute, relation = constraint.relation
            var specs: [ConstraintSpec] = []
            if let (hug, compression) = constraint.contentPriorities {
                for (suffix, relation, priority) in [("hug", LayoutRelation.lessThanOrEqual, hug), ("compression", .greaterThanOrEqual, compression)] {
                    specs.append(ConstraintSpec(name: "\(name).\(suffix)", firstItem: first, firstAttribute: firstAttribute, relation: relation,
                                                constant: constraint.constant, priority: priority,
                                                identifier: constraint.identifier, origin: .contentSize))
                }
            } else {
                specs.append(ConstraintSpec(name: name, firstItem: first, firstAttribute: firstAttribute, relation: relation,
                                            secondItem: second, secondAttribute: constraint.secondAttribute,
                                            multiplier: constraint.multiplier, constant: constraint.constant, priority: constraint.priority,
                                            identifier: constraint.identifier, origin: origin))
            }
            do {
                let made = try engine.addConstraints(specs)
                if !constraint.isActive { try engine.setActive(made, .deactivate) }
                report.names[index] = made
                if index == log.broken { report.uikitBroke = made.first }
            } catch let error as LayoutError {
                report.skipped.append(SkippedLine(line: constraint.line, reason: "", cause: error))
            }
        }
        return report
    }
}
