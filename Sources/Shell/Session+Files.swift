import Foundation
import LayoutEngine
import Cassowary

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

    /// A script that rebuilds the current state: views, then property changes and constraints
    /// in the order they were made active (which decides what a conflict breaks).
    func script() -> String {
        var lines = ["# strut session, written by 'save'"]
        let root = h.root
        if root.frame != Hierarchy.rootFrame {
            lines.append("set root.frame = 0 0 \(formatNumber(root.frame.width)) \(formatNumber(root.frame.height))")
        }
        if root.margins != .standard { lines.append("set root.margins = \(insets(root.margins))") }
        var timed: [(stamp: Int, order: Int, line: String)] = []
        for view in h.allViews where view.id != Hierarchy.rootID {
            lines.append("new \(view.kind.rawValue) \(view.name) in \(h.view(view.parent!).name)")
            let defaults = View.defaults(kind: view.kind)
            var props: [String] = []
            if view.margins != defaults.margins { props.append("margins = \(insets(view.margins))") }
            if view.isHidden { props.append("hidden = true") }
            if view.kind == .stack {
                let s = view.stack
                if s.axis != .horizontal { props.append("axis = \(s.axis.rawValue)") }
                if s.spacing != 0 { props.append("spacing = \(formatNumber(s.spacing))") }
                if s.distribution != "fill" { props.append("distribution = \(s.distribution)") }
                if s.alignment != "fill" { props.append("alignment = \(s.alignment)") }
            }
            lines += props.map { "set \(view.name).\($0)" }
            var content: [String] = []
            if !view.text.isEmpty { content.append("text = \(quoted(view.text))") }
            if view.font != 17 { content.append("font = \(formatNumber(view.font))") }
            if view.intrinsicIsExplicit {
                let (w, hh) = view.explicitIntrinsic
                content.append("intrinsic = " + ((w == nil && hh == nil) ? "none" : "\(w.map(formatNumber) ?? "none") \(hh.map(formatNumber) ?? "none")"))
            }
            if view.huggingH != defaults.huggingH { content.append("hugging.h = \(formatPriority(view.huggingH))") }
            if view.huggingV != defaults.huggingV { content.append("hugging.v = \(formatPriority(view.huggingV))") }
            if view.compressionH != defaults.compressionH { content.append("compression.h = \(formatPriority(view.compressionH))") }
            if view.compressionV != defaults.compressionV { content.append("compression.v = \(formatPriority(view.compressionV))") }
            for (k, prop) in content.enumerated() { timed.append((view.contentSizeStamp, k, "set \(view.name).\(prop)")) }
            var resizing: [String] = []
            if view.requestedFrame != .zero || view.translatesAutoresizingMaskIntoConstraints {
                let f = view.requestedFrame
                resizing.append("frame = \([f.x, f.y, f.width, f.height].map(formatNumber).joined(separator: " ")) within \(formatNumber(view.referenceSize.width)) \(formatNumber(view.referenceSize.height))")
            }
            if !view.autoresizingMask.isEmpty { resizing.append("mask = \(view.autoresizingMask.flagNames)") }
            if view.translatesAutoresizingMaskIntoConstraints { resizing.append("autoresizing = on") }
            for (k, prop) in resizing.enumerated() { timed.append((view.autoresizingStamp, k, "set \(view.name).\(prop)")) }
        }
        for (_, constraint) in h.userConstraints {
            timed.append((constraint.stamp, 0, "\(constraint.name): \(h.text(of: constraint))"))
        }
        timed.sort { $0.stamp != $1.stamp ? $0.stamp < $1.stamp : $0.order < $1.order }
        lines += timed.map(\.line)
        let inactive = h.userConstraints.filter { !$0.constraint.isActive }.map(\.constraint.name)
        if !inactive.isEmpty { lines.append("deactivate \(inactive.joined(separator: " "))") }
        if h.autolayout { lines.append("set autolayout = on") }
        if !h.needsLayout { lines.append("layout") }
        return lines.joined(separator: "\n") + "\n"
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
            print(lines.joined(separator: "\n"))
            return
        }
        let topic = try c.name("a command")
        try c.expectEnd()
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
            throw ShellError.unknownHelpTopic(topic, suggestion: closestMatch(to: topic, in: Commands.all.map(\.name) + ["syntax"]))
        }
        var lines = ["Usage: \(command.usage)", command.summary]
        if !command.aliases.isEmpty { lines.append("Also: \(command.aliases.joined(separator: ", "))") }
        if !command.details.isEmpty { lines.append(command.details) }
        print(lines.joined(separator: "\n"))
    }
}
