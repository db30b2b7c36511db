/// Parses the tokens of an Objective-C file into classes and methods (ObjCSyntax.swift). A
/// statement it cannot parse is kept as `unread` with its line; brackets that never close
/// refuse the file.
struct ObjCParser {
    struct Failure: Error {
        var message: String
        var place: ObjCPlace
    }

    let tokens: [ObjCToken]
    var k = 0
    var file: ObjCFile

    init(_ source: String, file name: String) {
        let lexed = ObjCLexer.lex(source)
        tokens = lexed.tokens
        file = ObjCFile(name: name)
        file.leftOut = lexed.leftOut
    }

    static func parse(_ source: String, file name: String) throws(CodeError) -> ObjCFile {
        var parser = ObjCParser(source, file: name)
        do {
            try parser.parseFile()
        } catch {
            throw CodeError(message: "\(name):\(error.place.line):\(error.place.column): \(error.message)")
        }
        // A fragment of which no statement parses is not Objective-C (a Swift file named .m).
        let bodies = parser.file.classes.flatMap(\.methods).flatMap(\.body)
        if !parser.tokens.contains(where: { $0.text == "@implementation" || $0.text == "@interface" }), !bodies.isEmpty,
           bodies.allSatisfy({ if case .unread = $0 { true } else { false } }), case let .unread(why, place)? = bodies.first {
            throw CodeError(message: "\(name):\(place.line):\(place.column): not Objective-C strut can read: \(why)")
        }
        return parser.file
    }

    // MARK: - Tokens

    var peek: ObjCToken? { k < tokens.count ? tokens[k] : nil }
    func peek(_ n: Int) -> ObjCToken? { k + n < tokens.count ? tokens[k + n] : nil }
    var place: ObjCPlace { peek.map { ObjCPlace(file: file.name, line: $0.line, column: $0.column) } ?? ObjCPlace(file: file.name, line: (tokens.last?.line ?? 0) + 1, column: 1) }

    func isPunct(_ text: String, _ n: Int = 0) -> Bool { peek(n).map { $0.kind == .punct && $0.text == text } ?? false }
    func isWord(_ text: String, _ n: Int = 0) -> Bool { peek(n).map { $0.kind == .ident && $0.text == text } ?? false }

    mutating func accept(_ text: String) -> Bool {
        guard let token = peek, token.text == text, token.kind != .string else { return false }
        k += 1
        return true
    }

    mutating func expect(_ text: String) throws(Failure) {
        guard accept(text) else { throw Failure(message: "expected '\(text)'" + (peek.map { ", found '\($0.text)'" } ?? " before the end of the file"), place: place) }
    }

    mutating func identifier() throws(Failure) -> String {
        guard let token = peek, token.kind == .ident else { throw Failure(message: "expected a name" + (peek.map { ", found '\($0.text)'" } ?? ""), place: place) }
        k += 1
        return token.text
    }

    /// Skips to the token that closes the bracket just opened (`(`, `[`, `{`).
    mutating func skipBalanced(from open: String) throws(Failure) {
        let pairs = ["(": ")", "[": "]", "{": "}", "@[": "]", "@{": "}", "@(": ")"]
        let before = k > 0 ? tokens[k - 1] : nil
        var stack: [(close: String, open: String, place: ObjCPlace)] = [(pairs[open]!, open, before.map {
            ObjCPlace(file: file.name, line: $0.line, column: $0.column)
        } ?? place)]
        while let token = peek, !stack.isEmpty {
            k += 1
            guard token.kind == .punct else { continue }
            let here = ObjCPlace(file: file.name, line: token.line, column: token.column)
            if let close = pairs[token.text] {
                stack.append((close, token.text, here))
            } else if token.text == stack.last!.close {
                stack.removeLast()
            } else if [")", "]", "}"].contains(token.text) {
                let inner = stack.last!
                throw Failure(message: "'\(inner.open)' is never closed (line \(here.line) has '\(token.text)' instead)", place: inner.place)
            }
        }
        if let inner = stack.last { throw Failure(message: "'\(inner.open)' is never closed", place: inner.place) }
    }

