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
                mutates: true, reportsItsOwnChanges: true, arguments: [.file],
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
        Command(name: "import", usage: "import FILE.xib|FILE.storyboard [with placeholders | with measured text] | import FILE.txt | import FILE.swift|FILE.m|FOLDER [type NAME]",
                listing: "import FILE.xib|.storyboard|.txt|.swift|.m",
                summary: "add the views and constraints of an Interface Builder document, a console log or Swift or Objective-C layout code",
                details: HelpText.importDetails,
                mutates: true, arguments: [.file],
                run: { s, a in try importDocument(s, a); return .succeeded }),
        Command(name: "paste", usage: "paste",
                summary: "read a console log (or Swift or Objective-C layout code) pasted on the following lines, up to an empty line",
                details: """
                The lines after 'paste', up to the first empty one, are taken as they are (no ';' or '#') \
                and read as UIKit's "Unable to simultaneously satisfy constraints." output, as 'import \
                FILE.txt' reads a file: see 'help import'. Inside UIKit's message (after its list's ')' \
                or its breaking line) an empty line is part of the log, and two end it; Ctrl-D ends it \
                too. At a terminal a log can also be pasted straight at the prompt: a paste is text \
                (its tabs are not completion), a log is read as one, other lines run as typed, and \
                none of them goes into the history. Layout code pasted after 'paste' (its first line an \
                import, a type or an attribute in Swift; #import, @interface, @implementation or a \
                method in Objective-C) is read as 'import FILE.swift' or 'import FILE.m' reads a file, \
                named pasted.swift or pasted.m: its empty lines are its own while a brace is open (and, \
                in Objective-C, until its @end).
                """,
                run: { s, a in try startPaste(s, a); return .succeeded }),
    ]

    static func save(_ s: Session, _ a: Arguments) throws {
        let file = try a.path()
        try FileWriter.replace(file, with: ScriptWriter.script(s.engine.hierarchy))
        s.print("saved to \(file)")
    }

    static func record(_ s: Session, _ a: Arguments) throws {
        let file = try a.path()
        if file == "off" {
            guard let current = s.recording.recordPath else { throw ShellError.notAvailable("not recording") }
            s.recording.recordPath = nil
            s.print("stopped recording to \(current)")
            return
        }
        try FileWriter.truncate(file, to: "")
        s.recording.recordPath = file
        s.recording.recorded = []
        s.print("recording to \(file)")
    }

    /// `import FILE.swift` (or a folder of Swift files, or Swift pasted): the views and
    /// constraints the layout code makes, named after its properties and lines, with what was
    /// left out.
    static func importSwift(_ s: Session, _ sources: [(String, String)], stem: String, from file: String) throws {
        guard let reader = Session.swiftReader else {
            throw ShellError.file(file, reason: "this build of strut reads no Swift code (the strut executable does)")
        }
        let report: SwiftImportReport
        do {
            report = try reader(sources, stem, s.engine)
        } catch let failure as SwiftImportFailure {
            throw ShellError.notAvailable("cannot import \(file): \(failure.message)")
        }
        guard let typeName = report.typeName else {
            throw ShellError.file(file, reason: "no UIView or UIViewController subclass in it: strut runs the layout code of one")
        }
        s.print("imported \(file): \(typeName): \(report.views.count) view\(report.views.count == 1 ? "" : "s") (\(report.views.joined(separator: ", "))), "
                + "\(report.constraints) constraint\(report.constraints == 1 ? "" : "s")" + (report.inactive > 0 ? " (\(report.inactive) inactive)" : ""))
        for note in report.notes { s.print(note) }
        for skipped in report.skipped { s.print("skipped \(skipped)") }
    }

    /// The Swift files of a folder (and its subfolders), in name order.
    static func swiftFiles(in folder: String) throws -> [(String, String)] {
        guard let names = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] else {
            throw ShellError.file(folder, reason: "the folder cannot be listed")
        }
        // Swift files; else Objective-C's (.m and their headers).
        var swift = names.filter { $0.hasSuffix(".swift") }.sorted()
        if swift.isEmpty { swift = names.filter { $0.hasSuffix(".m") || $0.hasSuffix(".mm") || $0.hasSuffix(".h") }.sorted() }
        guard !swift.isEmpty else { throw ShellError.file(folder, reason: "no .swift or .m files in the folder") }
        guard swift.count <= 500 else { throw ShellError.file(folder, reason: "\(swift.count) Swift files: strut reads at most 500 at once") }
        return try swift.map { (try Session.readText(PathName.joined(folder, $0)), $0) }
    }

    /// The views shown by name in `measuredComparison`'s line; the rest are counted.
    static let measuredShown = 8

    /// `import FILE with measured text`: how many of the labels and buttons strut measured
    /// land on the frames Xcode stored once laid out (within half a point, as `ibcheck` counts
    /// them), and the first of those that do not, each beside Xcode's frame.
    static func measuredComparison(_ s: Session, _ report: ImportReport) -> String {
        let what = counted(report.measured.count, "label or button", plural: "labels and buttons")
        guard report.laidOutAtDocumentSize else {
            return "measured text of \(what): not compared with Xcode's frames, as root keeps its size (imported into an empty session, they are)"
        }
        let hierarchy = s.engine.hierarchy
        var off: [String] = []
        for (name, stored) in report.measured {
            guard let frame = hierarchy.view(named: name)?.frame, !FrameCheck.lands(frame, on: stored) else { continue }
            off.append("\(name) \(FrameCheck.text(frame)) (Xcode \(FrameCheck.text(stored)))")
        }
        let landed = report.measured.count - off.count
        var line = "measured text of \(what): \(landed) on Xcode's frame"
        if !off.isEmpty {
            line += "; off it: " + off.prefix(measuredShown).joined(separator: "; ")
            if off.count > measuredShown { line += "; and \(off.count - measuredShown) more" }
        }
        return line
    }

    /// `import FILE`: an Interface Builder document's views and constraints, all or nothing.
    static func importDocument(_ s: Session, _ a: Arguments) throws {
        var file: String
        let measuredText: Bool, placeholders: Bool
        // `import FOLDER type ProfileView`: the type of the code to run, named.
        var typeName: String?
        if let (path, words) = try a.quotedPathAndWords() {
            // A quoted name ends where its quote does: the words after it are the options.
            file = path
            let said = words.map(\.text)
            measuredText = said == ["with", "measured", "text"]
            placeholders = said == ["with", "placeholders"]
            if said.count == 2 && said[0] == "type" { typeName = said[1] }
            if !said.isEmpty && !measuredText && !placeholders && typeName == nil {
                let wrong = words.first { !["with", "measured", "text", "placeholders", "type"].contains($0.text) } ?? words[0]
                throw ShellError.syntax("unexpected '\(wrong.text)' at column \(wrong.column)", usage: a.usage)
            }
        } else {
            file = try a.path()
            func option(_ words: String) -> Bool {
                guard file.hasSuffix(words) else { return false }
                file = String(file.dropLast(words.count)).trimmingWhitespace()
                return true
            }
            measuredText = option(" with measured text")
            placeholders = option(" with placeholders")
            if let range = file.range(of: " type ", options: .backwards) {
                let word = String(file[range.upperBound...]).trimmingWhitespace()
                if Lexer.isName(word) {
                    typeName = word
                    file = String(file[..<range.lowerBound]).trimmingWhitespace()
                }
            }
        }
        file = s.resolve(file)
        let lower = file.lowercased()
        let isLog = lower.hasSuffix(".txt") || lower.hasSuffix(".log")
        var isFolder: ObjCBool = false
        let folder = FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) && isFolder.boolValue
        let code = [".swift", ".m", ".mm"].first { lower.hasSuffix($0) }
        if typeName != nil && code == nil && !folder {
            throw ShellError.file(file, reason: "'type NAME' is for layout code (.swift, .m or a folder of it)")
        }
        if code != nil || folder {
            guard !placeholders && !measuredText else {
                throw ShellError.file(file, reason: "'with \(placeholders ? "placeholders" : "measured text")' is for Interface Builder documents")
            }
            let name = PathName.lastComponent(of: file)
            let sources = folder ? try swiftFiles(in: file) : [(try Session.readText(file), name)]
            let stem = typeName.map { "type:" + $0 } ?? (folder ? name : String(name.dropLast(code!.count)))
            try importSwift(s, sources, stem: stem, from: name)
            return
        }
        guard lower.hasSuffix(".xib") || lower.hasSuffix(".storyboard") || isLog else {
            throw ShellError.file(file, reason: "import reads Interface Builder documents (.xib, .storyboard), Swift or Objective-C layout code (.swift, .m, or a folder of it) and console logs (.txt, .log); to run a script, use 'load'")
        }
        if isLog {
            guard !placeholders && !measuredText else {
                throw ShellError.file(file, reason: "'with \(placeholders ? "placeholders" : "measured text")' is for Interface Builder documents")
            }
            try importLog(s, try Session.readText(file), from: PathName.lastComponent(of: file))
            return
        }
        let data = try Session.readFile(file)
        let report: ImportReport
        do {
            let document = try IBDocument.read(data)
            var importer = Importer(engine: s.engine)
            importer.placeholders = placeholders
            importer.measuredText = measuredText
            report = try importer.run(document)
        } catch let error as DocumentError {
            throw ShellError.file(file, reason: ErrorText.documentReason(error))
        }
        // At the document's size the views are where Xcode put them as soon as it is read.
        if report.laidOutAtDocumentSize { s.engine.layoutIfNeeded() }
        s.documentLines.merge(report.lines) { _, new in new }
        let name = PathName.lastComponent(of: file)
        let rootNames = report.roots.joined(separator: ", ")
        s.print("imported \(name): \(counted(report.views, "view or guide", plural: "views and guides")) under \(counted(report.roots.count, "top-level view")) (\(rootNames)), \(counted(report.constraints, "constraint")) (\(report.inactive) inactive)")
        if let size = report.documentSize {
            let frame = "root.frame = 0 0 \(formatNumber(size.width)) \(formatNumber(size.height))"
            if report.laidOutAtDocumentSize {
                s.print("laid out at the document's size, \(formatNumber(size.width)) x \(formatNumber(size.height)) (\(frame)), as Xcode did")
            } else {
                s.print("document size \(formatNumber(size.width)) x \(formatNumber(size.height)): 'set \(frame)' lays it out as Xcode did")
            }
        }
        for line in report.sceneSizes { s.print("scene " + line + " (its own size)") }
        for line in report.safeAreas { s.print("safe area of " + line) }
        for line in report.placeholders { s.print("placeholder constraint " + line) }
        if report.canvasTurnedOn {
            s.print("set canvas = on: hidden arranged views leave their stack's spacing chain, as on Xcode's canvas")
        }
        if !report.fromDocument.isEmpty {
            s.print("content sizes from the document's frames: " + report.fromDocument.joined(separator: "; "))
        }
        if let scale = report.displayScale {
            let pixels = report.displayScaleFromFrames
                ? (scale == 1 ? "whole points, as the document's frames are (laid out on a Mac's screen before Xcode 8)" : "half points, as the document's frames are (laid out on a Retina Mac before Xcode 8)")
                : "the pixels of the document's device"
            s.print("set displayScale = \(formatNumber(scale)): text sizes rounded to " + pixels)
        }
        if let era = report.textSizeEra {
            s.print("set contentSizeCategory = \(era.category.rawValue): text styles at the size the document's Xcode (\(era.xcodes)) laid them out at")
        }
        if report.textMetric == .ios13 {
            s.print("set textMetric = ios13: San Francisco tracked as the document's iOS (9 to 13) tracked it")
        }
        if measuredText && !report.measured.isEmpty { s.print(measuredComparison(s, report)) }
        if !report.unknownFonts.isEmpty {
            s.print("fonts strut has no metrics for, measured as the system font: " + report.unknownFonts.joined(separator: ", "))
        }
        for line in report.skipped { s.print("skipped: " + line) }
        for line in report.appliedVariations { s.print("size-class variation, applied (the canvas's size classes): " + line) }
        for line in report.variations { s.print("size-class variation, not applied (other size classes): " + line) }
    }

    /// A view tree LLDB printed (`recursiveDescription`, `_autolayoutTrace`): its views, and
    /// what it says of them.
    static func importTree(_ s: Session, _ tree: DumpedTree, from source: String) throws {
        let report = try TreeImporter(engine: s.engine).run(tree)
        let shown = listed(report.views)
        switch report.kind {
        case .recursiveDescription:
            let size = report.rootSize.map { " (root.frame = 0 0 \(formatNumber($0.width)) \(formatNumber($0.height)))" } ?? ""
            s.print(report.views.count == 1
                ? "read a view's description from \(source): \(shown) at the frame UIKit printed\(size)"
                : "read a recursiveDescription from \(source): \(counted(report.views.count, "view")) at the frames UIKit printed\(size): \(shown)")
            s.print("each keeps its address: a console log pasted next lands on these views")
        case .autolayoutTrace:
            s.print("read an _autolayoutTrace from \(source): \(counted(report.views.count, "view")) (a trace has no frames or constraints): \(shown)")
            if report.ambiguous.isEmpty {
                s.print("UIKit marked no view ambiguous")
            } else {
                let marked = report.ambiguous.map { "\($0.view) (\($0.components.joined(separator: ", ")))" }.joined(separator: ", ")
                s.print("UIKit marked \(counted(report.ambiguous.count, "view")) AMBIGUOUS LAYOUT: \(marked)")
            }
            s.print("each keeps its address: a console log pasted next lands on these views")
        }
    }

    /// `paste`: the following lines, up to an empty one, are a console log.
    static func startPaste(_ s: Session, _ a: Arguments) throws {
        try a.none()
        s.collector = PastedLog()
        if s.running.loadDepth == 0 { s.print(s.say("paste UIKit's log (or layout code), then an empty line:", "UIKit のログ（またはレイアウトのコード）を貼り付け、最後に空行を入れてください：")) }
    }

    /// A console log's constraints on placeholder views, then strut's account of each message's
    /// conflict, about what the developer owns.
    static func importLog(_ s: Session, _ text: String, from source: String) throws {
        let engine = s.engine
        let log = ConsoleLog.read(text)
        if log.constraints.isEmpty, let tree = DebuggerText.tree(text) {
            try importTree(s, tree, from: source)
            return
        }
        guard !log.constraints.isEmpty else { throw ShellError.notAvailable(LogReport.unreadable(log, text, source)) }
        if !engine.hierarchy.codeSources.constraints.isEmpty {
            try landLog(s, log, from: source)
            return
        }
        let report = try LogImporter(engine: engine).run(log)
        engine.layoutIfNeeded()
        var account = LogReport(session: s, log: log, report: report)
        account.fromDebugger = DebuggerText.isConstraintList(text)
        account.print(source: source)
    }

}
