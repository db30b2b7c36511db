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
        if let classified = try row(for: statement) { return classified }
        let word = firstWord(statement)
        throw ShellError.unknownCommand(word, suggestion: closestMatch(to: word, in: all.filter { $0.form == .word }.map(\.name)))
    }

    /// `classify` without the suggestion: nil for a statement no row runs.
    static func row(for statement: String) throws -> (Command, Arguments)? {
        // Most statements are ASCII without a return before a line feed (one character of two
        // bytes): their bytes are their characters, so they are read as bytes, faster than
        // character by character.
        var bytes = statement
        return try bytes.withUTF8 { utf8 in
            try isPlainASCII(utf8) ? row(for: statement, ascii: utf8) : row(for: statement, ascii: nil)
        }
    }

    /// Whether each byte is one character: all ASCII, and no return before a line feed.
    static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte >= 0x80 || (byte == 0x0A && previous == 0x0D) { return false }
            previous = byte
        }
        return true
    }

    static func row(for statement: String, ascii: UnsafeBufferPointer<UInt8>?) throws -> (Command, Arguments)? {
        if ascii.map({ isVisualFormat($0) }) ?? isVisualFormat(statement) {
            let row = row(.visualFormat)
            return (row, Arguments(text: statement, column: 0, usage: row.usage))
        }
        let word = firstWord(statement)
        let constraint = ascii.map { isConstraint($0, wordLength: word.utf8.count) } ?? isConstraint(statement)
        if let command = find(word), !constraint || command.takesFile {
            if let ascii {
                let rest = Lexer.trimmedASCII(ascii, word.utf8.count..<ascii.count)
                return (command, Arguments(text: rest, column: ascii.count - rest.utf8.count, usage: command.usage))
            }
            let rest = String(statement.dropFirst(word.count)).trimmingWhitespace()
            return (command, Arguments(text: rest, column: statement.count - rest.count, usage: command.usage))
        }
        // A name the quick test cannot see (not ASCII) followed by `.` or `:` needs the lexer.
        if try constraint || startsWithItem(Lexer.tokens(statement)) {
            let row = row(.constraint)
            return (row, Arguments(text: statement, column: 0, usage: row.usage))
        }
        return nil
    }

    /// `NAME.ATTR ...` or `NAME: ...`: the first word is followed by `.` or `:`.
    static func isConstraint(_ statement: String) -> Bool {
        let word = firstWord(statement)
        guard !word.isEmpty else { return false }
        let after = statement.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
        return after.first == "." || after.first == ":"
    }

    /// `isConstraint` over the bytes of an ASCII statement whose first word is this long.
    static func isConstraint(_ bytes: UnsafeBufferPointer<UInt8>, wordLength: Int) -> Bool {
        guard wordLength > 0 else { return false }
        var k = wordLength
        while k < bytes.count && (bytes[k] == 0x20 || bytes[k] == 0x09) { k += 1 }
        return k < bytes.count && (bytes[k] == 0x2E || bytes[k] == 0x3A)
    }

    static func startsWithItem(_ tokens: [Token]) -> Bool {
        tokens.count > 1 && (tokens[1].isSymbol(".") || tokens[1].isSymbol(":"))
    }

    /// `H:...`, `V:...`, or `NAME: H:...`.
    static func isVisualFormat(_ statement: String) -> Bool {
        var s = Substring(statement)
        let word = s.prefix(while: isWordCharacter)
        if (word == "H" || word == "V") && s.dropFirst(word.count).first == ":" { return true }
        guard !word.isEmpty else { return false }
        s = s.dropFirst(word.count).drop { $0 == " " }
        guard s.first == ":" else { return false }
        s = s.dropFirst().drop { $0 == " " }
        return s.hasPrefix("H:") || s.hasPrefix("V:")
    }

    /// `isVisualFormat` over the bytes of an ASCII statement.
    static func isVisualFormat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let (colon, space) = (UInt8(ascii: ":"), UInt8(ascii: " "))
        func isAxis(_ k: Int) -> Bool {
            k + 1 < bytes.count && (bytes[k] == UInt8(ascii: "H") || bytes[k] == UInt8(ascii: "V")) && bytes[k + 1] == colon
        }
        var k = 0
        while k < bytes.count && isWordByte(bytes[k]) { k += 1 }
        if k == 1 && isAxis(0) { return true }
        guard k > 0 else { return false }
        while k < bytes.count && bytes[k] == space { k += 1 }
        guard k < bytes.count && bytes[k] == colon else { return false }
        k += 1
        while k < bytes.count && bytes[k] == space { k += 1 }
        return isAxis(k)
    }

    static func firstWord(_ statement: String) -> String {
        // Over the bytes when the word ends at an ASCII byte or at the end: an ASCII character
        // forms one character with no ASCII character after it but a line feed after a
        // return, so the word is the one `Character`s give, found without going character by
        // character.
        var length = 0
        for byte in statement.utf8 {
            if isWordByte(byte) {
                length += 1
            } else if byte >= 0x80 {
                return String(statement.prefix(while: isWordCharacter))
            } else {
                break
            }
        }
        return String(decoding: statement.utf8.prefix(length), as: UTF8.self)
    }

    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x30 && byte <= 0x39 || byte == 0x5F
    }

    static func isWordCharacter(_ c: Character) -> Bool {
        c.isASCIILetter || c.isASCIIDigit || c == "_"
    }
}
