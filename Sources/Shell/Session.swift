import Foundation
import LayoutEngine
import Pictures
import DequeModule

/// Where a session's output goes: the terminal, a pipe, or a test's buffer.
public protocol OutputSink: AnyObject {
    func write(_ text: String)
    func writeError(_ text: String)
    /// Pushes buffered output out (after each line, so that a prompt follows it).
    func flush()
}

extension OutputSink {
    public func flush() {}
}

/// Collects output in memory (tests, golden transcripts).
public final class BufferSink: OutputSink {
    public private(set) var output = ""
    public private(set) var errors = ""
    /// Both streams, interleaved as written.
    public private(set) var combined = ""
    public init() {}
    public func write(_ text: String) { output += text; combined += text }
    public func writeError(_ text: String) { errors += text; combined += text }
}

/// What running a line came to.
public enum LineOutcome: Equatable, Sendable {
    case succeeded
    case failed
    case quit
}

/// What reading Swift made (`import FILE.swift`, a folder of them, pasted Swift): the type run,
/// its views, its constraints and the lines left out (`CardView.swift:31 'code': why`).
public struct SwiftImportReport: Sendable {
    public var typeName: String?
    public var views: [String]
    public var constraints: Int
    public var inactive: Int
    public var skipped: [String]
    /// What strut decided where UIKit's caller decides (a cell's row height), a line each.
    public var notes: [String]
    public init(typeName: String?, views: [String], constraints: Int, inactive: Int, skipped: [String], notes: [String] = []) {
        self.typeName = typeName
        self.views = views
        self.constraints = constraints
        self.inactive = inactive
        self.skipped = skipped
        self.notes = notes
    }
}

/// Why Swift code could not be read at all (a syntax error at its line and column, an endless
/// loop): one line; nothing changed.
public struct SwiftImportFailure: Error, Sendable {
    public var message: String
    public init(message: String) { self.message = message }
}

/// One strut session: the layout engine, undo and redo, and recording. It reads no terminal:
/// lines come in through `run(…)` (`Session+Scripts`), each statement is classified once by the
/// command table and run by its row's handler, text goes out to the sink.
public final class Session {
    /// The Swift code reader (SwiftCode's), installed by the executable: the shell itself builds
    /// without swift-syntax. Set once at start-up.
    nonisolated(unsafe) public static var swiftReader: (@Sendable (_ sources: [(String, String)], _ stem: String, _ engine: LayoutEngine) throws -> SwiftImportReport)?
    /// A line of Swift at the prompt (`a.topAnchor.constraint(equalTo: …).isActive = true`,
    /// `let title = UILabel()`, `title.numberOfLines = 0`) as the shell's lines, nil for a line
    /// that is none; installed with `swiftReader`. Asked only of a line the shell could not read.
    nonisolated(unsafe) public static var swiftStatementReader: (@Sendable (_ text: String, _ hierarchy: Hierarchy) throws -> [String]?)?

    public private(set) var engine = LayoutEngine()
    let sink: OutputSink
    // The rest of the state in named parts, so that a copy is a line a part.
    /// Undo and redo.
    var history = History()
    /// `record FILE`: what has been written.
    var recording = Recording()
    /// Where the running line comes from and what runs it.
    var running = Running()
    /// What the terminal, if there is one, asks of the output.
    var terminal = TerminalSettings()
    /// The challenge under way.
    var teaching = Teaching()
    /// The line of the document element each imported view and constraint came from
    /// (`strut check` points at it).
    var documentLines: [String: Int] = [:]
    /// Lines a command takes from the input that follows it (`paste`: a console log).
    var collector: LineCollector?
    /// `watch FILE.html`: the page rewritten after every command that changes it.
    var watchPath: String?
    /// The watched page as last written, and its stamp.
    struct WatchedPage { var stamp = 0; var written: [UInt8] = [] }
    var watched = WatchedPage()
    static let undoLimit = 200