    // MARK: - File

    mutating func parseFile() throws(Failure) {
        // A fragment (no @interface or @implementation in it): its statements are a method's.
        let fragment = !tokens.contains { $0.text == "@implementation" || $0.text == "@interface" }
        while let token = peek {
            // (A C function, `int main(void) { … }`, stays a function.)
            let function = token.kind == .ident && peek(1)?.kind == .ident && isPunct("(", 2)
            if fragment, !function, !(token.kind == .punct && (token.text == "-" || token.text == "+")) {
                var statements: [ObjCStmt] = []
                let start = place
                while let next = peek, !(next.kind == .punct && (next.text == "-" || next.text == "+")),
                      !(next.kind == .ident && peek(1)?.kind == .ident && isPunct("(", 2)) {
                    statements.append(try statement())
                }
                addFragment(ObjCMethod(isClassMethod: false, selector: "viewDidLoad", parameters: [], body: statements, place: start), to: stem + "Controller")
                continue
            }
            switch token.text {
            case "@interface", "@implementation", "@protocol":
                try parseClass()
            case "{":
                k += 1
                try skipBalanced(from: "{")
            case "-" where token.kind == .punct, "+" where token.kind == .punct:
                // A method pasted without its class (a fragment of an answer or an article): it
                // goes in a class named after the file, its superclass guessed from its methods.
                if let method = try parseMethod() { addFragment(method, to: stem) }
            case "[" where token.kind == .punct, "self" where token.kind == .ident:
                // Statements pasted without their method: a view controller's `viewDidLoad`.
                var statements: [ObjCStmt] = []
                let start = place
                while let next = peek, !(next.kind == .punct && (next.text == "-" || next.text == "+")), !next.text.hasPrefix("@") {
                    statements.append(try statement())
                }
                addFragment(ObjCMethod(isClassMethod: false, selector: "viewDidLoad", parameters: [], body: statements, place: start), to: stem + "Controller")
            default:
                try parseTopLevel()
            }
        }
    }

    var stem: String { file.name.split(separator: ".").first.map(String.init) ?? "Pasted" }

    /// Methods or statements pasted alone go in a class of the file's name.
    mutating func addFragment(_ method: ObjCMethod, to name: String) {
        if !file.classes.contains(where: { $0.name == name }) { file.classes.append(ObjCClass(name: name, superclass: nil)) }
        let index = file.classes.firstIndex { $0.name == name }!
        file.classes[index].methods.append(method)
    }

    /// A C function (skipped: layout code's helpers are methods), a global constant, or a
    /// declaration.
    mutating func parseTopLevel() throws(Failure) {
        var words: [String] = []
        while let token = peek, !(token.kind == .punct && [";", "{", "=", "("].contains(token.text)) {
            words.append(token.text)
            k += 1
        }
        if accept("=") {
            let value = try expression()
            if let name = words.last { file.globals.append((name, value)) }
            while !accept(";") && peek != nil { k += 1 }
        } else if accept("(") {
            try skipBalanced(from: "(")
            if accept("{") { try skipBalanced(from: "{") } else { _ = accept(";") }
        } else if accept("{") {
            try skipBalanced(from: "{")
        } else {
            _ = accept(";")
        }
    }

