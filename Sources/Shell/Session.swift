import Foundation
import LayoutEngine

/// Where a session's output goes: the terminal, a pipe, or a test's buffer.
public protocol OutputSink: AnyObject {
    func write(_ text: String)
    func writeError(_ text: String)
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

/// One strut session: the layout engine, undo and redo, recording, and the command language.
/// It reads no terminal: lines come in through `run(line:)`, text goes out to the sink.
public final class Session {
    public private(set) var engine = LayoutEngine()
    let sink: OutputSink
    /// Lines run so far by name of their source, for `FILE:LINE:` prefixes.
    var location: String?
    var undoStack: [UndoEntry] = []
    var redoStack: [UndoEntry] = []
    /// The changes written by `record` so far (the file is rewritten when one is undone).
    var recorded: [String] = []
    static let undoLimit = 200
    var recordPath: String?
    var loadDepth = 0
    /// After `paste`: the lines of a console log, taken raw until an empty line.
    var pasted: [String]?
    /// Whether lines are being taken as a pasted log (the input's end finishes it).
    public var isPasting: Bool { pasted != nil }
    /// Where a command's arguments start in its statement, so that columns in messages count
    /// from the start of the statement.
    var columnOffset = 0

    public init(sink: OutputSink) {
        self.sink = sink
    }

    // MARK: - Running lines

    /// Runs one line (statements separated by `;`). `location` (`file.strut:12`) is put in
    /// front of error messages. Stops at the first failing statement of the line unless
    /// `keepGoing`.
    @discardableResult
    public func run(line: String, location: String? = nil, keepGoing: Bool = false) -> LineOutcome {
        self.location = location
        if pasted != nil {
            do {
                try takePastedLine(line)
                return .succeeded
            } catch {
                report(error)
                return .failed
            }
        }
        var outcome = LineOutcome.succeeded
        for statement in Lexer.statements(line) {
            do {
                if try execute(statement) == .quit { return .quit }
            } catch {
                report(error)
                outcome = .failed
                if !keepGoing { return .failed }
            }
        }
        return outcome
    }

    /// Runs one statement; throws what went wrong, having changed nothing.
    func execute(_ statement: String) throws -> LineOutcome {
        let before = engine.hierarchy
        let outcome = try dispatch(statement)
        let command = Commands.find(Session.firstWord(statement))
        let isConstraint = (isConstraintStatement(statement) && command?.takesFile != true) || Session.isVisualFormat(statement)
        if isConstraint || command?.mutates == true {
            remember(before, statement)
        }
        return outcome
    }

    func dispatch(_ statement: String) throws -> LineOutcome {
        if Session.isVisualFormat(statement) {
            try addVisualFormat(statement)
            return .succeeded
        }
        let word = Session.firstWord(statement)
        if let command = Commands.find(word), !isConstraintStatement(statement) || command.takesFile {
            let rest = String(statement.dropFirst(word.count)).trimmingWhitespace()
            columnOffset = statement.count - rest.count
            defer { columnOffset = 0 }
            return try command.run(self, rest)
        }
        let tokens = try Lexer.tokens(statement)
        if isConstraintStatement(statement) || tokens.count > 1 && (tokens[1].isSymbol(".") || tokens[1].isSymbol(":")) {
            try addConstraint(tokens)
            return .succeeded
        }
        throw ShellError.unknownCommand(word, suggestion: closestMatch(to: word, in: Commands.all.map(\.name)))
    }

    /// `NAME.ATTR ...` or `NAME: ...`: the word is followed by `.` or `:`.
    func isConstraintStatement(_ statement: String) -> Bool {
        let word = Session.firstWord(statement)
        guard !word.isEmpty else { return false }
        let after = statement.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
        return after.first == "." || after.first == ":"
    }

    static func firstWord(_ statement: String) -> String {
        String(statement.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
    }

    /// `H:...`, `V:...`, or `NAME: H:...`.
    static func isVisualFormat(_ statement: String) -> Bool {
        var s = Substring(statement)
        let word = s.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        if (word == "H" || word == "V") && s.dropFirst(word.count).first == ":" { return true }
        guard !word.isEmpty else { return false }
        s = s.dropFirst(word.count).drop { $0 == " " }
        guard s.first == ":" else { return false }
        s = s.dropFirst().drop { $0 == " " }
        return (s.hasPrefix("H:") || s.hasPrefix("V:"))
    }

    // MARK: - Errors and output

    func report(_ error: Error) {
        let message = Session.message(of: error)
        if case let ShellError.visualFormat(vfl) = error {
            // UIKit's three parts: the description, the format, a caret under the index.
            let prefix = location.map { "\($0): " } ?? ""
            sink.writeError("\(prefix)error: Unable to parse constraint format: \(vfl.description)\n")
            if vfl.hasCaret {
                sink.writeError("    \(vfl.format)\n    " + String(repeating: " ", count: vfl.index) + "^\n")
            }
        } else if case let ShellError.scriptFailed(inner, innerMessage) = error {
            sink.writeError("\(inner): error: \(innerMessage)\n")
        } else if let location {
            sink.writeError("\(location): error: \(message)\n")
        } else {
            sink.writeError("error: \(message)\n")
        }
    }

    func print(_ text: String) {
        sink.write(text.hasSuffix("\n") ? text : text + "\n")
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