    /// Whether the next lines are taken as a pasted log, not run (the input's end finishes it).
    public var isPasting: Bool { collector != nil }
    /// The prompt for the next line at the terminal: a collection's own while one is open.
    public var prompt: String { collector?.prompt ?? "strut> " }
    /// At the terminal: say so when an empty line does not end a paste (it is inside UIKit's
    /// message, whose rest may follow).
    public var explainsOpenPaste: Bool {
        get { terminal.explainsOpenPaste }
        set { terminal.explainsOpenPaste = newValue }
    }
    /// `draw` colours what it marks (stdout a terminal, `NO_COLOR` unset).
    public var colour: Bool {
        get { terminal.colour }
        set { terminal.colour = newValue }
    }
    /// The terminal's width when stdout is one; `draw` takes `COLUMNS` first, else this, else 100.
    public var terminalColumns: Int? {
        get { terminal.columns }
        set { terminal.columns = newValue }
    }
    /// Reads a line from the person at the terminal after showing a prompt (`pause`, `ask`);
    /// nil when no one is there (batch, tests).
    public var prompter: ((String) -> InputLine)? {
        get { terminal.prompter }
        set { terminal.prompter = newValue }
    }
    /// At a terminal: whether Ctrl-C was pressed; a line's or a script's next statement then
    /// does not run (a `load` puts back the state before it, as when it fails), and a long
    /// change (an import, a big synchronisation) stops and is taken back.
    public var interruptCheck: (() -> Bool)? {
        didSet { engine.interruptCheck = interruptCheck }
    }
    /// `draw`'s width in columns.
    var columns: Int {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let value = Int(text),
           value >= TerminalPicture.minimumColumns, value <= 1000 { return value }
        return terminalColumns ?? 100
    }

    public init(sink: OutputSink) {
        self.sink = sink
    }

    /// Undo and redo: a deque, because past the limit the oldest entry goes at each change,
    /// and taking it off the front of an array would move the other 199.
    struct History {
        var undoStack: Deque<UndoEntry> = []
        var redoStack: [UndoEntry] = []
    }

    /// The changes written by `record` so far (the file is rewritten when one is undone).
    struct Recording {
        var recorded: [String] = []
        var recordPath: String?
    }

    /// Where the running line comes from and what runs it.
    struct Running {
        /// `FILE:LINE` of the line being run, put in front of its errors.
        var location: String?
        /// How many `load`s deep the running line is.
        var loadDepth = 0
        /// The folders of the scripts being run, innermost last: their relative file names are
        /// theirs (`resolve`).
        var scriptFolders: [String] = []
        /// Output dropped (the steps before `lesson NAME from STEP`).
        var muted = false
        /// A lesson is running.
        var lessonDepth = 0
        /// The language of the lesson or challenge running (`en`, `ja`): its prompts and
        /// diagnostics are in it.
        var language = "en"
        /// A Ctrl-C at a lesson's prompt left the question; another in a row leaves the lesson.
        var leaveArmed = false
    }

    /// The challenge under way (`challenge NAME`), its language and hints given, and where
    /// solved challenges are remembered.
    struct Teaching {
        var challenge: Challenge?
        var language = "en"
        var hintsGiven = 0
        /// Where solved challenges are kept (tests set a file of their own).
        var progressFile: String?
        var progressPath: String? { progressFile ?? ChallengeProgress.defaultPath() }
    }

    /// What the terminal, if there is one, asks of the output and how to ask its user.
    struct TerminalSettings {
        var explainsOpenPaste = false
        var colour = false
        var columns: Int?
        var prompter: ((String) -> InputLine)?
    }

    /// A session in this one's state, writing to `sink`: its engine copied exactly (the solver
    /// too, as `LayoutEngine.copy()` does), undo, redo and the rest as they are. The fuzz
    /// targets start each input that may change the state on a copy of a session set up once
    /// (cheaper than setting one up again). Every stored property is copied (a test
    /// compares them all).
    public func copy(sink: OutputSink) -> Session {
        let copy = Session(sink: sink)
        copy.engine = engine.copy()
        copy.history = history
        copy.recording = recording
        copy.running = running
        copy.terminal = terminal
        copy.teaching = teaching
        copy.documentLines = documentLines
        copy.collector = collector?.copy()
        copy.watchPath = watchPath
        copy.watched = watched
        copy.interruptCheck = interruptCheck
        return copy
    }

