import Foundation
import LayoutEngine
import InterfaceBuilder
import ConsoleLog

/// Files: `save`, `load`, `record`, `import`, `paste`.
extension Commands {
    static let files: [Command] = [
        Command(name: "save", usage: "save FILE", summary: "write a script that rebuilds the current state",
                arguments: [.file],
                run: { s, a in try save(s, a); return .succeeded }),
        Command(name: "load", usage: "load FILE", summary: "run a script (all of it, or nothing if a command fails)",
                mutates: true, arguments: [.file],
                run: { s, a in try s.load(try a.path()) }),
        Command(name: "record", usage: "record FILE | record off",
                summary: "write every change that succeeds to FILE, from now on",
                details: """
                The file is created or emptied, then holds each change (views, properties, constraints, \
                layout, load, reset) that succeeds, one per line, so that 'load FILE' or 'strut FILE' \
                replays the session; a change that is undone leaves the file again. Queries are not written.
                """,
                arguments: [.file],
                run: { s, a in try record(s, a); return .succeeded }),
        Command(name: "import", usage: "import FILE.xib|FILE.storyboard|FILE.txt",
                summary: "add the views and constraints of an Interface Builder document or a console log",
                details: HelpText.importDetails,
                mutates: true, arguments: [.file],
                run: { s, a in try importDocument(s, a); return .succeeded }),
        Command(name: "paste", usage: "paste",
                summary: "read a console log pasted on the following lines, up to an empty line",
                details: """
                The lines after 'paste', up to the first empty one, are taken as they are (no ';' or '#') \
                and read as UIKit's "Unable to simultaneously satisfy constraints." output, as 'import \
                FILE.txt' reads a file: see 'help import'.
                """,
                run: { s, a in try startPaste(s, a); return .succeeded }),
    ]

    static func save(_ s: Session, _ a: Arguments) throws {
        let file = try a.path()
        do {
            try ScriptWriter.script(s.engine.hierarchy).write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            throw ShellError.file(file, reason: "cannot write it (\(reason(error)))")
        }
        s.print("saved to \(file)")
    }

    static func record(_ s: Session, _ a: Arguments) throws {
        let file = try a.path()
        if file == "off" {
            guard let current = s.recordPath else { throw ShellError.notAvailable("not recording") }
            s.recordPath = nil
            s.print("stopped recording to \(current)")
            return
        }
        guard FileManager.default.createFile(atPath: file, contents: Data()) else {
            throw ShellError.file(file, reason: "cannot write it")
        }
        s.recordPath = file
        s.recorded = []
        s.print("recording to \(file)")
    }

    /// `import FILE`: an Interface Builder document's views and constraints, all or nothing.
    static func importDocument(_ s: Session, _ a: Arguments) throws {
        let file = try a.path()
        let lower = file.lowercased()
        let isLog = lower.hasSuffix(".txt") || lower.hasSuffix(".log")
        guard lower.hasSuffix(".xib") || lower.hasSuffix(".storyboard") || isLog else {
            throw ShellError.file(file, reason: "import reads Interface Builder documents (.xib, .storyboard) and console logs (.txt, .log); to run a script, use 'load'")
        }
        if isLog {
            try importLog(s, try Session.readText(file), from: (file as NSString).lastPathComponent)
            return
        }
        let data = try Session.readFile(file)
        let report: ImportReport
        do {
            let document = try IBDocument.read(data)
            report = try Importer(engine: s.engine).run(document)
        } catch let error as DocumentError {
            throw ShellError.file(file, reason: ErrorText.documentReason(error))
        }
        let name = (file as NSString).lastPathComponent
        let rootNames = report.roots.joined(separator: ", ")
        s.print("imported \(name): \(report.views) views and guides under \(report.roots.count) top-level view\(report.roots.count == 1 ? "" : "s") (\(rootNames)), \(report.constraints) constraints (\(report.inactive) inactive)")
        if let size = report.documentSize {
            s.print("document size \(formatNumber(size.width)) x \(formatNumber(size.height)): 'set root.frame = 0 0 \(formatNumber(size.width)) \(formatNumber(size.height))' lays it out as Xcode did")
        }
        if !report.fromDocument.isEmpty {
            s.print("content sizes from the document's frames: " + report.fromDocument.joined(separator: "; "))
        }
        for line in report.skipped { s.print("skipped: " + line) }
        for line in report.variations { s.print("size-class variation, not applied: " + line) }
    }

