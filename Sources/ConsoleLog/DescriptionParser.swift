import Foundation
import LayoutEngine

struct LogError: Error {
    var reason: String
}

/// A recursive-descent reader of one description (§7.2), current and legacy shapes.
struct DescriptionParser {
    let text: [Character]
    var position = 0
    let line: Int
    /// The legend's names (`names: lockIcon:0x…, '|':UIView:0x…`), longest first: a body may
    /// name a view by one of them, spaces, dots and truncation (`Cell...`) included.
    var legend: [(name: [Character], item: LogItem)] = []
    /// The legend's `'|'`: the superview of the view in the art.
    var legendSuperview: LogItem?

    /// The description as given.
    let source: String

    init(_ description: String, line: Int) {
        source = description
        text = Array(description)
        self.line = line
    }

    /// A reader of the same description from another place (the legend's).
    init(sharing other: DescriptionParser) {
        source = other.source
        text = other.text
        line = other.line
    }

    /// An attribute as UIKit prints it: the API names, old `baseline` (the last), and the
    /// private ones of autoresizing constraints (`minX`, `minY` kept; `midX`/`midY` are centres,
    /// `maxX`/`maxY` the far edges).
    static func attribute(named name: String) -> LayoutAttribute? {
        switch name {
        case "baseline": .lastBaseline
        case "minX": .minX
        case "minY": .minY
        case "midX": .centerX
        case "midY": .centerY
        case "maxX": .right
        case "maxY": .bottom
        default: LayoutAttribute(name: name)
        }
    }

    var atEnd: Bool { position >= text.count }
    var current: Character? { atEnd ? nil : text[position] }

    mutating func skipSpaces() { while current == " " { position += 1 } }

    mutating func accept(_ literal: String) -> Bool {
        var end = position
        for character in literal {
            guard end < text.count, text[end] == character else { return false }
            end += 1
        }
        position = end
        return true
    }

    func fail(_ reason: String) -> LogError {
        let near = String(text[min(position, text.count)...].prefix(24))
        return LogError(reason: near.isEmpty ? reason : "\(reason) at '\(near)'")
    }

    /// A class name: letters, digits, `_`, `.`, `$` (Swift's mangled names), up to `:`.
    mutating func className() -> String {
        var name = ""
        while let c = current, c.isLetter || c.isNumber || c == "_" || c == "." || c == "$" { name.append(c); position += 1 }
        return name
    }

    mutating func hex() -> String {
        var digits = ""
        while let c = current, c.isHexDigit { digits.append(c); position += 1 }
        return digits
    }

    /// An item: `Class:0xADDR`, `Class:key` (Masonry's `mas_key`), a legend's name, or a bare
    /// name (`clientNameLabel`, legacy `UIView`), then an optional `'label'`.
    mutating func item() throws -> LogItem {
        if let named = legendItem() { return named }
        let start = position
        var name = className()
        guard !name.isEmpty else { throw fail("expected a view") }
        // A name the console cut short after a space: `UIKeyboardLayoutStar Prev...:0x…` is one
        // view, not two.
        if current == " " {
            var j = position
            while j < text.count, j - position < 64, text[j] == " " || text[j].isLetter || text[j].isNumber || text[j] == "_" || text[j] == "." { j += 1 }
            if j - position > 3, String(text[(j - 3)..<j]) == "...", j + 2 < text.count, String(text[j..<(j + 3)]) == ":0x" {
                name = String(text[start..<j])
                position = j
            }
        }
        var address = "", key: String?
        if accept(":0x") {
            address = hex()
        } else if current == ":", position + 1 < text.count, text[position + 1].isLetter || text[position + 1].isNumber {
            // Masonry's debug key stands where the address would be: `UILabel:blueView.left`;
            // a key may hold dots (`UILabel:self.statusLabel.top`): the attribute is the last part.
            position += 1
            let keyStart = position
            var word = ""
            while let c = current, c.isLetter || c.isNumber || c == "_" || c == "-" || c == "." { word.append(c); position += 1 }
            if let dot = word.lastIndex(of: "."), DescriptionParser.attribute(named: String(word[word.index(after: dot)...])) != nil {
                word = String(word[..<dot])
            } else {
                while word.hasSuffix(".") { word.removeLast() }
            }
            position = keyStart + word.count
            key = word
        } else {
            // A bare name runs into its attribute: `SystemInputAssistantView.height`.
            if let dot = name.lastIndex(of: "."), DescriptionParser.attribute(named: String(name[name.index(after: dot)...])) != nil
                || name[name.index(after: dot)...].hasPrefix("content") {
                position -= name.distance(from: dot, to: name.endIndex)
                name = String(name[..<dot])
            }
            guard !name.isEmpty, let c = current, ".'(] ),>".contains(c) || c == "\n" else {
                position = start
                throw fail("expected a view")
            }
            key = name
            // A name UIKit cut short (`DetailViewFeatureItemCell...`) stands for the legend's
            // name it starts.
            if name.hasSuffix("..."), let entry = legend.first(where: { String($0.name).hasPrefix(name.dropLast(3)) }) {
                var result = entry.item
                result.label = try self.label() ?? result.label
                return result
            }
        }
        let label = try self.label()
        return LogItem(className: name, address: address, label: label, name: key)
    }