    /// `dump`'s JSON: the whole state (for tests and the fuzz targets' invariant).
    public var dumpJSON: String { StateDump.json(engine) }

    /// Runs one statement: its row does the work; a change is remembered for undo (and
    /// recorded). Throws what went wrong, having changed nothing.
    func execute(_ statement: String) throws -> LineOutcome {
        let (command, arguments) = try Commands.classify(statement)
        let before = engine.hierarchy
        let brokenBefore = command.mutates ? Set(engine.broken.keys) : []
        if command.mutates { engine.knowStanding() }
        let outcome = try command.run(self, arguments)
        if command.mutates {
            if command.isUndoStep { remember(before, statement) } else { record(statement) }
            if !command.reportsItsOwnChanges {
                announceBreaks(since: brokenBefore)
                announceMended(since: brokenBefore)
                // In a lesson, what a change violated or made ambiguous is said at the layout
                // pass that shows it, not at each step on the way (where the narration would
                // contradict it).
                if running.lessonDepth == 0 || command.name == "layout" {
                    for line in diagnosisText.standingLines(engine.takeStandingChanges()) { print(line) }
                }
            }
        }
        if let file = watchPath, !command.keepsWatchedPage { refreshWatchedPage(file) }
        return outcome
    }

    /// As UIKit logs the moment it breaks a constraint: one line for each the change broke (and
    /// `standingLines` for what it violated or made ambiguous).
    func announceBreaks(since before: Set<ConstraintRef>) {
        for (ref, set) in engine.conflicts where !before.contains(ref) {
            guard let constraint = engine.hierarchy.constraint(ref) else { continue }
            let others = set.filter { $0 != ref }.map(engine.name)
            let listed = diagnosisText.listed(others)
            let why = others.isEmpty ? diagnosisText.aloneReason(ref) : say("conflicts with \(listed)", "\(listed) と競合")
            print(say("broke \(constraint.name): \(engine.hierarchy.text(of: constraint)) (\(why)) — 'conflicts' for more",
                      "\(constraint.name) を解除：\(engine.hierarchy.text(of: constraint))（\(why)）— 詳しくは 'conflicts'"))
        }
    }

    /// A constraint that was broken and is back in: `half holds again: …`, so that a change
    /// that mends a conflict does not bring a constraint back unseen.
    func announceMended(since before: Set<ConstraintRef>) {
        guard !before.isEmpty else { return }
        for ref in before.sorted() where engine.broken[ref] == nil {
            guard let constraint = engine.hierarchy.constraint(ref), constraint.isActive else { continue }
            print(say("\(constraint.name) holds again: \(engine.hierarchy.text(of: constraint)) (the conflict that broke it is gone)",
                      "\(constraint.name) がまた満たされます：\(engine.hierarchy.text(of: constraint))（解除の原因だった競合はなくなりました）"))
        }
    }

    /// Rewrites the watched page; a page that can no longer be written stops the watch.
    func refreshWatchedPage(_ file: String) {
        let stampFile = Commands.stampFile(of: file)
        let name = PathName.lastComponent(of: stampFile)
        // Unchanged, the page is left alone, and so does not reload.
        guard Commands.pageMarkup(self, watch: PageDetails.Watch(stamp: watched.stamp, file: name)).bytes != watched.written else { return }
        do {
            let page = Commands.pageMarkup(self, watch: PageDetails.Watch(stamp: watched.stamp + 1, file: name))
            try FileWriter.replace(file, with: page)
            try FileWriter.replace(stampFile, with: PageDetails.stampScript(watched.stamp + 1))
            watched = WatchedPage(stamp: watched.stamp + 1, written: page.bytes)
        } catch {
            watchPath = nil
            report(error)
            print("stopped watching \(file)")
        }
    }