    mutating func parseClass() throws(Failure) {
        let keyword = peek!.text
        k += 1
        let name = try identifier()
        var superclass: String?
        if accept(":") { superclass = try identifier() }
        if accept("(") { try skipBalanced(from: "(") }  // a category or class extension
        if isPunct("<") { while !accept(">") && peek != nil { k += 1 } }
        var index = file.classes.firstIndex { $0.name == name }
        if index == nil, keyword != "@protocol" {
            file.classes.append(ObjCClass(name: name, superclass: superclass))
            index = file.classes.count - 1
        }
        if let index, superclass != nil { file.classes[index].superclass = superclass }
        if accept("{") { try skipBalanced(from: "{") }  // ivars
        while let token = peek, token.text != "@end" {
            if token.text == "@property" {
                k += 1
                if accept("(") { try skipBalanced(from: "(") }
                var words: [String] = []
                let start = place
                while let t = peek, !(t.kind == .punct && t.text == ";") { if t.kind == .ident { words.append(t.text) }; k += 1 }
                _ = accept(";")
                let outlet = words.contains("IBOutlet")
                words.removeAll { ["IBOutlet", "nonatomic", "strong", "weak", "nullable", "nonnull", "readonly", "const", "__kindof"].contains($0) }
                if let index, let propertyName = words.last, let type = words.first {
                    file.classes[index].properties.append((propertyName, type, outlet, start))
                }
            } else if token.text == "-" || token.text == "+" {
                let method = try parseMethod()
                if let index, let method { file.classes[index].methods.append(method) }
            } else if token.text == "{" {
                k += 1
                try skipBalanced(from: "{")
            } else if token.text == "@synthesize" || token.text == "@dynamic" {
                while !accept(";") && peek != nil { k += 1 }
            } else {
                k += 1
            }
        }
        try expect("@end")
    }

    /// `- (UIView *)card:(CGFloat)width height:(CGFloat)height { … }`; nil for a declaration.
    mutating func parseMethod() throws(Failure) -> ObjCMethod? {
        let isClass = peek!.text == "+"
        let start = place
        k += 1
        if accept("(") { try skipBalanced(from: "(") }
        var selector = ""
        var parameters: [String] = []
        let first = try identifier()
        if accept(":") {
            selector = first + ":"
            if accept("(") { try skipBalanced(from: "(") }
            parameters.append(try identifier())
            while let token = peek, token.kind == .ident, isPunct(":", 1) {
                k += 2
                selector += token.text + ":"
                if accept("(") { try skipBalanced(from: "(") }
                parameters.append(try identifier())
            }
            // A variadic method's `, ...`.
            if accept(",") { while !isPunct("{") && !isPunct(";") && peek != nil { k += 1 } }
        } else {
            selector = first
        }
        while let token = peek, token.kind == .ident { k += 1; if accept("(") { try skipBalanced(from: "(") } }  // attributes
        if accept(";") { return nil }
        try expect("{")
        let body = try statements(until: "}")
        return ObjCMethod(isClassMethod: isClass, selector: selector, parameters: parameters, body: body, place: start)
    }

    /// Tokens written back as code is written (`[label setText:@"Hi"];`), for messages.
    static func joined(_ tokens: ArraySlice<ObjCToken>) -> String {
        var text = ""
        var previous: ObjCToken?
        for token in tokens {
            let glued = previous.map { p in p.kind == .punct && ["(", "[", ".", "@[", "@{", "@(", "^", "!", ":", "->"].contains(p.text) } ?? true
            if !glued && !(token.kind == .punct && [".", ":", ";", ")", "]", ",", "->"].contains(token.text)) { text += " " }
            text += token.kind == .string ? "@\"\(token.text)\"" : token.text
            previous = token
        }
        return text
    }

    // MARK: - Statements

    mutating func statements(until close: String) throws(Failure) -> [ObjCStmt] {
        var list: [ObjCStmt] = []
        while !accept(close) {
            guard peek != nil else { throw Failure(message: "unbalanced brackets: expected '\(close)' before the end of the file", place: place) }
            list.append(try statement())
        }
        return list
    }

    mutating func body() throws(Failure) -> [ObjCStmt] {
        if accept("{") { return try statements(until: "}") }
        return [try statement()]
    }

    static let typeQualifiers: Set<String> = ["const", "static", "__weak", "__strong", "__block", "__unsafe_unretained", "unsigned", "signed",
                                              "long", "short", "volatile", "__kindof", "nullable", "nonnull", "_Nullable", "_Nonnull", "struct"]