    /// A legend name at the current position, followed by what may follow an item.
    mutating func legendItem() -> LogItem? {
        for (name, item) in legend where position + name.count <= text.count && Array(text[position..<position + name.count]) == name {
            let end = position + name.count
            guard end == text.count || ".'(] ),>".contains(text[end]) else { continue }
            position = end
            var result = item
            if let label = (try? self.label()) ?? nil { result.label = label }
            return result
        }
        return nil
    }

    /// `'text'`: the closing quote is the first one followed by what may follow an item, so a
    /// text may hold quotes (`'YOU'RE OK'`), spaces and commas.
    mutating func label() throws -> String? {
        guard current == "'" else { return nil }
        var end = position + 1
        while end < text.count {
            if text[end] == "'" {
                let after = end + 1 < text.count ? text[end + 1] : ">"
                if after == "." && end + 2 < text.count && text[end + 2].isLetter { break }
                if "](>,".contains(after) || after == " " && isItemEnd(from: end + 1) { break }
            }
            end += 1
        }
        guard end < text.count else { throw fail("an unclosed label") }
        let label = String(text[(position + 1)..<end])
        position = end + 1
        return label
    }

    /// After a label's closing quote and a space: a relation, a legend's `)` or `,`, the status.
    func isItemEnd(from index: Int) -> Bool {
        var i = index
        while i < text.count && text[i] == " " { i += 1 }
        guard i < text.count else { return true }
        let rest = String(text[i..<min(text.count, i + 2)])
        return ["==", "<=", ">=", ")", ","].contains { rest.hasPrefix($0) } || text[i] == "("
    }

    mutating func number() throws -> Double {
        var digits = ""
        if current == "-" || current == "+" { digits.append(current!); position += 1 }
        while let c = current, c.isNumber || c == "." || c == "e" || (c == "-" && digits.last == "e") { digits.append(c); position += 1 }
        guard let value = Double(digits), value.isFinite else { throw fail("expected a number") }
        return value
    }

    /// A spacing constant: a number, or `NSSpace(8)` / `NSLayoutAnchorConstraintSpace(8)`.
    mutating func spacing() throws -> Double {
        for wrapper in ["NSLayoutAnchorConstraintSpace(", "NSSpace("] where accept(wrapper) {
            let value = try number()
            guard accept(")") else { throw fail("expected ')'") }
            return value
        }
        return try number()
    }

    /// `.width`; an engine variable's `{id: 28}` after it is skipped. A scroll view's private
    /// `contentWidth`/`contentHeight` are the width and height of its content, marked on `item`.
    mutating func attribute(of item: inout LogItem) throws -> LayoutAttribute {
        guard accept(".") else { throw fail("expected '.attribute'") }
        var name = ""
        while let c = current, c.isLetter { name.append(c); position += 1 }
        if current == "{" {
            while current != nil && current != "}" { position += 1 }
            _ = accept("}")
        }
        if name == "contentWidth" || name == "contentHeight" {
            item.content = true
            return name == "contentWidth" ? .width : .height
        }
        guard let attribute = DescriptionParser.attribute(named: name) else { throw fail("unknown attribute '\(name)'") }
        return attribute
    }

    /// `==`, `<=` or `>=`; in art predicates a missing one is `==`.
    mutating func relation(orEqual: Bool) throws -> LayoutRelation {
        if accept(">=") { return .greaterThanOrEqual }
        if accept("<=") { return .lessThanOrEqual }
        if accept("==") || orEqual { return .equal }
        throw fail("expected ==, <= or >=")
    }

