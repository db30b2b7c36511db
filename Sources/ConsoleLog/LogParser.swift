import LayoutEngine

/// UIKit's "Unable to simultaneously satisfy constraints." console output (AUTOLAYOUT.md §7),
/// read back into constraints: every description of the list, the one UIKit broke, the
/// superviews the `'|'` legends name, and what could not be read.

/// An item of a description: `UILabel:0x7fb5c8c0a0b0'Hello'`, `UILabel:blueView` (a Masonry
/// key), `SystemInputAssistantView` (a name the legend explains).
public struct LogItem: Hashable, Sendable {
    public var className: String
    /// Without the `0x`; empty when the log gives none.
    public var address: String
    public var label: String?
    /// The name the log calls the view by, where it gives one: a legend's name, a Masonry key, a
    /// name swizzled in place of the class.
    public var name: String?
    /// The content of a scroll view (a private `contentWidth`/`contentHeight`), not the view.
    public var content = false

    public init(className: String, address: String, label: String?, name: String? = nil) {
        self.className = className
        self.address = address
        self.label = label
        self.name = name
    }
}

/// One constraint description.
public struct LogConstraint: Sendable {
    public var className: String
    public var address: String
    /// What stands in place of the address when there is none: Masonry's key, SnapKit's label.
    public var key: String?
    /// SnapKit's `File.swift#88`: where the app made it.
    public var location: String?
    public var identifier: String?
    /// `h=--& v=--&` of an autoresizing constraint.
    public var accessory: String?
    public var first: LogItem
    public var firstAttribute: LayoutAttribute
    public var relation: LayoutRelation
    public var second: LogItem?
    public var secondAttribute: LayoutAttribute?
    public var multiplier: Double
    public var constant: Double
    public var priority: LayoutPriority
    /// An `NSContentSizeLayoutConstraint`'s `Hug:` and `CompressionResistance:`.
    public var contentPriorities: (hug: LayoutPriority, compression: LayoutPriority)?
    public var isActive = true
    /// The superview the `'|'` of the legend names.
    public var superview: LogItem?
    /// A VFL art's spacing between two views (`V:[A]-(10)-[B]`): UIKit's format makes it
    /// between siblings only.
    public var betweenSiblings = false
    public var line: Int
    /// The description as logged.
    public var text: String

    /// The same constraint wherever a log shows it: its address, else its key.
    var identity: String { address.isEmpty ? "key:" + (key ?? "line \(line)") : address }
}

/// One "Unable to simultaneously satisfy constraints." message of a log: UIKit's list and the
/// constraint it broke. A paste may hold several, or only a message's tail.
public struct LogMessage: Sendable {
    /// The log's lines the message spans.
    public var lines: ClosedRange<Int>
    /// Its constraints (indices into `ConsoleLog.constraints`), in the logged order.
    public var members: [Int] = []
    /// The one UIKit broke ("Will attempt to recover by breaking constraint").
    public var broken: Int?
    /// Whether the message starts with UIKit's header line.
    public var hasHeader = false
    /// Whether the message has its list, `(` … `)`.
    public var hasList = false
}

/// A log, read.
public struct ConsoleLog: Sendable {
    public var constraints: [LogConstraint] = []
    public var messages: [LogMessage] = []
    /// Lines that looked like constraint descriptions but could not be read, and why.
    public var skipped: [(line: Int, reason: String)] = []
    /// The list entries UIKit printed but the paste lost (`""`: brackets stripped by a web page).
    public var emptyEntries = 0

    static let header = "Unable to simultaneously satisfy constraints"
    static let marker = "Will attempt to recover by breaking constraint"
    /// UIKit's advice between the header and the list, and its closing lines.
    static let advice = ["Probably at least one of the constraints", "Try this:", "(1) look at each constraint", "(2) find the code",
                         "(Note: If you're seeing"]
    static let tail = ["Make a symbolic breakpoint", "Break on objc_exception_throw", "UIConstraintBasedLayoutDebugging"]

