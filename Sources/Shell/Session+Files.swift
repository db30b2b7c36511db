import Foundation
import VisualFormat
import LayoutEngine
import Cassowary
import InterfaceBuilder
import ConsoleLog

/// `save`, `load`, `record` and `help`.
extension Session {
    /// A file argument: a bare path, or a double-quoted string.
    func path(_ rest: String, _ usage: String) throws -> String {
        let text = rest.trimmingWhitespace()
        guard !text.isEmpty else { throw ShellError.syntax("expected a file name", usage: usage) }
        if text.hasPrefix("\"") {
            var c = try cursor(text, usage)
            guard let token = c.next(), case let .string(value) = token.kind else { throw c.fail("a file name") }
            try c.expectEnd()
            return value
        }
        return text
    }

    func save(_ rest: String) throws {
        let file = try path(rest, "save FILE")
        do {
            try script().write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            throw ShellError.file(file, reason: "cannot write it (\(reason(error)))")
        }
        print("saved to \(file)")
    }

    func record(_ rest: String) throws {
        let file = try path(rest, "record FILE | record off")
        if file == "off" {
            guard let current = recordPath else { throw ShellError.notAvailable("not recording") }
            recordPath = nil
            print("stopped recording to \(current)")
            return
        }
        guard FileManager.default.createFile(atPath: file, contents: Data()) else {
            throw ShellError.file(file, reason: "cannot write it")
        }
        recordPath = file
        recorded = []
        print("recording to \(file)")
    }

    /// `import FILE`: an Interface Builder document's views and constraints, all or nothing.
    func importDocument(_ rest: String) throws {
        let file = try path(rest, "import FILE.xib|FILE.storyboard")
        let lower = file.lowercased()
        let isLog = lower.hasSuffix(".txt") || lower.hasSuffix(".log")
        guard lower.hasSuffix(".xib") || lower.hasSuffix(".storyboard") || isLog else {
            throw ShellError.file(file, reason: "import reads Interface Builder documents (.xib, .storyboard) and console logs (.txt, .log); to run a script, use 'load'")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ShellError.file(file, reason: isDirectory.boolValue ? "it is a directory" : "no such file")
        }
        guard let data = FileManager.default.contents(atPath: file) else { throw ShellError.file(file, reason: "permission denied") }
        if isLog {
            guard let text = String(data: data, encoding: .utf8) else { throw ShellError.file(file, reason: "it is not UTF-8 text") }
            try importLog(text, from: (file as NSString).lastPathComponent)
            return
        }
        let report: ImportReport
        do {
            let document = try IBDocument.read(data)
            report = try Importer(engine: engine).run(document)
        } catch let error as DocumentError {
            throw ShellError.file(file, reason: "line \(error.line): \(error.message)")
        }
        let name = (file as NSString).lastPathComponent
        let rootNames = report.roots.joined(separator: ", ")
        print("imported \(name): \(report.views) views and guides under \(report.roots.count) top-level view\(report.roots.count == 1 ? "" : "s") (\(rootNames)), \(report.constraints) constraints (\(report.inactive) inactive)")
        if let size = report.documentSize {
            print("document size \(formatNumber(size.width)) x \(formatNumber(size.height)): 'set root.frame = 0 0 \(formatNumber(size.width)) \(formatNumber(size.height))' lays it out as Xcode did")
        }
        if !report.fromDocument.isEmpty {
            print("content sizes from the document's frames: " + report.fromDocument.joined(separator: "; "))
        }
        for line in report.skipped { print("skipped: " + line) }
        for line in report.variations { print("size-class variation, not applied: " + line) }
    }

    /// `paste`: the following lines, up to an empty one, are a console log.
    func startPaste(_ rest: String) throws {
        try noArguments(rest, "paste")
        pasted = []
        if loadDepth == 0 { print("paste UIKit's log, then an empty line:") }
    }

    func takePastedLine(_ line: String) throws {
        if !line.trimmingWhitespace().isEmpty {
            pasted!.append(line)
            return
        }
        let text = pasted!.joined(separator: "\n")
        pasted = nil
        let before = engine.hierarchy
        try importLog(text, from: "the pasted log")
        remember(before, "paste")
    }

