import Foundation
import LayoutEngine

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

/// One strut session: the layout engine, undo and redo, and recording. It reads no terminal:
/// lines come in through `run(…)` (`Session+Scripts`), each statement is classified once by the
/// command table and run by its row's handler, text goes out to the sink.
public final class Session {
    public private(set) var engine = LayoutEngine()
    let sink: OutputSink
    /// `FILE:LINE` of the line being run, put in front of its errors.
    var location: String?
    var undoStack: [UndoEntry] = []
    var redoStack: [UndoEntry] = []
    static let undoLimit = 200
    /// The changes written by `record` so far (the file is rewritten when one is undone).
    var recorded: [String] = []
    var recordPath: String?
    /// How many `load`s deep the running line is.
    var loadDepth = 0
    /// After `paste`: the lines of a console log, taken raw until an empty line.
    var pasted: [String]?
    /// At the terminal: say so when an empty line does not end a paste (it is inside UIKit's
    /// message, whose rest may follow).
    public var explainsOpenPaste = false
    /// Whether lines are being taken as a pasted log (the input's end finishes it).
    public var isPasting: Bool { pasted != nil }

    public init(sink: OutputSink) {
        self.sink = sink
    }

    /// Runs one statement: its row does the work; a change is remembered for undo (and
    /// recorded). Throws what went wrong, having changed nothing.
    func execute(_ statement: String) throws -> LineOutcome {
        let (command, arguments) = try Commands.classify(statement)
        let before = engine.hierarchy
        let outcome = try command.run(self, arguments)
        if command.mutates { remember(before, statement) }
        return outcome
    }

    func print(_ text: String) {
        sink.write(text.hasSuffix("\n") ? text : text + "\n")
    }

    func report(_ error: Error) {
        sink.writeError(ErrorText.report(error, location: location))
    }

    // MARK: - Undo, and recording

    /// Remembers the state before a change, and records the change when recording.
    func remember(_ state: Hierarchy, _ command: String) {
        var recordedAs: Int?
        if recordPath != nil && loadDepth == 0 {
            recorded.append(command)
            recordedAs = recorded.count - 1
            writeRecord()
        }
        undoStack.append((state, command, recordedAs))
        if undoStack.count > Session.undoLimit { undoStack.removeFirst() }
        redoStack.removeAll()
    }

    func undo() throws {
        guard let last = undoStack.popLast() else { throw ShellError.nothingToUndo }
        redoStack.append((engine.hierarchy, last.command, last.recordedAs))
        engine.restore(last.state)
        // A recorded change that is undone leaves the recording, so a replay ends in the same state.
        if let index = last.recordedAs, recordPath != nil, index == recorded.count - 1 {
            recorded.removeLast()
            writeRecord()
        }
        print("undone: \(last.command)")
    }

    func redo() throws {
        guard let next = redoStack.popLast() else { throw ShellError.nothingToRedo }
        var recordedAs: Int?
        if next.recordedAs != nil, recordPath != nil, loadDepth == 0 {
            recorded.append(next.command)
            recordedAs = recorded.count - 1
            writeRecord()
        }
        undoStack.append((engine.hierarchy, next.command, recordedAs))
        engine.restore(next.state)
        print("redone: \(next.command)")
    }

    /// `reset`: the starting state (undoable).
    func reset() {
        engine = LayoutEngine()
    }

    func writeRecord() {
        guard let recordPath else { return }
        let text = recorded.map { $0 + "\n" }.joined()
        try? text.write(toFile: recordPath, atomically: false, encoding: .utf8)
    }
}

/// The state before a change, the change's text, and its line in the recording (if recorded).
typealias UndoEntry = (state: Hierarchy, command: String, recordedAs: Int?)