    /// Whether a declaration starts here: `UIView *card`, `CGFloat width =`, `NSArray<UIView *> *views`,
    /// `__weak typeof(self) weakSelf =`.
    func declarationLength() -> Int? {
        var n = 0
        while let t = peek(n), t.kind == .ident, Self.typeQualifiers.contains(t.text) { n += 1 }
        guard let type = peek(n), type.kind == .ident else { return nil }
        if type.text == "typeof" || type.text == "__typeof" || type.text == "__typeof__" {
            guard isPunct("(", n + 1) else { return nil }
            var depth = 0
            var m = n + 1
            repeat {
                if isPunct("(", m) { depth += 1 } else if isPunct(")", m) { depth -= 1 }
                m += 1
            } while depth > 0 && peek(m) != nil
            n = m
        } else {
            n += 1
            if isPunct("<", n) { while let t = peek(n), !(t.kind == .punct && t.text == ">") { n += 1 }; n += 1 }
        }
        while isPunct("*", n) || (peek(n).map { $0.kind == .ident && Self.typeQualifiers.contains($0.text) } ?? false) { n += 1 }
        guard let name = peek(n), name.kind == .ident, let after = peek(n + 1), after.kind == .punct, ["=", ";", ",", "["].contains(after.text) else {
            return nil
        }
        return n
    }

    /// A statement; one that cannot be parsed is kept as `unread` (brackets still balanced).
    mutating func statement() throws(Failure) -> ObjCStmt {
        let begin = k
        let start = place
        do {
            let parsed = try parseStatement()
            // Always past at least one token (a stray `}` at the top of a fragment).
            if k == begin { k += 1 }
            return parsed
        } catch let failure {
            k = begin
            let unread = try unread("code strut cannot parse (\(failure.message))", from: start)
            // Always past at least one token (a stray `}` at the top of a fragment).
            if k == begin { k += 1 }
            return unread
        }
    }

    mutating func parseStatement() throws(Failure) -> ObjCStmt {
        let start = place
        guard let token = peek else { throw Failure(message: "expected a statement", place: start) }
        if token.kind == .punct && token.text == "{" {
            k += 1
            return .block(try statements(until: "}"))
        }
        if token.kind == .punct && token.text == ";" { k += 1; return .block([]) }
        if token.kind == .ident {
            switch token.text {
            case "if":
                k += 1
                try expect("(")
                let condition = try expression()
                try expect(")")
                let then = try body()
                let otherwise = accept("else") ? try body() : nil
                return .ifElse(condition, then, otherwise, start)
            case "for":
                k += 1
                try expect("(")
                // `for (UIView *v in views)`.
                var n = 0
                while let t = peek(n), !(t.kind == .punct && [";", ")"].contains(t.text)), !(t.kind == .ident && t.text == "in") { n += 1 }
                if isWord("in", n) {
                    let name = peek(n - 1)!.text
                    k += n + 1
                    let collection = try expression()
                    try expect(")")
                    return .forIn(name, collection, try body(), start)
                }
                var initial: [ObjCStmt] = []
                if !accept(";") { initial = [try statement()] }
                let condition = isPunct(";") ? nil : try expression()
                try expect(";")
                let step = isPunct(")") ? nil : try expression()
                try expect(")")
                return .forC(initial, condition, step, try body(), start)
            case "while":
                k += 1
                try expect("(")
                let condition = try expression()
                try expect(")")
                return .whileLoop(condition, try body(), start)
            case "do":
                k += 1
                let loop = try body()
                try expect("while")
                try expect("(")
                let condition = try expression()
                try expect(")")
                _ = accept(";")
                return .block([.block(loop), .whileLoop(condition, loop, start)])
            case "return":
                k += 1
                if accept(";") { return .returnValue(nil, start) }
                let value = try expression()
                _ = accept(";")
                return .returnValue(value, start)
            case "break": k += 1; _ = accept(";"); return .breakLoop
            case "continue": k += 1; _ = accept(";"); return .continueLoop
            case "@autoreleasepool":
                k += 1
                return .block(try body())
            case "switch", "goto", "@try", "@synchronized", "case", "default":
                return try unread("a `\(token.text)` strut does not follow", from: start)
            default:
                break
            }
            if let length = declarationLength() {
                var type = tokens[k..<(k + length)].filter { $0.kind == .ident && !Self.typeQualifiers.contains($0.text) }.first?.text ?? ""
                if type == "typeof" || type == "__typeof" { type = "id" }
                k += length
                var declared: [ObjCStmt] = []
                repeat {
                    while accept("*") {}
                    let namePlace = place
                    let name = try identifier()
                    if accept("[") { try skipBalanced(from: "[") }
                    let value = accept("=") ? try expression() : nil
                    declared.append(.declare(name, type: type, value, namePlace))
                } while accept(",")
                _ = accept(";")
                return declared.count == 1 ? declared[0] : .block(declared)
            }
        }
        let begin = k
        do throws(Failure) {
            let value = try expression()
            guard accept(";") else { throw Failure(message: "expected ';'", place: place) }
            let text = Self.joined(tokens[begin..<k])
            return .expr(value, text: text)
        } catch let failure {
            k = begin
            return try unread("code strut cannot parse (\(failure.message))", from: start)
        }
    }