    /// Reads the legend (`(active, names: A:0x1, '|':UIView:0x2 )`, legacy `(Names: …)`,
    /// `(Names:'|':…)`) before the body, whose items may be its names.
    mutating func readLegend() {
        // Most descriptions have no legend: a character that lowercases to an ASCII letter of
        // `names:` is that letter (no other does), so without those bytes there is none.
        guard source.containsPhrase("names:", ignoringCase: true) else { return }
        let pattern = Array("names:")
        guard let start = stride(from: text.count - pattern.count, through: 0, by: -1).first(where: { i in
            (0..<pattern.count).allSatisfy { text[i + $0].lowercased() == String(pattern[$0]) }
        }) else { return }
        var reader = DescriptionParser(sharing: self)
        reader.position = start + pattern.count
        var entries: [(name: [Character], item: LogItem)] = []
        while true {
            while let c = reader.current, c == " " || c == "," { reader.position += 1 }
            guard let c = reader.current, c != ")" && c != ">" else { break }
            if reader.accept("'|':") {
                guard let item = try? reader.item() else { break }
                legendSuperview = item
                continue
            }
            // `name:0xADDR`, the name possibly with spaces and dots (`progress background`).
            let rest = reader.text[reader.position...]
            guard let colon = (reader.position..<reader.text.count).first(where: { i in
                reader.text[i] == ":" && i + 2 < reader.text.count && reader.text[i + 1] == "0" && reader.text[i + 2] == "x"
            }), !rest.isEmpty else { break }
            let name = Array(reader.text[reader.position..<colon])
            reader.position = colon + 3
            let address = reader.hex()
            let label = (try? reader.label()) ?? nil
            let className = name.contains(" ") || name.contains("...") ? "UIView" : String(name)
            entries.append((name, LogItem(className: className, address: address, label: label, name: String(name))))
        }
        legend = entries.sorted { $0.name.count > $1.name.count }
    }

    mutating func parse() throws -> LogConstraint {
        guard accept("<") else { throw fail("expected '<'") }
        let constraintClass = className()
        guard accept(":") else { throw fail("expected the constraint's address") }
        var address = "", key: String?, location: String?
        if accept("0x") {
            address = hex()
        } else {
            // A key in place of the address: Masonry's `ConflictingConstraint[0]`, SnapKit's
            // `.labeled("Min dodgy constraint")` (up to its `@File.swift#107`).
            let rest = text[position...]
            let space = rest.firstIndex(of: " ") ?? text.count
            var end = space
            if let at = rest.firstIndex(of: "@"), let hash = text[at...].firstIndex(of: "#"), hash < text[at...].firstIndex(of: ">") ?? text.count {
                end = at
            }
            key = String(text[position..<end])
            position = end
            guard !(key ?? "").isEmpty else { throw fail("expected the constraint's address") }
        }
        // SnapKit appends `@File.swift#88`.
        if accept("@") {
            var where_ = ""
            while let c = current, c != " " { where_.append(c); position += 1 }
            location = where_
        }
        readLegend()
        var result = LogConstraint(
            className: constraintClass, address: address, identifier: nil, accessory: nil,
            first: LogItem(className: "", address: "", label: nil), firstAttribute: .width, relation: .equal,
            second: nil, secondAttribute: nil, multiplier: 1, constant: 0, priority: 1000, line: line, text: source)
        result.key = key
        result.location = location
        result.superview = legendSuperview
        skipSpaces()
        // `h=--& v=--&` and the identifier, in either order.
        for _ in 0..<2 {
            if accept("h="), let end = text[position...].firstIndex(of: " ") {
                let h = String(text[position..<end])
                position = end
                skipSpaces()
                guard accept("v=") else { throw fail("expected 'v=' after 'h='") }
                var v = ""
                while let c = current, c != " " { v.append(c); position += 1 }
                result.accessory = "h=\(h) v=\(v)"
                skipSpaces()
            }
            if current == "'" {
                position += 1
                var identifier = ""
                while let c = current, c != "'" { identifier.append(c); position += 1 }
                guard accept("'") else { throw fail("an unclosed identifier") }
                result.identifier = identifier
                skipSpaces()
            }
        }
        if accept("H:") {
            try art(&result, horizontal: true)
        } else if accept("V:") {
            try art(&result, horizontal: false)
        } else {
            try equation(&result)
        }
        // Trailing parts: `priority:999`, `Hug:… CompressionResistance:…`, `(active…)`, legacy `(Names: …)`.
        while !atEnd {
            skipSpaces()
            if accept(">") { break }
            if accept("priority:") {
                result.priority = LayoutPriority(try number())
            } else if accept("Hug:") {
                let hug = LayoutPriority(try number())
                skipSpaces()
                guard accept("CompressionResistance:") else { throw fail("expected CompressionResistance:") }
                result.contentPriorities = (hug, LayoutPriority(try number()))
            } else if accept("(") {
                var inside = ""
                var depth = 1
                while let c = current {
                    position += 1
                    if c == "(" { depth += 1 }
                    if c == ")" { depth -= 1; if depth == 0 { break } }
                    inside.append(c)
                }
                if inside.hasPrefix("inactive") { result.isActive = false }
            } else {
                throw fail("unexpected text")
            }
        }
        return result
    }

