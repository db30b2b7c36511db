/// A token of the command language, with the column (1-based) where it starts.
public struct Token: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case name(String)
        case number(Double)
        case string(String)
        /// `==` `<=` `>=` `=` `*` `/` `+` `-` `@` `:` `.` `|` `(` `)` `,` `[` `]`
        case symbol(String)
    }

    public var kind: Kind
    /// The characters as typed.
    public var text: String
    public var column: Int

    public var name: String? {
        if case let .name(name) = kind { return name }
        return nil
    }

    public var number: Double? {
        if case let .number(value) = kind { return value }
        return nil
    }

    public func isSymbol(_ symbol: String) -> Bool {
        if case let .symbol(s) = kind { return s == symbol }
        return false
    }
}

/// Splits one statement into tokens (lexical rules of SPEC.md).
public enum Lexer {
    public static func tokens(_ text: String, columnOffset: Int = 0) throws -> [Token] {
        do {
            return try scan(text, columnOffset)
        } catch let error as ShellError {
            switch error {
            case let .malformedNumber(t, column): throw ShellError.malformedNumber(t, column: column + columnOffset)
            case let .unterminatedString(column): throw ShellError.unterminatedString(column: column + columnOffset)
            case let .badEscape(t, column): throw ShellError.badEscape(t, column: column + columnOffset)
            case let .unexpectedCharacter(t, column): throw ShellError.unexpectedCharacter(t, column: column + columnOffset)
            default: throw error
            }
        }
    }

    static func scan(_ text: String, _ columnOffset: Int) throws -> [Token] {
        var tokens: [Token] = []
        let chars = Array(text)
        // Where each character starts in `text` (and its end), so that a token's text is a
        // slice of it, not a string rebuilt character by character.
        var starts = Array(text.indices)
        starts.append(text.endIndex)
        func slice(_ from: Int, _ to: Int) -> String { String(text[starts[from]..<starts[to]]) }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            let column = i + 1
            if c == " " || c == "\t" || c == "\r" { i += 1; continue }
            if c.isASCIILetter || c == "_" {
                var j = i
                while j < chars.count, chars[j].isASCIILetter || chars[j].isASCIIDigit || chars[j] == "_" { j += 1 }
                let word = slice(i, j)
                tokens.append(Token(kind: .name(word), text: word, column: column + columnOffset))
                i = j
                continue
            }
            if c.isASCIIDigit {
                var j = i
                while j < chars.count, chars[j].isASCIIDigit { j += 1 }
                if j < chars.count, chars[j] == ".", j + 1 < chars.count, chars[j + 1].isASCIIDigit {
                    j += 1
                    while j < chars.count, chars[j].isASCIIDigit { j += 1 }
                }
                if j < chars.count, chars[j] == "e" || chars[j] == "E" {
                    var k = j + 1
                    if k < chars.count, chars[k] == "+" || chars[k] == "-" { k += 1 }
                    if k < chars.count, chars[k].isASCIIDigit {
                        while k < chars.count, chars[k].isASCIIDigit { k += 1 }
                        j = k
                    }
                }
                // A number runs into letters, digits or another point: malformed.
                var end = j
                while end < chars.count, chars[end].isASCIILetter || chars[end].isASCIIDigit || chars[end] == "_"
                        || (!chars[end].isASCII && (chars[end].isLetter || chars[end].isNumber))
                        || (chars[end] == "." && end + 1 < chars.count && chars[end + 1].isNumber) { end += 1 }
                let typed = slice(i, end)
                guard end == j else { throw ShellError.malformedNumber(typed, column: column) }
                guard let value = Double(typed) else { throw ShellError.malformedNumber(typed, column: column) }
                guard value.isFinite else { throw ShellError.numberTooLarge(typed) }
                tokens.append(Token(kind: .number(value), text: typed, column: column + columnOffset))
                i = j
                continue
            }
            if c == "\"" {
                var value = ""
                var j = i + 1
                var closed = false
                while j < chars.count {
                    let d = chars[j]
                    if d == "\"" { closed = true; j += 1; break }
                    if d == "\\" {
                        guard j + 1 < chars.count else { break }
                        switch chars[j + 1] {
                        case "\"": value.append("\"")
                        case "\\": value.append("\\")
                        case "n": value.append("\n")
                        default: throw ShellError.badEscape("\\\(chars[j + 1])", column: j + 1)
                        }
                        j += 2
                        continue
                    }
                    value.append(d)
                    j += 1
                }
                guard closed else { throw ShellError.unterminatedString(column: column) }
                tokens.append(Token(kind: .string(value), text: slice(i, j), column: column + columnOffset))
                i = j
                continue
            }
            if c == "=" || c == "<" || c == ">", i + 1 < chars.count, chars[i + 1] == "=" {
                let two = String(c) + "="
                tokens.append(Token(kind: .symbol(two), text: two, column: column + columnOffset))
                i += 2
                continue
            }
            if "=*/+-@:.|(),[]".contains(c) {
                tokens.append(Token(kind: .symbol(String(c)), text: String(c), column: column + columnOffset))
                i += 1
                continue
            }
            throw ShellError.unexpectedCharacter(String(c), column: column)
        }
        return tokens
    }

    /// Splits a line into statements at `;` and drops a `#` comment, both outside strings.
    public static func statements(_ line: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var inString = false
        var escaped = false
        for c in line {
            if inString {
                current.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            if c == "#" { break }
            if c == ";" {
                statements.append(current)
                current = ""
                continue
            }
            if c == "\"" { inString = true }
            current.append(c)
        }
        statements.append(current)
        return statements.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}

extension Character {
    /// `a`–`z`, `A`–`Z` (cheaper than `isLetter && isASCII`: no Unicode property lookup).
    var isASCIILetter: Bool {
        guard let byte = asciiValue else { return false }
        return (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
    }

    /// `0`–`9`.
    var isASCIIDigit: Bool {
        guard let byte = asciiValue else { return false }
        return byte >= 0x30 && byte <= 0x39
    }
}
