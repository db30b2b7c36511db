import Shell

/// Objective-C as layout code is written in it, read by a reader of strut's own (no Swift
/// package parses Objective-C; libclang would need UIKit's headers, which Linux has not):
/// the lexer takes comments and preprocessor lines out (object-like `#define`s are expanded),
/// the parser builds classes, methods, C statements and expressions with message sends,
/// property dot syntax, blocks and `@[…]`/`@{…}`/`@(…)` literals. docs/code.md says why.

struct ObjCToken: Equatable {
    enum Kind { case ident, number, string, punct }
    var kind: Kind
    var text: String
    var line: Int
    var column: Int
}

struct ObjCPlace: Hashable {
    var file = ""
    var line: Int
    var column: Int
}

indirect enum ObjCExpr {
    case number(Double, ObjCPlace)
    case string(String, ObjCPlace)
    case ident(String, ObjCPlace)
    /// `[receiver part:arg part:arg]`; the selector joined (`constraintWithItem:attribute:…`).
    case message(ObjCExpr, String, [ObjCExpr], ObjCPlace)
    /// `a.b`, `a->b`.
    case member(ObjCExpr, String, ObjCPlace)
    /// `f(x)`, `make.top.equalTo(x)` (a block property called).
    case call(ObjCExpr, [ObjCExpr], ObjCPlace)
    case binary(String, ObjCExpr, ObjCExpr, ObjCPlace)
    case unary(String, ObjCExpr, ObjCPlace)
    case ternary(ObjCExpr, ObjCExpr, ObjCExpr, ObjCPlace)
    case assign(String, ObjCExpr, ObjCExpr, ObjCPlace)
    case array([ObjCExpr], ObjCPlace)
    case dictionary([(ObjCExpr, ObjCExpr)], ObjCPlace)
    case block([String], [ObjCStmt], ObjCPlace)
    case subscriptAccess(ObjCExpr, ObjCExpr, ObjCPlace)
    case nothing(ObjCPlace)

    var place: ObjCPlace {
        switch self {
        case let .number(_, p), let .string(_, p), let .ident(_, p), let .message(_, _, _, p), let .member(_, _, p), let .call(_, _, p),
             let .binary(_, _, _, p), let .unary(_, _, p), let .ternary(_, _, _, p), let .assign(_, _, _, p), let .array(_, p),
             let .dictionary(_, p), let .block(_, _, p), let .subscriptAccess(_, _, p), let .nothing(p):
            p
        }
    }
}

indirect enum ObjCStmt {
    case expr(ObjCExpr, text: String)
    /// `UIView *card = …;` (one a declarator).
    case declare(String, type: String, ObjCExpr?, ObjCPlace)
    case ifElse(ObjCExpr, [ObjCStmt], [ObjCStmt]?, ObjCPlace)
    case forC([ObjCStmt], ObjCExpr?, ObjCExpr?, [ObjCStmt], ObjCPlace)
    case forIn(String, ObjCExpr, [ObjCStmt], ObjCPlace)
    case whileLoop(ObjCExpr, [ObjCStmt], ObjCPlace)
    case block([ObjCStmt])
    case returnValue(ObjCExpr?, ObjCPlace)
    case breakLoop, continueLoop
    case unread(String, ObjCPlace)
}

struct ObjCMethod {
    var isClassMethod: Bool
    var selector: String
    var parameters: [String]
    var body: [ObjCStmt]
    var place: ObjCPlace
}

struct ObjCClass {
    var name: String
    var superclass: String?
    /// Property name → its class (`UILabel`), with `IBOutlet` ones marked.
    var properties: [(name: String, type: String, outlet: Bool, place: ObjCPlace)] = []
    var methods: [ObjCMethod] = []
}

struct ObjCFile {
    var name: String
    var classes: [ObjCClass] = []
    /// File-level `static const CGFloat kPadding = 8;` and the like.
    var globals: [(String, ObjCExpr)] = []
    /// Lines of the file that hold code strut could not parse, with why.
    var unread: [(ObjCPlace, String)] = []
    /// Lines of code an iOS build leaves out (`ObjCLexer.Lexed.leftOut`).
    var leftOut: [LeftOutLine] = []
}

/// A line of code a `#if`, `#ifdef` or `#else` leaves out of an iOS build, with that directive.
struct LeftOutLine {
    var line: Int
    var column: Int
    var text: String
    var directive: String
}

// MARK: - Lexer

enum ObjCLexer {
    static let operators = ["->", "++", "--", "<<=", ">>=", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=",
                            "&=", "|=", "^=", "@[", "@{", "@("]

    /// Tokens, with `#define NAME value` expanded where NAME is used; unbalanced brackets are
    /// the parser's to find.
    static func tokens(_ source: String) -> [ObjCToken] { lex(source).tokens }

    /// The tokens of the lines an iOS build compiles (`ObjCConditions`), and the lines of code
    /// a `#if`, `#ifdef` or `#else` leaves out, each with the directive.
    struct Lexed {
        var tokens: [ObjCToken] = []
        var leftOut: [LeftOutLine] = []
    }

