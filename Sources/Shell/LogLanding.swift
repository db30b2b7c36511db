import ConsoleLog
import LayoutEngine

/// A console log read onto the views and constraints that imported code made: each logged
/// constraint that matches one of the code's (the items' classes, attributes, relation,
/// multiplier; the constant compared) is that constraint, so UIKit's message is answered with
/// the code's lines. What the code did not make is named for what it is (UIKit's own: a cell's
/// encapsulated size, autoresizing, a stack view's) and, when its views are the code's, added
/// onto them, so that the session has the conflict UIKit had, at the code's lines.
struct LogLanding {
    struct Match {
        var constraint: String
        /// The logged constant where the code's differs.
        var loggedConstant: Double?
    }

    let engine: LayoutEngine
    let log: ConsoleLog
    /// Logged addresses (and guide identities) → the code's view or guide names.
    private(set) var items: [String: String] = [:]
    private(set) var matches: [Int: Match] = [:]

    init(engine: LayoutEngine, log: ConsoleLog) {
        self.engine = engine
        self.log = log
        land()
    }

    /// The code's constraints a logged one could be, whatever its items' addresses.
    private func candidates(_ logged: LogConstraint) -> [(name: String, items: [String])] {
        let all = matching(logged)
        // SnapKit logs where the app made each constraint (`@ProfileView.swift#42`): the code's
        // own constraints of that line, when there are any.
        guard let location = logged.location, let hash = location.lastIndex(of: "#"), let line = Int(location[location.index(after: hash)...])
        else { return all }
        let file = location[..<hash].split(separator: "/").last.map(String.init) ?? ""
        let sources = engine.hierarchy.codeSources.constraints
        let there = all.filter { sources[$0.name].map { $0.file == file && $0.line == line } ?? false }
        return there.isEmpty ? all : there
    }

    private func matching(_ logged: LogConstraint) -> [(name: String, items: [String])] {
        let h = engine.hierarchy
        return h.codeSources.constraints.keys.sorted().compactMap { name in
            guard let c = h.constraint(named: name), c.first.attribute == logged.firstAttribute, c.relation == logged.relation,
                  c.second?.attribute == logged.secondAttribute, abs(c.multiplier - logged.multiplier) < 1e-6 else { return nil }
            let codeItems = [c.first.item] + (c.second.map { [$0.item] } ?? [])
            let loggedItems = [logged.first] + (logged.second.map { [$0] } ?? [])
            guard codeItems.count == loggedItems.count else { return nil }
            for (item, loggedItem) in zip(codeItems, loggedItems) where !compatible(h.view(item), loggedItem, logged) { return nil }
            return (name, codeItems.map { h.view($0).name })
        }
    }

    /// A logged view of this class could be the code's view: the same class (a module's prefix
    /// aside), the code's own type for root, a cell's content view for a cell's root.
    private func compatible(_ view: View, _ item: LogItem, _ logged: LogConstraint) -> Bool {
        var item = item
        if item.className == "|", let superview = logged.superview { item = superview }
        let logged = item.className.split(separator: ".").last.map(String.init) ?? item.className
        if view.name == "root" {
            let type = engine.hierarchy.codeSources.typeName ?? ""
            return logged == type || logged.hasSuffix("CellContentView") || logged == "UIView" || logged == "UITableViewCell"
                || logged == "UICollectionViewCell"
        }
        if view.kind == .guide || view.name.contains(".") {
            return logged == "UILayoutGuide" || logged.hasSuffix("LayoutGuide")
        }
        return logged == view.className || logged == view.kind.className
    }

    private func identity(_ item: LogItem, in logged: LogConstraint) -> String {
        let item = item.className == "|" ? logged.superview ?? item : item
        return item.address.isEmpty ? "\(item.className)#\(item.name ?? item.label ?? "")" : item.address
    }

    /// Matches each logged constraint to one of the code's, keeping one view for each address:
    /// those with the fewest candidates first, a candidate with the same constant preferred.
    private mutating func land() {
        var used: Set<String> = []
        let order = log.constraints.indices.map { ($0, candidates(log.constraints[$0])) }.filter { !$0.1.isEmpty }
            .sorted { $0.1.count < $1.1.count }
        for (k, options) in order {
            let logged = log.constraints[k]
            let loggedItems = [logged.first] + (logged.second.map { [$0] } ?? [])
            let keys = loggedItems.map { identity($0, in: logged) }
            let fits = options.filter { option in
                !used.contains(option.name) && zip(keys, option.items).allSatisfy { key, item in
                    items[key].map { $0 == item } ?? !items.values.contains(item)
                }
            }
            let same = fits.first { engine.hierarchy.constraint(named: $0.name).map { abs($0.constant - logged.constant) < 1e-6 } ?? false }
            guard let chosen = same ?? fits.first else { continue }
            used.insert(chosen.name)
            for (key, item) in zip(keys, chosen.items) { items[key] = item }
            let constant = engine.hierarchy.constraint(named: chosen.name)!.constant
            matches[k] = Match(constraint: chosen.name, loggedConstant: abs(constant - logged.constant) < 1e-6 ? nil : logged.constant)
        }
    }

