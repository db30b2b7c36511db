import LayoutEngine

/// The character-level reader of a format string: one pass, no whitespace skipping, errors at
/// the index where it stops.
struct Scanner {
    let parser: VisualFormatParser
    let chars: [UInt8]
    var i = 0

    init(_ parser: VisualFormatParser) throws {
        self.parser = parser
        guard !parser.format.isEmpty else {
            throw VisualFormatError("It's an empty string.", format: parser.format, index: 0, hasCaret: false)
        }
        guard parser.format.unicodeScalars.allSatisfy(\.isASCII) else {
            throw VisualFormatError("It contains non-ASCII characters.", format: parser.format, index: 0, hasCaret: false)
        }
        chars = Array(parser.format.utf8)
    }

    var atEnd: Bool { i >= chars.count }
    var current: UInt8? { atEnd ? nil : chars[i] }

    func fail(_ description: String) -> VisualFormatError {
        VisualFormatError(description, format: parser.format, index: i)
    }

    static func isNameStart(_ c: UInt8) -> Bool {
        (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95
    }

    static func isNameCharacter(_ c: UInt8) -> Bool {
        isNameStart(c) || (c >= 48 && c <= 57)
    }

    // MARK: - The format

    mutating func parse() throws -> (vertical: Bool, items: [VisualFormatParser.Item], connections: [VisualFormatParser.Connection]) {
        var vertical = false
        if chars[0] == UInt8(ascii: "H") || chars[0] == UInt8(ascii: "V") {
            vertical = chars[0] == UInt8(ascii: "V")
            i = 1
            guard current == UInt8(ascii: ":") else {
                throw fail("Expected ':' after '\(vertical ? "V" : "H")' to specify \(vertical ? "vertical" : "horizontal") arrangement")
            }
            i = 2
        }
        try checkOptions(vertical: vertical)
        var items: [VisualFormatParser.Item] = []
        var connections: [VisualFormatParser.Connection] = []
        if current == UInt8(ascii: "|") {
            i += 1
            items.append(.superview)
            guard !atEnd else { throw fail("Expected a connection after the '|' character") }
            connections.append(try connection())
            guard current == UInt8(ascii: "[") else { throw fail(atEnd ? "Expected more input" : "Expected a view") }
        }
        while true {
            guard current == UInt8(ascii: "[") else { throw fail("Expected a view or '|'") }
            items.append(try view())
            if atEnd { break }
            let link = try connection()
            if current == UInt8(ascii: "|") {
                i += 1
                items.append(.superview)
                connections.append(link)
                guard atEnd else { throw fail("Expected the end of the format string") }
                break
            }
            guard current == UInt8(ascii: "[") else {
                throw fail(link == .flush ? "Expected the end of the format string" : (atEnd ? "Expected more input" : "Expected a view or '|'"))
            }
            connections.append(link)
        }
        return (vertical, items, connections)
    }

    /// Alignment on the layout's own axis, and baseline spacing in a horizontal layout, are errors.
    func checkOptions(vertical: Bool) throws {
        for attribute in parser.options.alignments where (attribute.axis == .vertical) == vertical {
            let edge = vertical ? "vertical" : "horizontal"
            throw fail("Options mask required views to be aligned on a \(edge) edge, which is not allowed for layout that is also \(edge).")
        }
        if !vertical && parser.options.contains(.spacingBaselineToBaseline) {
            throw fail("BaselineToBaseline format option not valid for horizontal layout")
        }
    }

    // MARK: - Views

    mutating func view() throws -> VisualFormatParser.Item {
        i += 1  // "["
        guard let c = current else { throw fail("Unexpectedly ran out of character fodder in the middle of parsing a view") }
        guard Scanner.isNameStart(c) else {
            throw fail("Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.")
        }
        let name = identifier()
        guard parser.views.contains(name) else { throw fail("\(name) is not a key in the views dictionary.") }
        var predicates: [VisualFormatParser.Predicate] = []
        if current == UInt8(ascii: "(") {
            predicates = try predicateList(allowViews: true)
            guard current == UInt8(ascii: "]") else {
                throw fail(atEnd ? "Unexpectedly ran out of character fodder in the middle of parsing a view"
                                 : "A predicate on a view's thickness must end with ')' and the view must end with ']'")
            }
        } else if current != UInt8(ascii: "]") {
            throw fail(atEnd ? "Unexpectedly ran out of character fodder in the middle of parsing a view"
                             : "Expected a ']' here. That is how you give the end of a view.")
        }
        i += 1  // "]"
        return .view(name, predicates, end: i)
    }

    mutating func identifier() -> String {
        let start = i
        while let c = current, Scanner.isNameCharacter(c) { i += 1 }
        return String(decoding: chars[start..<i], as: UTF8.self)
    }

    // MARK: - Connections

    mutating func connection() throws -> VisualFormatParser.Connection {
        guard current == UInt8(ascii: "-") else { return .flush }
        i += 1
        guard let c = current else { throw fail("Expected more input") }
        if c == UInt8(ascii: "[") || c == UInt8(ascii: "|") { return .standard }
        if c == UInt8(ascii: "-") {
            throw fail("Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.")
        }
        let list: [VisualFormatParser.Predicate]
        if c == UInt8(ascii: "(") {
            list = try predicateList(allowViews: false)
        } else {
            // A simple predicate: a number or a metric, no relation, no priority.
            list = [VisualFormatParser.Predicate(object: try object(allowViews: false))]
        }
        guard current == UInt8(ascii: "-") else {
            if current == UInt8(ascii: ",") {
                throw fail("Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints")
            }
            throw fail(atEnd ? "Expected more input" : "Expected a '-' here")
        }
        i += 1
        guard !atEnd else { throw fail("Expected more input") }
        return .predicates(list)
    }

    // MARK: - Predicates

    mutating func predicateList(allowViews: Bool) throws -> [VisualFormatParser.Predicate] {
        i += 1  // "("
        var list: [VisualFormatParser.Predicate] = []
        while true {
            list.append(try predicate(allowViews: allowViews))
            if current == UInt8(ascii: ",") { i += 1; continue }
            if current == UInt8(ascii: ")") { i += 1; return list }
            throw fail(atEnd ? "Expected more input" : "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier")
        }
    }

    mutating func predicate(allowViews: Bool) throws -> VisualFormatParser.Predicate {
        var relation = LayoutRelation.equal
        if let c = current, c == UInt8(ascii: "=") || c == UInt8(ascii: "<") || c == UInt8(ascii: ">") {
            guard i + 1 < chars.count, chars[i + 1] == UInt8(ascii: "=") else {
                i += 1  // UIKit's caret stands after the first character of the relation
                throw fail("Unknown relation. Must be ==, >=, or <=")
            }
            relation = c == UInt8(ascii: "=") ? .equal : (c == UInt8(ascii: "<") ? .lessThanOrEqual : .greaterThanOrEqual)
            i += 2
        }
        let object = try object(allowViews: allowViews)
        var priority = LayoutPriority.required
        if current == UInt8(ascii: "@") {
            i += 1
            guard case let .constant(value) = try self.object(allowViews: false) else { preconditionFailure("views are not allowed here") }
            guard value > 0 else { throw fail("Invalid priority specified: \(formatNumber(value)). Priority must be greater than 0") }
            guard value <= 1000 else {
                throw fail("Invalid priority specified: \(formatNumber(value)). Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.")
            }
            priority = LayoutPriority(value)
        }
        return VisualFormatParser.Predicate(relation: relation, object: object, priority: priority)
    }

    /// A number, a metric, or (in a view's predicate) a view; metrics are looked up first.
    mutating func object(allowViews: Bool) throws -> VisualFormatParser.Object {
        guard let c = current else { throw fail("Expected more input") }
        if Scanner.isNameStart(c) {
            let start = i
            let name = identifier()
            if let value = parser.metrics[name] { return .constant(value) }
            if parser.views.contains(name) {
                guard allowViews else {
                    i = start
                    throw fail("It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]")
                }
                return .view(name)
            }
            i = start
            throw fail("Encountered metric with name \"\(name)\", but value was not specified in metrics or views dictionaries")
        }
        // strtod: an optional sign, digits, a fraction, an exponent.
        let start = i
        if c == UInt8(ascii: "-") || c == UInt8(ascii: "+") { i += 1 }
        var digits = 0
        while let d = current, d >= 48 && d <= 57 { i += 1; digits += 1 }
        if current == UInt8(ascii: ".") {
            i += 1
            while let d = current, d >= 48 && d <= 57 { i += 1; digits += 1 }
        }
        if digits > 0, let e = current, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            var k = i + 1
            if k < chars.count, chars[k] == UInt8(ascii: "-") || chars[k] == UInt8(ascii: "+") { k += 1 }
            if k < chars.count, chars[k] >= 48 && chars[k] <= 57 {
                while k < chars.count, chars[k] >= 48 && chars[k] <= 57 { k += 1 }
                i = k
            }
        }
        guard digits > 0, let value = Double(String(decoding: chars[start..<i], as: UTF8.self)), value.isFinite else {
            i = start
            throw fail("Expected a number or key from the metrics dictionary, but encountered something else")
        }
        return .constant(value)
    }
}