    /// Skips to the end of the statement, keeping brackets balanced.
    mutating func unread(_ why: String, from start: ObjCPlace) throws(Failure) -> ObjCStmt {
        while let token = peek {
            k += 1
            if token.kind == .punct, ["(", "[", "{", "@[", "@{", "@("].contains(token.text) {
                try skipBalanced(from: token.text)
                if token.text == "{" { break }
            } else if token.kind == .punct, token.text == ";" {
                break
            } else if token.kind == .punct, token.text == "}" {
                k -= 1
                break
            }
        }
        return .unread(why, start)
    }

    // MARK: - Expressions

    static let binaryLevels: [[String]] = [["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", ">", "<=", ">="], ["<<", ">>"], ["+", "-"], ["*", "/", "%"]]

    mutating func expression() throws(Failure) -> ObjCExpr {
        let start = place
        let left = try ternary()
        if let token = peek, token.kind == .punct, ["=", "+=", "-=", "*=", "/=", "|=", "&="].contains(token.text) {
            k += 1
            return .assign(token.text, left, try expression(), start)
        }
        return left
    }

    mutating func ternary() throws(Failure) -> ObjCExpr {
        let start = place
        let condition = try binary(0)
        guard accept("?") else { return condition }
        // `a ?: b`.
        if accept(":") { return .binary("?:", condition, try ternary(), start) }
        let then = try expression()
        try expect(":")
        return .ternary(condition, then, try ternary(), start)
    }

    mutating func binary(_ level: Int) throws(Failure) -> ObjCExpr {
        guard level < Self.binaryLevels.count else { return try unary() }
        var left = try binary(level + 1)
        while let token = peek, token.kind == .punct, Self.binaryLevels[level].contains(token.text) {
            let start = place
            k += 1
            left = .binary(token.text, left, try binary(level + 1), start)
        }
        return left
    }

    mutating func unary() throws(Failure) -> ObjCExpr {
        let start = place
        if let token = peek, token.kind == .punct, ["!", "-", "+", "~", "&", "*", "++", "--"].contains(token.text) {
            k += 1
            return .unary(token.text, try unary(), start)
        }
        if isWord("sizeof") { k += 1; _ = try unary(); return .number(8, start) }
        // A cast: `(CGFloat)`, `(UIView *)`, `(id)`.
        if isPunct("("), let type = peek(1), type.kind == .ident, type.text.first?.isUppercase == true || ["id", "int", "float", "double", "long",
            "unsigned", "char", "short", "void", "BOOL", "bool"].contains(type.text) || Self.typeQualifiers.contains(type.text) {
            var n = 2
            while isPunct("*", n) || (peek(n).map { $0.kind == .ident } ?? false) { n += 1 }
            if isPunct(")", n), let after = peek(n + 1),
               after.kind != .punct || ["(", "[", "@", "@[", "@{", "@(", "^", "-", "!", "&"].contains(after.text) {
                k += n + 1
                return try unary()
            }
        }
        return try postfix()
    }

