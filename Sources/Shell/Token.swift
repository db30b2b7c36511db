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

/// The text of a statement as UTF-8 bytes, read one character at a time. Almost every
/// character is one ASCII byte; a byte that is not ASCII, or an ASCII byte that a following
/// mark joins (`a` + U+0301 is one character, no letter), starts a character that is never a
/// name byte, a digit or a symbol: `lone(k)` tells the two apart. The lexer and the classifier
/// are written once over this protocol, and specialised for the two readers: `ASCIIBytes`, for
/// text where every byte is a character (almost every statement), and `StatementBytes`.
protocol CharacterBytes {
    var bytes: UnsafeBufferPointer<UInt8> { get }
    /// The byte at `k` when it is a character by itself, else nil.
    func lone(_ k: Int) -> UInt8?
    /// The length in bytes of the character that starts at `k` (a grapheme cluster).
    func characterLength(_ k: Int) -> Int
    /// The column (1-based, in characters) of the character that starts at byte `k`.
    func column(of k: Int) -> Int
    /// Tokens made with their byte offsets as columns, given their columns.
    func columns(ofOffsets tokens: inout [Token], plus offset: Int)
    /// The text from byte `start` to byte `end` without white space at either end.
    func trimmedText(_ start: Int, _ end: Int) -> String
    /// How many characters `text` (a piece of these bytes) has.
    func characterCount(_ text: String) -> Int
}

extension CharacterBytes {
    var count: Int { bytes.count }

    /// The character that starts at `k`.
    func character(_ k: Int) -> Character {
        Character(text(k, k + characterLength(k)))
    }

    func text(_ from: Int, _ to: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
    }

    /// Where the character after the one at `k` starts.
    @inline(__always)
    func after(_ k: Int) -> Int { lone(k) != nil ? k + 1 : k + characterLength(k) }
}

/// Text in which every byte is one character: all ASCII, no return before a line feed.
struct ASCIIBytes: CharacterBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    @inline(__always) func lone(_ k: Int) -> UInt8? { bytes[k] }
    @inline(__always) func characterLength(_ k: Int) -> Int { 1 }
    func column(of k: Int) -> Int { k + 1 }
    func columns(ofOffsets tokens: inout [Token], plus offset: Int) {
        for t in tokens.indices { tokens[t].column += 1 + offset }
    }

    /// Without ASCII white space (what `Character.isWhitespace` says of an ASCII byte: tab,
    /// line feed, vertical tab, form feed, return and space).
    func trimmedText(_ start: Int, _ end: Int) -> String {
        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        var (lo, hi) = (start, end)
        while lo < hi && isWhitespace(bytes[lo]) { lo += 1 }
        while hi > lo && isWhitespace(bytes[hi - 1]) { hi -= 1 }
        return text(lo, hi)
    }

    func characterCount(_ text: String) -> Int { text.utf8.count }
}

/// Any text: a byte is a character by itself unless it is not ASCII, a mark joins it to what
/// follows, or it is the return of a return and line feed.
struct StatementBytes: CharacterBytes {
    let bytes: UnsafeBufferPointer<UInt8>

