import ConsoleLog

/// Lines a command takes for itself from the input that follows it, as `paste` takes a
/// console log's lines up to an empty line. While one is open the runner hands it each line
/// before reading statements from it; the runner knows nothing of what it collects.
protocol LineCollector: AnyObject {
    /// Takes a line; false when the line ended the collection without being its own (the
    /// runner then runs it as statements). A collection that ends closes itself
    /// (`session.collector = nil`) before it acts on what it took.
    func take(_ line: String, session: Session) throws -> Bool
    /// The input ended during the collection: act on what was taken.
    func finish(session: Session) throws
    /// What Ctrl-C says when it abandons the collection.
    var abandonedMessage: String { get }
    /// The terminal's prompt for the collection's next line.
    var prompt: String { get }
    /// An independent copy (`Session.copy`).
    func copy() -> LineCollector
}

/// After `paste`: the lines of a console log, taken raw (no `;`, no `#`) until an empty line.
/// Inside UIKit's message (after its list, its breaking line) an empty line may be the log's
/// own: the paste goes on if the next line is the log's too, and ends at a second empty line
/// or at a line that is not (which then runs as a command).
///
/// Swift layout code pasted the same way (its first line an `import`, a type or an attribute)
/// keeps its empty lines while a brace is open, and ends at an empty line once all are closed.
final class PastedLog: LineCollector {
    private(set) var lines: [String] = []
    /// Open braces of pasted code; nil while the paste is a log.
    private var braces: Int?
    /// The pasted code is Objective-C.
    private var objectiveC = false

    init(lines: [String] = [], braces: Int? = nil, objectiveC: Bool = false) {
        self.lines = lines
        self.braces = braces
        self.objectiveC = objectiveC
    }

    static func startsObjectiveC(_ line: String) -> Bool {
        let text = line.trimmingWhitespace()
        return ["#import", "@interface", "@implementation", "#include", "- (", "-(", "+ (", "+("].contains { text.hasPrefix($0) }
    }

    static func startsSwift(_ line: String) -> Bool {
        let text = line.trimmingWhitespace()
        return ["import ", "class ", "final class ", "struct ", "extension ", "@", "public ", "private ", "open class ", "internal "]
            .contains { text.hasPrefix($0) }
    }

    func take(_ line: String, session: Session) throws -> Bool {
        let blank = line.trimmingWhitespace().isEmpty
        if lines.isEmpty, !blank, Self.startsSwift(line) || Self.startsObjectiveC(line) {
            braces = 0
            objectiveC = Self.startsObjectiveC(line)
        }
        if let open = braces {
            if blank && open <= 0 && lines.contains(where: { $0.contains("{") }) && (!objectiveC || lines.contains { $0.contains("@end") }) {
                try finish(session: session)
                return true
            }
            lines.append(line)
            braces = open + line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            return true
        }
        if lines.last == "" {
            if !blank && ConsoleLog.isLogLine(line) {
                lines.append(line)
                return true
            }
            try finish(session: session)
            return blank
        }
        if !blank {
            lines.append(line)
        } else if ConsoleLog.isOpen(lines) {
            lines.append("")
            if session.explainsOpenPaste { session.print("(inside UIKit's message: paste the rest of it, or an empty line to end)") }
        } else {
            try finish(session: session)
        }
        return true
    }

    /// Imports the log as one step.
    func finish(session: Session) throws {
        session.collector = nil
        let before = session.engine.hierarchy
        if braces != nil {
            try Commands.importSwift(session, [(lines.joined(separator: "\n") + "\n", objectiveC ? "pasted.m" : "pasted.swift")], stem: "pasted",
                                     from: "the pasted code")
            session.remember(before, "paste")
            return
        }
        try Commands.importLog(session, lines.joined(separator: "\n"), from: session.say("the pasted log", "貼り付けたログ"))
        session.remember(before, "paste")
    }

    var abandonedMessage: String { "paste abandoned" }

    var prompt: String { "paste> " }

    func copy() -> LineCollector { PastedLog(lines: lines, braces: braces, objectiveC: objectiveC) }
}

/// A statement of Swift copied over several lines (`NSLayoutConstraint.activate([` and its
/// constraints a line each, up to `])`): its lines taken until its brackets close, then run as
/// one statement (`Session.swiftStatementReader`). Opened only while Swift's reader is installed.
final class SwiftStatementLines: LineCollector {
    private(set) var lines: [String]
    private var open: Int

    init(lines: [String], open: Int) {
        self.lines = lines
        self.open = open
    }

    /// The first line of such a statement: the code reader installed, brackets left open, and
    /// code's start, not a command's: `let`, an Objective-C message, or a name followed by `.`
    /// or `(` that no command has.
    static func starts(_ line: String) -> Bool {
        guard Session.swiftStatementReader != nil, Lexer.openedBrackets(line) > 0 else { return false }
        // Not a command of the shell's (`new label t text="("`): a name that starts an
        // expression (`card.snp.makeConstraints { make in`), or a declaration.
        let text = line.trimmingWhitespace()
        let word = Commands.firstWord(text)
        // Objective-C's message: `[self.card mas_makeConstraints:^(MASConstraintMaker *make) {`.
        if word == "let" || word == "var" || text.hasPrefix("[") { return true }
        // A VFL line (`H:|-[a`) or a named constraint has a ':' after its first word.
        let next = text.dropFirst(word.count).first
        return Commands.find(word) == nil && (word.first?.isLetter == true || word.first == "_") && (next == "." || next == "(")
    }

    func take(_ line: String, session: Session) throws -> Bool {
        lines.append(line)
        open += Lexer.openedBrackets(line)
        if open <= 0 { try finish(session: session) }
        return true
    }

    func finish(session: Session) throws {
        session.collector = nil
        _ = try session.execute(lines.joined(separator: "\n"))
    }

    var abandonedMessage: String { "the Swift statement left open was dropped" }

    var prompt: String { "  ...> " }

    func copy() -> LineCollector { SwiftStatementLines(lines: lines, open: open) }
}
