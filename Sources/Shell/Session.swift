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
    var undoStack: [(state: Hierarchy, command: String)] = []
    var redoStack: [(state: Hierarchy, command: String)] = []
    static let undoLimit = 200
    var recordPath: String?
    var loadDepth = 0

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
        let isConstraint = isConstraintStatement(statement) || Session.isVisualFormat(statement)
        if isConstraint || Commands.find(Session.firstWord(statement))?.mutates == true {
            remember(before, statement)
        }
        if let recordPath, outcome != .quit, !statement.hasPrefix("record") {
            appendRecord(statement, to: recordPath)
        }
        return outcome
    }

    func dispatch(_ statement: String) throws -> LineOutcome {
        if Session.isVisualFormat(statement) {
            throw ShellError.notAvailable("Visual Format Language lines ('\(statement)') are not supported yet; write the constraints as equations")
        }
        let word = Session.firstWord(statement)
        if let command = Commands.find(word), !isConstraintStatement(statement) {
            let rest = String(statement.dropFirst(word.count)).trimmingWhitespace()
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
        let message: String
        switch error {
        case let shell as ShellError: message = shell.message
        case let layout as LayoutError: message = layout.message
        default: message = "\(error)"
        }
        if case ShellError.scriptFailed = error {
            sink.writeError("error: \(message)\n")
        } else if let location {
            sink.writeError("\(location): error: \(message)\n")
        } else {
            sink.writeError("error: \(message)\n")
        }
    }

    func print(_ text: String) {
        sink.write(text.hasSuffix("\n") ? text : text + "\n")
    }

    // MARK: - Undo

    func remember(_ state: Hierarchy, _ command: String) {
        undoStack.append((state, command))
        if undoStack.count > Session.undoLimit { undoStack.removeFirst() }
        redoStack.removeAll()
    }

    func undo() throws {
        guard let last = undoStack.popLast() else { throw ShellError.nothingToUndo }
        redoStack.append((engine.hierarchy, last.command))
        engine.restore(last.state)
        print("undone: \(last.command)")
    }

    func redo() throws {
        guard let next = redoStack.popLast() else { throw ShellError.nothingToRedo }
        undoStack.append((engine.hierarchy, next.command))
        engine.restore(next.state)
        print("redone: \(next.command)")
    }

    /// `reset`: the starting state (undoable).
    func reset() {
        engine = LayoutEngine()
    }

    func appendRecord(_ statement: String, to path: String) {
        guard let data = (statement + "\n").data(using: .utf8) else { return }
        if let handle = FileHandle(forWritingAtPath: path) {
            handle.seekToEndOfFile()
            handle.write(data)
            try? handle.close()
        }
    }
}