    /// Whether every byte is one character, so that `ASCIIBytes` reads the text.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // One pass that the compiler can vectorise (the bits of every byte, and whether a
        // return is there), then a look for a return before a line feed only when there is one.
        var bits: UInt8 = 0
        var returns = false
        for byte in bytes {
            bits |= byte
            returns = returns || byte == 0x0D
        }
        guard bits < 0x80 else { return false }
        guard returns, bytes.count > 1 else { return true }
        for k in 1..<bytes.count where bytes[k] == 0x0A && bytes[k - 1] == 0x0D { return false }
        return true
    }

    func lone(_ k: Int) -> UInt8? {
        let byte = bytes[k]
        guard byte < 0x80 else { return nil }
        guard k + 1 < bytes.count else { return byte }
        let next = bytes[k + 1]
        if next < 0x80 { return byte == 0x0D && next == 0x0A ? nil : byte }
        return characterLength(k) == 1 ? byte : nil
    }

    func column(of k: Int) -> Int {
        var (at, column) = (0, 1)
        while at < k { at = after(at); column += 1 }
        return column
    }

    func trimmedText(_ start: Int, _ end: Int) -> String { text(start, end).trimmingWhitespace() }

    func characterCount(_ text: String) -> Int { text.count }

    func columns(ofOffsets tokens: inout [Token], plus offset: Int) {
        var (at, column) = (0, 1)
        for t in tokens.indices {
            while at < tokens[t].column { at = after(at); column += 1 }
            tokens[t].column = column + offset
        }
    }

    func characterLength(_ k: Int) -> Int {
        var window = 32
        while true {
            let end = min(bytes.count, k + window)
            let length = String(decoding: UnsafeBufferPointer(rebasing: bytes[k..<end]), as: UTF8.self).first!.utf8.count
            if length < end - k || end == bytes.count { return length }
            window *= 4
        }
    }
}

/// Byte classes of the command language.
enum ByteClass {
    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    @inline(__always) static func isWordByte(_ b: UInt8) -> Bool { isLetter(b) || isDigit(b) || b == 0x5F }
}

/// Where the name that goes on at byte `k` ends: ASCII letters, digits and `_`, and any other
/// character that is a letter or a number (`ボタン`, `é` made with a joining mark).
@inline(__always)
func nameEnd<S: CharacterBytes>(_ s: S, from k: Int) -> Int {
    var j = k
    while j < s.count {
        if let d = s.lone(j) {
            guard ByteClass.isWordByte(d) else { break }
            j += 1
        } else {
            let c = s.character(j)
            guard c.isLetter || c.isNumber else { break }
            j = s.after(j)
        }
    }
    return j
}

/// Where a name given after the line of code that made it ends (`CardView.swift:25`,
/// `My-Cell.swift:42.2`, `Cell.m:7`): a file name with a Swift or Objective-C extension, a colon,
/// a line, and a count when the line made more than one; nil when the text at `k` is none.
func codeLocationEnd<S: CharacterBytes>(_ s: S, from k: Int) -> Int? {
    var p = k
    while p < s.count, let b = s.lone(p), ByteClass.isWordByte(b) || b == 0x2D || b == 0x2E { p += 1 }
    guard p + 1 < s.count, s.lone(p) == 0x3A, s.lone(p + 1).map(ByteClass.isDigit) == true else { return nil }
    let file = s.text(k, p)
    guard [".swift", ".m", ".mm", ".h"].contains(where: file.hasSuffix) else { return nil }
    var j = p + 1
    while j < s.count, s.lone(j).map(ByteClass.isDigit) == true { j += 1 }
    if j + 1 < s.count, s.lone(j) == 0x2E, s.lone(j + 1).map(ByteClass.isDigit) == true {
        j += 1
        while j < s.count, s.lone(j).map(ByteClass.isDigit) == true { j += 1 }
    }
    // Not when a name or number runs on (`A.swift:3x`).
    if j < s.count, let b = s.lone(j), ByteClass.isWordByte(b) { return nil }
    return j
}

/// Splits one statement into tokens, and a line into statements: names (a letter of any script
/// or `_`, then letters, digits and `_`),
/// numbers, strings with escapes, symbols. One pass over the bytes; columns count characters.
public enum Lexer {
    /// What a name may hold, for messages.
    static let nameRule = "a name holds letters (of any script), digits and '_', and starts with a letter or '_'"