    /// `First.attr REL [-][k*]Second.attr [* k] [± c] [NSSpace(c)]` or `First.attr REL [-] c`.
    mutating func equation(_ result: inout LogConstraint) throws {
        result.first = try item()
        result.firstAttribute = try attribute(of: &result.first)
        skipSpaces()
        result.relation = try relation(orEqual: false)
        skipSpaces()
        var sign = 1.0
        // `width == - 16`; an autoresizing constraint's `midY == + 30` (no second item).
        if accept("- ") { sign = -1 } else if accept("+ ") { skipSpaces() }
        let save = position
        // A constant alone?
        if let c = current, c.isNumber || c == "-" {
            let value = try number()
            if accept("*") {
                result.multiplier = sign * value
                var second = try item()
                result.secondAttribute = try attribute(of: &second)
                result.second = second
            } else {
                result.constant = sign * value
                return
            }
        } else {
            position = save
            if accept("-") { sign = -1 }
            var second = try item()
            result.secondAttribute = try attribute(of: &second)
            result.second = second
            result.multiplier = sign
        }
        // `* 0.384615` after the second item (older descriptions), then `+ c` / `- c`, then
        // a system spacing `NSSpace(8)`.
        skipSpaces()
        if accept("* ") || accept("*") { skipSpaces(); result.multiplier *= try number(); skipSpaces() }
        if accept("+ ") { result.constant = try number() } else if accept("- ") { result.constant = -(try number()) }
        skipSpaces()
        if current == "N" { result.constant += try spacing() }
    }

    /// `H:|-(pred)-[A]`, `H:[A]-(pred)-|`, `H:[A]-(pred)-[B]` (B is the first item), and the
    /// legacy size shapes `V:[A(230)]`, `H:[A(258@251)]`; `(LTR)` after the art.
    mutating func art(_ result: inout LogConstraint, horizontal: Bool) throws {
        let minEdge: LayoutAttribute = horizontal ? .leading : .top, maxEdge: LayoutAttribute = horizontal ? .trailing : .bottom
        func predicate() throws -> (relation: LayoutRelation, constant: Double, priority: LayoutPriority) {
            guard accept("-") else { throw fail("expected '-'") }
            var relation = LayoutRelation.equal, constant = 0.0, priority: LayoutPriority = 1000
            if accept("(") {
                relation = try self.relation(orEqual: true)
                constant = try spacing()
                if accept("@") { priority = LayoutPriority(try number()) }
                guard accept(")") else { throw fail("expected ')'") }
            }
            guard accept("-") else { throw fail("expected '-'") }
            return (relation, constant, priority)
        }
        if accept("|") {
            let p = try predicate()
            guard accept("[") else { throw fail("expected '['") }
            let view = try item()
            guard accept("]") else { throw fail("expected ']'") }
            // `H:|-(8)-[A]`: A.leading == superview.leading + 8; the superview is the legend's.
            result.first = view; result.firstAttribute = minEdge
            result.second = LogItem(className: "|", address: "", label: nil); result.secondAttribute = minEdge
            result.relation = p.relation; result.constant = p.constant; result.priority = p.priority
        } else {
            guard accept("[") else { throw fail("expected '[' or '|'") }
            let a = try item()
            if accept("(") {
                // Legacy size: `[A(230)]`, `[A(>=270)]`, `[A(258@251)]`.
                let relation = try self.relation(orEqual: true)
                let value = try number()
                var priority: LayoutPriority = 1000
                if accept("@") { priority = LayoutPriority(try number()) }
                guard accept(")"), accept("]") else { throw fail("expected ')]'") }
                result.first = a; result.firstAttribute = horizontal ? .width : .height
                result.relation = relation; result.constant = value; result.priority = priority
                _ = accept("(LTR)")
                return
            }
            guard accept("]") else { throw fail("expected ']'") }
            let p = try predicate()
            if accept("|") {
                // `H:[A]-(8)-|`: superview.trailing == A.trailing + 8.
                result.first = LogItem(className: "|", address: "", label: nil); result.firstAttribute = maxEdge
                result.second = a; result.secondAttribute = maxEdge
            } else {
                guard accept("[") else { throw fail("expected '[' or '|'") }
                let b = try item()
                // `[A]-(8)-[B.leading]` (older gap-guide shape) names B's attribute.
                var attribute = minEdge
                var named = b
                if current == "." { attribute = try self.attribute(of: &named) }
                guard accept("]") else { throw fail("expected ']'") }
                result.first = b; result.firstAttribute = attribute
                result.second = a; result.secondAttribute = maxEdge
                result.betweenSiblings = true
            }
            result.relation = p.relation; result.constant = p.constant; result.priority = p.priority
        }
        // `(LTR)`: UIKit printed left/right as leading/trailing art.
        if accept("(LTR)") {
            func absolute(_ a: LayoutAttribute) -> LayoutAttribute { a == .leading ? .left : a == .trailing ? .right : a }
            result.firstAttribute = absolute(result.firstAttribute)
            result.secondAttribute = result.secondAttribute.map(absolute)
        }
    }
}

