import Shell

/// Objective-C's conditional compilation (`#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`,
/// `#endif`) as an iOS app built for a device in its release configuration compiles it, as the
/// Swift reader reads `#if` (`IOSDeviceBuild`): `TARGET_OS_IOS` and `TARGET_OS_IPHONE` are 1,
/// `TARGET_OS_MACCATALYST`, `TARGET_OS_SIMULATOR` and the other platforms' 0, `DEBUG` is not
/// defined, `__has_include(…)` and `__has_feature(…)` hold, and a name nothing defines is 0, as
/// in C. The lexer keeps the tokens of the lines that are compiled and notes the others.
struct ObjCConditions {
    /// The iOS SDK's and the compiler's macros a condition may test.
    static let predefined: [String: Int] = [
        "TARGET_OS_IOS": 1, "TARGET_OS_IPHONE": 1, "TARGET_OS_MAC": 1, "TARGET_OS_EMBEDDED": 1,
        "TARGET_OS_MACCATALYST": 0, "TARGET_OS_UIKITFORMAC": 0, "TARGET_OS_SIMULATOR": 0, "TARGET_IPHONE_SIMULATOR": 0,
        "TARGET_OS_OSX": 0, "TARGET_OS_TV": 0, "TARGET_OS_WATCH": 0, "TARGET_OS_VISION": 0, "TARGET_OS_XR": 0,
        "__OBJC__": 1, "__APPLE__": 1, "__arm64__": 1, "__LP64__": 1,
        "__IPHONE_OS_VERSION_MAX_ALLOWED": 180000, "__IPHONE_OS_VERSION_MIN_REQUIRED": 150000,
    ]

    /// One `#if` group open at a point of the file.
    struct Group {
        /// Whether the lines around the group are compiled.
        var outerActive: Bool
        /// Whether one of its clauses was taken already.
        var taken: Bool
        /// Whether the current clause is compiled.
        var active: Bool
        /// The clause's directive, for what is said of the lines it leaves out (`#if DEBUG`).
        var directive: String
    }

    var groups: [Group] = []
    /// Object-like macros the file defines (`#define USE_STACKS 1`), by their text.
    var defines: [String: String] = [:]

    /// Whether the line being read is compiled.
    var isActive: Bool { groups.last?.active ?? true }

    /// The directive of the innermost clause that leaves the current line out.
    var leavingOut: String? { groups.last(where: { !$0.active && $0.outerActive })?.directive }

    /// Takes one preprocessor line (`#` and its words); returns false for a directive that is
    /// not conditional compilation (`#import`, `#define`, `#pragma`), for the caller to keep.
    mutating func take(_ line: String) -> Bool {
        // A comment after the directive (`#endif // DEBUG`) is no part of it.
        let chars = Array(line)
        let end = chars.indices.first { k in k + 1 < chars.count && chars[k] == "/" && (chars[k + 1] == "/" || chars[k + 1] == "*") } ?? chars.count
        let text = chars[..<end].dropFirst().drop { $0 == " " || $0 == "\t" }
        let word = String(text.prefix { $0.isLetter })
        let rest = String(text.dropFirst(word.count)).trimmingWhitespace()
        let directive = "#" + word + (rest.isEmpty ? "" : " " + rest)
        switch word {
        case "if", "ifdef", "ifndef":
            let outer = isActive
            let holds: Bool
            switch word {
            case "ifdef": holds = isDefined(rest)
            case "ifndef": holds = !isDefined(rest)
            default: holds = outer && evaluate(rest) != 0
            }
            groups.append(Group(outerActive: outer, taken: outer && holds, active: outer && holds, directive: directive))
        case "elif":
            guard var group = groups.popLast() else { return true }
            let holds = group.outerActive && !group.taken && evaluate(rest) != 0
            group.active = holds
            group.taken = group.taken || holds
            group.directive = directive
            groups.append(group)
        case "else":
            guard var group = groups.popLast() else { return true }
            group.active = group.outerActive && !group.taken
            group.taken = true
            group.directive = "#else"
            groups.append(group)
        case "endif":
            _ = groups.popLast()
        default:
            return false
        }
        return true
    }