    /// A console log's constraints on placeholder views, then strut's account of the conflict.
    func importLog(_ text: String, from source: String) throws {
        let log = ConsoleLog.read(text)
        guard !log.constraints.isEmpty else {
            let skipped = log.skipped.map { "line \($0.line): \($0.reason)" }.joined(separator: "; ")
            throw ShellError.notAvailable("no constraint descriptions could be read from \(source)" + (skipped.isEmpty ? "" : " (\(skipped))"))
        }
        let report = try LogImporter(engine: engine).run(log)
        engine.layoutIfNeeded()
        let made = report.names.reduce(0) { $0 + ($1.isEmpty ? 0 : 1) }
        print("read \(made) constraint\(made == 1 ? "" : "s") from \(source) on \(report.views.count) placeholder view\(report.views.count == 1 ? "" : "s"): \(report.views.joined(separator: ", "))")
        for line in report.skipped { print("skipped: " + line) }
        if let broken = report.uikitBroke {
            print("UIKit broke \(broken): \(h.constraint(named: broken).map { h.text(of: $0) } ?? "?")")
        } else {
            print("the log does not say which constraint UIKit broke")
        }
        // Only the conflicts among what this log added (the session may hold others).
        let added = Set(report.names.flatMap { $0 })
        let conflicts = engine.conflictReports().filter { $0.set.contains { added.contains(engine.name(of: $0)) } }
        guard !conflicts.isEmpty else {
            print("In strut's model these constraints can all hold (placeholder views have no content size and margins of 8): nothing to break.")
            return
        }
        for conflict in conflicts {
            let brokenName = engine.name(of: conflict.broken)
            let count = conflict.set.count
            print("")
            print("These \(count) of the logged constraints cannot all hold (a minimal set):")
            for line in chainLines(conflict.steps, unordered: conflict.unordered) { print(line) }
            if let uikit = report.uikitBroke {
                print(uikit == brokenName
                    ? "strut breaks \(brokenName) too: added last, as UIKit was adding it, it is the newest of the set."
                    : "strut breaks \(brokenName), the newest of the set when the constraints are added in the logged order with UIKit's broken one last; UIKit broke \(uikit)\(conflict.set.contains { engine.name(of: $0) == uikit } ? "" : ", which is not in this set").")
            } else {
                print("strut breaks \(brokenName), the newest of the set in the logged order.")
            }
            let encapsulated = conflict.set.filter { (h.constraint($0)?.identifier ?? "").hasPrefix("UIView-Encapsulated-Layout") }
            let yours = conflict.fixes.filter { h.constraint($0).map { !LogImporter.isUIKits($0) } ?? false }
            if let size = encapsulated.first, !yours.isEmpty {
                let identifier = h.constraint(size)?.identifier ?? ""
                print("\(engine.name(of: size)) ('\(identifier)') is the frame UIKit gives the cell or view, for the moment; let it win by lowering one of your constraints to 999:")
                for fix in yours { print("  priority \(engine.name(of: fix)) 999") }
            } else if !conflict.fixes.isEmpty {
                print("Any one of these changes resolves it:")
                for fix in conflict.fixes { print("  " + fixText(fix)) }
            } else {
                print("No single change to this set resolves it: other conflicts hold it too.")
            }
        }
    }

