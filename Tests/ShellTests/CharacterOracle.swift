@testable import Shell

/// The statement rules read character by character (`Character`s, grapheme clusters): the
/// reference the byte lexer (`Lexer`, `Commands.row(for:)`) is checked against on random text,
/// joining marks and returns before line feeds included. Slow and plain on purpose.
enum CharacterOracle {
    static func isLetter(_ c: Character) -> Bool { c.asciiValue.map { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A } ?? c.isLetter }
    static func isDigit(_ c: Character) -> Bool { c.asciiValue.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    /// Names go on through letters and numbers of any script.
    static func isWord(_ c: Character) -> Bool { isLetter(c) || isDigit(c) || c == "_" || (!c.isASCII && c.isNumber) }

    static func tokens(_ text: String, columnOffset: Int) throws -> [Token] {
        var tokens: [Token] = []
        let chars = Array(text)
        func slice(_ from: Int, _ to: Int) -> String { String(chars[from..<to]) }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            let column = i + 1 + columnOffset
            if c == " " || c == "\t" || c == "\r" { i += 1; continue }
            if isLetter(c) || c == "_" {
                var j = i
                while j < chars.count, isWord(chars[j]) { j += 1 }
                tokens.append(Token(kind: .name(slice(i, j)), text: slice(i, j), column: column))
                i = j
                continue
            }
            if isDigit(c) {
                var j = i
                while j < chars.count, isDigit(chars[j]) { j += 1 }
                if j + 1 < chars.count, chars[j] == ".", isDigit(chars[j + 1]) {
                    j += 1
                    while j < chars.count, isDigit(chars[j]) { j += 1 }
                }
                if j < chars.count, chars[j] == "e" || chars[j] == "E" {
                    var k = j + 1
                    if k < chars.count, chars[k] == "+" || chars[k] == "-" { k += 1 }
                    if k < chars.count, isDigit(chars[k]) {
                        while k < chars.count, isDigit(chars[k]) { k += 1 }
                        j = k
                    }
                }
                var end = j
                while end < chars.count, isWord(chars[end]) || (!chars[end].isASCII && (chars[end].isLetter || chars[end].isNumber))
                        || (chars[end] == "." && end + 1 < chars.count && chars[end + 1].isNumber) { end += 1 }
                let typed = slice(i, end)
                guard end == j, let value = Double(typed) else { throw ShellError.malformedNumber(typed, column: column) }
                guard value.isFinite else { throw ShellError.numberTooLarge(typed) }
                tokens.append(Token(kind: .number(value), text: typed, column: column))
                i = j
                continue
            }
            if c == "\"" {
                var value = ""
                var j = i + 1
                var closed = false
                while j < chars.count {
                    if chars[j] == "\"" { closed = true; j += 1; break }
                    if chars[j] == "\\" {
                        guard j + 1 < chars.count else { break }
                        switch chars[j + 1] {
                        case "\"": value.append("\"")
                        case "\\": value.append("\\")
                        case "n": value.append("\n")
                        default: throw ShellError.badEscape("\\\(chars[j + 1])", column: j + 1 + columnOffset)
                        }
                        j += 2
                        continue
                    }
                    value.append(chars[j])
                    j += 1
                }
                guard closed else { throw ShellError.unterminatedString(column: column) }
                tokens.append(Token(kind: .string(value), text: slice(i, j), column: column))
                i = j
                continue
            }
            if c == "=" || c == "<" || c == ">", i + 1 < chars.count, chars[i + 1] == "=" {
                tokens.append(Token(kind: .symbol(String(c) + "="), text: String(c) + "=", column: column))
                i += 2
                continue
            }
            guard "=*/+-@:.|(),[]".contains(c) else { throw ShellError.unexpectedCharacter(String(c), column: column) }
            tokens.append(Token(kind: .symbol(String(c)), text: String(c), column: column))
            i += 1
        }
        return tokens
    }

    static func statements(_ line: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var inString = false, escaped = false
        for c in line {
            if inString {
                current.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            if c == "#" { break }
            if c == ";" { statements.append(current); current = ""; continue }
            if c == "\"" { inString = true }
            current.append(c)
        }
        statements.append(current)
        return statements.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    static func firstWord(_ statement: String) -> String { String(statement.prefix(while: isWord)) }

    static func isConstraint(_ statement: String) -> Bool {
        let word = firstWord(statement)
        guard !word.isEmpty else { return false }
        let after = statement.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
        return after.first == "." || after.first == ":"
    }

    static func isVisualFormat(_ statement: String) -> Bool {
        var s = Substring(statement)
        let word = s.prefix(while: isWord)
        if (word == "H" || word == "V") && s.dropFirst(word.count).first == ":" { return true }
        guard !word.isEmpty else { return false }
        s = s.dropFirst(word.count).drop { $0 == " " }
        guard s.first == ":" else { return false }
        s = s.dropFirst().drop { $0 == " " }
        return s.hasPrefix("H:") || s.hasPrefix("V:")
    }

    /// Which row, with what arguments at what column; nil for none.
    static func row(for statement: String) throws -> (String, String, Int)? {
        if isVisualFormat(statement) { return ("vfl", statement, 0) }
        let word = firstWord(statement)
        let constraint = isConstraint(statement)
        if let command = Commands.find(word), !constraint || command.takesFile {
            let rest = String(statement.dropFirst(word.count)).trimmingWhitespace()
            return (command.name, rest, statement.count - rest.count)
        }
        if constraint { return ("syntax", statement, 0) }
        let tokens = try self.tokens(statement, columnOffset: 0)
        if tokens.count > 1 && (tokens[1].isSymbol(".") || tokens[1].isSymbol(":")) { return ("syntax", statement, 0) }
        return nil
    }
}
