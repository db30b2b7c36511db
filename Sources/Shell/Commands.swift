import LayoutEngine

/// The command table, grouped by concern (each group's rows live in `Commands+Concern.swift`),
/// and the one classification of a statement that dispatch and undo both use.
enum Commands {
    static let groups: [CommandGroup] = [
        CommandGroup(title: "Views", rows: views),
        CommandGroup(title: "Constraints", rows: constraints),
        CommandGroup(title: "Layout and queries", rows: queries),
        CommandGroup(title: "Diagnostics", rows: diagnostics),
        CommandGroup(title: "Pictures", rows: pictures),
        CommandGroup(title: "Lessons", rows: lessons),
        CommandGroup(title: "Challenges", rows: challenges),
        CommandGroup(title: "Files", rows: files),
        CommandGroup(title: "Session", rows: session),
    ]

    /// Every row, in the order `help` lists them.
    static let all: [Command] = groups.flatMap(\.rows)

    /// The command a word names (statement forms have no word).
    static func find(_ word: String) -> Command? {
        byWord[word]
    }

    /// Each command word and alias → its row (the first row, as the table reads).
    static let byWord: [String: Command] = {
        var table: [String: Command] = [:]
        for command in all where command.form == .word {
            for word in [command.name] + command.aliases where table[word] == nil { table[word] = command }
        }
        return table
    }()

    /// A help topic: a command's word or alias, or a statement form's topic.
    static func topic(_ word: String) -> Command? {
        find(word) ?? all.first { $0.form != .word && $0.name == word }
    }

    static func row(_ form: StatementForm) -> Command {
        all.first { $0.form == form }!
    }

    /// Which row runs a statement, and its arguments.
    /// - Throws: `ShellError.unknownCommand` for a word that is no command and starts no constraint.
    static func classify(_ statement: String) throws -> (Command, Arguments) {
        let classified: (Command, Arguments)?
        do {
            classified = try row(for: statement)
        } catch where isSwiftStatement(statement) {
            // `[card mas_makeConstraints:^(…) {…}]`: code the shell's lexer cannot read.
            classified = nil
        }
        if let classified { return classified }
        let word = firstWord(statement)
        if isSwiftStatement(statement) {
            return (swiftStatement, Arguments(text: statement, column: 0, usage: swiftStatement.usage))
        }
        throw ShellError.unknownCommand(word, suggestion: closestMatch(to: word, in: all.filter { $0.form == .word }.map(\.name)))
    }

    /// A statement no row reads that may be a line of Swift (`let title = UILabel()`,
    /// `NSLayoutConstraint(item: …)`), while Swift's reader is installed.
    static func isSwiftStatement(_ statement: String) -> Bool {
        guard Session.swiftStatementReader != nil else { return false }
        let word = firstWord(statement)
        return word == "let" || word == "var" || statement.contains("(") || statement.contains("[")
    }

    /// `classify` without the suggestion: nil for a statement no row runs. Read over the
    /// statement's bytes (`StatementBytes`): a VFL line, else a command word that does not
    /// start a constraint, else a constraint.
    static func row(for statement: String) throws -> (Command, Arguments)? {
        var text = statement
        return try text.withUTF8 { utf8 in
            StatementBytes.isASCII(utf8) ? try row(for: statement, ASCIIBytes(bytes: utf8))
                : try row(for: statement, StatementBytes(bytes: utf8))
        }
    }

    static func row<S: CharacterBytes>(for statement: String, _ bytes: S) throws -> (Command, Arguments)? {
        let wordLength = firstWordLength(bytes)
        if isVisualFormat(bytes, wordLength: wordLength) {
            let row = row(.visualFormat)
            return (row, Arguments(text: statement, column: 0, usage: row.usage))
        }
        let word = bytes.text(0, wordLength)
        let constraint = isConstraint(bytes, wordLength: wordLength)
        if let command = find(word), !constraint || command.takesFile {
            // The arguments, and the column they start at in characters.
            let rest = bytes.trimmedText(wordLength, bytes.count)
            let column = bytes.characterCount(statement) - bytes.characterCount(rest)
            return (command, Arguments(text: rest, column: column, usage: command.usage))
        }
        // A name the quick test cannot see (not ASCII) followed by `.` or `:` needs the lexer.
        if try constraint || startsWithItem(Lexer.tokens(statement)) {
            let row = row(.constraint)
            return (row, Arguments(text: statement, column: 0, usage: row.usage))
        }
        return nil
    }

    /// `NAME.ATTR ...` or `NAME: ...`: the first word (`wordLength` bytes) is followed by `.` or `:`.
    static func isConstraint<S: CharacterBytes>(_ bytes: S, wordLength: Int) -> Bool {
        guard wordLength > 0 else { return false }
        var k = wordLength
        while k < bytes.count, let c = bytes.lone(k), c == 0x20 || c == 0x09 { k += 1 }
        return k < bytes.count && (bytes.lone(k) == 0x2E || bytes.lone(k) == 0x3A)
    }

    static func startsWithItem(_ tokens: [Token]) -> Bool {
        tokens.count > 1 && (tokens[1].isSymbol(".") || tokens[1].isSymbol(":"))
    }

    /// `H:...`, `V:...`, or `NAME: H:...` (the first word is `wordLength` bytes).
    static func isVisualFormat<S: CharacterBytes>(_ bytes: S, wordLength: Int) -> Bool {
        let (colon, space) = (UInt8(ascii: ":"), UInt8(ascii: " "))
        func isAxis(_ k: Int) -> Bool {
            k + 1 < bytes.count && (bytes.lone(k) == UInt8(ascii: "H") || bytes.lone(k) == UInt8(ascii: "V")) && bytes.lone(k + 1) == colon
        }
        var k = wordLength
        if k == 1 && isAxis(0) { return true }
        guard k > 0 else { return false }
        while k < bytes.count && bytes.lone(k) == space { k += 1 }
        guard k < bytes.count && bytes.lone(k) == colon else { return false }
        k += 1
        while k < bytes.count && bytes.lone(k) == space { k += 1 }
        return isAxis(k)
    }

    /// The statement's first word: the letters (of any script), digits and `_` it starts with.
    static func firstWord(_ statement: String) -> String {
        var text = statement
        return text.withUTF8 { utf8 in
            let bytes = StatementBytes(bytes: utf8)
            return bytes.text(0, firstWordLength(bytes))
        }
    }

    static func firstWordLength<S: CharacterBytes>(_ bytes: S) -> Int {
        nameEnd(bytes, from: 0)
    }
}