    mutating func postfix() throws(Failure) -> ObjCExpr {
        var value = try primary()
        while true {
            let start = place
            if accept(".") || accept("->") {
                value = .member(value, try identifier(), start)
            } else if isPunct("(") {
                k += 1
                var arguments: [ObjCExpr] = []
                while !accept(")") {
                    arguments.append(try expression())
                    if !accept(",") { try expect(")"); break }
                }
                value = .call(value, arguments, start)
            } else if isPunct("[") {
                k += 1
                let index = try expression()
                try expect("]")
                value = .subscriptAccess(value, index, start)
            } else if isPunct("++") || isPunct("--") {
                let op = peek!.text
                k += 1
                value = .assign(op == "++" ? "+=" : "-=", value, .number(1, start), start)
            } else {
                return value
            }
        }
    }

    mutating func primary() throws(Failure) -> ObjCExpr {
        let start = place
        guard let token = peek else { throw Failure(message: "expected an expression before the end of the file", place: start) }
        switch token.kind {
        case .number:
            k += 1
            let text = token.text
            let value = text.hasPrefix("0x") ? Double(Int(text.dropFirst(2), radix: 16) ?? 0) : Double(text) ?? .nan
            return .number(value.isFinite ? value : .nan, start)
        case .string:
            k += 1
            return .string(token.text, start)
        case .ident:
            k += 1
            if token.text == "@available" || token.text == "__builtin_available" {
                // `@available(iOS 13.0, *)`: the newest branch.
                try expect("(")
                try skipBalanced(from: "(")
                return .number(1, start)
            }
            if token.text == "@selector" || token.text == "@encode" || token.text == "@protocol" {
                try expect("(")
                try skipBalanced(from: "(")
                return .nothing(start)
            }
            return .ident(token.text, start)
        case .punct:
            switch token.text {
            // A parenthesised expression, or a boxed one (`@(8)`), is its value.
            case "(", "@(":
                k += 1
                let inner = try expression()
                try expect(")")
                return inner
            case "[":
                k += 1
                return try message(start)
            case "@[":
                k += 1
                var items: [ObjCExpr] = []
                while !accept("]") {
                    items.append(try expression())
                    if !accept(",") { try expect("]"); break }
                }
                return .array(items, start)
            case "@{":
                k += 1
                var pairs: [(ObjCExpr, ObjCExpr)] = []
                while !accept("}") {
                    let key = try expression()
                    try expect(":")
                    pairs.append((key, try expression()))
                    if !accept(",") { try expect("}"); break }
                }
                return .dictionary(pairs, start)
            case "^":
                k += 1
                var parameters: [String] = []
                if isPunct("(") && !isPunct("{", 1) {
                    // `^(MASConstraintMaker *make)`, `^(void)`.
                    k += 1
                    while !accept(")") {
                        var last: String?
                        while let t = peek, !(t.kind == .punct && [",", ")"].contains(t.text)) { if t.kind == .ident { last = t.text }; k += 1 }
                        if let last, last != "void" { parameters.append(last) }
                        _ = accept(",")
                    }
                } else if let t = peek, t.kind == .ident, isPunct("(", 1) {
                    // `^BOOL(id item)`: a return type first.
                    k += 1
                    return try primary()
                }
                try expect("{")
                return .block(parameters, try statements(until: "}"), start)
            default:
                throw Failure(message: "unexpected '\(token.text)'", place: start)
            }
        }
    }

    /// After `[`: the receiver, then a selector of one word or of `part:argument` pairs.
    mutating func message(_ start: ObjCPlace) throws(Failure) -> ObjCExpr {
        let receiver = try expression()
        guard let first = peek, first.kind == .ident else {
            throw Failure(message: "expected a message's selector" + (peek.map { ", found '\($0.text)'" } ?? ""), place: place)
        }
        k += 1
        if accept("]") { return .message(receiver, first.text, [], start) }
        var selector = ""
        var arguments: [ObjCExpr] = []
        var part = first.text
        while true {
            try expect(":")
            selector += part + ":"
            arguments.append(try expression())
            // Variadic arguments: `arrayWithObjects:a, b, nil`.
            while accept(",") { arguments.append(try expression()) }
            if accept("]") { break }
            guard let next = peek, next.kind == .ident else { throw Failure(message: "expected ']'" + (peek.map { ", found '\($0.text)'" } ?? ""), place: place) }
            k += 1
            part = next.text
        }
        return .message(receiver, selector, arguments, start)
    }
}