    /// Whether the whole of `text` is one name.
    static func isName<T: StringProtocol>(_ text: T) -> Bool {
        var copy = String(text)
        return copy.withUTF8 { utf8 in
            let bytes = StatementBytes(bytes: utf8)
            guard bytes.count > 0 else { return false }
            let startsName = bytes.lone(0).map { ByteClass.isLetter($0) || $0 == 0x5F } ?? bytes.character(0).isLetter
            return startsName && (nameEnd(bytes, from: 0) == bytes.count || codeLocationEnd(bytes, from: 0) == bytes.count)
        }
    }

    /// The tokens of a statement whose text starts at column `columnOffset + 1` of what the
    /// user typed (errors and tokens carry columns counted from there).
    /// - Throws: `ShellError` for a malformed number, an unterminated string, a bad escape, a
    ///   character that starts no token, a number too large.
    public static func tokens(_ text: String, columnOffset: Int = 0) throws -> [Token] {
        var text = text
        return try text.withUTF8 { bytes in
            StatementBytes.isASCII(bytes) ? try scan(ASCIIBytes(bytes: bytes), columnOffset) : try scan(StatementBytes(bytes: bytes), columnOffset)
        }
    }

    /// The one lexer. `i` walks the bytes a character at a time; tokens are made with the
    /// byte offset where they start, turned into columns (characters) at the end, and an error
    /// counts the characters before it only when it is thrown.
    static func scan<S: CharacterBytes>(_ s: S, _ columnOffset: Int) throws -> [Token] {
        typealias B = ByteClass
        let n = s.count
        var tokens: [Token] = []
        var i = 0
        func column(_ k: Int) -> Int { s.column(of: k) + columnOffset }
        while i < n {
            let lone = s.lone(i)
            if let c = lone, c == 0x20 || c == 0x09 || c == 0x0D { i += 1; continue }
            // A name is an identifier as Swift's are: a letter (of any script) or `_`, then
            // letters, digits and `_`.
            if lone.map({ B.isLetter($0) || $0 == 0x5F }) ?? s.character(i).isLetter {
                // A constraint named after its line of code is one name: `CardView.swift:25.2`.
                let j = lone != nil ? codeLocationEnd(s, from: i) ?? nameEnd(s, from: i) : nameEnd(s, from: i)
                let word = s.text(i, j)
                tokens.append(Token(kind: .name(word), text: word, column: i))
                i = j
                continue
            }
            guard let c = lone else { throw ShellError.unexpectedCharacter(String(s.character(i)), column: column(i)) }
            if B.isDigit(c) {
                var j = i
                func digit(_ k: Int) -> Bool { k < n && s.lone(k).map(B.isDigit) == true }
                while digit(j) { j += 1 }
                if j < n, s.lone(j) == 0x2E, digit(j + 1) {
                    j += 1
                    while digit(j) { j += 1 }
                }
                if j < n, s.lone(j) == 0x65 || s.lone(j) == 0x45 {
                    var k = j + 1
                    if k < n, s.lone(k) == 0x2B || s.lone(k) == 0x2D { k += 1 }
                    if digit(k) {
                        while digit(k) { k += 1 }
                        j = k
                    }
                }
                // A number runs into letters, digits (of any script) or another point: malformed.
                var end = j
                func runsOn(_ k: Int) -> Bool {
                    if let d = s.lone(k) {
                        if B.isWordByte(d) { return true }
                        return d == 0x2E && k + 1 < n && (s.lone(k + 1).map(B.isDigit) ?? s.character(k + 1).isNumber)
                    }
                    let other = s.character(k)
                    return other.isLetter || other.isNumber
                }
                while end < n, runsOn(end) { end = s.after(end) }
                let typed = s.text(i, end)
                guard end == j, let value = Double(typed) else { throw ShellError.malformedNumber(typed, column: column(i)) }
                guard value.isFinite else { throw ShellError.numberTooLarge(typed) }
                tokens.append(Token(kind: .number(value), text: typed, column: i))
                i = j
                continue
            }
            if c == 0x22 {
                var value: [UInt8] = []
                var j = i + 1
                var closed = false
                while j < n {
                    let d = s.lone(j)
                    if d == 0x22 { closed = true; j += 1; break }
                    if d == 0x5C {
                        guard j + 1 < n else { break }
                        switch s.lone(j + 1) {
                        case 0x22: value.append(0x22)
                        case 0x5C: value.append(0x5C)
                        case 0x6E: value.append(0x0A)
                        default: throw ShellError.badEscape("\\" + String(s.character(j + 1)), column: column(j))
                        }
                        j += 2
                        continue
                    }
                    let from = j
                    j = s.after(j)
                    value.append(contentsOf: UnsafeBufferPointer(rebasing: s.bytes[from..<j]))
                }
                guard closed else { throw ShellError.unterminatedString(column: column(i)) }
                tokens.append(Token(kind: .string(String(decoding: value, as: UTF8.self)), text: s.text(i, j), column: i))
                i = j
                continue
            }
            if c == 0x3D || c == 0x3C || c == 0x3E, i + 1 < n, s.lone(i + 1) == 0x3D {
                let two = s.text(i, i + 2)
                tokens.append(Token(kind: .symbol(two), text: two, column: i))
                i += 2
                continue
            }
            let one = s.text(i, i + 1)
            guard Lexer.symbolBytes.contains(c) else { throw ShellError.unexpectedCharacter(one, column: column(i)) }
            tokens.append(Token(kind: .symbol(one), text: one, column: i))
            i += 1
        }
        // Offsets to columns.
        s.columns(ofOffsets: &tokens, plus: columnOffset)
        return tokens
    }