    /// Whether a paste that stops here is inside a UIKit message, whose rest comes after an
    /// empty line: after the list's `)`, the breaking line, or the description on its own line
    /// after it (the tail, or the next message, follows).
    public static func isOpen(_ lines: [String]) -> Bool {
        // The last two lines with text, cleaned from the end: cleaning every line at each empty
        // line of a paste would make a long paste quadratic.
        var texts: [Substring] = []
        for line in lines.reversed() {
            let text = LogText.clean(Substring(line)).trimmingSpaces()
            guard !text.isEmpty else { continue }
            texts.insert(text, at: 0)
            if texts.count == 2 { break }
        }
        guard let last = texts.last else { return false }
        if last == ")" || last.hasSuffix(marker) { return true }
        return texts.count == 2 && texts[0].hasSuffix(marker) && !descriptions(in: last).isEmpty
    }

    /// Whether a line is part of UIKit's message: its header, advice, list, breaking line,
    /// a description, its tail.
    public static func isLogLine(_ line: String) -> Bool {
        let text = LogText.clean(Substring(line)).trimmingSpaces()
        let phrases = [header, marker] + advice + tail
        return text == "(" || text == ")" || phrases.contains { text.containsPhrase($0) } || !descriptions(in: text).isEmpty
    }

    /// Reads every description in `text`: timestamps, process prefixes, quotes, commas, the
    /// list's parentheses, markdown and comment damage are ignored; a line may hold several
    /// descriptions (a log whose line breaks were lost), and a label's line break may split one
    /// across lines. Messages are told apart by UIKit's header and breaking lines.
    public static func read(_ text: String) -> ConsoleLog {
        var reader = Reader()
        let raw = lines(of: text)
        var i = 0
        while i < raw.count {
            let number = i + 1
            var line = LogText.clean(raw[i])
            i += 1
            // The line's descriptions, found once: the reader takes them too.
            var found = descriptions(in: Substring(line))
            // A label with a line break in it splits its description: the next lines complete
            // it when they close it and start nothing of their own.
            if let last = found.last, !last.hasSuffix(">") {
                var joined = line
                for j in i..<min(raw.count, i + 3) {
                    let next = LogText.clean(raw[j])
                    if !descriptions(in: Substring(next)).isEmpty || next.containsPhrase(marker) || next.containsPhrase(header) || next.trimmingSpaces() == ")" { break }
                    joined += "\n" + next
                    let joinedFound = descriptions(in: Substring(joined))
                    if joinedFound.last?.hasSuffix(">") == true {
                        line = joined
                        found = joinedFound
                        i = j + 1
                        break
                    }
                }
            }
            reader.take(line: line, number: number, descriptions: found)
        }
        return reader.log
    }

