import LayoutEngine

/// Reads a statement's tokens from left to right, with messages that quote what was found.
struct Cursor {
    var tokens: [Token]
    var position = 0
    /// The command's usage line, added to syntax errors.
    var usage: String?

    init(_ tokens: [Token], usage: String? = nil) {
        self.tokens = tokens
        self.usage = usage
    }

    var atEnd: Bool { position >= tokens.count }
    var peek: Token? { atEnd ? nil : tokens[position] }
    func peek(_ offset: Int) -> Token? {
        position + offset < tokens.count ? tokens[position + offset] : nil
    }

    mutating func next() -> Token? {
        defer { position += 1 }
        return peek
    }

    /// What the cursor stands on, for messages: `'foo'` or `the end of the line`.
    var found: String {
        guard let token = peek else { return "the end of the line" }
        return "'\(token.text)'"
    }

    func fail(_ expected: String) -> ShellError {
        .syntax("expected \(expected), found \(found)", usage: usage)
    }

    mutating func expectEnd() throws {
        guard atEnd else { throw ShellError.syntax("unexpected \(found) at column \(peek!.column)", usage: usage) }
    }

    mutating func name(_ what: String = "a name") throws -> String {
        guard let name = peek?.name else { throw fail(what) }
        position += 1
        // A view's system guide goes by `VIEW.safeAreaLayoutGuide`.
        if position + 1 < tokens.count, tokens[position + 1].text.utf8.count >= 18, tokens[position].isSymbol("."),
           case let .name(role) = tokens[position + 1].kind, SystemGuide(word: role) != nil {
            position += 2
            return name + "." + role
        }
        return name
    }

    /// A dotted name: `c1`, `title.hugging.h`, `row.2` (a VFL line's second constraint).
    mutating func dottedName(_ what: String) throws -> String {
        var result = try name(what)
        while peek?.isSymbol(".") == true, let part = peek(1) {
            if let word = part.name {
                result += "." + word
            } else if part.number != nil, part.text.allSatisfy(\.isNumber) {
                result += "." + part.text
            } else {
                break
            }
            position += 2
        }
        return result
    }

    mutating func accept(_ symbol: String) -> Bool {
        if peek?.isSymbol(symbol) == true { position += 1; return true }
        return false
    }

    mutating func acceptWord(_ word: String) -> Bool {
        if peek?.name == word { position += 1; return true }
        return false
    }

    mutating func expect(_ symbol: String, _ what: String? = nil) throws {
        guard accept(symbol) else { throw fail(what ?? "'\(symbol)'") }
    }

    /// `nan`, `inf` or `infinity` (any case), with its sign if it has one, where a number could
    /// be: the text as typed, for the one message every number position gives.
    var nonFiniteWord: String? {
        var offset = 0
        var sign = ""
        if let token = peek, token.isSymbol("-") || token.isSymbol("+") { sign = token.text; offset = 1 }
        guard let word = peek(offset)?.name, ["nan", "inf", "infinity"].contains(word.lowercased()) else { return nil }
        return sign + word
    }

    /// Refuses `nan` and `inf` where a number could be.
    func refuseNonFinite() throws {
        if let word = nonFiniteWord { throw ShellError.syntax("'\(word)' is not a finite number", usage: nil) }
    }

    /// A number with an optional sign.
    mutating func number(_ what: String = "a number") throws -> Double {
        try refuseNonFinite()
        var sign = 1.0
        if peek?.isSymbol("-") == true, peek(1)?.number != nil { sign = -1; position += 1 }
        else if peek?.isSymbol("+") == true, peek(1)?.number != nil { position += 1 }
        guard let value = peek?.number else { throw fail(what) }
        position += 1
        return sign * value
    }

    var atNumber: Bool {
        if peek?.number != nil { return true }
        return (peek?.isSymbol("-") == true || peek?.isSymbol("+") == true) && peek(1)?.number != nil
    }

    /// A priority: a number (the engine checks its range) or one of the named levels.
    mutating func priority() throws -> LayoutPriority {
        try refuseNonFinite()
        let words = LayoutPriority.keywords.map(\.word).joined(separator: ", ")
        if let word = peek?.name {
            guard let value = LayoutPriority(keyword: word) else {
                throw ShellError.syntax("unknown priority '\(word)'; use a number in (0, 1000] or \(words)", usage: usage)
            }
            position += 1
            return value
        }
        let value = try number("a priority (a number in (0, 1000] or \(words))")
        // Checked here as typed: beyond Float's range it would read as inf, and a Double too
        // small for a Float as 0.
        guard value > 0 && value <= 1000 && Float(value) > 0 else { throw ShellError.layout(.invalidPriority(value)) }
        return LayoutPriority(value)
    }
}