    /// `paste`: the following lines, up to an empty one, are a console log.
    static func startPaste(_ s: Session, _ a: Arguments) throws {
        try a.none()
        s.pasted = []
        if s.loadDepth == 0 { s.print("paste UIKit's log, then an empty line:") }
    }

    /// A console log's constraints on placeholder views, then strut's account of the conflict.
    static func importLog(_ s: Session, _ text: String, from source: String) throws {
        let engine = s.engine, words = DiagnosisText(engine: engine)
        let log = ConsoleLog.read(text)
        guard !log.constraints.isEmpty else {
            let skipped = log.skipped.map { "line \($0.line): \($0.reason)" }.joined(separator: "; ")
            throw ShellError.notAvailable("no constraint descriptions could be read from \(source)" + (skipped.isEmpty ? "" : " (\(skipped))"))
        }
        let report = try LogImporter(engine: engine).run(log)
        engine.layoutIfNeeded()
        let made = report.names.reduce(0) { $0 + ($1.isEmpty ? 0 : 1) }
        s.print("read \(made) constraint\(made == 1 ? "" : "s") from \(source) on \(report.views.count) placeholder view\(report.views.count == 1 ? "" : "s"): \(report.views.joined(separator: ", "))")
        for skipped in report.skipped {
            s.print("skipped: line \(skipped.line): " + (skipped.cause.map(ErrorText.message) ?? skipped.reason))
        }
        if let broken = report.uikitBroke {
            s.print("UIKit broke \(broken): \(engine.hierarchy.constraint(named: broken).map { engine.hierarchy.text(of: $0) } ?? "?")")
        } else {
            s.print("the log does not say which constraint UIKit broke")
        }
        // Only the conflicts among what this log added (the session may hold others).
        let added = Set(report.names.flatMap { $0 })
        let conflicts = engine.conflictReports().filter { $0.set.contains { added.contains(engine.name(of: $0)) } }
        guard !conflicts.isEmpty else {
            s.print("In strut's model these constraints can all hold (placeholder views have no content size and margins of 8): nothing to break.")
            return
        }
        for conflict in conflicts {
            let brokenName = engine.name(of: conflict.broken)
            let count = conflict.set.count
            s.print("")
            s.print("These \(count) of the logged constraints cannot all hold (a minimal set):")
            for line in words.lines(conflict.chain) { s.print(line) }
            if let uikit = report.uikitBroke {
                s.print(uikit == brokenName
                    ? "strut breaks \(brokenName) too: added last, as UIKit was adding it, it is the newest of the set."
                    : "strut breaks \(brokenName), the newest of the set when the constraints are added in the logged order with UIKit's broken one last; UIKit broke \(uikit)\(conflict.set.contains { engine.name(of: $0) == uikit } ? "" : ", which is not in this set").")
            } else {
                s.print("strut breaks \(brokenName), the newest of the set in the logged order.")
            }
            let h = engine.hierarchy
            let encapsulated = conflict.set.filter { (h.constraint($0)?.identifier ?? "").hasPrefix("UIView-Encapsulated-Layout") }
            let yours = conflict.resolving.filter { h.constraint($0).map { !LogImporter.isUIKits($0) } ?? false }
            if let size = encapsulated.first, !yours.isEmpty {
                let identifier = h.constraint(size)?.identifier ?? ""
                s.print("\(engine.name(of: size)) ('\(identifier)') is the frame UIKit gives the cell or view, for the moment; let it win by lowering one of your constraints to 999:")
                for fix in yours { s.print("  priority \(engine.name(of: fix)) 999") }
            } else {
                for line in words.fixLines(conflict.fixes) { s.print(line) }
            }
        }
    }

    private static func reason(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }

}