    /// Runs a script; if a line fails, everything the script did is undone and the error names
    /// the line.
    func load(_ rest: String) throws -> LineOutcome {
        let file = try path(rest, "load FILE")
        let text = try Session.readScript(file)
        guard loadDepth < 16 else { throw ShellError.notAvailable("load: scripts nested more than 16 deep") }
        let before = engine.hierarchy
        let savedLocation = location
        // The script has its own undo history; the load as a whole is one step of the session's.
        let savedStacks = (undoStack, redoStack)
        undoStack = []
        redoStack = []
        loadDepth += 1
        defer {
            loadDepth -= 1
            location = savedLocation
            (undoStack, redoStack) = savedStacks
        }
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            location = "\(file):\(number + 1)"
            if pasted != nil {
                do {
                    try takePastedLine(String(line))
                } catch {
                    engine.restore(before)
                    throw ShellError.scriptFailed(location: "\(file):\(number + 1)", message: Session.message(of: error))
                }
                continue
            }
            for statement in Lexer.statements(String(line)) {
                do {
                    if try execute(statement) == .quit { return .succeeded }
                } catch {
                    engine.restore(before)
                    if case ShellError.scriptFailed = error { throw error }
                    throw ShellError.scriptFailed(location: "\(file):\(number + 1)", message: Session.message(of: error))
                }
            }
        }
        if pasted != nil {
            // A log pasted at the script's end, without its empty line.
            do {
                try takePastedLine("")
            } catch {
                engine.restore(before)
                throw ShellError.scriptFailed(location: location ?? file, message: Session.message(of: error))
            }
        }
        return .succeeded
    }

    /// A script's text, or a clear error.
    public static func readScript(_ file: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw ShellError.file(file, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw ShellError.file(file, reason: "it is a directory") }
        guard let data = FileManager.default.contents(atPath: file) else { throw ShellError.file(file, reason: "permission denied") }
        guard let text = String(data: data, encoding: .utf8) else { throw ShellError.file(file, reason: "it is not UTF-8 text") }
        return text
    }

    static func message(of error: Error) -> String {
        switch error {
        case let shell as ShellError: shell.message
        case let layout as LayoutError: layout.message
        default: "\(error)"
        }
    }

    private func reason(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }

    // MARK: - The saved script

    /// A script that rebuilds the current state. When a layout is pending, it rebuilds the
    /// state of the last layout pass, lays out, then makes the changes since, so that the frames
    /// are those of that pass, as they are now.
    func script() -> String {
        var lines = ["# strut session, written by 'save'"]
        if h.needsLayout, let laidOut = h.laidOut?.hierarchy {
            lines += build(laidOut)
            lines.append("layout")
            lines += changes(from: laidOut, to: h)
        } else {
            lines += build(h)
            if !h.needsLayout { lines.append("layout") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Statements that build a hierarchy from the starting state: views, then property changes
    /// and constraints in the order they were made active (which decides what a conflict breaks).
    func build(_ state: Hierarchy) -> [String] {
        var lines = rootLines(state, from: Hierarchy())
        var timed: [(stamp: Int, order: Int, line: String)] = []
        for view in state.allViews where view.id != Hierarchy.rootID {
            lines.append("new \(view.kind.rawValue) \(view.name) in \(state.view(view.parent!).name)")
            let defaults = Set(propertyLines(View.defaults(kind: view.kind), named: view.name).map(\.line))
            for (k, entry) in propertyLines(view, named: view.name).enumerated() where !defaults.contains(entry.line) {
                switch entry.group {
                case .plain: lines.append(entry.line)
                case .contentSize: timed.append((view.contentSizeStamp, k, entry.line))
                case .autoresizing: timed.append((view.autoresizingStamp, k, entry.line))
                }
            }
        }
        let constraints = state.userConstraints.map(\.constraint)
        let stamps = constraints.map(\.stamp)
        if stamps == stamps.sorted() {
            for constraint in constraints {
                timed.append((constraint.stamp, 0, "\(constraint.name): \(state.text(of: constraint, exact: true))"))
            }
            timed.sort { $0.stamp != $1.stamp ? $0.stamp < $1.stamp : $0.order < $1.order }
            lines += timed.map(\.line)
            let inactive = constraints.filter { !$0.isActive }.map(\.name)
            if !inactive.isEmpty { lines.append("deactivate \(inactive.joined(separator: " "))") }
        } else {
            // Activation order differs from creation order (a constraint was re-activated):
            // make them all in creation order, inactive, then activate them in activation order.
            lines += constraints.map { "\($0.name): \(state.text(of: $0, exact: true))" }
            if !constraints.isEmpty { lines.append("deactivate \(constraints.map(\.name).joined(separator: " "))") }
            for constraint in constraints where constraint.isActive {
                timed.append((constraint.stamp, 0, "activate \(constraint.name)"))
            }
            timed.sort { $0.stamp != $1.stamp ? $0.stamp < $1.stamp : $0.order < $1.order }
            lines += timed.map(\.line)
        }
        if state.autolayout { lines.append("set autolayout = on") }
        return lines
    }

    /// Statements that turn `old` into `new`.
    func changes(from old: Hierarchy, to new: Hierarchy) -> [String] {
        var lines = rootLines(new, from: old)
        // Constraints that went or changed shape go first (they may name views that go).
        var added: [(Int, LayoutConstraint)] = []
        for index in 0..<max(old.constraints.count, new.constraints.count) {
            let before = index < old.constraints.count ? old.constraints[index] : nil
            let after = index < new.constraints.count ? new.constraints[index] : nil
            switch (before, after) {
            case (nil, nil): continue
            case let (b?, nil): lines.append("remove \(b.name)")
            case let (nil, a?): added.append((index, a))
            case let (b?, a?):
                if b.first != a.first || b.second != a.second || b.relation != a.relation || b.multiplier != a.multiplier {
                    lines.append("remove \(b.name)")
                    added.append((index, a))
                }
            }
        }
        let survivors = Set(new.views.compactMap { $0?.id })
        for view in old.allViews where !survivors.contains(view.id) && survivors.contains(view.parent ?? -1) {
            lines.append("delete \(view.name)")
        }
        for view in new.allViews where view.id != Hierarchy.rootID {
            let parent = new.view(view.parent!).name
            let previous = view.id < old.views.count ? old.views[view.id] : nil
            if let previous {
                if previous.parent != view.parent { lines.append("move \(view.name) to \(parent)") }
                let before = Set(propertyLines(previous, named: view.name).map(\.line))
                for entry in propertyLines(view, named: view.name) where !before.contains(entry.line) {
                    lines.append(entry.line)
                }
            } else {
                lines.append("new \(view.kind.rawValue) \(view.name) in \(parent)")
                let defaults = Set(propertyLines(View.defaults(kind: view.kind), named: view.name).map(\.line))
                for entry in propertyLines(view, named: view.name) where !defaults.contains(entry.line) {
                    lines.append(entry.line)
                }
            }
        }
        // Subviews put in another order (a stack view's arranged views): place each again. The
        // statements above leave the old order with newcomers appended.
        for view in new.allViews {
            guard view.id < old.views.count, let previous = old.views[view.id] else { continue }
            let stayed = previous.children.filter(view.children.contains)
            let arrived = view.children.filter { !previous.children.contains($0) }
            if stayed + arrived != view.children {
                for (k, child) in view.children.enumerated() { lines.append("move \(new.view(child).name) to \(view.name) at \(k)") }
            }
        }
        for (_, constraint) in added.sorted(by: { $0.1.stamp < $1.1.stamp }) {
            lines.append("\(constraint.name): \(new.text(of: constraint, exact: true))")
            if !constraint.isActive { lines.append("deactivate \(constraint.name)") }
        }
        for index in 0..<min(old.constraints.count, new.constraints.count) {
            guard let b = old.constraints[index], let a = new.constraints[index], !added.contains(where: { $0.0 == index }) else { continue }
            if b.constant != a.constant { lines.append("constant \(a.name) \(formatNumber(a.constant))") }
            if b.priority != a.priority { lines.append("priority \(a.name) \(formatPriority(a.priority))") }
            if b.isActive != a.isActive { lines.append("\(a.isActive ? "activate" : "deactivate") \(a.name)") }
        }
        if old.autolayout != new.autolayout { lines.append("set autolayout = \(new.autolayout ? "on" : "off")") }
        return lines
    }

    private func rootLines(_ state: Hierarchy, from old: Hierarchy) -> [String] {
        var lines: [String] = []
        if state.root.frame != old.root.frame {
            lines.append("set root.frame = 0 0 \(formatNumber(state.root.frame.width)) \(formatNumber(state.root.frame.height))")
        }
        if state.root.margins != old.root.margins { lines.append("set root.margins = \(insets(state.root.margins))") }
        return lines
    }

    enum PropertyGroup { case plain, contentSize, autoresizing }

    /// Every settable property of a view as a `set` statement, in a fixed order.
    func propertyLines(_ view: View, named name: String) -> [(group: PropertyGroup, line: String)] {
        var result: [(PropertyGroup, String)] = []
        func add(_ group: PropertyGroup, _ text: String) { result.append((group, "set \(name).\(text)")) }
        if let documentClass = view.documentClass { add(.plain, "class = \(quoted(documentClass))") }
        if let ibID = view.ibID { add(.plain, "ibID = \(quoted(ibID))") }
        add(.plain, "margins = \(insets(view.margins))")
        add(.plain, "hidden = \(view.isHidden)")
        if view.kind == .stack {
            add(.plain, "axis = \(view.stack.axis.rawValue)")
            add(.plain, "spacing = \(formatNumber(view.stack.spacing))")
            add(.plain, "distribution = \(view.stack.distribution)")
            add(.plain, "alignment = \(view.stack.alignment)")
            add(.plain, "marginsRelative = \(view.stack.marginsRelative)")
            add(.plain, "baselineRelative = \(view.stack.baselineRelative)")
        }
        if view.kind == .label || view.kind == .button {
            add(.contentSize, "text = \(quoted(view.text))")
            add(.contentSize, "font = \(formatNumber(view.font))")
        }
        if view.intrinsicIsExplicit {
            let (w, hh) = view.explicitIntrinsic
            add(.contentSize, "intrinsic = " + ((w == nil && hh == nil) ? "none" : "\(w.map(formatNumber) ?? "none") \(hh.map(formatNumber) ?? "none")"))
        } else {
            add(.contentSize, "intrinsic = (from text)")
        }
        add(.contentSize, "hugging.h = \(formatPriority(view.huggingH))")
        add(.contentSize, "hugging.v = \(formatPriority(view.huggingV))")
        add(.contentSize, "compression.h = \(formatPriority(view.compressionH))")
        add(.contentSize, "compression.v = \(formatPriority(view.compressionV))")
        let f = view.requestedFrame
        if f != .zero || view.translatesAutoresizingMaskIntoConstraints { add(.autoresizing, "frame = \([f.x, f.y, f.width, f.height].map(formatNumber).joined(separator: " ")) within \(formatNumber(view.referenceSize.width)) \(formatNumber(view.referenceSize.height))") }
        add(.autoresizing, "mask = \(view.autoresizingMask.flagNames)")
        add(.autoresizing, "autoresizing = \(view.translatesAutoresizingMaskIntoConstraints ? "on" : "off")")
        return result
    }

    private func insets(_ m: EdgeInsets) -> String {
        [m.top, m.left, m.bottom, m.right].map(formatNumber).joined(separator: " ")
    }

    // MARK: - help

    func help(_ rest: String) throws {
        var c = try cursor(rest, "help [COMMAND]")
        if c.atEnd {
            let width = Commands.all.map(\.usage.count).filter { $0 <= 44 }.max() ?? 40
            var lines = ["Commands (help COMMAND for more; help syntax for constraints):"]
            for command in Commands.all {
                let usage = command.usage.count <= 44 ? command.usage : command.name + " ..."
                lines.append("  " + usage.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + command.summary)
            }
            lines.append("  " + "NAME: ITEM.ATTR == ITEM.ATTR + C @P".padding(toLength: width, withPad: " ", startingAt: 0) + "  add a constraint (help syntax)")
            lines.append("  " + "NAME: H:|-[a]-[b]-|".padding(toLength: width, withPad: " ", startingAt: 0) + "  add constraints in the Visual Format Language (help vfl)")
            print(lines.joined(separator: "\n"))
            return
        }
        let topic = try c.name("a command")
        try c.expectEnd()
        if topic == "vfl" {
            print("""
            Visual Format Language, as UIKit reads it:
              [NAME:] H:FORMAT|V:FORMAT [options: OPTION...] [metrics: NAME=VALUE...]
            FORMAT: (H:|V:)? (|CONNECTION)? [view(PREDICATES)] (CONNECTION[view])* (CONNECTION|)?
            CONNECTION: nothing (flush, 0), - (standard: 8 between views, the layout margin next to |),
              -N-, -metric-, -(>=8@999,<=20)-.  PREDICATES: 50, >=50, ==other, <=100@750, metric.
            No spaces inside the format; metrics are looked up before views; | is the superview of the
            view next to it. OPTIONS: \(VisualFormatOptions.names.map(\.0).joined(separator: " ")).
            The constraints are listed and named NAME.1, NAME.2, ... (or c1, c2, ...); remove or toggle
            them one by one. A malformed format gets UIKit's message with a caret under the position.
            """)
            return
        }
        if topic == "syntax" {
            print("""
            Constraints:
              [NAME:] ITEM.ATTR RELATION [M *] ITEM.ATTR [(+|-) C] [@PRIORITY]
              [NAME:] ITEM.ATTR RELATION C [@PRIORITY]
            RELATION: == <= >=; ITEM.ATTR * M and ITEM.ATTR / D are accepted; 'super' is the first item's superview.
            ATTR: \(LayoutAttribute.userAttributes.map(\.name).joined(separator: " "))
            PRIORITY: a number in (0, 1000], or required (1000), high (750), low (250), fitting (50); default required.
            Without NAME a constraint is named c1, c2, ... A location cannot equal a constant, a location
            cannot pair with a size, and leading/trailing cannot pair with left/right (UIKit's rules).
            System constraints: VIEW.hugging.h|v and VIEW.compression.h|v (content size),
            VIEW.autoresizing.x|y|width|height (autoresizing masks).
            """)
            return
        }
        guard let command = Commands.find(topic) else {
            throw ShellError.unknownHelpTopic(topic, suggestion: closestMatch(to: topic, in: Commands.all.map(\.name) + ["syntax", "vfl"]))
        }
        var lines = ["Usage: \(command.usage)", command.summary]
        if !command.aliases.isEmpty { lines.append("Also: \(command.aliases.joined(separator: ", "))") }
        if !command.details.isEmpty { lines.append(command.details) }
        print(lines.joined(separator: "\n"))
    }
}
