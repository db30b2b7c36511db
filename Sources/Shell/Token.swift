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
            var text = text
            return try text.withUTF8 { bytes in
                // Printable ASCII and tabs (almost every statement): a character is a byte.
                bytes.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }
                    ? try scanASCII(bytes, columnOffset) : try scan(String(decoding: bytes, as: UTF8.self), columnOffset)
            }
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

    /// `scan` for printable ASCII text, over its bytes (the same rules, without splitting the
    /// text into `Character`s first).
    static func scanASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ columnOffset: Int) throws -> [Token] {
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func isWordByte(_ b: UInt8) -> Bool { isLetter(b) || isDigit(b) || b == 0x5F }
        func slice(_ from: Int, _ to: Int) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self) }
        let n = bytes.count
        var tokens: [Token] = []
        var i = 0
        while i < n {
            let c = bytes[i]
            let column = i + 1
            if c == 0x20 || c == 0x09 { i += 1; continue }
            if isLetter(c) || c == 0x5F {
                var j = i
                while j < n, isWordByte(bytes[j]) { j += 1 }
                let word = slice(i, j)
                tokens.append(Token(kind: .name(word), text: word, column: column + columnOffset))
                i = j
                continue
            }
            if isDigit(c) {
                var j = i
                while j < n, isDigit(bytes[j]) { j += 1 }
                if j + 1 < n, bytes[j] == 0x2E, isDigit(bytes[j + 1]) {
                    j += 1
                    while j < n, isDigit(bytes[j]) { j += 1 }
                }
                if j < n, bytes[j] == 0x65 || bytes[j] == 0x45 {
                    var k = j + 1
                    if k < n, bytes[k] == 0x2B || bytes[k] == 0x2D { k += 1 }
                    if k < n, isDigit(bytes[k]) {
                        while k < n, isDigit(bytes[k]) { k += 1 }
                        j = k
                    }
                }
                // A number runs into letters, digits or another point: malformed.
                var end = j
                while end < n, isWordByte(bytes[end]) || (bytes[end] == 0x2E && end + 1 < n && isDigit(bytes[end + 1])) { end += 1 }
                let typed = slice(i, end)
                guard end == j, let value = Double(typed) else { throw ShellError.malformedNumber(typed, column: column) }
                guard value.isFinite else { throw ShellError.numberTooLarge(typed) }
                tokens.append(Token(kind: .number(value), text: typed, column: column + columnOffset))
                i = j
                continue
            }
            if c == 0x22 {
                var value: [UInt8] = []
                var j = i + 1
                var closed = false
                while j < n {
                    let d = bytes[j]
                    if d == 0x22 { closed = true; j += 1; break }
                    if d == 0x5C {
                        guard j + 1 < n else { break }
                        switch bytes[j + 1] {
                        case 0x22: value.append(0x22)
                        case 0x5C: value.append(0x5C)
                        case 0x6E: value.append(0x0A)
                        default: throw ShellError.badEscape("\\" + slice(j + 1, j + 2), column: j + 1)
                        }
                        j += 2
                        continue
                    }
                    value.append(d)
                    j += 1
                }
                guard closed else { throw ShellError.unterminatedString(column: column) }
                tokens.append(Token(kind: .string(String(decoding: value, as: UTF8.self)), text: slice(i, j), column: column + columnOffset))
                i = j
                continue
            }
            if c == 0x3D || c == 0x3C || c == 0x3E, i + 1 < n, bytes[i + 1] == 0x3D {
                let two = slice(i, i + 2)
                tokens.append(Token(kind: .symbol(two), text: two, column: column + columnOffset))
                i += 2
                continue
            }
            let one = slice(i, i + 1)
            guard Lexer.symbolBytes.contains(c) else { throw ShellError.unexpectedCharacter(one, column: column) }
            tokens.append(Token(kind: .symbol(one), text: one, column: column + columnOffset))
            i += 1
        }
        return tokens
    }

    /// The one-character symbols, `=*/+-@:.|(),[]`.
    static let symbolBytes = Set("=*/+-@:.|(),[]".utf8)

    /// Splits a line into statements at `;` and drops a `#` comment, both outside strings.
    public static func statements(_ line: String) -> [String] {
        asciiStatements(line) ?? characterStatements(line)
    }

    /// `statements` character by character (any line).
    static func characterStatements(_ line: String) -> [String] {
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

    /// `statements` over the bytes of a line that is all ASCII (most are), nil for any other:
    /// there every character is one byte but a return and line feed, which split nothing.
    /// Bytes, not a string grown per character.
    static func asciiStatements(_ line: String) -> [String]? {
        var line = line
        return line.withUTF8 { bytes -> [String]? in
            var statements: [String] = []
            func take(_ start: Int, _ end: Int) {
                let statement = trimmedASCII(bytes, start..<end)
                if !statement.isEmpty { statements.append(statement) }
            }
            var start = 0
            var inString = false
            var escaped = false
            var k = 0
            while k < bytes.count {
                let byte = bytes[k]
                if byte >= 0x80 { return nil }
                if inString {
                    if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                } else if byte == 0x23 {  // '#': the rest is a comment
                    break
                } else if byte == 0x3B {  // ';'
                    take(start, k)
                    start = k + 1
                } else if byte == 0x22 {
                    inString = true
                }
                k += 1
            }
            // A comment's bytes are not looked at: the line must still be all ASCII.
            for rest in k..<bytes.count where bytes[rest] >= 0x80 { return nil }
            take(start, k)
            return statements
        }
    }

    /// The bytes in `range` without ASCII whitespace at either end, as text.
    static func trimmedASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var lo = range.lowerBound
        var hi = range.upperBound
        while lo < hi && isASCIIWhitespace(bytes[lo]) { lo += 1 }
        while hi > lo && isASCIIWhitespace(bytes[hi - 1]) { hi -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[lo..<hi]), as: UTF8.self)
    }

    /// What `Character.isWhitespace` says of an ASCII byte: tab, line feed, vertical tab, form
    /// feed, return and space.
    @inline(__always)
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
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