    static func lex(_ source: String) -> Lexed {
        var tokens: [ObjCToken] = []
        var leftOut: [LeftOutLine] = []
        var conditions = ObjCConditions()
        var defines: [String: [ObjCToken]] = [:]
        let chars = Array(source)
        var i = 0
        var line = 1
        var lineStart = 0
        var atLineStart = true
        func column() -> Int { i - lineStart + 1 }
        while i < chars.count {
            let c = chars[i]
            if c == "\n" {
                line += 1
                i += 1
                lineStart = i
                atLineStart = true
                continue
            }
            if c == " " || c == "\t" || c == "\r" { i += 1; continue }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                i += 2
                while i + 1 < chars.count, !(chars[i] == "*" && chars[i + 1] == "/") {
                    if chars[i] == "\n" { line += 1; lineStart = i + 1 }
                    i += 1
                }
                i += 2
                continue
            }
            if c == "#" && atLineStart {
                // A preprocessor line (continued by `\`): `#define NAME value` is kept.
                var text = ""
                while i < chars.count, chars[i] != "\n" || text.hasSuffix("\\") {
                    if chars[i] == "\n" { line += 1; lineStart = i + 1; text.removeLast(); text.append(" ") } else { text.append(chars[i]) }
                    i += 1
                }
                if conditions.take(text) || !conditions.isActive { continue }
                let words = text.dropFirst().split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
                if words.first == "define", words.count >= 2, !words[1].contains("(") {
                    let name = String(words[1])
                    let value = words.count > 2 ? String(words[2]) : ""
                    defines[name] = ObjCLexer.tokens(value).map { var t = $0; t.line = line; return t }
                    conditions.defines[name] = value
                }
                continue
            }
            if !conditions.isActive {
                // A line the build leaves out: kept as text, for what is said of it.
                let start = i
                while i < chars.count, chars[i] != "\n" { i += 1 }
                if let directive = conditions.leavingOut {
                    leftOut.append(LeftOutLine(line: line, column: start - lineStart + 1, text: String(chars[start..<i]).trimmingWhitespace(),
                                               directive: directive))
                }
                continue
            }
            atLineStart = false
            let startColumn = column()
            if c.isLetter || c == "_" || (c == "@" && i + 1 < chars.count && chars[i + 1].isLetter) {
                var j = i + 1
                while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "_" { j += 1 }
                var word = String(chars[i..<j])
                if word == "@YES" || word == "@NO" { word.removeFirst() }
                i = j
                if let expansion = defines[word] {
                    tokens += expansion.map { var t = $0; t.line = line; t.column = startColumn; return t }
                } else {
                    tokens.append(ObjCToken(kind: .ident, text: word, line: line, column: startColumn))
                }
                continue
            }
            if c.isNumber || (c == "." && i + 1 < chars.count && chars[i + 1].isNumber) || (c == "@" && i + 1 < chars.count && chars[i + 1].isNumber) {
                var j = c == "@" ? i + 1 : i
                let start = j
                while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "." ||
                    ((chars[j] == "+" || chars[j] == "-") && (chars[j - 1] == "e" || chars[j - 1] == "E") && !String(chars[start..<j]).hasPrefix("0x")) {
                    j += 1
                }
                var text = String(chars[start..<j])
                while let last = text.last, "fFlLuU".contains(last), !text.hasPrefix("0x") { text.removeLast() }
                tokens.append(ObjCToken(kind: .number, text: text, line: line, column: startColumn))
                i = j
                continue
            }
            if c == "\"" || (c == "@" && i + 1 < chars.count && chars[i + 1] == "\"") || c == "'" {
                let quote: Character = c == "'" ? "'" : "\""
                var j = c == "@" ? i + 2 : i + 1
                var text = ""
                while j < chars.count, chars[j] != quote, chars[j] != "\n" {
                    if chars[j] == "\\", j + 1 < chars.count {
                        text.append(chars[j + 1] == "n" ? "\n" : chars[j + 1])
                        j += 2
                        continue
                    }
                    text.append(chars[j])
                    j += 1
                }
                i = j + 1
                // Adjacent literals join (`@"a" "b"`).
                if let last = tokens.last, last.kind == .string, c != "'" {
                    tokens[tokens.count - 1].text += text
                } else {
                    tokens.append(ObjCToken(kind: quote == "'" ? .number : .string, text: quote == "'" ? "0" : text, line: line, column: startColumn))
                }
                continue
            }
            let rest = String(chars[i..<min(i + 3, chars.count)])
            if let op = operators.first(where: { rest.hasPrefix($0) }) {
                tokens.append(ObjCToken(kind: .punct, text: op, line: line, column: startColumn))
                i += op.count
                continue
            }
            tokens.append(ObjCToken(kind: .punct, text: String(c), line: line, column: startColumn))
            i += 1
        }
        return Lexed(tokens: tokens, leftOut: leftOut)
    }
}