    /// The account, a line a logged constraint, in the log's order; then the one UIKit broke.
    func lines() -> [String] {
        let h = engine.hierarchy
        var lines: [String] = []
        for (k, logged) in log.constraints.enumerated() {
            let head = "  line \(logged.line): "
            if let match = matches[k], let c = h.constraint(named: match.constraint) {
                let source = h.codeSources.constraints[match.constraint].map { "\($0.file):\($0.line)" } ?? match.constraint
                let named = source == match.constraint || match.constraint.hasPrefix(source + ".") ? "" : " (\(match.constraint))"
                var line = head + "\(source)\(named): \(h.text(of: c))"
                if let constant = match.loggedConstant {
                    line += "   (logged constant \(formatNumber(constant)); the code's is \(formatNumber(c.constant)))"
                }
                lines.append(line)
            } else {
                let owner = LogOwner(logged)
                lines.append(head + (owner.isYours ? "not in the code imported: \(logged.text)" : "\(owner.words): \(logged.text)"))
            }
        }
        return lines
    }

    /// The logged constraints the code did not make whose views are all the code's, as
    /// constraints on those views: what the code's constraints met on the device (UIKit's, and
    /// the app's from elsewhere).
    func unmatchedConstraints() -> [(spec: ConstraintSpec, owner: LogOwner)] {
        var specs: [(spec: ConstraintSpec, owner: LogOwner)] = []
        for (k, logged) in log.constraints.enumerated() where matches[k] == nil {
            guard let first = items[identity(logged.first, in: logged)] else { continue }
            var second: String?
            if let item = logged.second {
                guard let mapped = items[identity(item, in: logged)] else { continue }
                second = mapped
            }
            guard LogOwner(logged) != .autoresizing, LogOwner(logged) != .contentSize else { continue }
            let name = engine.hierarchy.unusedConstraintName("log.line\(logged.line)")
            specs.append((ConstraintSpec(name: name, firstItem: first, firstAttribute: logged.firstAttribute, relation: logged.relation,
                                         secondItem: second, secondAttribute: logged.secondAttribute, multiplier: logged.multiplier,
                                         constant: logged.constant, priority: logged.priority, identifier: logged.identifier), LogOwner(logged)))
        }
        return specs
    }
}

extension Commands {
    /// `import FILE.txt` / `paste` after code was imported: the log read onto the code.
    static func landLog(_ s: Session, _ log: ConsoleLog, from source: String) throws {
        let landing = LogLanding(engine: s.engine, log: log)
        s.print("read \(source) onto the code: \(landing.matches.count) of \(log.constraints.count) logged constraint\(log.constraints.count == 1 ? "" : "s") are the code's")
        for line in landing.lines() { s.print(line) }
        for message in log.messages {
            guard let broken = message.broken else { continue }
            let logged = log.constraints[broken]
            if let match = landing.matches[broken], let source = s.engine.hierarchy.codeSources.constraints[match.constraint] {
                s.print("UIKit broke \(source.file):\(source.line) (\(match.constraint)): find it there")
            } else {
                s.print("UIKit broke line \(logged.line): \(LogOwner(logged).isYours ? "not in the code imported" : LogOwner(logged).words)")
            }
        }
        var added = landing.unmatchedConstraints()
        guard !added.isEmpty else { return }
        try s.engine.allOrNothing {
            // The size UIKit gave the code's own view (a cell's content view, a controller's view)
            // is root's frame here: root is placed by the session, not by constraints.
            var root = s.engine.hierarchy.view(named: "root")!.frame
            func isRootSize(_ spec: ConstraintSpec) -> Bool {
                guard spec.firstItem == "root", spec.secondItem == nil, spec.relation == .equal else { return false }
                let dimension = spec.firstAttribute == .width || spec.firstAttribute == .height
                return dimension && (spec.identifier ?? "").hasPrefix("UIView-Encapsulated")
            }
            let sizes = added.map(\.spec).filter(isRootSize)
            for size in sizes {
                if size.firstAttribute == .width { root.width = size.constant } else { root.height = size.constant }
            }
            if !sizes.isEmpty {
                try s.engine.setProperty(.frame(Rect(x: root.x, y: root.y, width: root.width, height: root.height), within: nil), of: "root")
                s.print("set root.frame = \(formatNumber(root.x)) \(formatNumber(root.y)) \(formatNumber(root.width)) \(formatNumber(root.height)): "
                        + "the size UIKit gave it (\(sizes.compactMap(\.identifier).joined(separator: ", ")))")
            }
            added.removeAll { sizes.contains($0.spec) }
            for (spec, owner) in added {
                let name = try s.engine.addConstraint(spec)
                let text = s.engine.hierarchy.constraint(named: name).map { s.engine.hierarchy.text(of: $0) } ?? ""
                let whose = owner.isYours ? "from the log (not in the code imported)" : "UIKit's"
                s.print("added \(whose) \(name): \(text)")
            }
        }
        s.engine.layoutIfNeeded()
    }
}