    /// The one-character symbols, `=*/+-@:.|(),[]`.
    static let symbolBytes = Set("=*/+-@:.|(),[]".utf8)

    /// How many of `(`, `[` and `{` a line of code leaves open, outside string literals and
    /// `//` comments (read as bytes: every one of these is ASCII, and no byte of a longer
    /// character is).
    public static func openedBrackets(_ line: String) -> Int {
        var count = 0, quoted = false, escaped = false, previous: UInt8 = 0
        for byte in line.utf8 {
            defer { previous = byte }
            if quoted {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { quoted = false }
                continue
            }
            switch byte {
            case 0x22: quoted = true
            case 0x2F where previous == 0x2F: return count
            case 0x28, 0x5B, 0x7B: count += 1
            case 0x29, 0x5D, 0x7D: count -= 1
            default: break
            }
        }
        return count
    }

    /// Splits a line into statements at `;` and drops a `#` comment, both outside strings (and
    /// the `;` outside braces, which only code has: a block's statements stay with its call);
    /// each statement without white space at either end, empty ones dropped.
    public static func statements(_ line: String) -> [String] {
        var line = line
        return line.withUTF8 { bytes in
            StatementBytes.isASCII(bytes) ? statements(ASCIIBytes(bytes: bytes)) : statements(StatementBytes(bytes: bytes))
        }
    }

    static func statements<S: CharacterBytes>(_ s: S) -> [String] {
        var statements: [String] = []
        func take(_ start: Int, _ end: Int) {
            let statement = s.trimmedText(start, end)
            if !statement.isEmpty { statements.append(statement) }
        }
        var start = 0
        var inString = false
        var escaped = false
        var braces = 0
        var k = 0
        while k < s.count {
            let c = s.lone(k)
            if inString {
                if escaped { escaped = false } else if c == 0x5C { escaped = true } else if c == 0x22 { inString = false }
            } else if c == 0x23 {  // '#': the rest is a comment
                break
            } else if c == 0x3B && braces <= 0 {  // ';'
                take(start, k)
                start = k + 1
            } else if c == 0x22 {
                inString = true
            } else if c == 0x7B {
                braces += 1
            } else if c == 0x7D {
                braces -= 1
            }
            k = s.after(k)
        }
        take(start, k)
        return statements
    }
}

extension String {
    /// The text without leading and trailing whitespace.
    public func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