    /// The text's lines, as splitting it at each `"\n"` Character gives them (a `"\r\n"` is one
    /// Character, not split), found in its bytes, which is faster than splitting Characters.
    static func lines(of text: String) -> [Substring] {
        var result: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var previous: UInt8 = 0
        var index = start
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r") {
                result.append(Substring(bytes[start..<index]))
                start = bytes.index(after: index)
            }
            previous = byte
            bytes.formIndex(after: &index)
        }
        result.append(Substring(bytes[start...]))
        return result
    }

    /// Reads a log line by line, message by message.
    struct Reader {
        var log = ConsoleLog()
        var current: Int?
        var closed = false
        var expectBroken = false
        /// Each constraint's index by its identity, the first time it was listed (looked up in
        /// the list, a log of 1,000 messages compared 8 million identities made as strings).
        var indexByIdentity: [String: Int] = [:]

        mutating func message(at number: Int) -> Int {
            if let current, !closed {
                log.messages[current].lines = log.messages[current].lines.lowerBound...number
                return current
            }
            log.messages.append(LogMessage(lines: number...number))
            current = log.messages.count - 1
            closed = false
            return current!
        }

        /// `descriptions`: the whole line's, when the caller found them already.
        mutating func take(line: String, number: Int, descriptions known: [String]? = nil) {
            var line = Substring(line)
            var known = known
            if line.containsPhrase(ConsoleLog.header) {
                // A new message, unless the current one has nothing yet (noise before it).
                if let current, !closed, log.messages[current].members.isEmpty {
                    log.messages[current].lines = number...number
                } else {
                    closed = true
                }
                log.messages[message(at: number)].hasHeader = true
                expectBroken = false
            }
            // UIKit's closing advice belongs to the message it ends.
            if let current, ConsoleLog.tail.contains(where: { line.containsPhrase($0) }) {
                log.messages[current].lines = log.messages[current].lines.lowerBound...number
            }
            var brokenPart: Substring?
            if let range = line.firstRange(ofPhrase: ConsoleLog.marker) {
                brokenPart = line[range.upperBound...]
                line = line[..<range.lowerBound]
                known = nil
            }
            let found = known ?? descriptions(in: line)
            if line.trimmingSpaces() == "(" || line.hasSuffix(" (") { log.messages[message(at: number)].hasList = true }
            if found.isEmpty && line.containsPhrase("\"\"") {
                log.emptyEntries += line.countOfPhrase("\"\"")
            }
            for description in found {
                if expectBroken {
                    takeBroken(description, number)
                } else {
                    let m = message(at: number)
                    if let index = take(description, number), !log.messages[m].members.contains(index) {
                        log.messages[m].members.append(index)
                    }
                }
            }
            if let brokenPart {
                _ = message(at: number)
                expectBroken = true
                if let first = descriptions(in: brokenPart).first { takeBroken(first, number) }
            } else if expectBroken && found.isEmpty && !line.trimmingSpaces().isEmpty {
                expectBroken = false
                closed = true
            }
        }

        /// The description after "Will attempt to recover by breaking constraint": the one
        /// UIKit broke in this message, a member of its list (or, in a tail, on its own).
        mutating func takeBroken(_ description: String, _ number: Int) {
            expectBroken = false
            let m = message(at: number)
            if let index = take(description, number) {
                if !log.messages[m].members.contains(index) { log.messages[m].members.append(index) }
                log.messages[m].broken = index
            }
            closed = true
        }

        /// Reads one description; the index of its constraint (the first time it was listed).
        mutating func take(_ description: String, _ number: Int) -> Int? {
            let head = description.dropFirst().prefix { $0 != " " && $0 != ">" }
            let constraintClass = String(head.prefix { $0 != ":" })
            guard description.hasSuffix(">") else {
                log.skipped.append((number, "the description is cut off"))
                return nil
            }
            // Views and other objects print as `<UIView: 0x…; frame = …>` (with a space) and are
            // not matched; this is an object of another class with a pointer.
            guard constraintClass.hasSuffix("Constraint") else { return nil }
            if description.containsPhrase("<private>") {
                log.skipped.append((number, "redacted (<private>)"))
                return nil
            }
            do {
                var parser = DescriptionParser(description, line: number)
                var constraint = try parser.parse()
                constraint.line = number
                let identity = constraint.identity
                if let known = indexByIdentity[identity] { return known }
                log.constraints.append(constraint)
                indexByIdentity[identity] = log.constraints.count - 1
                return log.constraints.count - 1
            } catch let error as LogError {
                let who = constraintClass.hasPrefix("_") || !constraintClass.hasSuffix("LayoutConstraint") ? "\(constraintClass): " : ""
                log.skipped.append((number, who + error.reason))
            } catch {
                log.skipped.append((number, "\(error)"))
            }
            return nil
        }
    }

    /// The descriptions on a line: each starts at `<Class:0x`, `<Class:<private>` or a
    /// constraint class's `<Class:key` and runs to the last `>` before the next start (bodies
    /// hold `<=` and `>=`, so brackets do not nest). Old SnapKit's `<<Class:0x…> <View:0x…>.top …>`
    /// is read as the current shape; a line whose brackets a web page stripped
    /// (`NSLayoutConstraint:0x9162d50 H:[UIView:0x9161180(70)],`) gets them back.
    static func descriptions(in raw: Substring) -> [String] {
        // Most lines of a paste hold none (a description has a `<`, or a `:0x` once stripped).
        guard raw.containsByte(UInt8(ascii: "<")) else { return strippedDescriptions(in: raw) }
        let line = raw.containsPhrase("<<") || raw.containsPhrase(">.") ? Substring(unbracketSnapKit(String(raw))) : raw
        var starts: [String.Index] = []
        var index = line.startIndex
        while let open = line.firstIndex(ofByte: UInt8(ascii: "<"), from: index) {
            // The byte found in the text's bytes; a `<` that another character combines with is
            // not one.
            index = line.utf8.index(after: open)
            guard line[open] == "<" else { continue }
            let name = line[line.index(after: open)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "$" }
            let after = line[name.endIndex...]
            if !name.isEmpty && (after.hasPrefix(":0x") || after.hasPrefix(":<private>")
                || name.hasSuffix("Constraint") && after.hasPrefix(":") && after.dropFirst().first.map { $0 != " " } == true) {
                starts.append(open)
            }
        }
        guard !starts.isEmpty else { return strippedDescriptions(in: line) }
        var result: [String] = []
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : line.endIndex
            let segment = line[start..<end]
            if let close = segment.lastIndex(of: ">"), close > segment.index(after: segment.startIndex) {
                result.append(String(segment[...close]))
            } else {
                result.append(String(segment))  // cut off: no closing bracket
            }
        }
        return result
    }

    /// Descriptions whose `<` and `>` are gone: from a constraint class's `Class:0x` at the start
    /// of a word to the end of the line (less the list's quotes and comma).
    static func strippedDescriptions(in line: Substring) -> [String] {
        guard line.containsPhrase(":0x") else { return [] }
        var starts: [String.Index] = []
        var index = line.startIndex
        while index < line.endIndex {
            let previous = index == line.startIndex ? " " : line[line.index(before: index)]
            if " \"(".contains(previous), line[index].isLetter || line[index] == "_" {
                let name = line[index...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "$" }
                if name.hasSuffix("Constraint"), line[name.endIndex...].hasPrefix(":0x") { starts.append(index) }
            }
            index = line.index(after: index)
        }
        return starts.enumerated().map { k, start in
            var segment = line[start..<(k + 1 < starts.count ? starts[k + 1] : line.endIndex)]
            while let last = segment.last, " \t,\">".contains(last) { segment = segment.dropLast() }
            return "<" + segment + ">"
        }
    }

    /// `<<App.LayoutConstraint:0x1> <UIView:0x2>.top == <_UILayoutGuide:0x3>.bottom>` →
    /// `<App.LayoutConstraint:0x1 UIView:0x2.top == _UILayoutGuide:0x3.bottom>`.
    static func unbracketSnapKit(_ line: String) -> String {
        var result = ""
        var rest = Substring(line)
        while let open = rest.firstIndex(of: "<") {
            result += rest[..<open]
            let inner = rest[rest.index(after: open)...]
            let name = inner.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "$" }
            let after = inner[name.endIndex...]
            if inner.hasPrefix("<") {
                // `<<Class:0x…>`: the description opens; its own `>` goes.
                let head = inner.dropFirst()
                if let close = head.firstIndex(of: ">"), !head[..<close].containsByte(UInt8(ascii: " ")) {
                    result += "<" + head[..<close]
                    rest = head[head.index(after: close)...]
                    continue
                }
            } else if !name.isEmpty, after.hasPrefix(":0x"), let close = after.firstIndex(of: ">"),
                      !after[..<close].containsByte(UInt8(ascii: " ")), after[close...].dropFirst().first == "." {
                // `<UIView:0x…>.top`: an item in brackets.
                result += inner[..<close]
                rest = inner[inner.index(after: close)...]
                continue
            }
            result += "<"
            rest = inner
        }
        return result + rest
    }
}