    /// Text as one quoted token of the command language (`"…"`, with `\\` and `\"` escaped):
    /// a file name or a lesson's handed to a command line built in code.
    public static func quoted(_ text: String) -> String { Commands.quoted(text) }

    /// The diagnostics in words, in the running lesson's language.
    var diagnosisText: DiagnosisText { DiagnosisText(engine: engine, language: running.language) }

    func print(_ text: String) {
        guard !running.muted else { return }
        sink.write(text.hasSuffix("\n") ? text : text + "\n")
    }

    func report(_ error: Error) {
        sink.writeError(ErrorText.report(error, location: running.location))
    }

    // MARK: - Undo, and recording

    /// Remembers the state before a change, and records the change when recording.
    func remember(_ state: Hierarchy, _ command: String) {
        let recordedAs = record(command)
        history.undoStack.append((state, command, recordedAs))
        if history.undoStack.count > Session.undoLimit { history.undoStack.removeFirst() }
        history.redoStack.removeAll()
    }

    /// Records a change when recording (a layout pass, which is no undo step, only this): its
    /// place in the recording, or nil.
    @discardableResult
    func record(_ command: String) -> Int? {
        guard recording.recordPath != nil && running.loadDepth == 0 else { return nil }
        recording.recorded.append(command)
        appendRecord(command)
        return recording.recorded.count - 1
    }

    func undo() throws {
        guard let last = history.undoStack.popLast() else { throw ShellError.nothingToUndo }
        history.redoStack.append((engine.hierarchy, last.command, last.recordedAs))
        engine.restore(last.state)
        // A recorded change that is undone leaves the recording, with the layout passes that
        // followed it, so a replay ends in the same state.
        if let index = last.recordedAs, recording.recordPath != nil, index < recording.recorded.count,
           recording.recorded[(index + 1)...].allSatisfy({ (try? Commands.classify($0))?.0.isUndoStep == false }) {
            recording.recorded.removeSubrange(index...)
            writeRecord()
        }
        print("undone: \(last.command)")
    }

    func redo() throws {
        guard let next = history.redoStack.popLast() else { throw ShellError.nothingToRedo }
        var recordedAs: Int?
        if next.recordedAs != nil, recording.recordPath != nil, running.loadDepth == 0 {
            recording.recorded.append(next.command)
            recordedAs = recording.recorded.count - 1
            appendRecord(next.command)
        }
        history.undoStack.append((engine.hierarchy, next.command, recordedAs))
        engine.restore(next.state)
        print("redone: \(next.command)")
    }

    /// `reset`: the starting state (undoable).
    func reset() {
        adopt(LayoutEngine())
    }

    /// Takes another session's engine as this one's (`lesson … keep`, `challenge`).
    func adopt(_ other: LayoutEngine) {
        engine = other
        engine.interruptCheck = interruptCheck
    }

    /// The whole recording written again (an undo took its last line back).
    func writeRecord() {
        guard let recordPath = recording.recordPath else { return }
        do {
            try FileWriter.truncate(recordPath, to: recording.recorded.map { $0 + "\n" }.joined())
        } catch {
            stopRecording(after: error)
        }
    }

    /// One change added at the end of the recording (the file is not written again, which
    /// would make a long recording quadratic).
    func appendRecord(_ command: String) {
        guard let recordPath = recording.recordPath else { return }
        do {
            try FileWriter.append(recordPath, command + "\n")
        } catch {
            stopRecording(after: error)
        }
    }

    func stopRecording(after error: Error) {
        guard let path = recording.recordPath else { return }
        recording.recordPath = nil
        report(error)
        print("stopped recording to \(path)")
    }
}

/// The state before a change, the change's text, and its line in the recording (if recorded).
typealias UndoEntry = (state: Hierarchy, command: String, recordedAs: Int?)