    /// The SDK defines every one of its macros, as 0 or 1 (`#ifdef TARGET_OS_MACCATALYST` holds).
    func isDefined(_ name: String) -> Bool {
        let name = String(name.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        return defines[name] != nil || ObjCConditions.predefined[name] != nil
    }

    // MARK: - Conditions

    /// A condition's value, as the preprocessor computes it (0 is false).
    func evaluate(_ condition: String, depth: Int = 0) -> Int {
        var reader = Reader(words: Reader.words(of: condition), conditions: self, depth: depth)
        return reader.or()
    }

    struct Reader {
        var words: [String]
        let conditions: ObjCConditions
        /// How many macros deep the condition is expanded (`#define A B`, `#define B 1`).
        let depth: Int
        var k = 0

        /// Names, numbers, and the operators a condition uses; anything else is a word of its own.
        static func words(of text: String) -> [String] {
            var words: [String] = []
            let chars = Array(text)
            var i = 0
            while i < chars.count {
                let c = chars[i]
                if c == " " || c == "\t" { i += 1; continue }
                if c.isLetter || c.isNumber || c == "_" {
                    var j = i
                    while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "_" { j += 1 }
                    words.append(String(chars[i..<j]))
                    i = j
                    continue
                }
                let pair = i + 1 < chars.count ? String(chars[i...i + 1]) : ""
                if ["&&", "||", "==", "!=", "<=", ">="].contains(pair) {
                    words.append(pair)
                    i += 2
                    continue
                }
                words.append(String(c))
                i += 1
            }
            return words
        }

        var peek: String? { k < words.count ? words[k] : nil }

        mutating func or() -> Int {
            var value = and()
            while peek == "||" { k += 1; let right = and(); value = (value != 0 || right != 0) ? 1 : 0 }
            return value
        }

        mutating func and() -> Int {
            var value = comparison()
            while peek == "&&" { k += 1; let right = comparison(); value = (value != 0 && right != 0) ? 1 : 0 }
            return value
        }

        mutating func comparison() -> Int {
            var value = unary()
            while let op = peek, ["==", "!=", "<", ">", "<=", ">="].contains(op) {
                k += 1
                let right = unary()
                switch op {
                case "==": value = value == right ? 1 : 0
                case "!=": value = value != right ? 1 : 0
                case "<": value = value < right ? 1 : 0
                case ">": value = value > right ? 1 : 0
                case "<=": value = value <= right ? 1 : 0
                default: value = value >= right ? 1 : 0
                }
            }
            return value
        }

        mutating func unary() -> Int {
            guard let word = peek else { return 0 }
            k += 1
            switch word {
            case "!": return unary() == 0 ? 1 : 0
            case "(":
                let value = or()
                if peek == ")" { k += 1 }
                return value
            case "defined":
                let parenthesised = peek == "("
                if parenthesised { k += 1 }
                let name = peek ?? ""
                k += 1
                if parenthesised, peek == ")" { k += 1 }
                return conditions.isDefined(name) ? 1 : 0
            default:
                // `__has_include(<UIKit/UIKit.h>)`, `__has_feature(objc_arc)`: held.
                if word.hasPrefix("__has_") {
                    if peek == "(" { skipParenthesised() }
                    return 1
                }
                if let number = Reader.number(word) { return number }
                return conditions.value(of: word, depth: depth)
            }
        }

        mutating func skipParenthesised() {
            var depth = 0
            while let word = peek {
                k += 1
                if word == "(" { depth += 1 } else if word == ")" { depth -= 1; if depth == 0 { return } }
            }
        }

        /// `1`, `0x10`, `130000L`.
        static func number(_ word: String) -> Int? {
            var text = Substring(word)
            while let last = text.last, "uUlL".contains(last), text.count > 1 { text = text.dropLast() }
            if text.hasPrefix("0x") || text.hasPrefix("0X") { return Int(text.dropFirst(2), radix: 16) }
            return Int(text)
        }
    }

    /// A name's value: the file's `#define`, the SDK's, an iOS version constant
    /// (`__IPHONE_13_0` is 130000), else 0.
    func value(of name: String, depth: Int = 0) -> Int {
        if let text = defines[name] {
            // A macro that names itself, or a chain too long, stops at 0.
            guard depth < 16 else { return 0 }
            return Reader.number(text.trimmingWhitespace()) ?? (text.trimmingWhitespace().isEmpty ? 0 : evaluate(text, depth: depth + 1))
        }
        if let value = ObjCConditions.predefined[name] { return value }
        if name.hasPrefix("__IPHONE_") {
            let parts = name.dropFirst("__IPHONE_".count).split(separator: "_").compactMap { Int($0) }
            if let major = parts.first { return major * 10000 + (parts.count > 1 ? parts[1] * 100 : 0) }
        }
        return 0
    }
}
