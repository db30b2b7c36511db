import LayoutEngine

/// What an argument of a command is, for tab completion.
public enum ArgumentKind: Sendable {
    case view, constraint, kind, command, file, word([String])
}

/// How the statements of a row are recognised.
enum StatementForm: Sendable {
    /// The command's word (or an alias) first.
    case word
    /// A constraint: `[NAME:] ITEM.ATTR RELATION …`.
    case constraint
    /// A line of the Visual Format Language: `[NAME:] H:…` or `V:…`.
    case visualFormat
}

/// What a handler receives: the text of its arguments, and the row's usage for messages.
struct Arguments {
    /// The text after the command word; for a constraint or a VFL line, the whole statement.
    let text: String
    /// Where `text` starts in the statement, so that columns in messages count from its start.
    let column: Int
    let usage: String

    /// A cursor over the arguments' tokens; its syntax errors end with the usage.
    func cursor() throws -> Cursor {
        Cursor(try Lexer.tokens(text, columnOffset: column), usage: usage)
    }

    /// Refuses any argument.
    func none() throws {
        var c = try cursor()
        try c.expectEnd()
    }

    /// A file argument: a bare path (a `~` first is the home folder, as in a shell), or a
    /// double-quoted string (as it is, as a shell takes it).
    func path() throws -> String {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw ShellError.syntax("expected a file name", usage: usage) }
        guard trimmed.hasPrefix("\"") else { return PathName.expandingHome(trimmed, home: PathName.home) }
        var c = Cursor(try Lexer.tokens(trimmed, columnOffset: column), usage: usage)
        guard let token = c.next(), case let .string(value) = token.kind else { throw c.fail("a file name") }
        try c.expectEnd()
        return value
    }

    /// A double-quoted file name and the words after it (`"My View.xib" with measured text`),
    /// or nil when the file name is bare (its words are then read off the end of the text, as
    /// a bare path may hold spaces). Anything after the name but words is refused, here.
    func quotedPathAndWords() throws -> (path: String, words: [Token])? {
        guard text.trimmingWhitespace().hasPrefix("\"") else { return nil }
        var c = try cursor()
        guard let token = c.next(), case let .string(value) = token.kind else { throw c.fail("a file name") }
        var words: [Token] = []
        while let word = c.peek {
            guard word.name != nil else { throw ShellError.syntax("unexpected \(c.found) at column \(word.column)", usage: usage) }
            words.append(word)
            c.position += 1
        }
        return (value, words)
    }
}

/// One row of the command table: help, completion and dispatch all read it.
struct Command: Sendable {
    /// The command's word; for a statement form, its help topic (`syntax`, `vfl`).
    var name: String
    var aliases: [String] = []
    var form: StatementForm = .word
    /// The usage line, the one place it is written: `help` prints it and syntax errors end with it.
    var usage: String
    /// How the help list shows it, when not by its usage (a statement form's example).
    var listing: String?
    var summary: String
    var details: String = ""
    /// Changes the session's state (and so can be undone and is recorded).
    var mutates = false
    /// Its change is a step of its own for `undo` (a layout pass is recorded, but `undo`
    /// takes back the change before it, not the pass: frames follow the constraints).
    var isUndoStep = true
    /// Says for itself what its change broke, violated or made ambiguous (a script's own
    /// statements have said it), so the runner does not say it again afterwards.
    var reportsItsOwnChanges = false
    /// Leaves a watched page alone (it starts or stops the watch itself).
    var keepsWatchedPage = false
    /// The kinds of the positional arguments, for completion; the last one repeats.
    var arguments: [ArgumentKind] = []
    /// What a statement of this row can start with, for completion (`H:` and `V:` for VFL);
    /// a command's word and aliases are offered without it.
    var prefixes: [String] = []
    var run: @Sendable (Session, Arguments) throws -> LineOutcome

    /// Its argument is a file name (so `load .x` is not read as a constraint).
    var takesFile: Bool {
        if case .file = arguments.first { return true }
        return false
    }
}

/// A group of rows, one file each, as `help` lists them.
struct CommandGroup: Sendable {
    var title: String
    var rows: [Command]
}
